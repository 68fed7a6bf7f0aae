//! The client's words in English, Korean and Japanese.
//!
//! Every user-visible string is a [`Text`] key; `en.rs`, `ko.rs` and `ja.rs` each give all
//! of them (an exhaustive `match`, so a missing translation does not compile). Strings with
//! arguments use `{0}`, `{1}`… so each language can put them where its grammar wants them.
//! The language is process-wide ([`set_lang`]); settings apply it at once.
//! Shogi terms keep their Japanese names with a translation on first use (千日手).

mod en;
mod ja;
mod ko;
pub mod words;

use serde::{Deserialize, Serialize};
use std::fmt::Display;
use std::sync::atomic::{AtomicU8, Ordering};
use yonin_core::Seat;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    En,
    Ko,
    Ja,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Ko, Lang::Ja];

    /// The language's name in itself (the settings screen shows these).
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Ko => "한국어",
            Lang::Ja => "日本語",
        }
    }

    /// The next language in [`Lang::ALL`], `d` steps on (wrapping).
    pub fn step(self, d: i32) -> Lang {
        crate::cycle::step(&Lang::ALL, self, d)
    }

    /// This language's text for a key.
    pub fn text(self, t: Text) -> &'static str {
        match self {
            Lang::En => en::text(t),
            Lang::Ko => ko::text(t),
            Lang::Ja => ja::text(t),
        }
    }
}

static LANG: AtomicU8 = AtomicU8::new(0);

/// Sets the language every later [`tr`] uses.
pub fn set_lang(l: Lang) {
    LANG.store(l as u8, Ordering::Relaxed);
}

pub fn lang() -> Lang {
    match LANG.load(Ordering::Relaxed) {
        1 => Lang::Ko,
        2 => Lang::Ja,
        _ => Lang::En,
    }
}

/// The current language's text for a key.
pub fn tr(t: Text) -> &'static str {
    lang().text(t)
}

/// [`tr`] with `{0}`, `{1}`… filled in.
pub(crate) fn trf(t: Text, args: &[&dyn Display]) -> String {
    fill(tr(t), args)
}

/// Replaces `{0}`, `{1}`… in `pattern` with the arguments.
pub fn fill(pattern: &str, args: &[&dyn Display]) -> String {
    let mut out = String::with_capacity(pattern.len() + 16);
    let mut rest = pattern;
    while let Some(i) = rest.find('{') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        match after
            .find('}')
            .and_then(|j| Some((j, after[..j].parse::<usize>().ok()?)))
        {
            Some((j, n)) if n < args.len() => {
                out.push_str(&args[n].to_string());
                rest = &after[j + 1..];
            }
            _ => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// A seat's name in the current language.
pub(crate) fn seat_name(s: Seat) -> &'static str {
    tr(match s {
        Seat::South => Text::SeatSouth,
        Seat::West => Text::SeatWest,
        Seat::North => Text::SeatNorth,
        Seat::East => Text::SeatEast,
    })
}

/// A seat as players of `variant` call it: Sente ▲ / Gote △ in standard shogi (the seats'
/// compass names mean nothing there), the seat's name in Yonin.
pub(crate) fn side_name(s: Seat, variant: yonin_core::Variant) -> String {
    match variant {
        yonin_core::Variant::Standard if s == Seat::South => tr(Text::Sente).to_string(),
        yonin_core::Variant::Standard => tr(Text::Gote).to_string(),
        yonin_core::Variant::Yonin => seat_name(s).to_string(),
    }
}

/// A seat's mark: ▲ / △ in standard shogi, the seat's arrow in Yonin.
pub(crate) fn side_mark(s: Seat, variant: yonin_core::Variant) -> char {
    match variant {
        yonin_core::Variant::Standard if s == Seat::South => '▲',
        yonin_core::Variant::Standard => '△',
        yonin_core::Variant::Yonin => s.arrow(),
    }
}

/// "1st", "1위", "1位".
pub(crate) fn ordinal(n: usize) -> String {
    match lang() {
        Lang::En => match (n % 100, n % 10) {
            (11..=13, _) => format!("{n}th"),
            (_, 1) => format!("{n}st"),
            (_, 2) => format!("{n}nd"),
            (_, 3) => format!("{n}rd"),
            _ => format!("{n}th"),
        },
        Lang::Ko => format!("{n}위"),
        Lang::Ja => format!("{n}位"),
    }
}

macro_rules! keys {
    ($($k:ident),* $(,)?) => {
        /// Every user-visible string of the client.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Text { $($k),* }
        impl Text {
            pub const ALL: &'static [Text] = &[$(Text::$k),*];
        }
    };
}

keys! {
    // Menu
    Subtitle, MenuComputer, MenuOnline, MenuReplay, MenuRules, MenuSettings, MenuQuit,
    // Settings
    SettingsTitle, YourName, ServerAddress, Sound, Volume, MoveAnimation, PieceNames,
    RecordNotation, Language, On, Off, AnimOn, OneKanji, TwoKanji, RecordUsi, RecordJapanese,
    EscSaves, NameError, SaveError,
    // Common
    EscBack, Back,
    // Seats
    SeatSouth, SeatWest, SeatNorth, SeatEast, Sente, Gote, And,
    // Game screen
    StartingGame, SettingUpBoard, LeaveConfirm,
    // Game over
    Draw, YouWin, YouFinished, YouLose, GameOver, YouSuffix, WaitingForOthers, Rematch,
    MainMenu, BackToLobby,
    // Outcome lines
    DrawBy, SideWins, SeatWins, SeatsWin,
    // End reasons
    ReasonCheckmate, ReasonNoLegalMove, ReasonResignation, ReasonTime, ReasonForfeit,
    ReasonRepetition, ReasonPerpetualCheck, ReasonImpasse, ReasonMoveLimit, ReasonAgreement,
    ReasonLastSurvivor, ReasonTeamElimination, ReasonAborted,
    // Plates and side panel
    ToMove, PlateDraw, PlateWins, PlateLoses, PlacePlace, InCheckN, InCheck, ResignsOnTurn,
    Disconnected, OffersDraw, RecordTitle, Copied, Copy, ReallyResign, Resign,
    AcceptDraw, DeclineDraw, OfferDraw, DeclareImpasse, ClaimWin, Promote, Keep,
    // Notices
    VersionMismatch, ServerFull, Kicked, RoomClosed, GameUnreadable, OffersDrawNotice,
    DeclinedDraw, LostConnection, IsBack, BotNowPlays, ServerStopping, NoOfferToAnswer,
    NothingToClaim, StandardOnlyRequest,
    // Table events
    BotName, ElimCheckmated, ElimStalemate, ElimResigned, ElimTime, ElimForfeit, ElimPerpetual,
    ElimBy, Eliminated, ResignsWhenTurn, DeclarationFailed, MustAnswer, NoClock,
    // Replay
    ShowResult, NoSoundDevice, NoGamesYet, ReplayUnreadable, MoveOf, ReplayKeys,
    HcEven, HcLance, HcBishop, HcRook, HcRookLance, HcTwo, HcFour, HcSix, HcEight, RoomNameDefault, SenteFirst, CreateGame, ShogiTwo, YoninFour, GameLabel, YourSeat, ComputerLevel, OpenForPerson, TimeLabel, RoomName, WhoMayJoin, OnlyWithCode, Anyone, Handicap, Impasse, Points27, Points24, DrawnAtRandom, FirstToMove, MatedArmy, ArmyFrozen, ArmyPasses, MatedHand, HandSealed, HandToMater, DeadKingDrop, Forbidden, Allowed, MateJudged, WhenTurnComes, Immediately, PawnsPromote, LastLine, LastTwoLines, Teams, TeamsPairs, EverySeat, NoneLimit, NMoves, MoveLimit, StandardRules, HouseRules, RulesOfGame, Start, CreateRoom, OfflineGame, Tc10Byo, Tc5x3, Tc30Only, Tc3Plus2, Tc15Plus10,
    ConnectHelp, Connect, HostHere, GamesOnNetwork, ListeningNone, ServerLine, AnotherVersion, EnterAddress, Lobby, Connecting, RoomTitle, Shogi, YoninName, Yonin, WaitingForPlayers, Playing, Finished, JoinCodeIs, Empty, HostSuffix, YouDash, ComputerParen, AddComputer, SitHere, LevelIs, Remove, StartTheGame, FillEverySeat, HostStarts, LeaveRoom, Watch, HostingOn, HostingAlone, AddressOr, RoomRow, NComputers, Open, NoRoomsYet, Join, Refresh, JoinCode,
    RShogiHead, RShogiIntro, RHandicapHead, RHandicapNote, RYoninHead, RYoninIntro, RWhoseTurnHead, RWhoseTurn, RPiecesHead, RKing, RRook, RBishop, RGold, RSilver, RKnight, RLance, RPawn, RKingYonin, RPawnYonin, RPromotionHead, RPromotionStd, RPromotionYonin, RPawnLastLine, RPawnLastTwo, RDropsHead, RDrops, RCheckHead, RCheck, REndHead, REnd, RSennichite, RImpasse27, RImpasse24, RDrawOffer, RElimHead, RArmyFrozen, RArmyPasses, RHandSealed, RHandToMater, RTimingOnTurn, RTimingImmediately, RElimination, RDeadKingForbidden, RDeadKingAllowed, RWinHead, RTeamsWin, RLastStanding, RClockHead, RNoClock, RFischer, RByoyomi, RMainTime, RNoMainTime, RHouseHead, RNoneStd, RNoneYonin, RClockwise, H24Title, H24, HArmyTitle, HArmy, HHandTitle, HHand, HPawnDropTitle, HPawnDrop, HImmediateTitle, HImmediate, HLastTwoTitle, HLastTwo, HFirstTitle, HFirst, HRandomTitle, HRandom, HTeamsTitle, HTeams, HMoveLimitTitle, HMoveLimit,
    OwnServer,
    // Bot levels
    LevelBeginner, LevelEasy, LevelMedium, LevelHard,
    // Replay: browser sources (local, server, import) and export
    ReplayTabLocal, ReplayTabServer, ReplayTabImport, ArchiveAddress, ArchiveList, ArchiveHelp, ArchiveConnecting, ArchiveFetching, ArchiveCount, ArchiveEmpty, ArchiveOffline, ArchiveNoStore, ImportPath, ImportOpen, ImportHelp, ImportNoPath, ImportFailed, ImportFilesIn, ImportNoFiles, ViewFrom, SaveAs, SavedTo, ExportFailed,
    // Replay: the engine's review
    ReviewButton, Reviewing, ReviewBetter, ReviewLost, ReviewSummary, ReviewHint, ReviewFailed,
    // Online play: reconnecting, dropped seats, chat
    GraceLeft, FurigomaTitle, FirstDrawTitle, FurigomaTosserSente, FurigomaOtherSente, FirstSeatDrawn, FurigomaOption, FirstBySeat, ImpassePoints, BotPaceLabel, PaceInstant, PaceQuick, PaceNormal, PaceSlow, SkipToResult, ClockByoyomi, ClockIncrement, ClockThisMove, Reconnecting, ReconnectAttempt, ReconnectGaveUp, ReconnectGaveUpDetail, ReconnectRefused, TryAgain, Resumed, NetworkGone, ChatTitle, ChatHint, ChatOpenHint, ChatSpectatorLine, ChatRefused, ChatEmpty, ChatTooLong, SeatRefused, ReconnectAttemptWatch, ResumedWatching,
    // Saved seats (issue 32): rejoining a game after a restart, names kept through a stand-in
    RejoinGame, RejoinNamed, Against, ThisComputer, HostedHere, SavedSeatGone, SavedSeatElsewhere, RejoiningGame, StandInName,
    // Keyboard and settings (issue #8): typed moves, shortcuts, themes, piece styles
    PieceBeginner, BoardTheme, ThemeClassic, ThemeDark, ThemeHighContrast, AnimFast, AnimNormal, AnimSlow, ShowLegalMoves, ConfirmMoves, TypeMoveHint, TypedNotAMove, TypedNotYourTurn, TypedWrongMark, TypedAmbiguous, TypedNoPiece, TypedIllegal, IlGameOver, IlNoPiece, IlNotYours, IlCannotReach, IlOwnPiece, IlKingOnSquare, IlCannotPromote, IlMustPromote, IlNotInHand, IlDropOnOccupied, IlNoFurtherMove, IlDoublePawn, IlPawnDropMate, IlDeadKingPawn, IlKingInCheck, IlPartnerInCheck, ConfirmPrompt, PlayMove, CancelMove, ResignKeyAsk, NoDrawOffer, ShortcutsTitle, KeyTypeMove, KeyEsc, KeyFlip, KeyResign, KeyDraw, KeyPromote, KeyChat, KeyHelp, KeyForms, KeyYonin, HelpClose,
    // Pass and play: several people at this computer
    PersonHere, PersonNumber, PassTo, TurnBoardLabel, TurnBoardFollows, TurnBoardStays, NameWins,
    // Several nodes, one lobby: a room on another server of the same lobby
    RedirectRefused, RedirectFailed,
}

/// A bot level's name in the current language.
pub(crate) fn level_name(l: yonin_core::BotLevel) -> &'static str {
    use yonin_core::BotLevel;
    tr(match l {
        BotLevel::Beginner => Text::LevelBeginner,
        BotLevel::Easy => Text::LevelEasy,
        BotLevel::Medium => Text::LevelMedium,
        BotLevel::Hard => Text::LevelHard,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fill_puts_arguments_in_place() {
        assert_eq!(fill("{1} and {0}", &[&"a", &2]), "2 and a");
        assert_eq!(fill("{x} {5} {", &[&1]), "{x} {5} {");
    }

    #[test]
    fn placeholders_agree_across_languages() {
        for &t in Text::ALL {
            let holes = |l: Lang| {
                let mut v: Vec<usize> = (0..4)
                    .filter(|i| l.text(t).contains(&format!("{{{i}}}")))
                    .collect();
                v.sort();
                v
            };
            for l in [Lang::Ko, Lang::Ja] {
                assert_eq!(holes(Lang::En), holes(l), "{t:?} in {l:?}");
            }
        }
    }

    #[test]
    fn ordinals() {
        set_lang(Lang::En);
        assert_eq!(ordinal(1), "1st");
        assert_eq!(ordinal(2), "2nd");
        assert_eq!(ordinal(4), "4th");
    }
}
