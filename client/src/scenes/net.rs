//! Scenes of online play for `--screenshot`: the "Reconnecting…" overlay, an opponent's
//! dropped seat with its grace countdown (and a bot standing in for another), and the chat
//! panel with lines from players, a spectator and a refusal, and a waiting room with its
//! chat, or with its connection lost; and the lobby with its chat. They are screens over a session with no server behind it (`Session::detached`),
//! filled in by hand.

use crate::state::chat::ChatLog;
use crate::state::reconnect::{Phase, Reconnect, Rejoin};
use crate::state::session::Session;
use crate::state::table::Table;
use yonin_core::protocol::{
    Occupant, PlayerId, PlayerRef, ResumeToken, RoomId, RoomPhase, RoomSettings, RoomState,
    RoomSummary, SeatInfo,
};
use yonin_core::BotLevel;
use yonin_core::{Seat, Variant};

/// The scenes (described in `scenario::SCENARIOS`).
pub(crate) const NAMES: [&str; 7] = [
    "reconnecting",
    "reconnect-refused",
    "opponent-disconnected",
    "chat-panel",
    "room-chat",
    "room-reconnecting",
    "lobby-chat",
];

/// The scenes that show the waiting room (no game yet) rather than a board.
fn in_room(name: &str) -> bool {
    matches!(name, "room-chat" | "room-reconnecting")
}

/// Is `name` one of these scenes?
pub(crate) fn is_scene(name: &str) -> bool {
    NAMES.contains(&name)
}

/// The game of a scene (a scenario game seen by a person seated in it).
pub(crate) fn table(name: &str) -> Result<Table, String> {
    match name {
        "reconnecting" | "reconnect-refused" | "chat-panel" => {
            crate::scenes::games::table_or_err("standard-midgame")
        }
        // The room's game before it starts (the screen shows the room, not the board).
        "room-chat" | "room-reconnecting" => {
            let mut t = crate::scenes::games::table_or_err("yonin-start")?;
            t.seats[Seat::North.index()] = SeatInfo {
                seat: Seat::North,
                occupant: Occupant::Person(person(2, "Ben")),
                connected: true,
                grace_ms: None,
                stand_in: None,
            };
            Ok(t)
        }
        "opponent-disconnected" => {
            let mut t = crate::scenes::games::table_or_err("yonin-west")?;
            for s in &mut t.seats {
                match s.seat {
                    Seat::East => {
                        s.connected = false;
                        s.grace_ms = Some(42_000);
                    }
                    Seat::South => {
                        s.connected = false;
                        s.stand_in = Some(BotLevel::Medium);
                    }
                    _ => {}
                }
            }
            Ok(t)
        }
        other => Err(format!("`{other}` is not an online scene")),
    }
}

fn person(id: u64, name: &str) -> PlayerRef {
    PlayerRef {
        id: PlayerId(id),
        name: name.into(),
    }
}

/// The room around a scene's table: its seats, Cara watching, me in my seat.
fn room(t: &Table) -> RoomState {
    let rules = *t.game.rules();
    let mut settings = RoomSettings::new("Friday game", rules);
    settings.time_control = t.time_control;
    RoomState {
        id: RoomId(1),
        settings,
        join_code: None,
        host: PlayerId(1),
        phase: RoomPhase::Playing,
        seats: t.seats.clone(),
        spectators: vec![person(9, "Cara")],
        you: t.me,
        rematch: Vec::new(),
    }
}

/// The id of the person in `seat`, if a person sits there.
fn id_in(seats: &[SeatInfo], seat: Seat) -> Option<PlayerRef> {
    seats.iter().find_map(|s| match &s.occupant {
        Occupant::Person(p) if s.seat == seat => Some(p.clone()),
        _ => None,
    })
}

/// A few lines of chat between the seats of `t` and Cara, watching.
fn chat(t: &Table, me: Option<PlayerId>, refusal: bool) -> Result<ChatLog, String> {
    let r = room(t);
    // The first two people seated, clockwise from South.
    let people: Vec<PlayerRef> = Seat::ALL
        .iter()
        .filter_map(|&seat| id_in(&t.seats, seat))
        .collect();
    let [a, b, ..] = people.as_slice() else {
        return Err("a chat scene needs two people seated".into());
    };
    let cara = person(9, "Cara");
    let mut log = ChatLog::default();
    let lines: [(&PlayerRef, &str); 5] = [
        (a, "Good luck, have fun!"),
        (b, "You too. Bishops off early today?"),
        (&cara, "Watching from the train — good luck, both of you"),
        (a, "Thanks, Cara! We will try to make it exciting."),
        (b, "よろしくお願いします！"),
    ];
    for (i, (from, text)) in lines.iter().enumerate() {
        log.heard(from, text.to_string(), Some(&r), me, i as f64);
    }
    if refusal {
        log.sent(5.0);
        log.refused("you are chatting too fast", 5.0);
    }
    Ok(log)
}

/// The lobby of `lobby-chat`: two rooms listed, and the lobby's chat with a line of ours.
fn lobby_session() -> Session {
    let mut s = Session::detached("Hanako");
    s.server_name = "Game night".into();
    let summary = |id, name: &str, variant, seats, people, bots, host: &str| RoomSummary {
        id: RoomId(id),
        name: name.into(),
        variant,
        time_control: yonin_core::TimeControl::None,
        phase: RoomPhase::Waiting,
        seats,
        people,
        bots,
        spectators: 0,
        private: false,
        host_name: host.into(),
        node: None,
    };
    s.rooms = vec![
        summary(1, "Friday Yonin", Variant::Yonin, 4, 2, 1, "Ken"),
        summary(2, "Quick game", Variant::Standard, 2, 1, 0, "Aiko"),
    ];
    let lines: [(PlayerRef, &str); 4] = [
        (
            person(2, "Ken"),
            "Anyone up for Yonin? One seat left in Friday Yonin.",
        ),
        (person(1, "Hanako"), "Me! Joining now."),
        (person(3, "Aiko"), "よろしくお願いします"),
        (person(4, "Min"), "안녕하세요, 다음 판에 끼워 주세요"),
    ];
    for (i, (from, text)) in lines.iter().enumerate() {
        s.lobby_chat
            .heard_in_lobby(from, text.to_string(), s.player_id, i as f64);
    }
    s
}

/// The session of a scene, ready to draw.
pub(crate) fn session(name: &str) -> Result<Session, String> {
    if name == "lobby-chat" {
        return Ok(lobby_session());
    }
    let t = table(name)?;
    let me = t.me.and_then(|seat| id_in(&t.seats, seat));
    let mut s = Session::detached(me.as_ref().map_or("Hanako", |p| p.name.as_str()));
    s.player_id = me.as_ref().map(|p| p.id);
    s.room = Some(room(&t));
    s.token = Some(ResumeToken(0x5eed));
    s.chat = chat(&t, s.player_id, name == "chat-panel")?;
    if name == "reconnecting" {
        // The third attempt is under way, 13 s into the grace period.
        s.reconnect = Some(trying(3, 47.0));
        s.link = crate::state::session::Link::Connecting;
    }
    if name == "reconnect-refused" {
        // Back on the server, which no longer knows the seat (it restarted).
        let mut r = Reconnect::new(Rejoin::Seat(ResumeToken(0x5eed)), 0.0, 60.0, String::new());
        r.attempts = 2;
        r.phase = Phase::Refused("that token holds no seat (the game may be over)".into());
        s.reconnect = Some(r);
        s.token = None;
    }
    if in_room(name) {
        // Waiting for East: no game yet.
        if let Some(r) = &mut s.room {
            r.phase = RoomPhase::Waiting;
            r.seats[Seat::East.index()].occupant = Occupant::Empty;
        }
        if name == "room-reconnecting" {
            // The connection broke in the room: the second attempt, 9 s into the grace.
            s.reconnect = Some(trying(2, 51.0));
            s.link = crate::state::session::Link::Connecting;
        }
        return Ok(s);
    }
    if name == "opponent-disconnected" {
        // The grace deadline in the scene's clock (which starts near 0).
        let mut t = t;
        t.grace_until[Seat::East] = Some(42.0);
        s.table = Some(t);
    } else {
        s.table = Some(t);
    }
    Ok(s)
}

/// The screen of a scene: the room for `room-chat`, else the game (with a chat line being
/// typed in `chat-panel`).
pub(crate) fn screen(name: &str) -> Box<dyn crate::screens::Screen> {
    if in_room(name) || name == "lobby-chat" {
        return Box::new(crate::screens::online::LobbyScreen::new());
    }
    let mut s = crate::screens::game::GameScreen::new();
    if name == "chat-panel" {
        s.draft_chat("Thanks for watching, Cara!");
    }
    Box::new(s)
}

/// A seat's reconnect under way after a reset connection: attempt `attempts`, the seat kept
/// until `deadline` (seconds on the scene's clock).
fn trying(attempts: u32, deadline: f64) -> Reconnect {
    let mut r = Reconnect::new(
        Rejoin::Seat(ResumeToken(0x5eed)),
        0.0,
        60.0,
        "The connection broke (Connection reset by peer).".into(),
    );
    r.attempts = attempts;
    r.phase = Phase::Trying;
    r.deadline = deadline;
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::chat::Speaker;

    #[test]
    fn every_scene_builds_with_its_state() {
        for name in NAMES.into_iter().filter(|n| *n != "lobby-chat") {
            let s = session(name).unwrap_or_else(|e| panic!("{name}: {e}"));
            assert!(s.room.is_some(), "{name}");
            assert_eq!(s.table.is_some(), !in_room(name), "{name}");
        }
        let r = session("reconnecting").unwrap();
        assert!(r.reconnect.as_ref().is_some_and(|r| r.active()));
        let r = session("room-reconnecting").unwrap();
        assert!(r.reconnect.as_ref().is_some_and(|r| r.active()));
        let r = session("reconnect-refused").unwrap();
        assert!(r
            .reconnect
            .as_ref()
            .is_some_and(|r| matches!(r.phase, Phase::Refused(_))));
        let c = session("chat-panel").unwrap();
        let kinds: Vec<&Speaker> = c.chat.lines.iter().map(|l| &l.speaker).collect();
        assert!(kinds.contains(&&Speaker::Spectator));
        assert!(kinds.contains(&&Speaker::Seated(Seat::North)));
        assert!(kinds.contains(&&Speaker::Refusal));
        let l = session("lobby-chat").unwrap();
        assert!(l.room.is_none() && l.table.is_none());
        assert_eq!(l.rooms.len(), 2);
        assert!(l.lobby_chat.lines.iter().any(|l| l.own));
        assert!(l
            .lobby_chat
            .lines
            .iter()
            .all(|l| l.speaker == Speaker::Lobby));
        let d = session("opponent-disconnected").unwrap();
        let t = d.table.unwrap();
        let east = crate::state::reconnect::plate_status(&t, Seat::East, 0.0).unwrap();
        let south = crate::state::reconnect::plate_status(&t, Seat::South, 0.0).unwrap();
        assert!(east.contains("42"), "{east}");
        assert!(!south.is_empty());
    }
}
