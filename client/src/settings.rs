//! The player's settings and finished games, kept as small text files in the usual per-user
//! folders (`$XDG_CONFIG_HOME/yonin`, `$XDG_DATA_HOME/yonin/games`; `YONIN_HOME` puts both
//! under one folder, which tests use).

use crate::board_view::PieceStyle;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use yonin_core::outcome::Outcome;
use yonin_core::protocol::{parse_start, Action};
use yonin_core::{Game, RuleSet, Seat};

/// Which kind of game the player started last (the menu remembers it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    #[default]
    Computer,
    Online,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub name: String,
    pub server: String,
    pub sound: bool,
    /// 0.0–1.0.
    pub volume: f32,
    pub animation: bool,
    pub two_kanji: bool,
    pub usi_record: bool,
    pub last_mode: Mode,
    pub lang: crate::i18n::Lang,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            name: "Player".into(),
            server: format!("127.0.0.1:{}", crate::net::DEFAULT_PORT),
            sound: true,
            volume: 0.7,
            animation: true,
            two_kanji: false,
            usi_record: false,
            last_mode: Mode::Computer,
            lang: crate::i18n::Lang::En,
        }
    }
}

impl Settings {
    pub fn piece_style(&self) -> PieceStyle {
        if self.two_kanji {
            PieceStyle::TwoKanji
        } else {
            PieceStyle::OneKanji
        }
    }

    /// The saved settings, or the defaults.
    pub fn load() -> Settings {
        config_dir()
            .map(|d| d.join("settings.json"))
            .and_then(|p| std::fs::read_to_string(p).ok())
            .and_then(|t| serde_json::from_str(&t).ok())
            .unwrap_or_default()
    }

    /// Saves the settings; the error says where it failed.
    pub fn save(&self) -> Result<(), String> {
        let dir = config_dir().ok_or("no home folder to save settings in")?;
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join("settings.json");
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))
    }
}

/// A finished game, as saved for the replay screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    pub title: String,
    /// Seconds since 1970 when it ended.
    pub ended: u64,
    pub rules: RuleSet,
    pub start: String,
    pub actions: Vec<Action>,
    pub names: Vec<(Seat, String)>,
    pub me: Option<Seat>,
    pub outcome: Option<Outcome>,
}

impl SavedGame {
    /// Rebuilds the game.
    pub fn replay(&self) -> Result<Game, String> {
        let start = parse_start(&self.rules, &self.start).map_err(|e| e.to_string())?;
        let mut game = Game::from_position(self.rules, start);
        for a in &self.actions {
            a.apply(&mut game).map_err(|e| e.to_string())?;
        }
        Ok(game)
    }

    /// Saves it in the games folder; returns the file.
    pub fn save(&self) -> Result<PathBuf, String> {
        let dir = games_dir().ok_or("no home folder to save games in")?;
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = dir.join(format!("{}-{}.json", self.ended, self.rules.variant.name()));
        let text = serde_json::to_string(self).map_err(|e| e.to_string())?;
        std::fs::write(&path, text).map_err(|e| format!("{}: {e}", path.display()))?;
        Ok(path)
    }

    /// Every saved game, newest first (unreadable files are skipped).
    pub fn load_all() -> Vec<SavedGame> {
        let Some(dir) = games_dir() else {
            return Vec::new();
        };
        let Ok(entries) = std::fs::read_dir(dir) else {
            return Vec::new();
        };
        let mut games: Vec<SavedGame> = entries
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "json"))
            .filter_map(|e| std::fs::read_to_string(e.path()).ok())
            .filter_map(|t| serde_json::from_str(&t).ok())
            .collect();
        games.sort_by_key(|g| std::cmp::Reverse(g.ended));
        games
    }
}

fn home() -> Option<PathBuf> {
    std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .map(PathBuf::from)
}

fn env_dir(var: &str) -> Option<PathBuf> {
    std::env::var_os(var)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
}

/// Where settings live.
pub fn config_dir() -> Option<PathBuf> {
    if let Some(d) = env_dir("YONIN_HOME") {
        return Some(d);
    }
    if cfg!(windows) {
        return env_dir("APPDATA").map(|d| d.join("Yonin"));
    }
    if cfg!(target_os = "macos") {
        return home().map(|h| h.join("Library/Application Support/Yonin"));
    }
    env_dir("XDG_CONFIG_HOME")
        .or_else(|| home().map(|h| h.join(".config")))
        .map(|d| d.join("yonin"))
}

/// Where finished games are kept.
pub fn games_dir() -> Option<PathBuf> {
    if let Some(d) = env_dir("YONIN_HOME") {
        return Some(d.join("games"));
    }
    if cfg!(windows) || cfg!(target_os = "macos") {
        return config_dir().map(|d| d.join("games"));
    }
    env_dir("XDG_DATA_HOME")
        .or_else(|| home().map(|h| h.join(".local/share")))
        .map(|d| d.join("yonin").join("games"))
}
