//! Golden perft: node counts from independent generators, checked against `perft::perft`.
//!
//! - `data/perft-standard.txt`: standard shogi, counted by cshogi (see `data/gen_perft.py`).
//! - `data/perft-yonin.txt`: Yonin, counted by the naive reference in `common::naive` (which
//!   shares no code with the engine's generator). Regenerate it with
//!   `cargo test --release --test perft_golden -- --ignored --nocapture generate_yonin_perft_file`
//!   and paste the printed lines.
//!
//! Format of both files: `<SFEN or YSFEN> ; <depth> <nodes> ; <depth> <nodes> …`, `#` comments.
//! Counts above [`NODE_LIMIT`] are skipped here (the start position's depth 5 has its own test).

use crate::common;

use common::naive::NPos;
use common::Rng;
use yonin_core::perft::perft;
use yonin_core::record::{sfen, ysfen};
use yonin_core::{PieceKind, Position, RuleSet, Seat, Variant};

const NODE_LIMIT: u64 = 2_000_000;

/// (position text, [(depth, nodes)]) for every entry of a golden file.
fn entries(file: &str) -> Vec<(String, Vec<(u32, u64)>)> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let pos = parts.next().unwrap_or("").trim().to_string();
        let counts = parts
            .map(|p| {
                let mut it = p.split_whitespace();
                let d = it.next().and_then(|t| t.parse().ok());
                let c = it.next().and_then(|t| t.parse().ok());
                match (d, c, it.next()) {
                    (Some(d), Some(c), None) => (d, c),
                    _ => panic!("{file}:{}: bad count `{p}`", n + 1),
                }
            })
            .collect();
        out.push((pos, counts));
    }
    out
}

fn parse(variant: Variant, text: &str) -> Position {
    let r = match variant {
        Variant::Standard => sfen::position(text, &RuleSet::standard()),
        Variant::Yonin => ysfen::position(text, &RuleSet::yonin()),
    };
    r.unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Checks every count up to the node limit; returns how many were checked.
fn check_file(file: &str, variant: Variant) -> usize {
    let mut checked = 0;
    let mut failures = Vec::new();
    for (text, counts) in entries(file) {
        let pos = parse(variant, &text);
        for (depth, nodes) in counts {
            if nodes > NODE_LIMIT {
                continue;
            }
            let got = perft(&pos, depth);
            if got != nodes {
                failures.push(format!("{text} depth {depth}: expected {nodes}, got {got}"));
            }
            checked += 1;
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    checked
}

#[test]
fn standard_golden_file() {
    let n = check_file("perft-standard.txt", Variant::Standard);
    assert!(n >= 100, "only {n} counts checked");
}

#[test]
fn standard_start_position_depth_5() {
    let pos = parse(Variant::Standard, "startpos");
    assert_eq!(perft(&pos, 5), 19_861_490);
}

#[test]
fn yonin_golden_file() {
    let n = check_file("perft-yonin.txt", Variant::Yonin);
    assert!(n >= 40, "only {n} counts checked");
}

/// The Yonin golden numbers came from the reference; re-count the small ones with it here so
/// the file cannot drift from it.
#[test]
fn yonin_golden_file_small_counts_match_the_reference() {
    let rules = RuleSet::yonin();
    for (text, counts) in entries("perft-yonin.txt") {
        let pos = parse(Variant::Yonin, &text);
        let reference = NPos::from_engine(&pos, &rules);
        for (depth, nodes) in counts {
            if nodes <= 20_000 {
                assert_eq!(reference.perft(depth), nodes, "{text} depth {depth}");
            }
        }
    }
}

// ---- generating perft-yonin.txt ----

/// Hand-made positions (the docs/rules.md scenarios and their relatives) worth a perft line.
const CRAFTED: &[(&str, &str)] = &[
    (
        "scenario 3: a rook drop will check three seats",
        "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s R/-/-/- - 1",
    ),
    (
        "scenario 6: North mated behind West's turn",
        "Kn8/2Gs6/9/3Kw5/1Sw7/9/8Ke/9/4Ks4 s R/-/-/- - 1",
    ),
    (
        "scenario 9: South's answer mates West and lifts West's check on North",
        "Rw3Kn4/9/9/7Ke1/9/9/Gs1Ss6/5Ge3/Kw3Ks3Rs s -/-/-/- - 1",
    ),
    (
        "scenario 10: uchifuzume on West",
        "Kw3Kn4/2Ss6/Gs8/9/8Ke/9/9/9/4Ks4 s P/-/-/- - 1",
    ),
    (
        "North out, frozen gold, pawn in hand (scenarios 8 and 13)",
        "4Kn4/5Gn3/4Ks4/9/Kw7Ke/9/9/9/9 s P/-/-/- n 1",
    ),
];

/// Picks positions from seeded random games: each wanted feature once.
fn sampled_positions() -> Vec<(String, String)> {
    type Want = (&'static str, fn(&Position) -> bool);
    let wants: Vec<Want> = vec![
        ("opening, quiet", |p| {
            p.ply() > 8 && p.seats_in_check().is_empty()
        }),
        ("in check, empty hands", |p| {
            p.in_check(p.to_move()) && Seat::ALL.iter().all(|&s| p.hand(s).is_empty())
        }),
        ("in check, pieces in hand", |p| {
            p.in_check(p.to_move()) && !p.hand(p.to_move()).is_empty()
        }),
        ("two seats in check", |p| p.seats_in_check().len() >= 2),
        ("pieces in hand, quiet", |p| {
            p.hand(p.to_move()).total() >= 3
        }),
        ("many pieces in hand", |p| {
            Seat::ALL.iter().map(|&s| p.hand(s).total()).sum::<u32>() >= 7
        }),
        ("one seat out", |p| {
            p.dead().count() == 1 && !p.in_check(p.to_move())
        }),
        ("one seat out, in check", |p| {
            p.dead().count() == 1 && p.in_check(p.to_move())
        }),
        ("one seat out, pawn in hand", |p| {
            p.dead().count() == 1 && p.hand(p.to_move()).count(PieceKind::Pawn) > 0
        }),
        ("two seats out", |p| p.dead().count() == 2),
        ("two seats out, in check", |p| {
            p.dead().count() == 2 && p.in_check(p.to_move())
        }),
        ("two seats out, hands", |p| {
            p.dead().count() == 2 && p.hand(p.to_move()).total() >= 2
        }),
        ("game over", |p| p.live().len() == 1),
    ];
    let rules = RuleSet::yonin();
    let mut found: Vec<Option<String>> = vec![None; wants.len()];
    let mut rng = Rng::new(2024);
    for _ in 0..400 {
        let mut pos = Position::start(&rules);
        for _ in 0..300 {
            for (i, (_, want)) in wants.iter().enumerate() {
                if found[i].is_none() && want(&pos) && rng.below(4) == 0 {
                    found[i] = Some(ysfen::format(&pos));
                }
            }
            let list = pos.legal_moves();
            if list.is_empty() {
                break;
            }
            pos.play_unchecked(list.as_slice()[rng.below(list.len())]);
        }
        if found.iter().all(Option::is_some) {
            break;
        }
    }
    wants
        .iter()
        .zip(found)
        .filter_map(|((name, _), f)| f.map(|t| (name.to_string(), t)))
        .collect()
}

#[test]
#[ignore = "generates data/perft-yonin.txt with the slow reference"]
fn generate_yonin_perft_file() {
    let rules = RuleSet::yonin();
    let mut out = String::new();
    out += "# Golden perft counts for Yonin shogi, counted by the naive reference generator of\n";
    out += "# core/tests/common/mod.rs (independent of movegen.rs), default rules (docs/rules.md §4).\n";
    out +=
        "# Format: <YSFEN> ; <depth> <nodes> ; ...   Regenerate: see core/tests/rules/perft_golden.rs.\n";
    let mut positions: Vec<(String, String, u32)> =
        vec![("start position".into(), ysfen::START.into(), 6)];
    for (name, t) in CRAFTED {
        positions.push((name.to_string(), t.to_string(), 4));
    }
    for (name, t) in sampled_positions() {
        positions.push((format!("random game: {name}"), t, 4));
    }
    for (name, text, max_depth) in positions {
        let pos = ysfen::position(&text, &rules).unwrap_or_else(|e| panic!("{text}: {e}"));
        let reference = NPos::from_engine(&pos, &rules);
        let mut line = ysfen::format(&pos);
        for depth in 1..=max_depth {
            let n = reference.perft(depth);
            line += &format!(" ; {depth} {n}");
            // Next depth only while it stays well inside the test's node limit.
            if n > 100_000 || n == 0 {
                break;
            }
        }
        out += &format!("# {name}\n{line}\n");
        eprintln!("# {name}\n{line}");
    }
    if let Ok(path) = std::env::var("YONIN_PERFT_OUT") {
        std::fs::write(&path, &out).unwrap();
    }
    println!("{out}");
}
