//! The player's settings and finished games, kept as small text files in the usual per-user
//! folders (`$XDG_CONFIG_HOME/yonin`, `$XDG_DATA_HOME/yonin/games`; `YONIN_HOME` puts both
//! under one folder, which tests use). The data folder also holds the seats the player holds
//! (`seats`) and the in-process server's store.

use crate::error::FileError;
use crate::view::board::PieceStyle;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use yonin_core::Outcome;
use yonin_core::ReplayError;
use yonin_core::{parse_start, Action, BotLevel};
use yonin_core::{Game, RuleSet, Seat};

/// Which kind of game the player started last (the menu remembers it).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    #[default]
    Computer,
    Online,
}

/// How fast moves slide across the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AnimSpeed {
    Off,
    Fast,
    #[default]
    Normal,
    Slow,
}

impl AnimSpeed {
    pub const ALL: [AnimSpeed; 4] = [
        AnimSpeed::Off,
        AnimSpeed::Fast,
        AnimSpeed::Normal,
        AnimSpeed::Slow,
    ];

    /// The length of a move's animation in seconds (0: none).
    pub fn seconds(self) -> f32 {
        match self {
            AnimSpeed::Off => 0.0,
            AnimSpeed::Fast => 0.07,
            AnimSpeed::Normal => 0.12,
            AnimSpeed::Slow => 0.25,
        }
    }

    /// The next speed, `d` steps on (wrapping).
    pub fn step(self, d: i32) -> AnimSpeed {
        crate::cycle::step(&AnimSpeed::ALL, self, d)
    }
}

/// How long each computer move takes at least, so people can follow them one by one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum BotPace {
    Instant,
    Quick,
    #[default]
    Normal,
    Slow,
}

impl BotPace {
    pub const ALL: [BotPace; 4] = [
        BotPace::Instant,
        BotPace::Quick,
        BotPace::Normal,
        BotPace::Slow,
    ];

    /// Milliseconds a computer move takes at least (0: as soon as it is chosen).
    pub fn ms(self) -> u32 {
        match self {
            BotPace::Instant => 0,
            BotPace::Quick => 300,
            BotPace::Normal => 600,
            BotPace::Slow => 1_200,
        }
    }

    /// The next pace, `d` steps on (wrapping).
    pub fn step(self, d: i32) -> BotPace {
        crate::cycle::step(&BotPace::ALL, self, d)
    }
}

/// Every field has a default, so a file written by an older version (missing fields) loads.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    pub name: String,
    pub server: String,
    pub sound: bool,
    /// 0.0–1.0.
    pub volume: f32,
    pub usi_record: bool,
    pub last_mode: Mode,
    pub lang: crate::i18n::Lang,
    /// One kanji, two kanji, or beginner (with movement marks).
    pub pieces: PieceStyle,
    pub theme: crate::view::theme::ThemeName,
    pub anim_speed: AnimSpeed,
    /// How long computer moves take at least (games this player hosts).
    pub bot_pace: BotPace,
    /// Dots on the destinations of a picked piece.
    pub show_legal: bool,
    /// A move waits for a second click or Enter before it is sent.
    pub confirm_moves: bool,
    /// Pass and play: the board turns to the person at this computer whose turn it is
    /// (false: it stays with the first person's seat).
    pub turn_board: bool,
    /// The last game set up against the computer, offered again next time.
    #[serde(deserialize_with = "lenient")]
    pub last_offline: Option<LastSetup>,
    /// The last room created online.
    #[serde(deserialize_with = "lenient")]
    pub last_online: Option<LastSetup>,
}

/// A game's setup as the player left it: rules, their seat, the other seats, the clock.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastSetup {
    pub rules: yonin_core::RuleSet,
    pub my_seat: yonin_core::Seat,
    /// South, West, North, East: a computer at this level, or None for a person.
    pub others: [Option<yonin_core::BotLevel>; 4],
    /// An index into `table::TIME_CONTROLS`.
    pub time: usize,
}

/// A field a newer or damaged file wrote in a shape this version cannot read is left out
/// (None), not a reason to lose every other setting.
fn lenient<'de, D, T>(d: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: serde::de::DeserializeOwned,
{
    let value = serde_json::Value::deserialize(d)?;
    Ok(serde_json::from_value(value).ok())
}

/// The fields older versions wrote and newer ones replaced: `two_kanji` became `pieces`,
/// `animation` (on/off) became `anim_speed`.
#[derive(Deserialize, Default)]
#[serde(default)]
struct Legacy {
    two_kanji: Option<bool>,
    animation: Option<bool>,
    pieces: Option<serde::de::IgnoredAny>,
    anim_speed: Option<serde::de::IgnoredAny>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            name: "Player".into(),
            server: format!("127.0.0.1:{}", crate::net::DEFAULT_PORT),
            sound: true,
            volume: 0.7,
            usi_record: false,
            last_mode: Mode::Computer,
            lang: crate::i18n::Lang::En,
            pieces: PieceStyle::OneKanji,
            theme: crate::view::theme::ThemeName::Classic,
            anim_speed: AnimSpeed::Normal,
            bot_pace: BotPace::Normal,
            show_legal: true,
            confirm_moves: false,
            turn_board: true,
            last_offline: None,
            last_online: None,
        }
    }
}

impl Settings {
    pub(crate) fn piece_style(&self) -> PieceStyle {
        self.pieces
    }

    /// Reads settings.json text; fields it lacks keep their defaults, and the fields of older
    /// versions are carried over.
    pub fn from_json(text: &str) -> Result<Settings, FileError> {
        let mut s: Settings = serde_json::from_str(text).map_err(FileError::text)?;
        let old: Legacy = serde_json::from_str(text).map_err(FileError::text)?;
        if old.pieces.is_none() && old.two_kanji == Some(true) {
            s.pieces = PieceStyle::TwoKanji;
        }
        if old.anim_speed.is_none() && old.animation == Some(false) {
            s.anim_speed = AnimSpeed::Off;
        }
        s.volume = if s.volume.is_finite() {
            s.volume.clamp(0.0, 1.0)
        } else {
            Settings::default().volume
        };
        Ok(s)
    }

    pub fn to_json(&self) -> String {
        // Plain data with string keys: serialising cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The settings in `path`; the error names the file and what is wrong with it.
    pub fn load_from(path: &std::path::Path) -> Result<Settings, FileError> {
        let text = std::fs::read_to_string(path).map_err(|e| FileError::at(path, e))?;
        Settings::from_json(&text).map_err(|e| FileError::at(path, e))
    }

    /// Writes the settings to `path`, creating its folder.
    pub fn save_to(&self, path: &std::path::Path) -> Result<(), FileError> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| FileError::at(dir, e))?;
        }
        std::fs::write(path, self.to_json()).map_err(|e| FileError::at(path, e))
    }

    /// The saved settings, or the defaults (a missing file is normal; a broken one is
    /// reported and ignored).
    pub fn load() -> Settings {
        let Some(path) = config_dir().map(|d| d.join("settings.json")) else {
            return Settings::default();
        };
        if !path.exists() {
            return Settings::default();
        }
        Settings::load_from(&path).unwrap_or_else(|e| {
            tracing::warn!("settings not read, using the defaults: {e}");
            Settings::default()
        })
    }

    /// Saves the settings; the error says where it failed.
    pub(crate) fn save(&self) -> Result<(), FileError> {
        let dir = config_dir().ok_or(FileError::NoHome("settings"))?;
        self.save_to(&dir.join("settings.json"))
    }

    /// Makes the settings that act process-wide (language, board theme) take effect.
    pub(crate) fn apply(&self) {
        crate::i18n::set_lang(self.lang);
        crate::view::theme::set(self.theme);
    }
}

/// A finished game, as saved for the replay screen.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SavedGame {
    /// The room's or record's name (a game played here: a summary, in the language of the
    /// day it was saved).
    pub title: String,
    /// The title names the game (a record or a server's game); otherwise lists show a
    /// summary in the current language instead.
    #[serde(default)]
    pub named: bool,
    /// Seconds since 1970 when it ended.
    pub ended: u64,
    pub rules: RuleSet,
    pub start: String,
    pub actions: Vec<Action>,
    /// The person (or bot) of each seat: a person's own name, without a stand-in note.
    pub names: Vec<(Seat, String)>,
    pub me: Option<Seat>,
    pub outcome: Option<Outcome>,
    /// Seats whose person was played for by a bot at the end (they dropped or left), and
    /// that bot; files of older versions have none.
    #[serde(default)]
    pub stand_ins: Vec<(Seat, BotLevel)>,
}

impl SavedGame {
    /// The name shown for `seat`: the person's, with "— a bot stands in" when one did.
    pub fn display_name(&self, seat: Seat) -> Option<String> {
        let (_, name) = self.names.iter().find(|(s, _)| *s == seat)?;
        Some(if self.stand_ins.iter().any(|(s, _)| *s == seat) {
            crate::i18n::trf(crate::i18n::Text::StandInName, &[name])
        } else {
            name.clone()
        })
    }

    /// The game in the current language: "Shogi, 6 moves: Sente ▲ wins — forfeit".
    pub fn summary(&self) -> String {
        use crate::i18n::{tr, trf, Text};
        let kind = match self.rules.variant {
            yonin_core::Variant::Standard => tr(Text::Shogi),
            yonin_core::Variant::Yonin => tr(Text::Yonin),
        };
        let moves = self
            .actions
            .iter()
            .filter(|a| matches!(a, Action::Move { .. }))
            .count();
        let result = self
            .outcome
            .as_ref()
            .map(|o| crate::i18n::words::outcome_line(o, self.rules.variant))
            .unwrap_or_default();
        format!("{kind}, {}: {result}", trf(Text::NMoves, &[&moves]))
    }

    /// Rebuilds the game.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        yonin_core::replay(self.rules, &self.start, &self.actions)
    }

    /// The table after the first `at` actions (all of them at most), seen by `me`: the record
    /// and last moves rebuilt action by action, so a Yonin resignation between moves stays in
    /// its place.
    pub(crate) fn table_at(
        &self,
        at: usize,
        now: f64,
    ) -> Result<crate::state::table::Table, ReplayError> {
        let start = parse_start(&self.rules, &self.start)?;
        let actions = &self.actions[..at.min(self.actions.len())];
        crate::state::table::Table::from_actions(self.rules, start, actions, self.me, now)
    }

    /// Saves it in the games folder; returns the file.
    pub(crate) fn save(&self) -> Result<PathBuf, FileError> {
        let dir = games_dir().ok_or(FileError::NoHome("games"))?;
        std::fs::create_dir_all(&dir).map_err(|e| FileError::at(&dir, e))?;
        let path = dir.join(format!("{}-{}.json", self.ended, self.rules.variant.name()));
        let text = serde_json::to_string(self).map_err(FileError::text)?;
        std::fs::write(&path, text).map_err(|e| FileError::at(&path, e))?;
        Ok(path)
    }

    /// Every saved game, newest first (unreadable files are skipped).
    pub(crate) fn load_all() -> Vec<SavedGame> {
        match games_dir() {
            Some(dir) => SavedGame::load_dir(&dir),
            None => Vec::new(),
        }
    }

    /// Every game saved in `dir`, newest first (unreadable files are skipped).
    pub fn load_dir(dir: &std::path::Path) -> Vec<SavedGame> {
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
pub(crate) fn config_dir() -> Option<PathBuf> {
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

/// Where the client keeps its data: finished games, the seats it holds (`seats`), and the
/// in-process server's store.
pub(crate) fn data_dir() -> Option<PathBuf> {
    if let Some(d) = env_dir("YONIN_HOME") {
        return Some(d);
    }
    if cfg!(windows) || cfg!(target_os = "macos") {
        return config_dir();
    }
    env_dir("XDG_DATA_HOME")
        .or_else(|| home().map(|h| h.join(".local/share")))
        .map(|d| d.join("yonin"))
}

/// Where finished games are kept.
pub(crate) fn games_dir() -> Option<PathBuf> {
    data_dir().map(|d| d.join("games"))
}
