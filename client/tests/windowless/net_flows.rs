//! The client's network flows through `Session` (the layer the screens use), without a
//! window, against real servers on 127.0.0.1: hosting here, joining by a typed address,
//! watching, the room's and the lobby's chat, and getting a dropped seat back by itself.
//!
//! Dropped connections are made by a loopback proxy between one client and the server: the
//! test cuts its sockets (both ends see the TCP connection end), refuses new ones for a while,
//! or points it at another server. Every wait is bounded.

use crate::common;

use common::server::start_server;
use std::io::ErrorKind;
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use yonin_client::state::chat::Speaker;
use yonin_client::state::reconnect::{plate_status, Phase};
use yonin_client::state::session::{Link, Session};
use yonin_core::protocol::{ClientMessage, Occupant, RoomSettings};
use yonin_core::record::position_text;
use yonin_core::BotLevel;
use yonin_core::{Move, RuleSet, Seat};

/// The longest any one step may take.
const STEP: Duration = Duration::from_secs(20);

fn test_config() -> yonin_server::Config {
    yonin_server::Config {
        bot_seed: Some(7),
        bot_think: Duration::from_millis(200),
        ..yonin_server::Config::default()
    }
}

/// A TCP proxy on loopback that the test can cut, pause and point elsewhere.
struct Proxy {
    addr: SocketAddr,
    target: Arc<Mutex<SocketAddr>>,
    /// New connections are closed at once while set (the server seems unreachable).
    paused: Arc<AtomicBool>,
    /// Both sockets of every connection passing through.
    live: Arc<Mutex<Vec<TcpStream>>>,
    stop: Arc<AtomicBool>,
}

impl Proxy {
    fn start(target: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        listener.set_nonblocking(true).expect("non-blocking accept");
        let proxy = Proxy {
            addr: listener.local_addr().expect("an address"),
            target: Arc::new(Mutex::new(target)),
            paused: Arc::default(),
            live: Arc::default(),
            stop: Arc::default(),
        };
        let (target, paused, live, stop) = (
            proxy.target.clone(),
            proxy.paused.clone(),
            proxy.live.clone(),
            proxy.stop.clone(),
        );
        std::thread::spawn(move || {
            while !stop.load(Ordering::Relaxed) {
                let client = match listener.accept() {
                    Ok((c, _)) => c,
                    Err(e) if e.kind() == ErrorKind::WouldBlock => {
                        std::thread::sleep(Duration::from_millis(5));
                        continue;
                    }
                    Err(_) => return,
                };
                if paused.load(Ordering::Relaxed) {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                }
                let to = *target.lock().expect("target lock");
                let Ok(upstream) = TcpStream::connect_timeout(&to, Duration::from_secs(2)) else {
                    let _ = client.shutdown(Shutdown::Both);
                    continue;
                };
                let _ = client.set_nonblocking(false);
                let _ = client.set_nodelay(true);
                let _ = upstream.set_nodelay(true);
                let pipe = |mut from: TcpStream, mut to: TcpStream| {
                    std::thread::spawn(move || {
                        let _ = std::io::copy(&mut from, &mut to);
                        let _ = to.shutdown(Shutdown::Both);
                        let _ = from.shutdown(Shutdown::Both);
                    });
                };
                let (Ok(c2), Ok(u2)) = (client.try_clone(), upstream.try_clone()) else {
                    continue;
                };
                {
                    let mut live = live.lock().expect("live lock");
                    if let (Ok(a), Ok(b)) = (client.try_clone(), upstream.try_clone()) {
                        live.push(a);
                        live.push(b);
                    }
                }
                pipe(client, u2);
                pipe(upstream, c2);
            }
        });
        proxy
    }

    /// Ends every connection passing through (as a broken network would).
    fn cut(&self) {
        for s in self.live.lock().expect("live lock").drain(..) {
            let _ = s.shutdown(Shutdown::Both);
        }
    }

    fn pause(&self, on: bool) {
        self.paused.store(on, Ordering::Relaxed);
    }

    fn point_at(&self, addr: SocketAddr) {
        *self.target.lock().expect("target lock") = addr;
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.cut();
    }
}

/// The clients of a test, pumped together on one clock.
struct World {
    t0: Instant,
    clients: Vec<Session>,
}

impl World {
    fn new() -> World {
        World {
            t0: Instant::now(),
            clients: Vec::new(),
        }
    }

    fn add(&mut self, s: Session) -> usize {
        self.clients.push(s);
        self.clients.len() - 1
    }

    fn now(&self) -> f64 {
        self.t0.elapsed().as_secs_f64()
    }

    /// Pumps every client until `done` holds; fails the test after `STEP`.
    fn until(&mut self, what: &str, done: impl Fn(&[Session]) -> bool) {
        let start = Instant::now();
        while !done(&self.clients) {
            assert!(start.elapsed() < STEP, "timed out waiting for {what}");
            let now = self.now();
            for c in &mut self.clients {
                c.pump(now);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Waits until every client is welcomed.
    fn all_open(&mut self) {
        self.until("every client welcomed", |c| {
            c.iter()
                .all(|s| s.link == Link::Open && s.player_id.is_some())
        });
    }

    /// Pumps for a while (to show that something does not happen).
    fn settle(&mut self, d: Duration) {
        let start = Instant::now();
        while start.elapsed() < d {
            let now = self.now();
            for c in &mut self.clients {
                c.pump(now);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
    }
}

fn mv(usi: &str) -> Move {
    Move::from_usi(usi).expect("a USI move")
}

fn moves(s: &Session) -> usize {
    s.table.as_ref().map_or(0, |t| t.game.moves().len())
}

fn full(s: &Session) -> bool {
    s.room.as_ref().is_some_and(|r| {
        r.seats
            .iter()
            .all(|x| !matches!(x.occupant, Occupant::Empty))
    })
}

/// Ann creates a standard room (`grace_ms` for its seats), Ben finds it in his lobby and
/// takes the other seat, Ann starts, and plays 7g7f; both see it.
fn standard_game(w: &mut World, ann: usize, ben: usize, grace_ms: Option<u64>) {
    w.all_open();
    let mut settings = RoomSettings::new("Ann's game", RuleSet::standard());
    settings.grace_ms = grace_ms;
    w.clients[ann].send(ClientMessage::CreateRoom { settings });
    w.until("the room in Ben's lobby", |c| {
        c[ann].room.is_some() && c[ben].rooms.iter().any(|r| r.name == "Ann's game")
    });
    let room = w.clients[ann].room.as_ref().expect("Ann's room").id;
    w.clients[ben].send(ClientMessage::Join {
        room,
        seat: None,
        code: None,
    });
    w.until("Ben seated", |c| full(&c[ann]));
    w.clients[ann].send(ClientMessage::Start);
    w.until("the game at both", |c| {
        c[ann].table.is_some() && c[ben].table.is_some()
    });
    w.clients[ann].play(mv("7g7f"));
    w.until("7g7f at Ben's", |c| moves(&c[ben]) == 1);
}

#[test]
fn a_player_hosts_here_adds_a_bot_and_a_friend_joins_by_typed_address() {
    let mut w = World::new();
    let hana = w.add(Session::host(SocketAddr::from(([127, 0, 0, 1], 0)), "Hana"));
    w.until("the embedded server and its welcome", |c| {
        c[hana].hosting.is_some() && c[hana].link == Link::Open
    });
    let port = w.clients[hana].hosting.expect("hosting").port();
    assert_ne!(port, 0, "a real port was chosen");

    // Hana opens a Yonin room in South and puts computers in West and East.
    let mut settings = RoomSettings::new("Hana's table", RuleSet::yonin());
    settings.host_seat = Some(Seat::South);
    w.clients[hana].send(ClientMessage::CreateRoom { settings });
    w.until("Hana's room", |c| c[hana].room.is_some());
    assert!(w.clients[hana].is_host(), "the creator owns the room");
    for seat in [Seat::West, Seat::East] {
        w.clients[hana].send(ClientMessage::AddBot {
            seat,
            level: BotLevel::Beginner,
        });
    }
    w.until("two computers seated", |c| {
        c[hana].room.as_ref().is_some_and(|r| {
            r.seats
                .iter()
                .filter(|s| matches!(s.occupant, Occupant::Bot(BotLevel::Beginner)))
                .count()
                == 2
        })
    });

    // A friend types the address as people do (spaces and all) and takes the open seat.
    let ben = w.add(Session::online(&format!("  127.0.0.1:{port} "), "Ben"));
    w.until("Ben in the lobby with Hana's room listed", |c| {
        c[ben].link == Link::Open && c[ben].rooms.iter().any(|r| r.name == "Hana's table")
    });
    let room = w.clients[ben].rooms[0].id;
    w.clients[ben].send(ClientMessage::Join {
        room,
        seat: None,
        code: None,
    });
    w.until("Ben in North", |c| {
        c[ben]
            .room
            .as_ref()
            .is_some_and(|r| r.you == Some(Seat::North))
            && full(&c[hana])
    });
    assert!(!w.clients[ben].is_host());
    assert!(
        w.clients[ben].token.is_some(),
        "a seat comes with its token"
    );

    w.clients[hana].send(ClientMessage::Start);
    w.until("the game at both", |c| {
        c[hana].table.is_some() && c[ben].table.is_some()
    });
    assert_eq!(
        w.clients[hana].table.as_ref().unwrap().me,
        Some(Seat::South)
    );
    assert_eq!(w.clients[ben].table.as_ref().unwrap().me, Some(Seat::North));

    // Hana plays when her turn comes; Ben's mirror shows her move.
    w.until("Hana's turn", |c| {
        c[hana].table.as_ref().is_some_and(|t| t.my_turn())
    });
    let t = w.clients[hana].table.as_ref().unwrap();
    let played = t.legal_moves()[0];
    let ply = t.game.moves().len();
    w.clients[hana].play(played);
    // Both mirrors show it (Hana's own too: the server's word, not her click).
    w.until("Hana's move at Ben's and at Hana's", |c| {
        [hana, ben].iter().all(|&i| {
            c[i].table.as_ref().is_some_and(|t| {
                t.game
                    .moves()
                    .get(ply)
                    .is_some_and(|m| m.seat == Seat::South && m.mv == played)
            })
        })
    });
}

#[test]
fn a_spectator_follows_the_game_chats_and_cannot_move() {
    let server = start_server(test_config());
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&server.addr.to_string(), "Ben"));
    standard_game(&mut w, ann, ben, None);

    // Cara types a ws:// address and watches.
    let cara = w.add(Session::online(
        &format!("ws://127.0.0.1:{}/", server.addr.port()),
        "Cara",
    ));
    w.until("Cara in the lobby", |c| {
        c[cara].link == Link::Open && !c[cara].rooms.is_empty()
    });
    let room = w.clients[cara].rooms[0].id;
    w.clients[cara].send(ClientMessage::Spectate { room, code: None });
    w.until("the game at Cara's", |c| c[cara].table.is_some());
    {
        let t = w.clients[cara].table.as_ref().unwrap();
        assert_eq!(t.me, None, "a spectator holds no seat");
        let ann_t = w.clients[ann].table.as_ref().unwrap();
        assert_eq!(
            position_text(t.game.position()),
            position_text(ann_t.game.position()),
            "the spectator sees the players' position"
        );
        assert_eq!(t.game.moves().len(), 1);
        assert!(w.clients[cara].token.is_none());
    }
    w.until("Cara listed as watching", |c| {
        c[ann]
            .room
            .as_ref()
            .is_some_and(|r| r.spectators.iter().any(|p| p.name == "Cara"))
    });

    // Cara tries North's move: refused, and the game does not change.
    w.clients[cara].play(mv("3c3d"));
    w.until("the refusal at Cara's", |c| {
        c[cara].notices.last().is_some_and(|n| n.error)
    });
    // Ben can still play that very move: Cara's did not count.
    w.clients[ben].play(mv("3c3d"));
    w.until("Ben's move at Cara's and Ann's", |c| {
        moves(&c[cara]) == 2 && moves(&c[ann]) == 2
    });
    assert!(
        w.clients[ben].notices.iter().all(|n| !n.error),
        "Ben's move was accepted"
    );

    // Chat: the spectator's line reaches both players, marked as watching; a player's line
    // reaches the spectator with the seat.
    let now = w.now();
    w.clients[cara]
        .say("  nice opening  ", now)
        .expect("a good line");
    w.until("Cara's line at both players", |c| {
        [ann, ben].iter().all(|&i| {
            c[i].chat.lines.iter().any(|l| {
                l.name == "Cara" && l.text == "nice opening" && l.speaker == Speaker::Spectator
            })
        })
    });
    let now = w.now();
    w.clients[ben].say("thanks!", now).expect("a good line");
    w.until("Ben's line at Cara's and Ann's", |c| {
        [ann, cara].iter().all(|&i| {
            c[i].chat
                .lines
                .iter()
                .any(|l| l.name == "Ben" && l.speaker == Speaker::Seated(Seat::North))
        })
    });
    let own = w.clients[ben].chat.lines.back().expect("Ben sees his line");
    assert!(own.own && own.text == "thanks!");
    drop(server);
}

#[test]
fn chat_lines_are_checked_here_and_the_servers_rate_limit_is_shown() {
    let server = start_server(test_config());
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&server.addr.to_string(), "Ben"));
    standard_game(&mut w, ann, ben, None);

    // Lines the server would refuse are stopped here, with a reason in the chat.
    let now = w.now();
    assert!(w.clients[ann].say("   ", now).is_err());
    let long = "x".repeat(yonin_core::text::MAX_CHAT_CHARS + 1);
    assert!(w.clients[ann].say(&long, now).is_err());
    assert_eq!(
        w.clients[ann]
            .chat
            .lines
            .iter()
            .filter(|l| l.speaker == Speaker::Refusal)
            .count(),
        2
    );

    // The server lets 5 lines through at once, then refuses: its words show in the chat.
    for i in 0..7 {
        let now = w.now();
        w.clients[ann].say(&format!("line {i}"), now).expect("sent");
    }
    w.until("the refusal at Ann's", |c| {
        c[ann]
            .chat
            .lines
            .iter()
            .any(|l| l.speaker == Speaker::Refusal && l.text.contains("too fast"))
    });
    w.until("five lines at Ben's", |c| {
        c[ben].chat.lines.iter().filter(|l| l.name == "Ann").count() == 5
    });
    w.settle(Duration::from_millis(300));
    let heard: Vec<&str> = w.clients[ben]
        .chat
        .lines
        .iter()
        .map(|l| l.text.as_str())
        .collect();
    assert_eq!(heard, ["line 0", "line 1", "line 2", "line 3", "line 4"]);
    drop(server);
}

#[test]
fn a_dropped_player_reconnects_by_itself_to_the_same_seat() {
    let server = start_server(test_config());
    let proxy = Proxy::start(server.addr);
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&proxy.addr.to_string(), "Ben"));
    standard_game(&mut w, ann, ben, None);

    // The network fails under Ben, and stays down for a while.
    proxy.pause(true);
    proxy.cut();
    w.until("Ben reconnecting, Ann seeing North dropped", |c| {
        c[ben].reconnect.as_ref().is_some_and(|r| r.active())
            && c[ann]
                .table
                .as_ref()
                .and_then(|t| t.seat_info(Seat::North))
                .is_some_and(|s| !s.connected)
    });
    assert_eq!(w.clients[ben].link, Link::Connecting);
    assert!(
        w.clients[ben].table.is_some(),
        "the board stays under the overlay"
    );
    {
        // Ann's plate for North counts the grace period down.
        let now = w.now();
        let t = w.clients[ann].table.as_ref().unwrap();
        let status = plate_status(t, Seat::North, now).expect("a status for North");
        assert!(status.starts_with("disconnected · "), "{status}");
        let secs: u64 = status
            .trim_start_matches("disconnected · ")
            .trim_end_matches(" s")
            .parse()
            .expect("seconds");
        assert!(
            (55..=60).contains(&secs),
            "the server's 60 s grace: {status}"
        );
        let later = plate_status(t, Seat::North, now + 10.0).unwrap();
        assert_ne!(status, later, "the countdown runs");
    }
    // Attempts fail while the network is down, spaced by the backoff.
    w.until("two failed attempts", |c| {
        c[ben].reconnect.as_ref().is_some_and(|r| r.attempts >= 2)
    });
    proxy.pause(false);
    w.until("Ben back in his seat, seen by Ann", |c| {
        c[ben].reconnect.is_none()
            && c[ben].link == Link::Open
            && c[ben]
                .table
                .as_ref()
                .is_some_and(|t| t.me == Some(Seat::North))
            && c[ann]
                .table
                .as_ref()
                .and_then(|t| t.seat_info(Seat::North))
                .is_some_and(|s| s.connected)
    });
    assert!(
        w.clients[ben]
            .notices
            .iter()
            .any(|n| n.text.contains("back in your seat")),
        "a toast says so"
    );
    assert!(
        w.clients[ann]
            .notices
            .iter()
            .any(|n| n.text.contains("is back")),
        "Ann was told North is back"
    );
    let now = w.now();
    assert_eq!(
        plate_status(w.clients[ann].table.as_ref().unwrap(), Seat::North, now),
        None,
        "North's plate is back to normal"
    );
    // The game goes on from where it was, in the same seat.
    assert_eq!(moves(&w.clients[ben]), 1);
    w.clients[ben].play(mv("3c3d"));
    w.until("Ben's move at Ann's", |c| moves(&c[ann]) == 2);
    drop(proxy);
}

#[test]
fn a_player_dropped_in_a_waiting_room_gets_the_seat_back() {
    let server = start_server(test_config());
    let proxy = Proxy::start(server.addr);
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&proxy.addr.to_string(), "Ben"));
    w.all_open();
    let settings = RoomSettings::new("Ann's room", RuleSet::standard());
    w.clients[ann].send(ClientMessage::CreateRoom { settings });
    w.until("the room in Ben's lobby", |c| !c[ben].rooms.is_empty());
    let room = w.clients[ben].rooms[0].id;
    w.clients[ben].send(ClientMessage::Join {
        room,
        seat: None,
        code: None,
    });
    w.until("Ben seated", |c| full(&c[ann]) && c[ben].token.is_some());
    let old_id = w.clients[ben].player_id;

    // No game yet: the room waits for Ben too, and he comes back to the same seat.
    proxy.cut();
    w.until("Ben reconnecting", |c| c[ben].reconnect.is_some());
    w.until("Ben back in North", |c| {
        c[ben].reconnect.is_none()
            && c[ben]
                .room
                .as_ref()
                .is_some_and(|r| r.you == Some(Seat::North) && r.id == room)
    });
    assert_ne!(
        w.clients[ben].player_id, old_id,
        "a new connection, the same seat"
    );
    assert!(full(&w.clients[ann]), "the seat was kept for him");
    // The game starts with him in it.
    w.clients[ann].send(ClientMessage::Start);
    w.until("the game at Ben's", |c| {
        c[ben]
            .table
            .as_ref()
            .is_some_and(|t| t.me == Some(Seat::North))
    });
    drop(proxy);
}

#[test]
fn a_dropped_spectator_comes_back_to_watch_the_same_game() {
    let server = start_server(test_config());
    let proxy = Proxy::start(server.addr);
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&server.addr.to_string(), "Ben"));
    let cara = w.add(Session::online(&proxy.addr.to_string(), "Cara"));
    standard_game(&mut w, ann, ben, None);
    let room = w.clients[ann].room.as_ref().expect("Ann's room").id;
    w.clients[cara].send(ClientMessage::Spectate { room, code: None });
    w.until("the game at Cara's", |c| moves(&c[cara]) == 1);

    proxy.pause(true);
    proxy.cut();
    w.until("Cara reconnecting", |c| {
        c[cara].reconnect.as_ref().is_some_and(|r| r.active())
    });
    // The game goes on meanwhile.
    w.clients[ben].play(mv("3c3d"));
    w.until("Ben's move at Ann's", |c| moves(&c[ann]) == 2);
    proxy.pause(false);
    w.until("Cara watching again, with the move she missed", |c| {
        c[cara].reconnect.is_none() && moves(&c[cara]) == 2
    });
    assert!(w.clients[cara].table.as_ref().unwrap().me.is_none());
    assert!(w.clients[cara]
        .notices
        .iter()
        .any(|n| n.text.contains("watching again")));
    w.clients[ann].play(mv("2g2f"));
    w.until("Ann's next move at Cara's", |c| moves(&c[cara]) == 3);
    drop(proxy);
}

#[test]
fn after_the_grace_period_a_bot_plays_and_trying_again_takes_the_seat_back() {
    let server = start_server(test_config());
    let proxy = Proxy::start(server.addr);
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&proxy.addr.to_string(), "Ben"));
    standard_game(&mut w, ann, ben, Some(1_500));

    proxy.pause(true);
    proxy.cut();
    w.until("Ben giving up after the grace period", |c| {
        c[ben]
            .reconnect
            .as_ref()
            .is_some_and(|r| r.phase == Phase::GaveUp)
    });
    assert!(matches!(w.clients[ben].link, Link::Closed(_)));
    w.until("a bot standing in for North at Ann's", |c| {
        c[ann]
            .table
            .as_ref()
            .and_then(|t| t.seat_info(Seat::North))
            .is_some_and(|s| s.stand_in.is_some())
    });
    let now = w.now();
    let t = w.clients[ann].table.as_ref().unwrap();
    let status = plate_status(t, Seat::North, now);
    assert!(
        status.as_deref().is_some_and(|s| s.starts_with("Bot (")),
        "the plate names the bot standing in: {status:?}"
    );
    // Ben's name stays on his plate, with the bot noted.
    assert_eq!(t.name(Seat::North), "Ben — a bot stands in");

    // The network is back; Ben asks to try again and takes his seat back from the bot.
    proxy.pause(false);
    let now = w.now();
    w.clients[ben].retry_reconnect(now);
    w.until("Ben back, the bot gone", |c| {
        c[ben].reconnect.is_none()
            && c[ann]
                .table
                .as_ref()
                .and_then(|t| t.seat_info(Seat::North))
                .is_some_and(|s| s.connected && s.stand_in.is_none())
    });
    assert_eq!(
        w.clients[ben].table.as_ref().and_then(|t| t.me),
        Some(Seat::North)
    );
    drop(proxy);
}

#[test]
fn a_server_that_no_longer_knows_the_seat_refuses_it_and_the_player_goes_back_to_the_lobby() {
    let server = start_server(test_config());
    let other = start_server(test_config());
    let proxy = Proxy::start(server.addr);
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&proxy.addr.to_string(), "Ben"));
    standard_game(&mut w, ann, ben, None);

    // Ben's address now leads to a server that never saw his seat (as after a restart).
    proxy.point_at(other.addr);
    proxy.cut();
    w.until("the refusal", |c| {
        c[ben]
            .reconnect
            .as_ref()
            .is_some_and(|r| matches!(r.phase, Phase::Refused(_)))
    });
    let Some(Phase::Refused(why)) = w.clients[ben].reconnect.as_ref().map(|r| r.phase.clone())
    else {
        unreachable!()
    };
    assert!(why.contains("token"), "the server's words: {why}");
    assert_eq!(w.clients[ben].link, Link::Open, "connected to the lobby");
    // No more attempts after a refusal.
    let attempts = w.clients[ben].reconnect.as_ref().unwrap().attempts;
    w.settle(Duration::from_millis(1_500));
    assert_eq!(
        w.clients[ben].reconnect.as_ref().unwrap().attempts,
        attempts
    );

    w.clients[ben].abandon_seat();
    let b = &w.clients[ben];
    assert!(b.table.is_none() && b.room.is_none() && b.token.is_none());
    assert!(b.reconnect.is_none());
    // The lobby of the server he is on answers.
    w.clients[ben].send(ClientMessage::ListRooms);
    w.settle(Duration::from_millis(300));
    assert!(
        w.clients[ben].rooms.is_empty(),
        "a fresh server has no rooms"
    );
    assert_eq!(w.clients[ben].link, Link::Open);
    drop(proxy);
}

#[test]
fn the_lobby_chat_reaches_everyone_in_the_lobby() {
    let server = start_server(test_config());
    let mut w = World::new();
    let ann = w.add(Session::online(&server.addr.to_string(), "Ann"));
    let ben = w.add(Session::online(&server.addr.to_string(), "Ben"));
    w.all_open();
    let now = w.now();
    w.clients[ann]
        .say_lobby("  anyone for a game?  ", now)
        .expect("a good line");
    w.until("Ann's line in both lobbies", |c| {
        [ann, ben].iter().all(|&i| {
            c[i].lobby_chat.lines.iter().any(|l| {
                l.name == "Ann" && l.text == "anyone for a game?" && l.speaker == Speaker::Lobby
            })
        })
    });
    let mine = w.clients[ann].lobby_chat.lines.back().expect("Ann's line");
    assert!(mine.own, "Ann's own line is marked hers");
    assert!(!w.clients[ben].lobby_chat.lines.back().expect("a line").own);
    // The lobby's lines stay out of the room chat, and a bad line is stopped here.
    assert!(w.clients[ben].chat.lines.is_empty());
    let now = w.now();
    assert!(w.clients[ben].say_lobby("   ", now).is_err());
    assert!(w.clients[ben]
        .lobby_chat
        .lines
        .iter()
        .any(|l| l.speaker == Speaker::Refusal));
    drop(server);
}
