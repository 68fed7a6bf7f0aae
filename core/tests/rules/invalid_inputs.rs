//! Bad input is a tested path: every invalid SFEN/YSFEN of the data files, bad USI move texts,
//! illegal moves and bad `position` lines give an error naming the cause, never a panic; and
//! thousands of randomly mutated position texts never panic either.

use crate::common;

use common::{mv, Rng};
use std::panic::{catch_unwind, AssertUnwindSafe};
use yonin_core::record::usi::{parse_position_line, UsiPositionError};
use yonin_core::record::{sfen, ysfen};
use yonin_core::{IllegalMove, Move, Position, RuleSet, Square};

/// The `(input, reason)` lines of a data file: `<text>  # <reason>`, `#` lines are comments.
fn cases(file: &str) -> Vec<(String, String)> {
    let path = format!("{}/tests/data/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| match l.find("  #") {
            Some(i) => (l[..i].to_string(), l[i + 3..].trim().to_string()),
            None => panic!("{file}: no `  # reason` in `{l}`"),
        })
        .collect()
}

/// Runs `parse` on every case; returns the complaints (accepted inputs and panics).
fn all_rejected(
    file: &str,
    parse: impl Fn(&str) -> Result<Position, yonin_core::record::ParseError>,
) -> usize {
    let cases = cases(file);
    let mut complaints = Vec::new();
    for (input, reason) in &cases {
        match catch_unwind(AssertUnwindSafe(|| parse(input))) {
            Ok(Err(e)) => assert!(!e.to_string().is_empty()),
            Ok(Ok(_)) => complaints.push(format!("accepted `{input}` ({reason})")),
            Err(_) => complaints.push(format!("panicked on `{input}` ({reason})")),
        }
    }
    assert!(complaints.is_empty(), "{file}:\n{}", complaints.join("\n"));
    cases.len()
}

#[test]
fn invalid_sfen_file_is_rejected() {
    let n = all_rejected("invalid-sfen.txt", |t| {
        sfen::position(t, &RuleSet::standard())
    });
    assert!(n >= 40, "only {n} cases");
}

#[test]
fn invalid_ysfen_file_is_rejected() {
    let n = all_rejected("invalid-ysfen.txt", |t| {
        ysfen::position(t, &RuleSet::yonin())
    });
    assert!(n >= 40, "only {n} cases");
}

#[test]
fn each_format_rejects_the_other() {
    let y = ysfen::position(ysfen::START, &RuleSet::yonin()).unwrap();
    assert!(sfen::position(&ysfen::format(&y), &RuleSet::standard()).is_err());
    let s = sfen::position(sfen::START, &RuleSet::standard()).unwrap();
    assert!(ysfen::position(&sfen::format(&s), &RuleSet::yonin()).is_err());
    // A YSFEN parsed under standard rules (four seats on a two-seat board) is refused too.
    assert!(ysfen::position(ysfen::START, &RuleSet::standard()).is_err());
    // The invalid lines of each file are refused by the other parser as well, without panic.
    for (input, _) in cases("invalid-sfen.txt") {
        let r = catch_unwind(|| ysfen::position(&input, &RuleSet::yonin()).is_err());
        assert!(r.is_ok(), "ysfen panicked on `{input}`");
    }
    for (input, _) in cases("invalid-ysfen.txt") {
        let r = catch_unwind(|| sfen::position(&input, &RuleSet::standard()).is_err());
        assert!(r.is_ok(), "sfen panicked on `{input}`");
    }
}

#[test]
fn bad_usi_move_texts_are_rejected() {
    let bad = [
        "",
        " ",
        "7g",
        "7g7",
        "7g7g",
        "7g7f++",
        "7g7f=",
        "7g7f ",
        " 7g7f",
        "7g7f\n",
        "7G7F",
        "7g-7f",
        "0a1a",
        "10a1a",
        "1j1a",
        "a1b1",
        "７g７f",
        "é1a2",
        "P*5",
        "P*5j",
        "P*0e",
        "K*5e",
        "p*5e",
        "+P*5e",
        "P*5e+",
        "P5e",
        "5e*P",
        "**5e",
        "P**5e",
        "PP*5e",
        "X*5e",
        "+R*5e",
        "7g7f+7",
        "resign",
        "0000",
        "win",
        "7g7f 7f7e",
    ];
    for t in bad {
        let r = catch_unwind(|| Move::from_usi(t));
        match r {
            Ok(Err(e)) => assert!(!e.to_string().is_empty()),
            Ok(Ok(m)) => panic!("`{t}` parsed as {m}"),
            Err(_) => panic!("`{t}` panicked"),
        }
    }
}

#[test]
fn illegal_moves_are_refused_with_their_reason() {
    let start = Position::start(&RuleSet::standard());
    let cases = [
        (
            "5e5d",
            IllegalMove::NoPiece(Square::from_usi("5e").unwrap()),
        ),
        (
            "3c3d",
            IllegalMove::NotYourPiece(Square::from_usi("3c").unwrap()),
        ),
        (
            "7g7e",
            IllegalMove::CannotReach(
                Square::from_usi("7g").unwrap(),
                Square::from_usi("7e").unwrap(),
            ),
        ),
        (
            "8h7g",
            IllegalMove::OwnPiece(Square::from_usi("7g").unwrap()),
        ),
        ("7g7f+", IllegalMove::CannotPromote),
        ("P*5e", IllegalMove::NotInHand),
    ];
    for (text, reason) in cases {
        let mut p = start.clone();
        assert_eq!(p.play(mv(text)), Err(reason), "{text}");
        assert!(!start.is_legal(mv(text)));
        assert_eq!(
            sfen::format(&p),
            sfen::START,
            "a refused move changed the position"
        );
    }
    // Drops on an occupied square, and any move once a Yonin game is over.
    let mut p = sfen::position("4k4/9/9/9/9/9/9/9/4K4 b P 1", &RuleSet::standard()).unwrap();
    assert_eq!(p.play(mv("P*5i")), Err(IllegalMove::DropOnOccupied));
    let over = "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 s P/-/-/- nwe 40";
    let mut y = ysfen::position(over, &RuleSet::yonin()).unwrap();
    assert!(y.legal_moves().is_empty());
    assert_eq!(y.play(mv("5i5h")), Err(IllegalMove::GameOver));
    assert_eq!(y.play(mv("P*5e")), Err(IllegalMove::GameOver));
}

#[test]
fn bad_position_lines_are_rejected() {
    let rules = RuleSet::standard();
    let err = |line: &str| parse_position_line(line, &rules).err();
    assert!(matches!(
        err("positio startpos"),
        Some(UsiPositionError::BadStart)
    ));
    assert!(matches!(
        err("position sfen 9/9 b - 1"),
        Some(UsiPositionError::Position(_))
    ));
    assert!(matches!(
        err("position startpos moves 7g7f xx"),
        Some(UsiPositionError::BadMove { index: 2, .. })
    ));
    assert!(matches!(
        err("position startpos moves 7g7f 7g7f"),
        Some(UsiPositionError::IllegalMove {
            index: 2,
            reason: IllegalMove::NoPiece(_),
            ..
        })
    ));
    assert!(matches!(
        err("position startpos moves 7g7f 3c3d 8h2b+ 3a2b B*5e B*5e"),
        Some(UsiPositionError::IllegalMove { index: 6, .. })
    ));
    let ok = parse_position_line("position startpos moves 7g7f 3c3d", &rules).unwrap();
    assert_eq!(ok.1.len(), 2);
}

/// The `yonin play` command refuses illegal moves and bad positions with a message (run only
/// when the release binary has been built).
#[test]
fn yonin_play_command_reports_errors() {
    let bin = format!("{}/../target/release/yonin", env!("CARGO_MANIFEST_DIR"));
    if !std::path::Path::new(&bin).exists() {
        eprintln!("skipped: {bin} is not built");
        return;
    }
    let run = |args: &[&str]| {
        std::process::Command::new(&bin)
            .args(args)
            .output()
            .expect("run yonin")
    };
    for args in [
        &["play", "7g7f", "7g7f"][..],
        &["play", "xx"],
        &["play", "--position", "9/9 b - 1", "7g7f"],
        &["play", "--variant", "yonin", "7g7f"],
        &[
            "play",
            "--variant",
            "yonin",
            "--position",
            "4Kn4/9/9/9/Kw7Ke/9/9/9/4Ks4 n -/-/-/- n 1",
        ],
    ] {
        let out = run(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{args:?} succeeded");
        assert!(!stderr.contains("panicked"), "{args:?} panicked: {stderr}");
        assert!(!stderr.trim().is_empty(), "{args:?} gave no message");
    }
    let out = run(&["play", "--variant", "yonin", "5g5f"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Random mutations of valid texts: parsing never panics, and whatever is accepted writes back
/// to a text that reads as the same position.
#[test]
fn mutated_position_texts_never_panic() {
    let seeds_standard = [
        sfen::START,
        "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1",
    ];
    let seeds_yonin = [
        ysfen::START,
        "+PeGw2Kn2+Ps1/1+Ps1+Ss+Sw3+Pw/2+PePwRn1Gw2/2Sw1GeSs2Gw/Kw2Ps4Ke/1Rs4RsPe1/Gs1Gw3PeGs1/PsPw2Ps+Sw3/3KsSs2Se1 w -/GS/-/R ne 249",
    ];
    let alphabet: Vec<char> = "0123456789/+-* PLNSGBRKplnsgbrkswneSWNEbx+12ＫΩé\u{0}"
        .chars()
        .collect();
    let mut rng = Rng::new(99);
    let mut accepted = 0;
    for i in 0..6000 {
        let yonin = i % 2 == 1;
        let seed = if yonin {
            seeds_yonin[i / 2 % 2]
        } else {
            seeds_standard[i / 2 % 2]
        };
        let mut chars: Vec<char> = seed.chars().collect();
        for _ in 0..1 + rng.below(3) {
            let at = rng.below(chars.len() + 1);
            let c = alphabet[rng.below(alphabet.len())];
            match rng.below(3) {
                0 if at < chars.len() => chars[at] = c,
                1 if at < chars.len() => {
                    chars.remove(at);
                }
                _ => chars.insert(at, c),
            }
        }
        let text: String = chars.into_iter().collect();
        let result = catch_unwind(|| {
            if yonin {
                let rules = RuleSet::yonin();
                ysfen::position(&text, &rules).ok().map(|p| {
                    let t = ysfen::format(&p);
                    let again = ysfen::position(&t, &rules).expect("own output parses");
                    assert_eq!(ysfen::format(&again), t);
                    let _ = p.legal_moves();
                })
            } else {
                let rules = RuleSet::standard();
                sfen::position(&text, &rules).ok().map(|p| {
                    let t = sfen::format(&p);
                    let again = sfen::position(&t, &rules).expect("own output parses");
                    assert_eq!(sfen::format(&again), t);
                    let _ = p.legal_moves();
                })
            }
        });
        match result {
            Ok(Some(())) => accepted += 1,
            Ok(None) => {}
            Err(_) => panic!("panicked on `{text}`"),
        }
    }
    assert!(
        accepted > 40,
        "mutations should sometimes stay valid ({accepted})"
    );
}

/// Issue 31, item 14: serde's error text repeats the unknown variant name, and cutting it at
/// byte 200 landed inside `é`. The decoder must answer with an error, not panic.
#[test]
fn json_error_text_is_cut_on_a_character_boundary() {
    use yonin_core::protocol::{
        from_json, ClientMessage, CodecError, ServerMessage, MAX_DECODE_ERROR_BYTES,
    };
    let text = format!("{{\"{}é\":0}}", "a".repeat(182));
    for result in [
        from_json::<ClientMessage>(&text).map(|_| ()),
        from_json::<ServerMessage>(&text).map(|_| ()),
    ] {
        match result {
            Err(CodecError::Malformed(why)) => {
                assert!(why.len() <= MAX_DECODE_ERROR_BYTES, "{why}");
                assert!(why.contains("aaaa"), "{why}");
            }
            other => panic!("expected a malformed-message error, got {other:?}"),
        }
    }
}
