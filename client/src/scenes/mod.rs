//! Named scenes for `yonin --screenshot`: games at known moments, and screens, drawn without
//! a server so tests can look at real pixels.

pub(crate) mod games;
pub(crate) mod net;
pub mod replay;
pub mod screenshot;

use crate::screens::{Ctx, Screen, Transition};
use crate::state::table::{Pick, Table};
use crate::view::game::GameView;
use yonin_core::{Action, BotLevel, TimeControl};
use yonin_core::{Move, RuleSet, Seat, Square};

/// Every scenario name, with what it shows.
pub const SCENARIOS: &[(&str, &str)] = &[
    (
        "standard-start",
        "a standard game at the start, seen from Sente",
    ),
    (
        "standard-midgame",
        "a standard game after 19 moves: bishops traded, pieces in hand, Gote in check",
    ),
    ("yonin-start", "a Yonin game at the start, seen from South"),
    (
        "yonin-west",
        "a Yonin game after one elimination, seen from West",
    ),
    (
        "standard-hints",
        "Sente has picked up the bishop: dots on its destinations, a ring on 2b",
    ),
    (
        "standard-promotion",
        "Sente takes on 2b with the bishop and is asked whether to promote",
    ),
    (
        "yonin-check",
        "South drops a rook checking North and East: answer order and banner",
    ),
    (
        "yonin-over",
        "the game-over screen of a Yonin game with the ranking",
    ),
    (
        "live-yonin",
        "a live offline Yonin game of four computers, watched (through the embedded server)",
    ),
    ("lobby", "the lobby of a server hosted here (no rooms yet)"),
    ("room", "a Yonin room waiting for a fourth player"),
    ("menu", "the main menu"),
    (
        "menu-rejoin",
        "the main menu offering to rejoin a LAN game hosted here (against Bob)",
    ),
    (
        "menu-ko",
        "the main menu in Korean (any scenario takes -en, -ko or -ja)",
    ),
    ("settings-ja", "the settings screen in Japanese"),
    (
        "beginner-pieces",
        "the midgame in the beginner piece style: movement marks on every piece",
    ),
    (
        "beginner-yonin",
        "Yonin from West in the beginner style: marks turned with each army's facing",
    ),
    (
        "theme-classic",
        "the bishop picked, classic kaya-wood theme",
    ),
    ("theme-dark", "the bishop picked, dark theme"),
    ("theme-contrast", "the bishop picked, high-contrast theme"),
    (
        "typed-error",
        "Sente typed 75歩打 and pressed Enter: refused as nifu, the text kept",
    ),
    ("shortcut-help", "the keyboard help overlay (? or F1)"),
    (
        "typed-preview",
        "Sente is typing 76歩 (no Enter yet): the move's squares are marked",
    ),
    (
        "confirm-move",
        "confirm-moves on: ▲8h2b+ shown played, waiting for Enter or a click",
    ),
    (
        "confirm-move-yonin",
        "confirm-moves on in Yonin: South's first move waiting, the question beside the board",
    ),
    ("standard-flipped", "the midgame with the view turned by F"),
    ("replay", "the list of finished games (empty here)"),
    ("setup", "the new-game screen"),
    (
        "setup-yonin",
        "the new-game screen for Yonin, with its house rules",
    ),
    ("connect", "the online / LAN screen"),
    ("rules-yonin", "the rules screen for Yonin"),
    (
        "reconnecting",
        "the connection dropped mid-game: the Reconnecting overlay, attempt 3, grace left",
    ),
    (
        "opponent-disconnected",
        "Yonin from West: East dropped (its plate counts the grace down), a bot plays South",
    ),
    (
        "chat-panel",
        "the chat under the record: players, a spectator, a refused line, a line being typed",
    ),
    (
        "room-chat",
        "a Yonin room waiting for its last player, with the room's chat beside the seats",
    ),
    (
        "lobby-chat",
        "the lobby: two rooms listed and the lobby's chat beside them",
    ),
    (
        "room-reconnecting",
        "the connection dropped in a waiting room: the Reconnecting overlay, attempt 2",
    ),
    (
        "reconnect-refused",
        "back online, but the server no longer knows the seat: the reason, back to the lobby",
    ),
    (
        "replay-server",
        "the replay browser listing the games stored on a server",
    ),
    (
        "replay-import",
        "the replay browser's import tab: a path that does not open, record files below",
    ),
    (
        "replay-yonin-east",
        "the replay viewer of a Yonin game from East, after move 30",
    ),
    (
        "replay-standard",
        "the replay viewer of a standard game from Gote, after move 12",
    ),
    (
        "replay-review",
        "a reviewed game on its blunder: the graph, the ?? move and the better move's arrow",
    ),
];

/// The table of a scenario: a game at a known moment, or an online scene's game.
pub fn table(name: &str) -> Result<Table, String> {
    if net::is_scene(name) {
        return net::table(name);
    }
    games::table(name)?.ok_or_else(|| {
        let names: Vec<&str> = SCENARIOS.iter().map(|(n, _)| *n).collect();
        format!(
            "unknown scenario `{name}`; try one of: {}",
            names.join(", ")
        )
    })
}

/// A screen showing a fixed table.
pub struct TableScreen {
    table: Table,
    view: GameView,
}

impl Screen for TableScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        let mut opts = ctx.view_options(true);
        opts.animation = 0.0;
        let ui = ctx.ui();
        self.view.frame(&ui, &self.table, &opts, ctx.now);
        Transition::Stay
    }
}

/// When a live scenario is ready for its picture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ready {
    /// The game has this many moves.
    Moves(usize),
    /// Connected, in the lobby, the room list received.
    Lobby,
    /// In a room, waiting for players.
    Room,
}

impl Ready {
    pub fn reached(self, s: &crate::state::session::Session) -> bool {
        match self {
            Ready::Moves(n) => s
                .table
                .as_ref()
                .is_some_and(|t| t.game.moves().len() >= n || t.is_over()),
            Ready::Lobby => s.link == crate::state::session::Link::Open && s.player_id.is_some(),
            Ready::Room => s.room.is_some(),
        }
    }
}

/// A live scenario: a session with an embedded server, and when to take the picture.
pub fn live(name: &str) -> Option<(crate::state::session::Session, Ready)> {
    use crate::state::session::Session;
    use yonin_core::protocol::RoomSettings;
    match name {
        "live-yonin" => {
            let mut settings = RoomSettings::new("live", RuleSet::yonin());
            settings.bots = Seat::ALL.iter().map(|&s| (s, BotLevel::Beginner)).collect();
            settings.host_seat = None;
            settings.time_control = TimeControl::Byoyomi {
                main_ms: 300_000,
                byoyomi_ms: 10_000,
                periods: 3,
            };
            Some((Session::offline("Watcher", settings), Ready::Moves(12)))
        }
        "lobby" => {
            let loopback = std::net::SocketAddr::from(([127, 0, 0, 1], 0));
            Some((Session::host(loopback, "Hanako"), Ready::Lobby))
        }
        "room" => {
            // A Yonin room with two computers and one seat open for a person who is not
            // here: it waits (a person here would be seated at once and the game start).
            let mut settings = RoomSettings::new("Friday Yonin", RuleSet::yonin());
            settings.bots = vec![
                (Seat::West, BotLevel::Easy),
                (Seat::North, BotLevel::Medium),
            ];
            settings.time_control = TIME_CONTROL_ROOM;
            Some((Session::offline_waiting("Hanako", settings), Ready::Room))
        }
        name if crate::scenes::net::is_scene(name) => {
            // A scene that fails to build is logged (its unit test catches it first).
            crate::scenes::net::session(name)
                .map_err(|e| tracing::error!("{name}: {e}"))
                .ok()
                .map(|s| {
                    let ready = if s.room.is_some() {
                        Ready::Room
                    } else {
                        Ready::Lobby
                    };
                    (s, ready)
                })
        }
        _ => None,
    }
}

const TIME_CONTROL_ROOM: TimeControl = TimeControl::Byoyomi {
    main_ms: 600_000,
    byoyomi_ms: 30_000,
    periods: 1,
};

/// Splits a language suffix off a scenario name: `menu-ko` is `menu` in Korean (`-en`,
/// `-ko`, `-ja`).
pub(crate) fn split_lang(name: &str) -> (&str, Option<crate::i18n::Lang>) {
    use crate::i18n::Lang;
    for (suffix, lang) in [("-en", Lang::En), ("-ko", Lang::Ko), ("-ja", Lang::Ja)] {
        if let Some(base) = name.strip_suffix(suffix) {
            return (base, Some(lang));
        }
    }
    (name, None)
}

/// Splits a theme suffix off a scenario name: `rules-yonin@dark` is `rules-yonin` in the
/// dark theme (`@classic`, `@dark`, `@contrast`; before any language suffix is split off).
pub(crate) fn split_theme(name: &str) -> (&str, Option<crate::view::theme::ThemeName>) {
    use crate::view::theme::ThemeName;
    for (suffix, theme) in [
        ("@classic", ThemeName::Classic),
        ("@dark", ThemeName::Dark),
        ("@contrast", ThemeName::HighContrast),
    ] {
        if let Some(base) = name.strip_suffix(suffix) {
            return (base, Some(theme));
        }
    }
    (name, None)
}

/// The screen of a scenario.
pub fn screen(name: &str, ctx: &Ctx) -> Result<Box<dyn Screen>, String> {
    Ok(match name {
        "live-yonin" => Box::new(crate::screens::game::GameScreen::new()),
        name if crate::scenes::net::is_scene(name) => crate::scenes::net::screen(name),
        "lobby" | "room" => Box::new(crate::screens::online::LobbyScreen::new()),
        "menu" => Box::new(crate::screens::menu::MenuScreen::new()),
        "menu-rejoin" => Box::new(crate::screens::menu::MenuScreen::with_saved_seat(
            rejoin_seat(),
        )),
        "settings" => Box::new(crate::screens::settings::SettingsScreen::new(&ctx.settings)),
        "replay" => Box::new(crate::screens::replay::ReplayList::new()),
        "replay-server" => Box::new(crate::scenes::replay::server_list()?),
        "replay-import" => Box::new(crate::scenes::replay::import_tab()),
        "replay-yonin-east" => Box::new(crate::scenes::replay::viewer_from_side()?),
        "replay-standard" => Box::new(crate::scenes::replay::viewer_standard()?),
        "replay-review" => Box::new(crate::scenes::replay::viewer_reviewed()?),
        "setup" => Box::new(crate::screens::setup::SetupScreen::offline(&ctx.settings)),
        "setup-yonin" => {
            let mut s = crate::screens::setup::SetupScreen::offline(&ctx.settings);
            s.set_rules(RuleSet::yonin());
            Box::new(s)
        }
        "connect" => Box::new(crate::screens::online::ConnectScreen::new(&ctx.settings)),
        "rules-yonin" => Box::new(crate::screens::rules::RulesScreen::for_game(
            RuleSet::yonin(),
            TimeControl::None,
        )),
        "yonin-over" => Box::new(crate::screens::game_over::GameOverScreen::with_table(
            table(name)?,
        )),
        "theme-classic" | "theme-dark" | "theme-contrast" => {
            let mut view = GameView::new();
            view.set_pick(Pick::Square(Square::from_usi("8h").ok_or("no square")?));
            Box::new(TableScreen {
                table: table(name)?,
                view,
            })
        }
        "typed-error" | "typed-preview" | "shortcut-help" | "confirm-move"
        | "confirm-move-yonin" | "standard-flipped" => {
            let table = table(name)?;
            let mut view = GameView::new();
            match name {
                "typed-error" => {
                    view.type_move(&table, TYPED_ERROR, true);
                }
                "typed-preview" => {
                    view.type_move(&table, "76歩", false);
                }
                "shortcut-help" => view.show_help(),
                "confirm-move" => {
                    view.keys.pending = Some(Move::from_usi("8h2b+").map_err(|e| e.to_string())?)
                }
                "confirm-move-yonin" => {
                    let moves = table.game.position().legal_moves();
                    view.keys.pending = Some(*moves.iter().next().ok_or("no legal move")?)
                }
                _ => view.keys.turns = 2,
            }
            Box::new(TableScreen { table, view })
        }
        "standard-hints" | "standard-promotion" => {
            let mut view = GameView::new();
            let bishop = Square::from_usi("8h").ok_or("no square")?;
            if name == "standard-hints" {
                view.set_pick(Pick::Square(bishop));
            } else {
                let to = |s: &str| Move::from_usi(s).map_err(|e| e.to_string());
                view.set_pick(Pick::Square(bishop));
                view.ask_promotion(to("8h2b")?, to("8h2b+")?);
            }
            Box::new(TableScreen {
                table: table(name)?,
                view,
            })
        }
        _ => Box::new(TableScreen {
            table: table(name)?,
            view: GameView::new(),
        }),
    })
}

/// The move typed in `typed-error`: a pawn drop on file 7, where Sente already has a pawn.
pub(crate) const TYPED_ERROR: &str = "75歩打";

/// Settings a scenario needs (piece style, theme), applied before it is drawn.
pub(crate) fn adjust_settings(name: &str, s: &mut crate::state::settings::Settings) {
    use crate::view::theme::ThemeName;
    match name {
        "beginner-pieces" | "beginner-yonin" => s.pieces = crate::view::board::PieceStyle::Beginner,
        "theme-classic" => s.theme = ThemeName::Classic,
        "theme-dark" => s.theme = ThemeName::Dark,
        "theme-contrast" => s.theme = ThemeName::HighContrast,
        "confirm-move" | "confirm-move-yonin" => s.confirm_moves = true,
        _ => {}
    }
}

/// The saved seat `menu-rejoin` offers: East in a Yonin party hosted here, against Bob and
/// two computers.
pub(crate) fn rejoin_seat() -> crate::state::seats::SavedSeat {
    use yonin_core::protocol::{ResumeToken, RoomId};
    use yonin_core::record::stored::StoredPlayer;
    crate::state::seats::SavedSeat {
        server: crate::state::seats::ServerPlace::Hosted {
            port: crate::net::DEFAULT_PORT,
        },
        room: RoomId(3),
        room_name: "Friday Yonin".into(),
        seat: Seat::East,
        token: ResumeToken(1),
        variant: yonin_core::Variant::Yonin,
        name: "Hanako".into(),
        others: vec![
            StoredPlayer::Person { name: "Bob".into() },
            StoredPlayer::Bot {
                level: BotLevel::Easy,
            },
            StoredPlayer::Bot {
                level: BotLevel::Medium,
            },
        ],
        companions: Vec::new(),
        saved_at: 1_796_011_546,
    }
}

/// Replays the game actions of a table (used by tests to check a scenario's game).
pub fn actions(name: &str) -> Result<Vec<Action>, String> {
    Ok(table(name)?.actions)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_scenario_builds() {
        for (name, _) in SCENARIOS {
            let (name, _) = split_lang(name);
            if [
                "menu",
                "menu-rejoin",
                "settings",
                "replay",
                "replay-server",
                "replay-import",
                "replay-yonin-east",
                "replay-standard",
                "replay-review",
                "setup",
                "setup-yonin",
                "connect",
                "rules-yonin",
                "live-yonin",
                "lobby",
                "lobby-chat",
                "room",
            ]
            .contains(&name)
            {
                continue;
            }
            table(name).unwrap_or_else(|e| panic!("{name}: {e}"));
        }
    }

    #[test]
    fn the_midgame_has_pieces_in_hand_and_a_check() {
        let t = table("standard-midgame").unwrap();
        let pos = t.game.position();
        assert!(!pos.hand(Seat::South).is_empty());
        assert!(!pos.hand(Seat::North).is_empty());
        assert_eq!(t.check_order, vec![Seat::North]);
    }

    #[test]
    fn yonin_check_checks_north_and_east_out_of_turn() {
        let t = table("yonin-check").unwrap();
        assert_eq!(t.check_order, vec![Seat::North, Seat::East]);
        assert_eq!(t.game.to_move(), Seat::North);
        assert!(t
            .banner
            .as_ref()
            .is_some_and(|b| b.text.contains("North must answer South")));
        // North answers: the banner goes at once, not seconds later.
        let mut t = t;
        let mv = t.game.position().legal_moves().as_slice()[0];
        let answer = yonin_core::Action::Move {
            seat: Seat::North,
            mv,
            millis: None,
        };
        t.apply_local(answer, 0.1).unwrap();
        assert!(
            t.banner.is_none(),
            "{:?}",
            t.banner.as_ref().map(|b| &b.text)
        );
    }

    #[test]
    fn yonin_over_ranks_every_seat() {
        let t = table("yonin-over").unwrap();
        let o = t.outcome.unwrap();
        assert_eq!(o.places.iter().flatten().count(), 4);
    }

    #[test]
    fn a_click_on_a_nifu_square_says_why() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let t = table("typed-error").unwrap();
        let pawn = crate::state::table::Pick::Hand(yonin_core::PieceKind::Pawn);
        // 7e: South has a pawn on the 7th file.
        let nifu = yonin_core::Square::from_usi("7e").unwrap();
        let why = t.refusal(pawn, nifu).expect("a reason");
        assert!(why.starts_with("nifu (二歩)"), "{why}");
        // A plain misclick (a piece that cannot go there) is refused without words.
        let far = yonin_core::Square::from_usi("5a").unwrap();
        let rook_home = yonin_core::Square::from_usi("2h").unwrap();
        assert_eq!(
            t.refusal(crate::state::table::Pick::Square(rook_home), far),
            None
        );
    }

    #[test]
    fn typed_error_is_refused_as_nifu_and_keeps_the_text() {
        let t = table("typed-error").unwrap();
        let mut view = GameView::new();
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let intents = view.type_move(&t, TYPED_ERROR, true);
        assert_eq!(intents, vec![crate::input::intent::Intent::Refused]);
        assert_eq!(view.keys.typed, TYPED_ERROR);
        let e = view.keys.error.clone().unwrap_or_default();
        assert!(e.contains("nifu"), "{e}");
    }

    #[test]
    fn yonin_west_has_one_seat_out() {
        let t = table("yonin-west").unwrap();
        assert_eq!(t.game.position().dead().count(), 1);
        assert_eq!(t.viewer(), Seat::West);
    }
}
