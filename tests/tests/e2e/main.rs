//! End-to-end tests: a real server on `127.0.0.1:0` and protocol clients over WebSockets.
//! One test binary (DESIGN habit 9); each module covers one area. Every test is bounded by a
//! timeout, so a hang fails fast.

/// Two people play standard shogi to checkmate, one speaking JSON and one bincode; an illegal
/// move is rejected naming its rule (nifu); out-of-turn moves and spectators' moves are refused.
mod standard_game;

/// Furigoma decides who is Sente both ways, with the seats swapped when the toss says so.
mod furigoma;

/// One person and three bots play Yonin to the end; a paced room plays its computer moves one
/// at a time.
mod yonin_bots;

/// Four people play Yonin from a custom position: a check moves the turn out of order (RULES §4).
mod check_priority;

/// A dropped player comes back with the token inside the grace period; after it a bot takes
/// the seat, the opponent may claim the win, and the player may reclaim the seat.
mod reconnect;

/// Wrong tokens, version mismatch, `Hello` first, private rooms and host-only actions.
mod security;

/// What an unfriendly or careless client can do (frames, floods, silent sockets, slow
/// readers, shares per address, join-code guessing, token growth): each is refused or dropped,
/// and other games play on unaffected.
mod abuse;

/// One owner of "who is thinking": resuming while another seat's bot thinks, resuming while
/// one's own stand-in thinks, a drop and a flag while a bot thinks; a room's bot gets the
/// configured threads, at most every core.
mod thinking;

/// A seat keeps its person's name through a drop, a stand-in and a forfeit.
mod names;

/// A server process killed (SIGKILL) or stopped (SIGTERM) mid-game: a new process on the same
/// store takes the players back with their tokens, and the games finish.
mod restart;

/// A server on a PostgreSQL store plays and stores a game; killed (SIGKILL) and started again
/// on the same database, it carries its game in progress on (skipped without
/// `YONIN_TEST_POSTGRES`, except under `CI=true`).
mod postgres_store;

/// Bot workers over NATS: a worker process serves a room's bot moves; killed in the middle of
/// a move, the room falls back to its in-process bot and the game goes on; with no worker the
/// bots play in-process; a worker's illegal or garbage answer is never played (skipped without
/// `YONIN_TEST_NATS`, except under `CI=true`).
mod bot_workers;

/// Clocks: a flag on a tiny time control.
mod clocks;

/// Standard draw offers, a refused impasse declaration, and a rematch with seats rotated.
mod draws_and_rematch;

/// A spectator joining mid-game gets the full state.
mod spectate;

/// The lobby: live room list, chat, and graceful shutdown.
mod lobby;

/// Finished games are stored durably before the result is announced, then listed, fetched,
/// exported and imported over the wire; the LAN beacon lists open rooms (loopback only).
mod stored_games;

/// Live room-list updates go only to players in the lobby; one coming back gets a fresh list
/// (without this, every room change costs a message to every connected player).
mod lobby_scope;

/// Several nodes, one lobby: a room made on node A is listed on node B, and joining or
/// watching it from B sends the client to A, where it plays; lobby chat crosses nodes; a node
/// killed (SIGKILL) leaves the other lobbies within the expiry (skipped without
/// `YONIN_TEST_NATS`, except under `CI=true`).
mod cluster;
/// The operator's endpoint (`--metrics`): /health and /metrics follow a game; bad requests get
/// their HTTP errors; an endless or silent client does not hold it up.
mod operator;
