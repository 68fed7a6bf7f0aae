//! Fitting the standard evaluation (not run in CI): quiet positions from self-play, labelled by
//! a USI engine's search, and a ridge regression of the evaluation's weights on them.
//!
//! ```text
//! tune positions --games N [--seed S] [--nodes N] --out FILE     # one SFEN a line
//! tune selfplay --games N [--seed S] [--nodes N] [--decisive CP] --out FILE
//! tune records --in RECORD… --out FILE                          # a match's positions
//! tune label --engine "PATH ARG…" [--option NAME=VALUE]… [--depth D | --byoyomi MS] --in FILE --out FILE
//! tune fit --in FILE… [--test FILE…] [--ridge L] [--k K] [--scale X] [--lambda Λ] [--keep NAME,…]
//! tune net --in FILE… [--test FILE…] [--k K] [--scale X] [--lambda Λ] [--test-lambda Λ] [--epochs N] [--rate R] [--out-rate R] [--batch N] [--seed S] [--hidden H] [--init FILE] --out FILE
//! ```
//! `label` writes "SFEN<TAB>centipawns for the side to move" and skips mate scores (each line's
//! fields after the SFEN, such as a game's result, follow the new score; `--byoyomi` for engines
//! that know no `go depth`, such as gpsusi, whose depth is its `LimitDepth` option, which it
//! remembers for its next start: name `LimitDepth=10` when it plays a match); `selfplay`
//! writes the score of the search that played on and the game's result too. `fit` takes
//! labels times `X` (to our scale) as win rates σ(cp / K), blended with the results (`Λ` of
//! the score, 1 − `Λ` of the result; scores alone by default), and fits the evaluation's win
//! rates to them (Texel-style, so that lopsided positions do not dominate), plus `L` × the
//! squared distance from the current weights (rarely seen terms keep their values); terms
//! whose names contain a `--keep` word keep their weights. `--in` and `--test` may repeat; the
//! error on the `--test` positions (held out of the fit) says whether the fit generalises. Paste
//! the printed constant into `core/src/bot/eval_weights.rs`. `net` trains the residual network
//! the evaluation adds to its linear terms, on the same labels, and writes its file
//! (`core/src/bot/residual.bin`); `--test-lambda` blends the held-out labels its own way
//! (0: how well the evaluation foretells the games' results; `--lambda`'s by default).
//! `--hidden H` trains a network of another width than the build's, as a trial: it reports the
//! errors and writes nothing (`--out` is then not needed), as the build reads only its own
//! width. `--init FILE` starts from a network file of the build's width (say the build's own
//! `core/src/bot/residual.bin`) instead of random weights, to refine it on new positions.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::sync::{atomic::AtomicBool, Arc};
use std::time::Duration;
use yonin_core::bot::tuning::{
    decode_residual, encode_residual, is_quiet, linear_evaluation, render_standard_weights,
    residual_inputs, standard_terms, standard_weights, static_evaluation, term_names,
    RESIDUAL_HIDDEN, RESIDUAL_INPUTS, TERMS,
};
use yonin_core::bot::{Bot, Level, Limits, Score, SearchOptions};
use yonin_core::record::game_record::{Ending, GameRecord};
use yonin_core::record::{files, sfen};
use yonin_core::{Position, RuleSet, Seat};
use yonin_tests::net_fit::{self, train, train_from, Network, Options, Sample};
use yonin_tests::usi_engine::UsiEngine;

/// The flags after the mode, as name/value pairs (`--option` may repeat).
fn flags(args: &[String]) -> Result<Vec<(String, String)>, String> {
    let mut out = Vec::new();
    let mut it = args.iter();
    while let Some(name) = it.next() {
        let Some(name) = name.strip_prefix("--") else {
            return Err(format!("expected a --flag, got `{name}`"));
        };
        let value = it.next().ok_or(format!("--{name} needs a value"))?;
        out.push((name.to_string(), value.clone()));
    }
    Ok(out)
}

/// An error naming the first flag that `mode` does not take.
fn only(f: &[(String, String)], mode: &str, allowed: &[&str]) -> Result<(), String> {
    match f.iter().find(|(n, _)| !allowed.contains(&n.as_str())) {
        Some((n, _)) => Err(format!(
            "{mode} takes no --{n} (it takes --{})",
            allowed.join(", --")
        )),
        None => Ok(()),
    }
}

fn flag<T: std::str::FromStr>(
    f: &[(String, String)],
    name: &str,
    default: Option<T>,
) -> Result<T, String> {
    match f.iter().rev().find(|(n, _)| n == name) {
        Some((_, v)) => v
            .parse()
            .map_err(|_| format!("--{name}: cannot read `{v}`")),
        None => default.ok_or(format!("--{name} is required")),
    }
}

/// The players of self-play game `g` of the series `seed`: Easy for a few plies of varied,
/// human-like opening (how many: the third value), then Hard.
fn game_players(seed: u64, g: u64) -> (Bot, Bot, u32) {
    let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g);
    (
        Bot::new(Level::Easy, game_seed),
        Bot::new(Level::Hard, game_seed),
        6 + (game_seed % 10) as u32,
    )
}

/// Self-play: a few plies at Easy (varied, human-like openings), then Hard on a node budget;
/// every quiet position from ply 16 on, each position once.
fn positions(f: &[(String, String)]) -> Result<(), String> {
    let games: u64 = flag(f, "games", None)?;
    let seed: u64 = flag(f, "seed", Some(1))?;
    let nodes: u64 = flag(f, "nodes", Some(20_000))?;
    let out_path: String = flag(f, "out", None)?;
    let mut out = std::fs::File::create(&out_path).map_err(|e| format!("{out_path}: {e}"))?;
    let rules = RuleSet::standard();
    let stop = Arc::new(AtomicBool::new(false));
    let mut seen = HashSet::new();
    let mut written = 0;
    for g in 0..games {
        let (mut easy, mut hard, opening) = game_players(seed, g);
        let mut pos = Position::start(&rules);
        while pos.ply() < 240 {
            let (bot, limits) = if pos.ply() < opening {
                (&mut easy, Limits::nodes(60_000))
            } else {
                (&mut hard, Limits::nodes(nodes))
            };
            let Some(m) = bot.choose(&pos, limits, stop.clone()) else {
                break;
            };
            pos.play(m).map_err(|e| format!("the bot's move: {e}"))?;
            if pos.ply() >= 16 && is_quiet(&pos) && seen.insert(pos.hash()) {
                writeln!(out, "{}", sfen::format(&pos)).map_err(|e| e.to_string())?;
                written += 1;
            }
        }
        eprintln!(
            "game {} of {games}: {} plies, {written} positions",
            g + 1,
            pos.ply()
        );
    }
    Ok(())
}

/// Quiet positions from ply 16 on of played games (KIF, KI2, CSA or USI records, say a
/// `strength` match's `--records`), each once, as "SFEN<TAB>the evaluation's centipawns<TAB>the
/// game's result" for the side to move, ready for `label`: the positions a match reached, not
/// self-play's. Records without a result (aborted, or ended by a Yonin ranking) are skipped and
/// counted; a Yonin game gives no positions (none is a standard quiet one).
fn records(f: &[(String, String)]) -> Result<(), String> {
    let out_path: String = flag(f, "out", None)?;
    let inputs: Vec<&String> = f
        .iter()
        .filter(|(n, _)| n == "in")
        .map(|(_, v)| v)
        .collect();
    if inputs.is_empty() {
        return Err("records needs --in FILE (it may repeat)".into());
    }
    let mut out = std::fs::File::create(&out_path).map_err(|e| format!("{out_path}: {e}"))?;
    let mut seen = HashSet::new();
    let (mut written, mut skipped) = (0, 0);
    for path in inputs {
        let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
        let (_, rec) = files::read(&bytes, None).map_err(|e| format!("{path}: {e}"))?;
        let Some(lines) = record_lines(&rec, &mut seen).map_err(|e| format!("{path}: {e}"))? else {
            skipped += 1;
            continue;
        };
        for line in &lines {
            writeln!(out, "{line}").map_err(|e| format!("{out_path}: {e}"))?;
        }
        written += lines.len();
    }
    eprintln!("{written} positions written, {skipped} records without a result skipped");
    Ok(())
}

/// `records`' lines for one game: its quiet positions from ply 16 on that `seen` does not hold
/// yet (they go into it), or `None` when the record has no standard result.
fn record_lines(rec: &GameRecord, seen: &mut HashSet<u64>) -> Result<Option<Vec<String>>, String> {
    let winner = match &rec.ending {
        Some(Ending::Ranking(_) | Ending::Abort) | None => return Ok(None),
        Some(e) => e.winner(),
    };
    let positions = rec.positions().map_err(|e| e.to_string())?;
    let lines = positions
        .iter()
        .filter(|p| p.ply() >= 16 && is_quiet(p) && seen.insert(p.hash()))
        .map(|p| {
            let result = match winner {
                Some(w) if w == p.to_move() => "1",
                Some(_) => "0",
                None => "0.5",
            };
            format!("{}\t{}\t{result}", sfen::format(p), static_evaluation(p))
        })
        .collect();
    Ok(Some(lines))
}

/// Self-play that labels as it plays: the same openings as `positions`, then Hard on a node
/// budget, and each quiet position from ply 16 on written with the score of the search that
/// chose its move and, once the game ends, the game's result, both for the side to move:
/// "SFEN<TAB>centipawns<TAB>1, 0.5 or 0". A game ends at checkmate, when the search sees a
/// mate or a score of `--decisive` centipawns or more (adjudicated), or at ply 300 (a draw);
/// positions whose search saw a mate are not written.
fn selfplay(f: &[(String, String)]) -> Result<(), String> {
    let games: u64 = flag(f, "games", None)?;
    let seed: u64 = flag(f, "seed", Some(1))?;
    let nodes: u64 = flag(f, "nodes", Some(5_000))?;
    let decisive: i32 = flag(f, "decisive", Some(3_000))?;
    let out_path: String = flag(f, "out", None)?;
    let mut out = std::fs::File::create(&out_path).map_err(|e| format!("{out_path}: {e}"))?;
    let rules = RuleSet::standard();
    let stop = Arc::new(AtomicBool::new(false));
    let mut seen = HashSet::new();
    let mut written = 0;
    for g in 0..games {
        let (mut easy, mut hard, opening) = game_players(seed, g);
        let mut pos = Position::start(&rules);
        let mut options = SearchOptions::default();
        // Each written position: its SFEN, the search score and the side to move.
        let mut labelled: Vec<(String, i32, Seat)> = Vec::new();
        // The winner, if any.
        let mut winner = None;
        while pos.ply() < 300 {
            if pos.ply() < opening {
                let Some(m) = easy.choose(&pos, Limits::nodes(60_000), stop.clone()) else {
                    winner = Some(pos.to_move().opposite());
                    break;
                };
                options.history.push(&pos, m);
                pos.play(m).map_err(|e| format!("the bot's move: {e}"))?;
                continue;
            }
            let r = hard.search(
                &pos,
                Limits::nodes(nodes),
                &options,
                stop.clone(),
                &mut |_| {},
            );
            let Some(m) = r.best else {
                winner = Some(pos.to_move().opposite());
                break;
            };
            let me = pos.to_move();
            match r.score {
                Score::Cp(cp) if cp.abs() < decisive => {
                    if pos.ply() >= 16 && is_quiet(&pos) && seen.insert(pos.hash()) {
                        labelled.push((sfen::format(&pos), cp, me));
                    }
                }
                Score::Cp(cp) => {
                    winner = Some(if cp > 0 { me } else { me.opposite() });
                    break;
                }
                Score::Mate(n) => {
                    winner = Some(if n > 0 { me } else { me.opposite() });
                    break;
                }
            }
            options.history.push(&pos, m);
            pos.play(m).map_err(|e| format!("the bot's move: {e}"))?;
        }
        for (text, cp, side) in &labelled {
            let result = match winner {
                Some(w) if w == *side => "1",
                Some(_) => "0",
                None => "0.5",
            };
            writeln!(out, "{text}\t{cp}\t{result}").map_err(|e| e.to_string())?;
        }
        written += labelled.len();
        eprintln!(
            "game {} of {games}: {} plies, {}, {written} positions",
            g + 1,
            pos.ply(),
            match winner {
                Some(w) => format!("{w:?} wins"),
                None => "drawn".into(),
            }
        );
    }
    Ok(())
}

/// The `go` that `label` sends: `--depth D` (8 by default) or, for engines without `go depth`,
/// `--byoyomi MS` with no main time.
fn go_command(f: &[(String, String)]) -> Result<String, String> {
    let has = |name: &str| f.iter().any(|(n, _)| n == name);
    match (has("depth"), has("byoyomi")) {
        (true, true) => Err("--depth and --byoyomi: give one".into()),
        (_, true) => Ok(format!(
            "go btime 0 wtime 0 byoyomi {}",
            flag::<u32>(f, "byoyomi", None)?
        )),
        _ => Ok(format!("go depth {}", flag::<u32>(f, "depth", Some(8))?)),
    }
}

/// `label`'s output line for an input line: its SFEN, the new score in the old one's place, and
/// the fields after the old score (a self-play game's result) kept.
fn relabelled(line: &str, cp: i32) -> String {
    let mut fields = line.split('\t');
    let text = fields.next().unwrap_or_default();
    let mut out = format!("{text}\t{cp}");
    for kept in fields.skip(1) {
        out.push('\t');
        out.push_str(kept);
    }
    out
}

/// Each position searched to a fixed depth (or time) by the engine; the last `score cp` is
/// the label.
fn label(f: &[(String, String)]) -> Result<(), String> {
    let command: String = flag(f, "engine", None)?;
    let go = go_command(f)?;
    let in_path: String = flag(f, "in", None)?;
    let out_path: String = flag(f, "out", None)?;
    let options: Vec<(String, String)> = f
        .iter()
        .filter(|(n, _)| n == "option")
        .map(|(_, v)| match v.split_once('=') {
            Some((a, b)) => Ok((a.to_string(), b.to_string())),
            None => Err(format!("--option {v}: expected NAME=VALUE")),
        })
        .collect::<Result<_, _>>()?;
    let input = std::fs::File::open(&in_path).map_err(|e| format!("{in_path}: {e}"))?;
    let mut out = std::fs::File::create(&out_path).map_err(|e| format!("{out_path}: {e}"))?;
    let mut engine = UsiEngine::start(&command, &options)?;
    let (mut labelled, mut skipped) = (0, 0);
    for line in BufReader::new(input).lines() {
        let line = line.map_err(|e| e.to_string())?;
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let text = line.split('\t').next().unwrap_or_default();
        sfen::position(text, &RuleSet::standard()).map_err(|e| format!("`{text}`: {e}"))?;
        engine.send(&format!("position sfen {text}"));
        engine.send(&go);
        let mut score = None;
        let done = engine.wait_seeing(
            |l| l.starts_with("bestmove"),
            Duration::from_secs(120),
            |l| {
                let words: Vec<&str> = l.split_whitespace().collect();
                if let Some(i) = words.iter().position(|&w| w == "score") {
                    score = match (words.get(i + 1), words.get(i + 2)) {
                        (Some(&"cp"), Some(v)) => v.parse::<i32>().ok(),
                        _ => None,
                    };
                }
            },
        );
        if done.is_none() {
            return Err(format!("{}: no bestmove for `{text}`", engine.name));
        }
        match score {
            Some(cp) => {
                writeln!(out, "{}", relabelled(line, cp)).map_err(|e| e.to_string())?;
                labelled += 1;
            }
            None => skipped += 1,
        }
        if (labelled + skipped) % 1000 == 0 {
            eprintln!("{labelled} labelled, {skipped} skipped (mate scores)");
        }
    }
    eprintln!("{labelled} labelled, {skipped} skipped (mate scores)");
    Ok(())
}

/// A labelled position for the fit: its nonzero terms (index, value) and the win rate the
/// evaluation should give it.
type Row = (Vec<(u32, f64)>, f64);

/// A row of a weighted least-squares step: nonzero terms, target evaluation, weight.
type Linear<'a> = (&'a [(u32, f64)], f64, f64);

/// The labelled positions of the files named by `--NAME` flags, each as `row` makes it of the
/// position and its target win rate. A line is "SFEN<TAB>cp" or "SFEN<TAB>cp<TAB>result" (1,
/// 0.5 or 0 for the side to move); its target win rate is `lambda` × σ(cp × `scale` / `k`) +
/// (1 − `lambda`) × the result (σ alone without one).
fn labelled<T>(
    f: &[(String, String)],
    name: &str,
    (scale, k, lambda): (f64, f64, f64),
    row: impl Fn(&Position, f64) -> T,
) -> Result<Vec<T>, String> {
    let rules = RuleSet::standard();
    let mut rows = Vec::new();
    for (_, path) in f.iter().filter(|(n, _)| n == name) {
        let input = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in BufReader::new(input).lines().enumerate() {
            let at = || format!("{path}:{}", n + 1);
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            let mut fields = line.split('\t');
            let (Some(text), Some(cp)) = (fields.next(), fields.next()) else {
                return Err(format!("{}: expected SFEN<TAB>centipawns", at()));
            };
            let pos = sfen::position(text, &rules).map_err(|e| format!("{}: {e}", at()))?;
            let number = |v: &str| -> Result<f64, String> {
                v.trim()
                    .parse()
                    .map_err(|_| format!("{}: `{v}` is not a number", at()))
            };
            let rate = sigmoid(number(cp)? * scale / k);
            let target = match fields.next() {
                Some(result) => {
                    let result = number(result)?;
                    if !(0.0..=1.0).contains(&result) {
                        return Err(format!("{}: a result is 0, 0.5 or 1", at()));
                    }
                    lambda * rate + (1.0 - lambda) * result
                }
                None => rate,
            };
            rows.push(row(&pos, target));
        }
    }
    Ok(rows)
}

/// A blend of score and result named `name` (`default` without one), refused outside 0..=1.
fn blend(f: &[(String, String)], name: &str, default: f64) -> Result<f64, String> {
    let x: f64 = flag(f, name, Some(default))?;
    if (0.0..=1.0).contains(&x) {
        Ok(x)
    } else {
        Err(format!("--{name} is between 0 and 1"))
    }
}

/// The labelled positions as rows of the linear fit: their nonzero terms and target.
fn labelled_rows(
    f: &[(String, String)],
    name: &str,
    scale: f64,
    k: f64,
    lambda: f64,
) -> Result<Vec<Row>, String> {
    labelled(f, name, (scale, k, lambda), |pos, target| {
        (sparse(&standard_terms(pos)), target)
    })
}

/// The residual network trained on the labelled `--in` positions (see `yonin_tests::net_fit`),
/// its error reported each epoch on them and on the held-out `--test` ones, and written
/// quantised to `--out` (the engine's `core/src/bot/residual.bin`).
fn net(f: &[(String, String)]) -> Result<(), String> {
    let k: f64 = flag(f, "k", Some(600.0))?;
    let scale: f64 = flag(f, "scale", Some(1.0))?;
    let lambda = blend(f, "lambda", 1.0)?;
    let hidden: usize = flag(f, "hidden", Some(RESIDUAL_HIDDEN))?;
    if hidden == 0 {
        return Err("--hidden: at least 1".into());
    }
    let trial = hidden != RESIDUAL_HIDDEN;
    if trial && f.iter().any(|(n, _)| n == "out") {
        return Err(format!(
            "--out: this build reads only networks of {RESIDUAL_HIDDEN} hidden units, so \
             --hidden {hidden} is a trial that writes nothing"
        ));
    }
    let options = Options {
        inputs: RESIDUAL_INPUTS,
        hidden,
        epochs: flag(f, "epochs", Some(3))?,
        rate: flag(f, "rate", Some(0.001))?,
        out_rate: flag(f, "out-rate", Some(1.0))?,
        batch: flag(f, "batch", Some(256))?,
        k: k as f32,
        seed: flag(f, "seed", Some(1))?,
    };
    let out_path: Option<String> = if trial {
        None
    } else {
        Some(flag(f, "out", None)?)
    };
    let sample = |pos: &Position, target: f64| Sample {
        inputs: residual_inputs(pos),
        linear: linear_evaluation(pos) as f32,
        target: target as f32,
    };
    let init = match f.iter().rev().find(|(n, _)| n == "init") {
        Some((_, path)) => {
            if hidden != RESIDUAL_HIDDEN {
                return Err(format!(
                    "--init: a network of {RESIDUAL_HIDDEN} hidden units, not --hidden {hidden}"
                ));
            }
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            let (inputs, bias, out, out_bias) =
                decode_residual(&bytes).map_err(|e| format!("--init {path}: {e}"))?;
            Some(Network {
                hidden,
                inputs,
                bias,
                out,
                out_bias,
            })
        }
        None => None,
    };
    // Each position with this build's evaluation of it, read in the same pass.
    let with_build = |pos: &Position, target: f64| (sample(pos, target), static_evaluation(pos));
    let (train_set, train_build): (Vec<Sample>, Vec<i32>) =
        labelled(f, "in", (scale, k, lambda), with_build)?
            .into_iter()
            .unzip();
    if train_set.is_empty() {
        return Err("no positions (give --in FILE)".into());
    }
    let test_lambda = blend(f, "test-lambda", lambda)?;
    let (test_set, test_build): (Vec<Sample>, Vec<i32>) =
        labelled(f, "test", (scale, k, test_lambda), with_build)?
            .into_iter()
            .unzip();
    eprintln!(
        "{} positions, {} held out; linear evaluation: {:.3} %, held out {:.3} %",
        train_set.len(),
        test_set.len(),
        net_fit::win_rate_error(&train_set, None, options.k),
        net_fit::win_rate_error(&test_set, None, options.k)
    );
    // The bar a new network has to clear: the evaluation this build plays with.
    let compiled = |set: &[Sample], build: &[i32]| {
        let e: f64 = set
            .iter()
            .zip(build)
            .map(|(s, &cp)| (sigmoid(f64::from(cp) / k) - f64::from(s.target)).powi(2))
            .sum();
        100.0 * (e / set.len().max(1) as f64).sqrt()
    };
    eprintln!(
        "this build's evaluation (linear terms and residual.bin): {:.3} %, held out {:.3} %",
        compiled(&train_set, &train_build),
        compiled(&test_set, &test_build)
    );
    let report = |epoch, net: &Network| {
        eprintln!(
            "epoch {epoch}: {:.3} %, held out {:.3} %",
            net_fit::win_rate_error(&train_set, Some(net), options.k),
            net_fit::win_rate_error(&test_set, Some(net), options.k)
        )
    };
    let net = match init {
        Some(init) => train_from(init, &train_set, &options, report),
        None => train(&train_set, &options, report),
    };
    let Some(out_path) = out_path else {
        eprintln!(
            "a trial of {hidden} hidden units (this build's: {RESIDUAL_HIDDEN}): nothing written"
        );
        return Ok(());
    };
    let bytes = encode_residual(&net.inputs, &net.bias, &net.out, net.out_bias);
    std::fs::write(&out_path, bytes).map_err(|e| format!("{out_path}: {e}"))
}

/// The nonzero terms of `terms`, with their indices.
fn sparse(terms: &[f64]) -> Vec<(u32, f64)> {
    (0u32..)
        .zip(terms)
        .filter(|(_, &x)| x != 0.0)
        .map(|(i, &x)| (i, x))
        .collect()
}

/// The RMS error in win rate, in percent, of weights `w` on `rows`.
fn win_rate_error(rows: &[Row], w: &[f64], k: f64) -> f64 {
    let e: f64 = rows
        .iter()
        .map(|(x, y)| (sigmoid(dot(x, w) / k) - y).powi(2))
        .sum();
    100.0 * (e / rows.len().max(1) as f64).sqrt()
}

/// The fit of the weights to the labelled positions, in win-probability terms, and its error
/// on the held-out `--test` positions if any.
fn fit(f: &[(String, String)]) -> Result<(), String> {
    let ridge: f64 = flag(f, "ridge", Some(0.01))?;
    let k: f64 = flag(f, "k", Some(600.0))?;
    let scale: f64 = flag(f, "scale", Some(1.0))?;
    let lambda = blend(f, "lambda", 1.0)?;
    let keep: String = flag(f, "keep", Some(String::new()))?;
    let prior = standard_weights();
    let names = term_names();
    // Terms named in --keep hold their current weight.
    let kept: Vec<bool> = names
        .iter()
        .map(|n| {
            keep.split(',')
                .any(|k| !k.is_empty() && n.contains(k.trim()))
        })
        .collect();
    let rows = labelled_rows(f, "in", scale, k, lambda)?;
    if rows.is_empty() {
        return Err("no positions (give --in FILE)".into());
    }
    let test = labelled_rows(f, "test", scale, k, lambda)?;
    let w = win_rate_fit(&rows, &prior, ridge, k, &kept)
        .ok_or("the equations are singular (raise --ridge)")?;
    // Writing to a String cannot fail.
    let mut out = String::new();
    let _ = writeln!(
        out,
        "// {} positions; RMS error in win rate (K = {k}): current weights {:.2} %, fitted {:.2} %",
        rows.len(),
        win_rate_error(&rows, &prior, k),
        win_rate_error(&rows, &w, k)
    );
    if !test.is_empty() {
        let _ = writeln!(
            out,
            "// {} held-out positions: current weights {:.2} %, fitted {:.2} %",
            test.len(),
            win_rate_error(&test, &prior, k),
            win_rate_error(&test, &w, k)
        );
    }
    let mut moved: Vec<usize> = (0..TERMS).collect();
    moved.sort_by(|&i, &j| (w[j] - prior[j]).abs().total_cmp(&(w[i] - prior[i]).abs()));
    for &i in moved.iter().take(20) {
        let _ = writeln!(
            out,
            "// {:<36} {:>9.2} -> {:>9.2}",
            names[i], prior[i], w[i]
        );
    }
    out += &render_standard_weights(&w);
    write_output(&mut std::io::stdout().lock(), &out)
}

/// Writes `text` to `w` (standard output); a reader that closed early (`tune fit … | head`)
/// ends the output quietly instead of failing.
fn write_output(w: &mut impl Write, text: &str) -> Result<(), String> {
    match w.write_all(text.as_bytes()).and_then(|()| w.flush()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            Err(format!("writing the fit: {e}"))
        }
        _ => Ok(()),
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The evaluation of a position's nonzero terms `x` by the weights `w`.
fn dot(x: &[(u32, f64)], w: &[f64]) -> f64 {
    x.iter().map(|&(i, a)| a * w[i as usize]).sum()
}

/// The weights minimising Σ (σ(x·w / k) − y)² over `rows` (terms x, target win rate y),
/// plus `ridge` × the squared distance from `prior`, the `kept` terms held at their prior:
/// Gauss–Newton, each step a weighted ridge regression on the linearised win rates.
fn win_rate_fit(
    rows: &[Row],
    prior: &[f64],
    ridge: f64,
    k: f64,
    kept: &[bool],
) -> Option<Vec<f64>> {
    let mut w = prior.to_vec();
    for _ in 0..8 {
        // σ(p/k) + d·x·Δ ≈ y is x·(w+Δ) ≈ p + (y − σ(p/k)) / d, of weight d².
        let linear: Vec<Linear> = rows
            .iter()
            .map(|(x, y)| {
                let p = dot(x, &w);
                let s = sigmoid(p / k);
                let d = (s * (1.0 - s) / k).max(1e-9);
                let step = ((y - s) / d).clamp(-2000.0, 2000.0);
                (x.as_slice(), p + step, d * d)
            })
            .collect();
        w = ridge_fit(&linear, prior, ridge, kept)?;
    }
    Some(w)
}

/// The weights minimising the weighted squared error over `rows` (nonzero terms, target,
/// weight) plus `ridge` × the total weight × the squared distance from `prior`, the `kept`
/// terms held at their prior: the normal equations (XᵀVX + λW I) w = XᵀVy + λW w₀ over the
/// terms that move (not kept, nonzero in some position; the others keep their prior), solved
/// directly.
fn ridge_fit(rows: &[Linear], prior: &[f64], ridge: f64, kept: &[bool]) -> Option<Vec<f64>> {
    let m = prior.len();
    let mut seen = vec![false; m];
    for (x, _, _) in rows {
        for &(i, _) in x.iter() {
            seen[i as usize] = true;
        }
    }
    // The moving terms, and each term's place among them.
    let free: Vec<usize> = (0..m).filter(|&i| seen[i] && !kept[i]).collect();
    let mut slot = vec![None; m];
    for (s, &i) in free.iter().enumerate() {
        slot[i] = Some(s);
    }
    let n = free.len();
    let mut a = vec![0.0; n * n];
    let mut b = vec![0.0; n];
    let mut total = 0.0;
    let mut moving = Vec::new();
    for &(x, y, v) in rows {
        total += v;
        // What the fixed terms say is known: the moving ones fit the rest of the target.
        let mut y = y;
        moving.clear();
        for &(i, xi) in x {
            match slot[i as usize] {
                Some(s) => moving.push((s, xi)),
                None => y -= xi * prior[i as usize],
            }
        }
        for &(s, xs) in &moving {
            b[s] += v * xs * y;
            let row = &mut a[s * n..(s + 1) * n];
            for &(t, xt) in &moving {
                row[t] += v * xs * xt;
            }
        }
    }
    for (s, &i) in free.iter().enumerate() {
        a[s * n + s] += ridge * total;
        b[s] += ridge * total * prior[i];
    }
    let solution = cholesky_solve(a, b)?;
    let mut w = prior.to_vec();
    for (s, &i) in free.iter().enumerate() {
        w[i] = solution[s];
    }
    Some(w)
}

/// The solution of A x = `b` for a symmetric positive definite A (`a`, row-major, n × n) by
/// its Cholesky factor; `None` when A is not positive definite (a pivot at or below 10⁻¹² of
/// the largest diagonal entry).
fn cholesky_solve(mut a: Vec<f64>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    let largest = (0..n).map(|i| a[i * n + i]).fold(0.0f64, f64::max);
    let dot = |a: &[f64], b: &[f64]| a.iter().zip(b).map(|(x, y)| x * y).sum::<f64>();
    // A = L Lᵀ, L written over A's lower triangle row by row.
    for i in 0..n {
        for j in 0..=i {
            let s = a[i * n + j] - dot(&a[i * n..i * n + j], &a[j * n..j * n + j]);
            a[i * n + j] = if i == j {
                if s <= 1e-12 * largest {
                    return None;
                }
                s.sqrt()
            } else {
                s / a[j * n + j]
            };
        }
    }
    // L y = b, then Lᵀ x = y.
    for i in 0..n {
        b[i] = (b[i] - dot(&a[i * n..i * n + i], &b[..i])) / a[i * n + i];
    }
    for i in (0..n).rev() {
        let s: f64 = (i + 1..n).map(|r| a[r * n + i] * b[r]).sum();
        b[i] = (b[i] - s) / a[i * n + i];
    }
    Some(b)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.split_first() {
        Some((mode, rest)) => flags(rest).and_then(|f| match mode.as_str() {
            "positions" => only(&f, "positions", &["games", "seed", "nodes", "out"])
                .and_then(|()| positions(&f)),
            "selfplay" => only(
                &f,
                "selfplay",
                &["games", "seed", "nodes", "decisive", "out"],
            )
            .and_then(|()| selfplay(&f)),
            "records" => only(&f, "records", &["in", "out"]).and_then(|()| records(&f)),
            "label" => only(
                &f,
                "label",
                &["engine", "option", "depth", "byoyomi", "in", "out"],
            )
            .and_then(|()| label(&f)),
            "fit" => only(
                &f,
                "fit",
                &["in", "test", "ridge", "k", "scale", "lambda", "keep"],
            )
            .and_then(|()| fit(&f)),
            "net" => only(
                &f,
                "net",
                &[
                    "in",
                    "test",
                    "k",
                    "scale",
                    "lambda",
                    "test-lambda",
                    "epochs",
                    "rate",
                    "out-rate",
                    "batch",
                    "seed",
                    "hidden",
                    "init",
                    "out",
                ],
            )
            .and_then(|()| net(&f)),
            m => Err(format!(
                "unknown mode `{m}` (positions, selfplay, records, label, fit, net)"
            )),
        }),
        None => Err(
            "usage: tune positions|selfplay|records|label|fit|net … (see tests/src/bin/tune.rs)"
                .into(),
        ),
    };
    if let Err(e) = result {
        eprintln!("tune: {e}");
        std::process::exit(2);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::Move;

    use yonin_testkit::FailingWriter as Failing;

    #[test]
    fn a_reader_that_closed_early_ends_the_output_quietly_and_other_write_errors_are_reported() {
        let mut out = Vec::new();
        assert_eq!(write_output(&mut out, "// fit\n"), Ok(()));
        assert_eq!(out, b"// fit\n");
        let pipe = write_output(&mut Failing(std::io::ErrorKind::BrokenPipe), "x");
        assert_eq!(pipe, Ok(()));
        let full = write_output(&mut Failing(std::io::ErrorKind::StorageFull), "x");
        assert!(full.is_err_and(|e| e.starts_with("writing the fit")));
    }

    #[test]
    fn label_goes_by_depth_or_byoyomi_and_keeps_the_fields_after_the_score() {
        let f = |v: &[(&str, &str)]| -> Vec<(String, String)> {
            v.iter()
                .map(|(a, b)| (a.to_string(), b.to_string()))
                .collect()
        };
        assert_eq!(go_command(&f(&[])), Ok("go depth 8".into()));
        assert_eq!(go_command(&f(&[("depth", "5")])), Ok("go depth 5".into()));
        assert_eq!(
            go_command(&f(&[("byoyomi", "300")])),
            Ok("go btime 0 wtime 0 byoyomi 300".into())
        );
        assert!(go_command(&f(&[("depth", "5"), ("byoyomi", "300")])).is_err());
        assert!(go_command(&f(&[("byoyomi", "soon")])).is_err());
        let sfen = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";
        assert_eq!(relabelled(sfen, 12), format!("{sfen}\t12"));
        assert_eq!(relabelled(&format!("{sfen}\t-40"), 7), format!("{sfen}\t7"));
        assert_eq!(
            relabelled(&format!("{sfen}\t-40\t1"), -3),
            format!("{sfen}\t-3\t1")
        );
    }

    #[test]
    fn records_gives_each_quiet_position_from_ply_16_once_with_the_result_for_the_side_to_move() {
        let line = "position startpos moves 7g7f 3c3d 2g2f 4c4d 5i6h 8b4b 3i4h 5a6b 7i7h 6b7b \
                    2f2e 2b3c 5g5f 7b8b 8g8f 7a7b 4i5h 4b2b 4g4f 2c2d 2e2d 3c2d 4h5g 3a3b";
        let mut rec = GameRecord::from_usi_position_line(RuleSet::standard(), line).unwrap();
        rec.ending = Some(Ending::Resign(Seat::South));
        let mut seen = HashSet::new();
        let lines = record_lines(&rec, &mut seen).unwrap().unwrap();
        assert!(!lines.is_empty());
        let all = rec.positions().unwrap();
        let want = all.iter().filter(|p| p.ply() >= 16 && is_quiet(p)).count();
        assert_eq!(lines.len(), want);
        for l in &lines {
            let fields: Vec<&str> = l.split('\t').collect();
            let pos = sfen::position(fields[0], &RuleSet::standard()).unwrap();
            assert!(pos.ply() >= 16 && is_quiet(&pos), "{l}");
            assert_eq!(fields[1], static_evaluation(&pos).to_string());
            // Sente resigned: Gote to move holds the win.
            let want = if pos.to_move() == Seat::North {
                "1"
            } else {
                "0"
            };
            assert_eq!(fields[2], want, "{l}");
        }
        // Positions already written are not written again; a game without a result gives none.
        assert_eq!(record_lines(&rec, &mut seen).unwrap(), Some(vec![]));
        rec.ending = Some(Ending::Abort);
        assert_eq!(record_lines(&rec, &mut HashSet::new()).unwrap(), None);
        rec.ending = Some(Ending::MoveLimit);
        let drawn = record_lines(&rec, &mut HashSet::new()).unwrap().unwrap();
        assert!(drawn.iter().all(|l| l.ends_with("\t0.5")));
    }

    #[test]
    fn cholesky_finds_the_solution_and_refuses_a_singular_system() {
        let a = vec![2.0, 1.0, 0.0, 1.0, 3.0, 1.0, 0.0, 1.0, 4.0];
        let x = cholesky_solve(a, vec![4.0, 10.0, 14.0]).expect("regular");
        for (got, want) in x.iter().zip([1.0, 2.0, 3.0]) {
            assert!((got - want).abs() < 1e-9, "{x:?}");
        }
        let singular = vec![1.0, 2.0, 2.0, 4.0];
        assert!(cholesky_solve(singular, vec![1.0, 2.0]).is_none());
    }

    /// Positions along random games, labelled with the win rates of the weights `truth`.
    fn rows_labelled_by(truth: &[f64], games: usize) -> Vec<Row> {
        let mut rows = Vec::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..games {
            let mut pos = Position::start(&RuleSet::standard());
            for _ in 0..120 {
                let legal: Vec<Move> = pos.legal_moves().iter().copied().collect();
                if legal.is_empty() {
                    break;
                }
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                pos.play_unchecked(legal[(x % legal.len() as u64) as usize]);
                let t = sparse(&standard_terms(&pos));
                let y = sigmoid(dot(&t, truth) / 600.0);
                rows.push((t, y));
            }
        }
        rows
    }

    /// Fits `moved` terms, changed from the current weights in the labels, with `free` terms
    /// free to move too and the rest kept, and checks that the fit finds the changed values.
    fn recovers(moved: &[usize], free: impl Fn(&str) -> bool, change: impl Fn(f64) -> f64) {
        let prior = standard_weights();
        let names = term_names();
        let mut truth = prior.clone();
        for &i in moved {
            truth[i] = change(prior[i]);
        }
        let rows = rows_labelled_by(&truth, 30);
        let kept: Vec<bool> = (0..TERMS)
            .map(|i| !moved.contains(&i) && !free(&names[i]))
            .collect();
        let w = win_rate_fit(&rows, &prior, 1e-6, 600.0, &kept).expect("a solution");
        for &i in moved {
            assert!(
                (w[i] - truth[i]).abs() < 0.5,
                "{}: {} not {}",
                names[i],
                w[i],
                truth[i]
            );
        }
    }

    #[test]
    fn the_fit_recovers_weights_that_made_the_labels() {
        // The hand values and the mobility changed; every term but the king-relative ones
        // (more of them than these positions) free to move.
        let names = term_names();
        let moved: Vec<usize> = (0..TERMS)
            .filter(|&i| names[i].ends_with("in hand") || names[i] == "slider mobility")
            .collect();
        recovers(&moved, |n| !n.contains("files from the"), |w| w * 1.3 + 7.0);
    }

    #[test]
    fn the_fit_recovers_king_relative_weights() {
        // A gold beside its own king, a gold on its back line a file from the enemy king's and
        // a pawn on the enemy king's file six lines back (still on its own side), fit alone.
        let names = term_names();
        let moved: Vec<usize> = [
            "gold +0 lines ahead of and 1 files from the own king",
            "gold -8 lines ahead of and 1 files from the enemy king",
            "pawn -6 lines ahead of and 0 files from the enemy king",
        ]
        .iter()
        .map(|n| {
            names
                .iter()
                .position(|m| m == n)
                .expect("a term of that name")
        })
        .collect();
        recovers(&moved, |_| false, |w| w + 40.0);
    }
}
