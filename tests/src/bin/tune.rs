//! Fitting the standard evaluation (not run in CI): quiet positions from self-play, labelled by
//! a USI engine's search, and a ridge regression of the evaluation's weights on them.
//!
//! ```text
//! tune positions --games N [--seed S] [--nodes N] --out FILE     # one SFEN a line
//! tune label --engine "PATH ARG…" [--option NAME=VALUE]… [--depth D] --in FILE --out FILE
//! tune fit --in FILE… [--test FILE…] [--ridge L] [--k K] [--scale X] [--keep NAME,…]
//! ```
//! `label` writes "SFEN<TAB>centipawns for the side to move" and skips mate scores. `fit` takes
//! labels times `X` (to our scale) as win rates σ(cp / K) and fits the evaluation's win rates
//! to them (Texel-style, so that lopsided positions do not dominate), plus `L` × the squared
//! distance from the current weights (rarely seen terms keep their values); terms whose names
//! contain a `--keep` word keep their weights. `--in` and `--test` may repeat; the error on the
//! `--test` positions (held out of the fit) says whether the fit generalises. Paste the printed
//! constant into `core/src/bot/eval_weights.rs`.

use std::collections::HashSet;
use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Write};
use std::sync::{atomic::AtomicBool, Arc};
use std::time::Duration;
use yonin_core::bot::tuning::{
    is_quiet, render_standard_weights, standard_terms, standard_weights, term_names, TERMS,
};
use yonin_core::bot::{Bot, Level, Limits};
use yonin_core::record::sfen;
use yonin_core::{Position, RuleSet};
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
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(g);
        let mut easy = Bot::new(Level::Easy, game_seed);
        let mut hard = Bot::new(Level::Hard, game_seed);
        let opening = 6 + (game_seed % 10) as u32;
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

/// Each position searched to a fixed depth by the engine; the last `score cp` is the label.
fn label(f: &[(String, String)]) -> Result<(), String> {
    let command: String = flag(f, "engine", None)?;
    let depth: u32 = flag(f, "depth", Some(8))?;
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
        let text = line.trim();
        if text.is_empty() {
            continue;
        }
        sfen::position(text, &RuleSet::standard()).map_err(|e| format!("`{text}`: {e}"))?;
        engine.send(&format!("position sfen {text}"));
        engine.send(&format!("go depth {depth}"));
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
                writeln!(out, "{text}\t{cp}").map_err(|e| e.to_string())?;
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

/// The labelled positions of the files named by `--NAME` flags, as (terms, label × `scale`).
fn labelled_rows(
    f: &[(String, String)],
    name: &str,
    scale: f64,
) -> Result<Vec<(Vec<f64>, f64)>, String> {
    let rules = RuleSet::standard();
    let mut rows = Vec::new();
    for (_, path) in f.iter().filter(|(n, _)| n == name) {
        let input = std::fs::File::open(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in BufReader::new(input).lines().enumerate() {
            let line = line.map_err(|e| format!("{path}: {e}"))?;
            let Some((text, cp)) = line.split_once('\t') else {
                return Err(format!("{path}:{}: expected SFEN<TAB>centipawns", n + 1));
            };
            let pos = sfen::position(text, &rules).map_err(|e| format!("{path}:{}: {e}", n + 1))?;
            let cp: f64 = cp
                .trim()
                .parse()
                .map_err(|_| format!("{path}:{}: `{cp}` is not a number", n + 1))?;
            rows.push((standard_terms(&pos), cp * scale));
        }
    }
    Ok(rows)
}

/// The RMS error in win rate, in percent, of weights `w` on `rows`.
fn win_rate_error(rows: &[(Vec<f64>, f64)], w: &[f64], k: f64) -> f64 {
    let e: f64 = rows
        .iter()
        .map(|(x, y)| (sigmoid(dot(x, w) / k) - sigmoid(y / k)).powi(2))
        .sum();
    100.0 * (e / rows.len().max(1) as f64).sqrt()
}

/// The fit of the weights to the labelled positions, in win-probability terms, and its error
/// on the held-out `--test` positions if any.
fn fit(f: &[(String, String)]) -> Result<(), String> {
    let ridge: f64 = flag(f, "ridge", Some(0.01))?;
    let k: f64 = flag(f, "k", Some(600.0))?;
    let scale: f64 = flag(f, "scale", Some(1.0))?;
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
    let rows = labelled_rows(f, "in", scale)?;
    if rows.is_empty() {
        return Err("no positions (give --in FILE)".into());
    }
    let test = labelled_rows(f, "test", scale)?;
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

fn dot(x: &[f64], w: &[f64]) -> f64 {
    x.iter().zip(w).map(|(a, b)| a * b).sum()
}

/// The weights minimising Σ (σ(x·w / k) − σ(y / k))² over `rows` (terms x, label y), plus
/// `ridge` × the squared distance from `prior`, the `kept` terms held at their prior:
/// Gauss–Newton, each step a weighted ridge regression on the linearised win rates.
fn win_rate_fit(
    rows: &[(Vec<f64>, f64)],
    prior: &[f64],
    ridge: f64,
    k: f64,
    kept: &[bool],
) -> Option<Vec<f64>> {
    let mut w = prior.to_vec();
    for _ in 0..8 {
        // σ(p/k) + d·x·Δ ≈ σ(y/k) is x·(w+Δ) ≈ p + (σ(y/k) − σ(p/k)) / d, of weight d².
        let linear: Vec<(&[f64], f64, f64)> = rows
            .iter()
            .map(|(x, y)| {
                let p = dot(x, &w);
                let s = sigmoid(p / k);
                let d = (s * (1.0 - s) / k).max(1e-9);
                let step = ((sigmoid(y / k) - s) / d).clamp(-2000.0, 2000.0);
                (x.as_slice(), p + step, d * d)
            })
            .collect();
        w = ridge_fit(&linear, prior, ridge, kept)?;
    }
    Some(w)
}

/// The weights minimising the weighted squared error over `rows` (terms, target, weight)
/// plus `ridge` × the total weight × the squared distance from `prior`, the `kept` terms
/// held at their prior: the normal equations (XᵀVX + λW I) w = XᵀVy + λW w₀, solved directly.
fn ridge_fit(
    rows: &[(&[f64], f64, f64)],
    prior: &[f64],
    ridge: f64,
    kept: &[bool],
) -> Option<Vec<f64>> {
    let m = prior.len();
    let mut a = vec![vec![0.0; m]; m];
    let mut b = vec![0.0; m];
    let mut total = 0.0;
    let mut nonzero = Vec::with_capacity(m);
    for &(x, y, v) in rows {
        total += v;
        // Most terms of a position are zero (most placement terms): only the others.
        nonzero.clear();
        nonzero.extend((0..m).filter(|&i| x[i] != 0.0));
        for &i in &nonzero {
            b[i] += v * x[i] * y;
            for &j in &nonzero {
                a[i][j] += v * x[i] * x[j];
            }
        }
    }
    for i in 0..m {
        a[i][i] += ridge * total;
        b[i] += ridge * total * prior[i];
    }
    // A kept term is a known: its column moves to the right-hand side, its row says w = w₀.
    for i in (0..m).filter(|&i| kept[i]) {
        for r in 0..m {
            b[r] -= a[r][i] * prior[i];
            a[r][i] = 0.0;
        }
        a[i].fill(0.0);
        a[i][i] = 1.0;
        b[i] = prior[i];
    }
    solve(a, b)
}

/// Gaussian elimination with partial pivoting; `None` when singular (a pivot below 10⁻¹² of
/// the largest entry).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Option<Vec<f64>> {
    let n = b.len();
    let largest = a.iter().flatten().fold(0.0f64, |m, v| m.max(v.abs()));
    for c in 0..n {
        let p = (c..n).max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))?;
        if a[p][c].abs() <= 1e-12 * largest {
            return None;
        }
        a.swap(c, p);
        b.swap(c, p);
        for r in c + 1..n {
            let k = a[r][c] / a[c][c];
            if k != 0.0 {
                let (upper, lower) = a.split_at_mut(r);
                for (x, p) in lower[0][c..].iter_mut().zip(&upper[c][c..]) {
                    *x -= k * p;
                }
                b[r] -= k * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let s: f64 = (r + 1..n).map(|j| a[r][j] * x[j]).sum();
        x[r] = (b[r] - s) / a[r][r];
    }
    Some(x)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.split_first() {
        Some((mode, rest)) => flags(rest).and_then(|f| match mode.as_str() {
            "positions" => only(&f, "positions", &["games", "seed", "nodes", "out"])
                .and_then(|()| positions(&f)),
            "label" => only(&f, "label", &["engine", "option", "depth", "in", "out"])
                .and_then(|()| label(&f)),
            "fit" => only(&f, "fit", &["in", "test", "ridge", "k", "scale", "keep"])
                .and_then(|()| fit(&f)),
            m => Err(format!("unknown mode `{m}` (positions, label, fit)")),
        }),
        None => Err("usage: tune positions|label|fit … (see tests/src/bin/tune.rs)".into()),
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
    fn solve_finds_the_solution_and_refuses_a_singular_system() {
        let a = vec![
            vec![2.0, 1.0, 0.0],
            vec![1.0, 3.0, 1.0],
            vec![0.0, 1.0, 4.0],
        ];
        let x = solve(a.clone(), vec![4.0, 10.0, 14.0]).expect("regular");
        for (got, want) in x.iter().zip([1.0, 2.0, 3.0]) {
            assert!((got - want).abs() < 1e-9, "{x:?}");
        }
        let singular = vec![vec![1.0, 2.0], vec![2.0, 4.0]];
        assert!(solve(singular, vec![1.0, 2.0]).is_none());
    }

    #[test]
    fn the_fit_recovers_weights_that_made_the_labels() {
        // Positions along random games; labels from the current weights with the hand values
        // and the mobility changed.
        let prior = standard_weights();
        let mut truth = prior.clone();
        let names = term_names();
        let moved: Vec<usize> = (0..TERMS)
            .filter(|&i| names[i].ends_with("in hand") || names[i] == "slider mobility")
            .collect();
        for &i in &moved {
            truth[i] = prior[i] * 1.3 + 7.0;
        }
        let mut rows = Vec::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..30 {
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
                let t = standard_terms(&pos);
                let y = dot(&t, &truth);
                rows.push((t, y));
            }
        }
        let w = win_rate_fit(&rows, &prior, 1e-6, 600.0, &[false; TERMS]).expect("a solution");
        for &i in &moved {
            assert!(
                (w[i] - truth[i]).abs() < 0.5,
                "{}: {} not {}",
                names[i],
                w[i],
                truth[i]
            );
        }
    }
}
