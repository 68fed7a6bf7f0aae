//! Bad records: every input below must give an error naming the line and the cause, and no
//! input at all — truncated files, flipped bytes, garbage, absurd numbers — may panic.

use std::path::PathBuf;
use yonin_core::record::game_record::{RecordError, RecordErrorKind};
use yonin_core::record::{csa, ki2, kif};

const HEAD: &str = "手合割：平手\n手数----指手---------消費時間--\n";

/// (what, input, line the error must name)
fn kif_cases() -> Vec<(&'static str, String, usize)> {
    let h = |body: &str| format!("{HEAD}{body}");
    vec![
        ("empty", String::new(), 1),
        ("prose", "hello world\n".into(), 1),
        ("unknown handicap", "手合割：三十枚落ち\n".into(), 1),
        ("skipped move number", h("   1 ７六歩(77)\n   2 ３四歩(33)\n   4 ２六歩(27)\n"), 5),
        ("absurd move number", h("99999999999999999999999 ７六歩(77)\n"), 3),
        ("origin without the piece", h("   1 ７六歩(78)\n"), 3),
        ("unreachable square", h("   1 ７五歩(77)\n"), 3),
        ("同 first", h("   1 同　歩(77)\n"), 3),
        ("unknown piece", h("   1 ７六犬(77)\n"), 3),
        ("text after the move", h("   1 ７六歩(77) and more\n"), 3),
        ("move after 投了", h("   1 ７六歩(77)\n   2 投了\n   3 ３四歩(33)\n"), 5),
        ("absurd time", h("   1 ７六歩(77)   ( 99999999999999999999:03/00:00:03)\n"), 3),
        ("letters in time", h("   1 ７六歩(77)   ( 0:xx/00:00:03)\n"), 3),
        ("drop from an empty hand", h("   1 ５五角打\n"), 3),
        ("promoting outside the zone", h("   1 ７六歩成(77)\n"), 3),
        ("not promoting where it must", "後手の持駒：なし\n  ９ ８ ７ ６ ５ ４ ３ ２ １\n+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n| ・ ・ ・ ・ ・ ・ 歩 ・ ・|二\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|三\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|四\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|五\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|六\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|七\n| ・ ・ ・ ・ ・ ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n先手の持駒：なし\n   1 ３一歩(32)\n".into(), 15),
        ("board of 8 ranks", "+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n".to_string() + &"| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n".repeat(6) + "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n   1 ５八玉(59)\n", 11),
        ("board of 10 ranks", "| ・ ・ ・ ・ ・ ・ ・ ・ ・|一\n".repeat(10), 10),
        ("bad board cell", "|v香v桂x銀 ・v金v金v銀v桂 ・|一\n".into(), 1),
        ("short board row", "|v香v桂|一\n".into(), 1),
        ("board with two kings", "+---------------------------+\n| ・ ・ ・ ・v玉 ・ ・ ・ ・|一\n".to_string() + &"| ・ ・ ・ ・ ・ ・ ・ ・ ・|二\n".repeat(6) + "| ・ ・ ・ ・ 玉 ・ ・ ・ ・|八\n| ・ ・ ・ ・ 玉 ・ ・ ・ ・|九\n+---------------------------+\n   1 ５八玉(59)\n", 12),
        ("bad hand", "先手の持駒：歩九十\n".into(), 1),
        ("king in hand", "先手の持駒：玉\n".into(), 1),
        ("bad rule", "ルール：castling\n".into(), 1),
        ("Yonin bad start", "手合割：四人将棋\n局面：9/9 s\n   1 ↑5六歩(57)\n".into(), 3),
        ("Yonin wrong seat", "手合割：四人将棋\n   1 →5六歩(57)\n".into(), 2),
        ("Yonin illegal", "手合割：四人将棋\n   1 ↑5五歩(57)\n".into(), 2),
        ("Yonin resignation after the end", "手合割：四人将棋\n   1 中断\n   1 →投了\n".into(), 3),
        ("stray line between moves", h("   1 ７六歩(77)\nwhat is this\n"), 4),
    ]
}

fn ki2_cases() -> Vec<(&'static str, String, usize)> {
    vec![
        ("empty", String::new(), 1),
        ("ambiguous gold", "手合割：平手\n\n▲５八金\n".into(), 3),
        (
            "no such silver",
            "手合割：平手\n▲７六歩　△３四歩　▲２二角成　△同　銀　▲同　銀\n".into(),
            2,
        ),
        ("illegal pawn", "▲７五歩\n".into(), 1),
        ("drop from an empty hand", "▲５五角打\n".into(), 1),
        (
            "move after the summary",
            "▲７六歩\nまで1手で先手の勝ち\n△３四歩\n".into(),
            3,
        ),
        ("word that fits nothing", "▲７六歩右\n".into(), 1),
        ("bad square", "▲０六歩\n".into(), 1),
        ("garbage", "☃☃☃\n".into(), 1),
        ("Yonin", "手合割：四人将棋\n▲５六歩\n".into(), 2),
        ("unknown handicap", "手合割：百枚落ち\n▲７六歩\n".into(), 1),
    ]
}

fn csa_cases() -> Vec<(&'static str, String, usize)> {
    let h = |body: &str| format!("V2.2\nN+a\nN-b\nPI\n+\n{body}");
    vec![
        ("empty", String::new(), 1),
        ("illegal move", h("+7775FU\n"), 6),
        ("wrong side", "PI\n-\n+7776FU\n".into(), 3),
        ("moving the wrong piece kind", h("+7776KI\n"), 6),
        ("unknown piece", h("+7776XX\n"), 6),
        ("from an empty square", h("+5556FU\n"), 6),
        ("promotion to the wrong kind", h("+7776TO\n"), 6),
        ("short move", h("+7776\n"), 6),
        ("removing a missing piece", "PI82HI99KA\n+\n".into(), 1),
        ("ragged PI", "PI82H\n+\n".into(), 1),
        ("bad board row", "P1-KY-KE-XX\n".into(), 1),
        ("king in hand", "P+00OU\n".into(), 1),
        (
            "two kings",
            "P1 *  *  *  * -OU *  *  *  * \nP9 *  *  * +OU+OU *  *  *  * \n+\n".into(),
            3,
        ),
        ("negative time", h("+7776FU\nT-5\n"), 7),
        ("absurd time", h("+7776FU\nT99999999999999999999\n"), 7),
        ("garbage", "Zebra crossing\n".into(), 1),
        ("bad P line", "P0abc\n".into(), 1),
        ("bad name line", "N*nobody\n".into(), 1),
        ("side twice", "PI\n+\n+\n".into(), 3),
        ("move after the end", h("+7776FU\n%TORYO\n-3334FU\n"), 8),
        ("comma statements, one bad", h("+7776FU,T3,-3335FU\n"), 6),
    ]
}

fn check(
    format: &str,
    cases: Vec<(&str, String, usize)>,
    read: impl Fn(&[u8]) -> Result<yonin_core::record::game_record::GameRecord, RecordError>,
) {
    for (what, input, line) in cases {
        match read(input.as_bytes()) {
            Ok(rec) => panic!("{format} `{what}` was accepted: {rec:?}"),
            Err(e) => {
                assert_eq!(e.line, line, "{format} `{what}`: {e}");
                let msg = e.to_string();
                assert!(
                    msg.starts_with(&format!("line {line}: ")),
                    "{format} `{what}`: {msg}"
                );
            }
        }
    }
}

#[test]
fn bad_kif_files_are_errors() {
    check("KIF", kif_cases(), kif::read_bytes);
}

#[test]
fn bad_ki2_files_are_errors() {
    check("KI2", ki2_cases(), ki2::read_bytes);
}

#[test]
fn bad_csa_files_are_errors() {
    check("CSA", csa_cases(), csa::read_bytes);
}

#[test]
fn bytes_that_are_neither_utf8_nor_shift_jis_are_an_encoding_error() {
    let mut bytes = "手合割：平手\n".as_bytes().to_vec();
    bytes.extend_from_slice(b"\n\xFF\xFE\x80\xA0\xFD\n");
    for read in [kif::read_bytes, ki2::read_bytes, csa::read_bytes] {
        let e = read(&bytes).unwrap_err();
        assert_eq!(e.kind, RecordErrorKind::Encoding);
        assert_eq!(e.line, 3, "{e}");
    }
}

#[test]
fn huge_inputs_are_refused_without_reading_them() {
    let big = vec![b' '; yonin_core::record::game_record::MAX_RECORD_BYTES + 1];
    assert!(matches!(
        kif::read_bytes(&big).unwrap_err().kind,
        RecordErrorKind::TooLarge(_)
    ));
    assert!(matches!(
        csa::read_bytes(&big).unwrap_err().kind,
        RecordErrorKind::TooLarge(_)
    ));
}

fn data_files() -> Vec<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/records");
    let mut v: Vec<Vec<u8>> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| {
            p.extension()
                .is_some_and(|x| x == "kif" || x == "ki2" || x == "csa")
        })
        .map(|p| std::fs::read(p).unwrap())
        .collect();
    v.sort();
    v
}

fn read_all(bytes: &[u8]) {
    // Only the absence of panics is checked here; the results may be anything.
    let _ = kif::read_bytes(bytes);
    let _ = ki2::read_bytes(bytes);
    let _ = csa::read_bytes(bytes);
}

#[test]
fn truncated_files_never_panic() {
    for file in data_files() {
        for cut in (0..file.len()).step_by(13) {
            read_all(&file[..cut]);
        }
    }
}

#[test]
fn damaged_files_and_garbage_never_panic() {
    let mut rng = yonin_testkit::Rng::new(0xBAD_5EED);
    let files = data_files();
    for _ in 0..400 {
        let mut f = files[(rng.next_u64() % files.len() as u64) as usize].clone();
        for _ in 0..(1 + rng.next_u64() % 6) {
            let i = (rng.next_u64() % f.len() as u64) as usize;
            f[i] = rng.next_u64() as u8;
        }
        read_all(&f);
        // Swapped lines keep the bytes valid but the game nonsense.
        let text = String::from_utf8_lossy(&f).into_owned();
        let mut lines: Vec<&str> = text.lines().collect();
        let n = lines.len();
        if n > 2 {
            lines.swap(
                (rng.next_u64() % n as u64) as usize,
                (rng.next_u64() % n as u64) as usize,
            );
        }
        read_all(lines.join("\n").as_bytes());
    }
    for len in [1usize, 2, 7, 64, 500, 4000] {
        for _ in 0..20 {
            let g: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
            read_all(&g);
            // Garbage drawn from the characters records use.
            let alphabet: Vec<char> = "０１２３４５６７８９一二三四五六七八九歩香桂銀金角飛玉と成不打同右左直上引寄▲△↑→↓←()（）:：/+-*%PTN,0123456789 \n　|v・".chars().collect();
            let s: String = (0..len)
                .map(|_| alphabet[(rng.next_u64() % alphabet.len() as u64) as usize])
                .collect();
            read_all(s.as_bytes());
        }
    }
}
