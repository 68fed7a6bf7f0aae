//! Records made by another program (cshogi) under `tests/data/records/`: every KIF, KI2 and CSA
//! file must read back to the moves and final SFEN in its `.expect` sidecar, survive a
//! write → read round trip, and our KI2 text must match the file's move by move.

use std::path::PathBuf;
use yonin_core::record::game_record::{Ending, GameRecord};
use yonin_core::record::{csa, ki2, kif, sfen};
use yonin_core::Seat;

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/records")
}

struct Expect {
    name: String,
    start: String,
    sfen: String,
    moves: Vec<String>,
    result: String,
}

fn expectations() -> Vec<Expect> {
    let mut v = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(data_dir())
        .expect("records folder")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "expect"))
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap();
        let field = |k: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(k).map(|r| r.trim().to_string()))
                .unwrap_or_default()
        };
        v.push(Expect {
            name: path.file_stem().unwrap().to_string_lossy().into_owned(),
            start: field("start "),
            sfen: field("sfen "),
            moves: field("moves ")
                .split_whitespace()
                .map(String::from)
                .collect(),
            result: field("result "),
        });
    }
    assert!(
        v.len() >= 6,
        "expected at least 6 recorded games, found {}",
        v.len()
    );
    v
}

fn check(rec: &GameRecord, exp: &Expect, what: &str) {
    let start = rec.start_position().unwrap();
    assert_eq!(sfen::format(&start), exp.start, "{what}: start");
    let moves: Vec<String> = rec.usi_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, exp.moves, "{what}: moves");
    let end = rec.final_position().unwrap();
    assert_eq!(sfen::format(&end), exp.sfen, "{what}: final position");
    let winner = if exp.result.contains("sente wins") {
        Seat::South
    } else {
        Seat::North
    };
    let ending = rec
        .ending
        .clone()
        .unwrap_or_else(|| panic!("{what}: no ending"));
    if exp.result.starts_with("checkmate") {
        assert_eq!(
            ending,
            Ending::Checkmate {
                loser: winner.opposite()
            },
            "{what}"
        );
    } else {
        assert_eq!(ending, Ending::Resign(winner.opposite()), "{what}");
    }
}

fn read(path: &str) -> Vec<u8> {
    std::fs::read(data_dir().join(path)).unwrap()
}

#[test]
fn kif_files_read_to_the_expected_games() {
    for exp in expectations() {
        let rec = kif::read_bytes(&read(&format!("{}.kif", exp.name)))
            .unwrap_or_else(|e| panic!("{}.kif: {e}", exp.name));
        check(&rec, &exp, &format!("{}.kif", exp.name));
        assert!(rec.players[Seat::South].is_some() && rec.players[Seat::North].is_some());
        assert!(rec
            .started
            .as_deref()
            .is_some_and(|d| d.starts_with("2024/05/")));
        let millis: Vec<Option<u64>> = rec.moves.iter().map(|m| m.millis).collect();
        assert!(millis
            .iter()
            .all(|m| m.is_some_and(|ms| ms % 1000 == 0 && ms <= 40_000)));
    }
}

#[test]
fn shift_jis_kif_reads_like_utf8() {
    let sjis = read("game1.sjis.kif");
    assert!(
        std::str::from_utf8(&sjis).is_err(),
        "the file should really be Shift-JIS"
    );
    let a = kif::read_bytes(&sjis).unwrap();
    let b = kif::read_bytes(&read("game1.kif")).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.players[Seat::South].as_deref(), Some("先手太郎"));
}

#[test]
fn ki2_files_read_to_the_expected_games() {
    for exp in expectations() {
        let rec = ki2::read_bytes(&read(&format!("{}.ki2", exp.name)))
            .unwrap_or_else(|e| panic!("{}.ki2: {e}", exp.name));
        check(&rec, &exp, &format!("{}.ki2", exp.name));
    }
}

#[test]
fn csa_files_read_to_the_expected_games() {
    for exp in expectations() {
        let rec = csa::read_bytes(&read(&format!("{}.csa", exp.name)))
            .unwrap_or_else(|e| panic!("{}.csa: {e}", exp.name));
        check(&rec, &exp, &format!("{}.csa", exp.name));
        assert_eq!(rec.players[Seat::South].as_deref(), Some("Sente_Player"));
        assert!(rec.moves.iter().all(|m| m.millis.is_some()));
    }
}

/// Move texts of a KI2 file, in order.
fn ki2_texts(text: &str) -> Vec<String> {
    let mut v = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if !line.starts_with(['▲', '△']) {
            continue;
        }
        let mut cur = String::new();
        for c in line.chars() {
            if (c == '▲' || c == '△') && !cur.is_empty() {
                v.push(cur.trim_end().to_string());
                cur.clear();
            }
            cur.push(c);
        }
        if !cur.is_empty() {
            v.push(cur.trim_end().to_string());
        }
    }
    v
}

#[test]
fn our_ki2_text_matches_the_files_move_by_move() {
    let mut diffs = Vec::new();
    for exp in expectations() {
        let text = String::from_utf8(read(&format!("{}.ki2", exp.name))).unwrap();
        let rec = ki2::read(&text).unwrap();
        let ours = ki2_texts(&ki2::write(&rec).unwrap());
        let theirs = ki2_texts(&text);
        assert_eq!(ours.len(), theirs.len(), "{}", exp.name);
        for (i, (a, b)) in ours.iter().zip(&theirs).enumerate() {
            if a != b {
                diffs.push(format!("{} move {}: ours {a}, file {b}", exp.name, i + 1));
            }
        }
    }
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}

#[test]
fn files_survive_write_and_read_in_every_format() {
    for exp in expectations() {
        let rec = kif::read_bytes(&read(&format!("{}.kif", exp.name))).unwrap();
        let k = kif::read(&kif::write(&rec).unwrap()).unwrap();
        assert_eq!(k, rec, "{} via KIF", exp.name);
        let k2 = ki2::read(&ki2::write(&rec).unwrap()).unwrap();
        check(&k2, &exp, &format!("{} via KI2", exp.name));
        assert_eq!(k2.players, rec.players);
        let c = csa::read(&csa::write(&rec).unwrap()).unwrap();
        check(&c, &exp, &format!("{} via CSA", exp.name));
        assert_eq!(c.moves, rec.moves, "{} via CSA (times)", exp.name);
    }
}
