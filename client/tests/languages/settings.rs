//! Settings: saved and read back, older settings.json files still load (with their old
//! fields carried over), broken files give a clear error; the beginner piece style's marks
//! per piece kind and facing; the board themes.

use yonin_client::state::settings::{AnimSpeed, Settings};
use yonin_client::view::board::{
    facing_turns, mark_on_screen, movement_marks, screen_cell, MoveMark, PieceStyle, Reach,
};
use yonin_client::view::theme::{self, ThemeName};
use yonin_core::{PieceKind, Seat, Square};

fn temp_file(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("yonin-settings-test-{}", std::process::id()));
    dir.join(name)
}

#[test]
fn settings_round_trip_through_the_file() {
    let s = Settings {
        name: "Hanako".into(),
        pieces: PieceStyle::Beginner,
        theme: ThemeName::HighContrast,
        anim_speed: AnimSpeed::Slow,
        show_legal: false,
        confirm_moves: true,
        usi_record: true,
        lang: yonin_client::i18n::Lang::Ja,
        ..Settings::default()
    };
    assert_eq!(Settings::from_json(&s.to_json()), Ok(s.clone()));
    let path = temp_file("round/settings.json");
    s.save_to(&path).unwrap();
    assert_eq!(Settings::load_from(&path), Ok(s));
    let text = std::fs::read_to_string(&path).unwrap();
    for field in [
        "\"pieces\": \"Beginner\"",
        "\"theme\": \"HighContrast\"",
        "\"anim_speed\": \"Slow\"",
        "\"show_legal\": false",
        "\"confirm_moves\": true",
    ] {
        assert!(text.contains(field), "{field} not in {text}");
    }
    let _ = std::fs::remove_dir_all(path.parent().unwrap().parent().unwrap());
}

#[test]
fn an_older_settings_file_loads_and_keeps_its_choices() {
    // Written by the version before piece styles, themes and animation speeds.
    let old = r#"{
      "name": "Taro",
      "server": "192.168.1.20:7878",
      "sound": false,
      "volume": 0.3,
      "animation": false,
      "two_kanji": true,
      "usi_record": true,
      "last_mode": "Online",
      "lang": "Ko"
    }"#;
    let s = Settings::from_json(old).unwrap();
    assert_eq!(s.name, "Taro");
    assert_eq!(s.server, "192.168.1.20:7878");
    assert!(!s.sound && s.usi_record);
    assert_eq!(s.lang, yonin_client::i18n::Lang::Ko);
    // The old switches become the new choices.
    assert_eq!(s.pieces, PieceStyle::TwoKanji);
    assert_eq!(s.anim_speed, AnimSpeed::Off);
    // New settings take their defaults.
    assert_eq!(s.theme, ThemeName::Classic);
    assert!(s.show_legal && !s.confirm_moves);

    // Older still: only a name; and the old switches at their other values.
    let s =
        Settings::from_json(r#"{"name": "Ken", "animation": true, "two_kanji": false}"#).unwrap();
    assert_eq!(s.name, "Ken");
    assert_eq!(s.pieces, PieceStyle::OneKanji);
    assert_eq!(s.anim_speed, AnimSpeed::Normal);
    assert_eq!(s.lang, yonin_client::i18n::Lang::En);

    // Once the new field is written, the old one no longer decides.
    let s = Settings::from_json(r#"{"two_kanji": true, "pieces": "Beginner"}"#).unwrap();
    assert_eq!(s.pieces, PieceStyle::Beginner);
    let s = Settings::from_json(r#"{"animation": false, "anim_speed": "Fast"}"#).unwrap();
    assert_eq!(s.anim_speed, AnimSpeed::Fast);
}

#[test]
fn broken_settings_files_are_errors_not_panics() {
    for bad in [
        "",
        "{",
        "nonsense",
        r#"{"pieces": "Sparkly"}"#,
        r#"{"volume": "loud"}"#,
    ] {
        assert!(Settings::from_json(bad).is_err(), "{bad:?} was accepted");
    }
    let missing = temp_file("nowhere/settings.json");
    let e = Settings::load_from(&missing).unwrap_err();
    assert!(e.to_string().contains("settings.json"), "{e}");
    // Out-of-range numbers are brought back into range.
    let s = Settings::from_json(r#"{"volume": 7.5}"#).unwrap();
    assert_eq!(s.volume, 1.0);
}

#[test]
fn animation_speeds_are_ordered_and_off_is_zero() {
    let secs: Vec<f32> = AnimSpeed::ALL.iter().map(|a| a.seconds()).collect();
    assert_eq!(secs[0], 0.0);
    assert!(secs.windows(2).all(|w| w[0] < w[1]), "{secs:?}");
    assert_eq!(AnimSpeed::Slow.step(1), AnimSpeed::Off);
    assert_eq!(AnimSpeed::Off.step(-1), AnimSpeed::Slow);
}

fn marks(kind: PieceKind) -> Vec<(i32, i32, Reach)> {
    let mut v: Vec<_> = movement_marks(kind)
        .into_iter()
        .map(|m| (m.right, m.forward, m.reach))
        .collect();
    v.sort();
    v
}

fn sorted(mut v: Vec<(i32, i32, Reach)>) -> Vec<(i32, i32, Reach)> {
    v.sort();
    v
}

#[test]
fn beginner_marks_per_piece_kind() {
    use PieceKind::*;
    use Reach::*;
    let orth = [(0, 1), (1, 0), (0, -1), (-1, 0)];
    let diag = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let with = |dirs: &[(i32, i32)], r: Reach| -> Vec<(i32, i32, Reach)> {
        dirs.iter().map(|&(x, y)| (x, y, r)).collect()
    };
    let gold = sorted(with(
        &[(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0), (0, -1)],
        Step,
    ));
    assert_eq!(marks(Pawn), vec![(0, 1, Step)]);
    assert_eq!(marks(Lance), vec![(0, 1, Slide)]);
    assert_eq!(marks(Knight), vec![(-1, 2, Jump), (1, 2, Jump)]);
    assert_eq!(
        marks(Silver),
        sorted(with(&[(0, 1), (1, 1), (-1, 1), (1, -1), (-1, -1)], Step))
    );
    assert_eq!(marks(Gold), gold);
    for promoted in [ProPawn, ProLance, ProKnight, ProSilver] {
        assert_eq!(marks(promoted), gold, "{promoted:?}");
    }
    assert_eq!(marks(Rook), sorted(with(&orth, Slide)));
    assert_eq!(marks(Bishop), sorted(with(&diag, Slide)));
    assert_eq!(
        marks(Dragon),
        sorted([with(&orth, Slide), with(&diag, Step)].concat())
    );
    assert_eq!(
        marks(Horse),
        sorted([with(&diag, Slide), with(&orth, Step)].concat())
    );
    assert_eq!(
        marks(King),
        sorted([with(&orth, Step), with(&diag, Step)].concat())
    );
}

#[test]
fn beginner_marks_point_the_way_the_piece_moves_on_screen() {
    // A pawn of each seat seen from South: South's up, West's right, North's down, East's left.
    let pawn = MoveMark {
        right: 0,
        forward: 1,
        reach: Reach::Step,
    };
    assert_eq!(mark_on_screen(Seat::South, Seat::South, pawn), (0, -1));
    assert_eq!(mark_on_screen(Seat::South, Seat::West, pawn), (1, 0));
    assert_eq!(mark_on_screen(Seat::South, Seat::North, pawn), (0, 1));
    assert_eq!(mark_on_screen(Seat::South, Seat::East, pawn), (-1, 0));
    // For every kind, viewer and facing, each mark points from the piece's square to the
    // square the move reaches, as the board is drawn for that viewer.
    let centre = Square::from_usi("5e").unwrap();
    for kind in PieceKind::ALL {
        for viewer in Seat::ALL {
            for facing in Seat::ALL {
                for m in movement_marks(kind) {
                    let to = centre.step(facing, m.right, m.forward).unwrap();
                    let (c0, r0) = screen_cell(viewer, centre);
                    let (c1, r1) = screen_cell(viewer, to);
                    assert_eq!(
                        mark_on_screen(viewer, facing, m),
                        (c1 - c0, r1 - r0),
                        "{kind:?} facing {facing} seen from {viewer} ({} turns)",
                        facing_turns(viewer, facing)
                    );
                }
            }
        }
    }
}

#[test]
fn themes_differ_and_the_choice_is_process_wide() {
    let woods: Vec<_> = ThemeName::ALL.iter().map(|t| t.palette().wood).collect();
    assert!(woods[0] != woods[1] && woods[1] != woods[2] && woods[0] != woods[2]);
    assert_eq!(ThemeName::HighContrast.step(1), ThemeName::Classic);
    for t in ThemeName::ALL {
        theme::set(t);
        assert_eq!(theme::current(), t);
        assert_eq!(theme::palette(), t.palette());
    }
    theme::set(ThemeName::Classic);
    // Each theme keeps the kanji readable on its pieces: dark ink on a light face.
    for t in ThemeName::ALL {
        let p = t.palette();
        let light = |c: macroquad::color::Color| 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
        assert!(light(p.piece_face) - light(p.kanji) > 0.6, "{t:?}");
    }
}

#[test]
fn piece_styles_cycle_and_beginner_uses_one_kanji() {
    assert_eq!(PieceStyle::Beginner.step(1), PieceStyle::OneKanji);
    use yonin_client::view::board::piece_text;
    assert_eq!(
        piece_text(PieceKind::Dragon, false, PieceStyle::Beginner),
        piece_text(PieceKind::Dragon, false, PieceStyle::OneKanji)
    );
    assert_eq!(
        piece_text(PieceKind::Dragon, false, PieceStyle::TwoKanji),
        "龍王"
    );
}
