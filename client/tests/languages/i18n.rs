//! Every string of every language: present (the language files are exhaustive matches, so
//! this checks they are not empty or left in English by mistake) and drawable with the
//! embedded font (each character has a glyph in its cmap).

use yonin_client::i18n::{fill, Lang, Text};

fn missing_glyphs(text: &str, face: &ttf_parser::Face) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_control())
        .filter(|&c| face.glyph_index(c).is_none())
        .collect()
}

#[test]
fn every_string_has_glyphs_in_the_embedded_font() {
    let face = ttf_parser::Face::parse(yonin_client::view::assets::FONT, 0).expect("font parses");
    // The check can fail: a rare kanji outside the subset has no glyph.
    assert!(face.glyph_index('将').is_some() && face.glyph_index('齉').is_none());
    let mut bad = Vec::new();
    for lang in Lang::ALL {
        let mut texts: Vec<String> = Text::ALL
            .iter()
            .map(|&t| lang.text(t).to_string())
            .collect();
        texts.push(lang.native_name().to_string());
        for t in texts {
            let miss = missing_glyphs(&t, &face);
            if !miss.is_empty() {
                bad.push(format!("{lang:?} {t:?}: {miss:?}"));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "characters missing from the font:\n{}",
        bad.join("\n")
    );
}

#[test]
fn every_key_is_translated() {
    for lang in Lang::ALL {
        for &t in Text::ALL {
            assert!(
                !lang.text(t).trim().is_empty(),
                "{t:?} is empty in {lang:?}"
            );
        }
    }
    // Korean and Japanese must not fall back to English: at most a few strings (symbols,
    // "USI 7g7f") may be the same.
    for lang in [Lang::Ko, Lang::Ja] {
        let same: Vec<Text> = Text::ALL
            .iter()
            .copied()
            .filter(|&t| lang.text(t) == Lang::En.text(t))
            .filter(|&t| lang.text(t).chars().any(|c| c.is_ascii_alphabetic()))
            .filter(|&t| !matches!(t, Text::RecordUsi | Text::ReplayKeys | Text::ElimBy))
            .collect();
        assert!(same.is_empty(), "{lang:?} still in English: {same:?}");
    }
}

#[test]
fn arguments_fill_in_every_language() {
    for lang in Lang::ALL {
        let s = fill(lang.text(Text::LostConnection), &[&"North", &45]);
        assert!(s.contains("North") && s.contains("45"), "{lang:?}: {s}");
        assert!(!s.contains('{'), "{lang:?}: {s}");
    }
}

#[test]
fn the_language_is_saved_and_old_settings_files_still_load() {
    use yonin_client::state::settings::Settings;
    let old: Settings = serde_json::from_str(r#"{"name":"Aiko","volume":0.5}"#).unwrap();
    assert_eq!(old.lang, Lang::En);
    assert_eq!(old.name, "Aiko");
    let s = Settings {
        lang: Lang::Ko,
        ..Settings::default()
    };
    let back: Settings = serde_json::from_str(&serde_json::to_string(&s).unwrap()).unwrap();
    assert_eq!(back.lang, Lang::Ko);
    assert_eq!(Lang::En.step(-1), Lang::Ja);
}

#[test]
fn the_classic_theme_is_kaya_in_its_own_kanji() {
    // 榧 is outside JIS level 1: the font carries it (extra-glyphs.txt) so the name needs no kana.
    let face = ttf_parser::Face::parse(yonin_client::view::assets::FONT, 0).expect("font parses");
    assert!(
        face.glyph_index('榧').is_some(),
        "no 榧 in the embedded font"
    );
    assert_eq!(Lang::Ja.text(Text::ThemeClassic), "榧盤");
}

/// A game played here is listed in the language of the day it is looked at, not the one it
/// was saved in; a named game (a record, a server's game) keeps its name beside that.
#[test]
fn a_saved_games_summary_follows_the_language() {
    use yonin_client::i18n::set_lang;
    use yonin_client::state::settings::SavedGame;
    use yonin_core::Action;
    use yonin_core::{EndReason, Outcome};
    use yonin_core::{RuleSet, Seat};
    let p76 = yonin_core::Move::from_usi("7g7f").expect("a move");
    let game = SavedGame {
        title: "Shogi, 1 moves: Sente ▲ wins — resignation".into(),
        named: false,
        ended: 1_796_011_546,
        rules: RuleSet::standard(),
        start: "startpos".into(),
        actions: vec![
            Action::Move {
                seat: Seat::South,
                mv: p76,
                millis: None,
            },
            Action::Resign { seat: Seat::North },
        ],
        names: vec![(Seat::South, "Ann".into()), (Seat::North, "Bo".into())],
        me: Some(Seat::South),
        outcome: Some(Outcome::win(
            Seat::South,
            Seat::North,
            EndReason::Resignation,
        )),
        stand_ins: Vec::new(),
    };
    set_lang(Lang::Ko);
    let ko = game.summary();
    set_lang(Lang::En);
    let en = game.summary();
    assert!(en.starts_with("Shogi, 1 "), "{en}");
    assert!(ko.starts_with("쇼기"), "{ko}");
    assert!(!ko.contains("Shogi") && !ko.contains("wins"), "{ko}");
}
