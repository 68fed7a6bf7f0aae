//! The lobby actor: who is connected, the live room list, lobby chat, and which room each
//! resume token belongs to. It creates rooms and hands out their handles; it never waits on a
//! room or a connection (it only queues to outboxes), so it can never be part of a wait cycle.
//!
//! In a cluster it also lists the other nodes' rooms (`cluster::Directory`), answers a search
//! for one of them with its node's address, relays lobby chat both ways, and tells the NATS
//! side (`cluster`) of its own rooms, never waiting for it.

use crate::bucket::Bucket;
use crate::cluster::Directory;
use crate::handles::{
    ClusterCmd, ClusterLink, Found, LobbyCmd, LobbyHandle, Refusal, Remote, RoomHandle,
};
use crate::limits::{LOBBY_CHAT_BURST, LOBBY_CHAT_LINES_PER_SEC};
use crate::outbox::Outbox;
use crate::room;
use crate::shares::ShareGuard;
use crate::store::{hash_token, TokenHash};
use crate::Ctx;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;
use tokio::sync::mpsc;
use yonin_core::protocol::{
    ChatScope, ErrorCode, PlayerId, PlayerRef, RoomId, RoomPhase, RoomSettings, RoomSummary,
    ServerMessage, PROTOCOL_VERSION,
};

struct Player {
    name: String,
    outbox: Outbox,
    /// In a room: no live room-list updates (they would cost rooms × players messages).
    in_room: bool,
}

struct RoomEntry {
    handle: RoomHandle,
    summary: RoomSummary,
}

struct Lobby {
    ctx: Ctx,
    me: LobbyHandle,
    players: HashMap<PlayerId, Player>,
    rooms: HashMap<RoomId, RoomEntry>,
    /// Each live seat's token hash and its room (the lobby never keeps a token itself).
    tokens: HashMap<TokenHash, RoomId>,
    next_room: u64,
    /// Lobby chat from everyone together.
    chat: Bucket,
    /// The NATS side, in a cluster.
    cluster: Option<ClusterLink>,
    /// The other nodes' rooms (always empty outside a cluster).
    remote: Directory,
    /// Lobby chat from the other nodes together (each limits its own; this bounds them all).
    remote_chat: Bucket,
}

/// Starts the lobby actor.
pub(crate) fn spawn(ctx: Ctx, cluster: Option<ClusterLink>) -> LobbyHandle {
    let (tx, rx) = mpsc::channel(crate::limits::LOBBY_INBOX_CAPACITY);
    let me = LobbyHandle::new(tx);
    let lobby = Lobby {
        ctx,
        me: me.clone(),
        players: HashMap::new(),
        rooms: HashMap::new(),
        tokens: HashMap::new(),
        // In a cluster room ids start at a random multiple of 2³² (below 2⁵³), so that nodes'
        // ids do not meet; should two ever do, the other node's room is not listed here.
        next_room: match cluster {
            Some(_) => (u64::from(rand::random::<u32>() & 0x1f_ffff) << 32) | 1,
            None => 1,
        },
        chat: Bucket::new(LOBBY_CHAT_LINES_PER_SEC, LOBBY_CHAT_BURST),
        cluster,
        remote: Directory::default(),
        remote_chat: Bucket::new(4.0 * LOBBY_CHAT_LINES_PER_SEC, 4.0 * LOBBY_CHAT_BURST),
    };
    tokio::spawn(lobby.run(rx));
    me
}

impl Lobby {
    async fn run(mut self, mut rx: mpsc::Receiver<LobbyCmd>) {
        let _alive = self.ctx.alive.clone();
        self.restore_games().await;
        let mut shutdown = self.ctx.shutdown.clone();
        loop {
            tokio::select! {
                cmd = rx.recv() => match cmd {
                    Some(cmd) => {
                        self.handle(cmd);
                        self.count();
                    }
                    None => break,
                },
                changed = shutdown.changed() => {
                    if changed.is_err() || *shutdown.borrow() {
                        break;
                    }
                }
            }
        }
        tracing::debug!("lobby stopped");
    }

    /// Publishes the lobby's counts.
    fn count(&self) {
        use std::sync::atomic::Ordering::Relaxed;
        let stats = &self.ctx.stats;
        stats.players.store(self.players.len(), Relaxed);
        stats.rooms.store(self.rooms.len(), Relaxed);
        stats.tokens.store(self.tokens.len(), Relaxed);
        stats.remote_rooms.store(self.remote.len(), Relaxed);
    }

    /// Tells the cluster's NATS side (in a cluster; never waits).
    fn tell_cluster(&self, cmd: ClusterCmd) {
        if let Some(c) = &self.cluster {
            c.tell(cmd);
        }
    }

    /// Sends a chat line to everyone, shed for readers whose queues are filling.
    fn broadcast_chat(&self, msg: ServerMessage) {
        let msg = Arc::new(msg);
        for p in self.players.values() {
            p.outbox.send_sheddable(msg.clone());
        }
    }

    /// Sends a room-list update to the players in the lobby (not to those in a room).
    fn broadcast_rooms(&self, msg: ServerMessage) {
        let msg = Arc::new(msg);
        for p in self.players.values().filter(|p| !p.in_room) {
            p.outbox.send_shared(msg.clone());
        }
    }

    /// The room list: every room while there are at most `MAX_LISTED_ROOMS`; else the rooms
    /// waiting for players first (so the list fits one message).
    fn list(&self) -> ServerMessage {
        let mut rooms: Vec<RoomSummary> = self.rooms.values().map(|r| r.summary.clone()).collect();
        rooms.extend(self.remote.summaries().cloned());
        if rooms.len() > crate::limits::MAX_LISTED_ROOMS {
            rooms.sort_by_key(|r| (r.phase != RoomPhase::Waiting, r.private, r.id));
            rooms.truncate(crate::limits::MAX_LISTED_ROOMS);
        }
        rooms.sort_by_key(|r| r.id);
        ServerMessage::RoomList { rooms }
    }

    fn handle(&mut self, cmd: LobbyCmd) {
        match cmd {
            LobbyCmd::Register { player, outbox } => {
                outbox.send(ServerMessage::Welcome {
                    version: PROTOCOL_VERSION,
                    player_id: player.id,
                    server_name: self.ctx.config.server_name.clone(),
                    name: player.name.clone(),
                });
                outbox.send(self.list());
                self.players.insert(
                    player.id,
                    Player {
                        name: player.name,
                        outbox,
                        in_room: false,
                    },
                );
            }
            LobbyCmd::Unregister { player } => {
                self.players.remove(&player);
            }
            LobbyCmd::Rename { player, name } => {
                if let Some(p) = self.players.get_mut(&player) {
                    p.name = name.clone();
                    p.outbox.send(ServerMessage::NameSet { name });
                }
            }
            LobbyCmd::ListRooms { player } => {
                if let Some(p) = self.players.get(&player) {
                    p.outbox.send(self.list());
                }
            }
            LobbyCmd::Chat { from, text } => {
                // Lobby chat as a whole has a rate, besides each sender's own.
                if !self.chat.take() {
                    if let Some(p) = self.players.get(&from.id) {
                        p.outbox.send(ServerMessage::error(
                            ErrorCode::RateLimited,
                            "the lobby chat is busy: try again in a moment",
                        ));
                    }
                    return;
                }
                self.tell_cluster(ClusterCmd::Chat {
                    name: from.name.clone(),
                    text: text.clone(),
                });
                self.broadcast_chat(ServerMessage::Chat {
                    scope: ChatScope::Lobby,
                    from,
                    text,
                });
            }
            LobbyCmd::CreateRoom {
                host,
                outbox,
                settings,
                share,
                reply,
            } => {
                let result = self.create_room(host, outbox, *settings, share);
                let _ = reply.send(result);
            }
            LobbyCmd::FindRoom { room, reply } => {
                let found = match self.rooms.get(&room) {
                    Some(r) => Found::Here(r.handle.clone()),
                    None => self.remote.url(room).map_or(Found::Nowhere, Found::There),
                };
                let _ = reply.send(found);
            }
            LobbyCmd::FindToken { token, reply } => {
                let handle = self
                    .tokens
                    .get(&hash_token(token))
                    .and_then(|id| self.rooms.get(id))
                    .map(|r| r.handle.clone());
                let _ = reply.send(handle);
            }
            LobbyCmd::RoomChanged(summary) => {
                if let Some(entry) = self.rooms.get_mut(&summary.id) {
                    if entry.summary != summary {
                        entry.summary = summary.clone();
                        self.tell_cluster(ClusterCmd::Publish(summary.clone()));
                        self.broadcast_rooms(ServerMessage::RoomUpdated { room: summary });
                    }
                }
            }
            LobbyCmd::TokenIssued { token, room } => {
                if self.rooms.contains_key(&room) {
                    self.tokens.insert(token, room);
                }
            }
            LobbyCmd::TokenRetired { token } => {
                self.tokens.remove(&token);
            }
            LobbyCmd::RoomClosed { room } => {
                if self.rooms.remove(&room).is_some() {
                    self.tell_cluster(ClusterCmd::Withdraw(room));
                    self.tokens.retain(|_, r| *r != room);
                    self.broadcast_rooms(ServerMessage::RoomRemoved { room });
                }
            }
            LobbyCmd::Rooms { reply } => {
                let _ = reply.send(self.rooms.values().map(|r| r.summary.clone()).collect());
            }
            LobbyCmd::InRoom { player, in_room } => {
                let list = (!in_room).then(|| self.list());
                if let Some(p) = self.players.get_mut(&player) {
                    p.in_room = in_room;
                    if let Some(list) = list {
                        p.outbox.send(list);
                    }
                }
            }
            LobbyCmd::Remote(remote) => self.remote(remote),
        }
    }

    /// What the cluster heard: the other nodes' rooms and lobby chat.
    fn remote(&mut self, remote: Remote) {
        match remote {
            Remote::Room {
                node,
                summary,
                heard,
            } => {
                if self.rooms.contains_key(&summary.id) {
                    tracing::warn!(room = %summary.id, node, "another node uses one of our room ids: not listed");
                    return;
                }
                if let Some(room) = self.remote.heard(&node, summary, heard) {
                    self.broadcast_rooms(ServerMessage::RoomUpdated { room });
                }
            }
            Remote::Gone { node, room } => {
                if self.remote.withdrawn(&node, room) {
                    self.broadcast_rooms(ServerMessage::RoomRemoved { room });
                }
            }
            Remote::Sweep => {
                for room in self.remote.expire(Instant::now()) {
                    self.broadcast_rooms(ServerMessage::RoomRemoved { room });
                }
            }
            Remote::Chat { name, text } => {
                if self.remote_chat.take() {
                    // Another node's player: id 0, which no player of this node has.
                    let from = PlayerRef {
                        id: PlayerId(0),
                        name,
                    };
                    self.broadcast_chat(ServerMessage::Chat {
                        scope: ChatScope::Lobby,
                        from,
                        text,
                    });
                }
            }
        }
    }

    /// Carries on the games in progress the store holds (a restart): each gets its room back,
    /// waiting for its people, whose tokens still work.
    async fn restore_games(&mut self) {
        let Some(store) = self.ctx.config.store.clone() else {
            return;
        };
        let games = match crate::store::read_blocking(store.clone(), |s| s.live_games()).await {
            Ok(Ok(games)) => games,
            Ok(Err(e)) | Err(e) => {
                tracing::error!("cannot read the games in progress: {e}");
                return;
            }
        };
        for (live, game, entries) in games {
            let id = RoomId(self.next_room);
            match room::restore(self.ctx.clone(), self.me.clone(), id, live, game, entries) {
                Ok(room::Restored::Room(handle, summary, tokens)) => {
                    self.next_room += 1;
                    for token in tokens {
                        self.tokens.insert(token, id);
                    }
                    self.rooms.insert(id, RoomEntry { handle, summary });
                }
                Ok(room::Restored::Ended(stored)) => {
                    if let Err(e) = room::end_write(&store.journal(), Some(live), stored).await {
                        tracing::error!(game = %live, "a finished game is still not stored: {e}");
                    }
                }
                Err(why) => {
                    tracing::error!(game = %live, "a game in progress cannot be carried on: {why}")
                }
            }
        }
        self.count();
    }

    fn create_room(
        &mut self,
        host: PlayerRef,
        outbox: Outbox,
        settings: RoomSettings,
        share: ShareGuard,
    ) -> Result<RoomHandle, Refusal> {
        if self.ctx.is_shutting_down() {
            return Err(Refusal::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
            ));
        }
        if self.rooms.len() >= self.ctx.config.max_rooms {
            return Err(Refusal::new(
                ErrorCode::TooManyRooms,
                format!(
                    "the server holds {} rooms, its most; join one or try later",
                    self.ctx.config.max_rooms
                ),
            ));
        }
        let id = RoomId(self.next_room);
        let host_id = host.id;
        let (handle, summary, tokens) = room::spawn(
            self.ctx.clone(),
            self.me.clone(),
            id,
            settings,
            host,
            outbox,
            share,
        )?;
        self.next_room += 1;
        for token in tokens {
            self.tokens.insert(hash_token(token), id);
        }
        if let Some(p) = self.players.get_mut(&host_id) {
            p.in_room = true;
        }
        self.tell_cluster(ClusterCmd::Publish(summary.clone()));
        self.broadcast_rooms(ServerMessage::RoomUpdated {
            room: summary.clone(),
        });
        self.rooms.insert(
            id,
            RoomEntry {
                handle: handle.clone(),
                summary,
            },
        );
        Ok(handle)
    }
}
