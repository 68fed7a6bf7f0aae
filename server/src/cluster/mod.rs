//! Several nodes, one lobby (`--cluster <nats-url> --public-url <ws-url>`): each node puts its
//! rooms in a JetStream key-value bucket, watches everyone's, and relays lobby chat on a NATS
//! subject. A room stays on the node that made it; a client asking another node for it is sent
//! there (`Redirect`). No proxy, no consensus, no replication.
//!
//! One task per server ([`run`]) owns the NATS connection, with one clean-up path (its own
//! entries withdrawn when the server stops). The lobby tells it what changed with `try_send`
//! and never waits for it; it tells the lobby what it heard and waits on the lobby's bounded
//! queue, as a room does, so the two cannot wait on each other. When NATS is down the node
//! serves its own rooms, logs, and tries again; async-nats reconnects by itself.
//!
//! NATS names, for a cluster named `C`: the bucket `C-rooms` (history 1, kept in memory,
//! entries older than [`REMOTE_EXPIRY`] dropped), keys `<node>.<room>`, and the subject
//! `C.lobby.chat`.

mod directory;
pub mod wire;

pub(crate) use directory::Directory;
pub use directory::REMOTE_EXPIRY;

use crate::handles::{ClusterCmd, LobbyCmd, LobbyHandle, Remote};
use crate::Ctx;
use async_nats::jetstream::kv;
use futures::StreamExt;
use std::collections::HashSet;
use std::time::{Duration, Instant, SystemTime};
use tokio::sync::mpsc;
use wire::{ChatLine, DirectoryEntry};
use yonin_core::protocol::{RoomId, RoomSummary};

/// How often a node puts all its rooms again (so that live entries never expire).
pub const REFRESH_EVERY: Duration = Duration::from_secs(3);
/// How often the lobby drops other nodes' rooms not heard for [`REMOTE_EXPIRY`].
const SWEEP_EVERY: Duration = Duration::from_secs(1);
/// How often a node without its NATS side tries to set it up again.
const RETRY_EVERY: Duration = Duration::from_secs(2);
/// The longest one NATS request (a put, a delete, making the bucket) is waited for.
const NATS_TIMEOUT: Duration = Duration::from_secs(3);
/// The longest the clean-up at shutdown takes.
const CLEANUP_TIMEOUT: Duration = Duration::from_secs(2);

/// How a node joins a cluster.
#[derive(Clone, Debug)]
pub struct ClusterConfig {
    /// The NATS server (`nats://host:port`).
    pub nats_url: String,
    /// Where clients reach this node (`ws://host:port/`): other nodes send them here.
    pub public_url: String,
    /// Namespaces the subjects and the bucket (so several clusters can share one NATS).
    pub name: String,
    /// This node's name (a random suffix is added for each run).
    pub node: String,
}

impl ClusterConfig {
    /// Checks the public URL and the cluster name (async-nats checks the NATS URL).
    pub fn check(&self) -> Result<(), String> {
        if !yonin_core::protocol::is_redirect_url(&self.public_url) {
            return Err(format!(
                "--public-url {:?} is not a ws:// or wss:// URL a client can reach",
                self.public_url
            ));
        }
        if !wire::is_cluster_name(&self.name) {
            return Err(format!(
                "--cluster-name {:?}: 1 to {} letters, digits, '-' or '_'",
                self.name,
                wire::MAX_CLUSTER_NAME_CHARS
            ));
        }
        Ok(())
    }
}

/// The live NATS side: the bucket, the watch of it, the chat subscription.
struct Live {
    kv: kv::Store,
}

/// The NATS side of a node.
struct Node {
    cfg: ClusterConfig,
    id: String,
    client: async_nats::Client,
    lobby: LobbyHandle,
    /// The rooms this node has put (deleted again when they close or the server stops).
    published: HashSet<RoomId>,
}

/// Runs the NATS side until the server stops; then withdraws this node's rooms.
pub(crate) async fn run(
    ctx: Ctx,
    lobby: LobbyHandle,
    cfg: ClusterConfig,
    mut rx: mpsc::Receiver<ClusterCmd>,
) {
    let _alive = ctx.alive.clone();
    let id = wire::node_id(&cfg.node, rand::random());
    let client = match async_nats::ConnectOptions::new()
        .name(format!("yonin {id}"))
        .retry_on_initial_connect()
        .max_reconnects(None)
        .connection_timeout(NATS_TIMEOUT)
        .connect(cfg.nats_url.as_str())
        .await
    {
        Ok(c) => c,
        Err(e) => {
            tracing::error!(url = %cfg.nats_url, "no cluster: cannot use the NATS URL: {e}");
            return;
        }
    };
    tracing::info!(node = %id, cluster = %cfg.name, url = %cfg.public_url, "cluster node");
    let mut node = Node {
        cfg,
        id,
        client,
        lobby,
        published: HashSet::new(),
    };
    let mut live: Option<Live> = None;
    let mut watch: Option<kv::Watch> = None;
    let mut chat: Option<async_nats::Subscriber> = None;
    let mut shutdown = ctx.shutdown.clone();
    let mut sweep = tokio::time::interval(SWEEP_EVERY);
    let mut refresh = tokio::time::interval(REFRESH_EVERY);
    let mut retry = tokio::time::interval(RETRY_EVERY);
    for t in [&mut sweep, &mut refresh, &mut retry] {
        t.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    }
    loop {
        tokio::select! {
            changed = shutdown.changed() => {
                if changed.is_err() || *shutdown.borrow() {
                    break;
                }
            }
            _ = sweep.tick() => {
                if !node.lobby.send(LobbyCmd::Remote(Remote::Sweep)).await {
                    break;
                }
            }
            _ = retry.tick(), if live.is_none() => {
                match node.setup().await {
                    Ok((l, w, c)) => {
                        // What was queued while down is stale: the refresh says it all.
                        while rx.try_recv().is_ok() {}
                        node.refresh(&l).await;
                        refresh.reset();
                        (live, watch, chat) = (Some(l), Some(w), Some(c));
                        tracing::info!("cluster directory and chat joined");
                    }
                    Err(e) => tracing::warn!("cluster not reachable, trying again: {e}"),
                }
            }
            _ = refresh.tick(), if live.is_some() => {
                if let Some(l) = &live {
                    node.refresh(l).await;
                }
            }
            cmd = rx.recv() => match cmd {
                Some(cmd) => node.apply(live.as_ref(), cmd).await,
                None => break,
            },
            entry = next(&mut watch) => match entry {
                Some(Ok(entry)) => {
                    if !node.heard_entry(entry).await {
                        break;
                    }
                }
                Some(Err(e)) => {
                    tracing::warn!("the cluster directory's watch failed: {e}");
                    (live, watch, chat) = (None, None, None);
                }
                None => {
                    tracing::warn!("the cluster directory's watch ended");
                    (live, watch, chat) = (None, None, None);
                }
            },
            msg = next(&mut chat) => match msg {
                Some(msg) => {
                    if !node.heard_chat(&msg.payload).await {
                        break;
                    }
                }
                None => {
                    tracing::warn!("the cluster chat subscription ended");
                    (live, watch, chat) = (None, None, None);
                }
            },
        }
    }
    drop((watch, chat));
    if let Some(l) = live {
        let _ = tokio::time::timeout(CLEANUP_TIMEOUT, node.withdraw_all(&l)).await;
    }
    let _ = tokio::time::timeout(CLEANUP_TIMEOUT, node.client.flush()).await;
    tracing::debug!("cluster side stopped");
}

/// The next item of a stream that may not exist yet (pending while it does not).
async fn next<S: futures::Stream + Unpin>(s: &mut Option<S>) -> Option<S::Item> {
    match s {
        Some(s) => s.next().await,
        None => std::future::pending().await,
    }
}

/// Runs one NATS request within `NATS_TIMEOUT`.
async fn bounded<T, E: std::fmt::Display>(
    what: &str,
    f: impl std::future::Future<Output = Result<T, E>>,
) -> Result<T, String> {
    match tokio::time::timeout(NATS_TIMEOUT, f).await {
        Ok(Ok(t)) => Ok(t),
        Ok(Err(e)) => Err(format!("{what}: {e}")),
        Err(_) => Err(format!("{what}: no answer within {NATS_TIMEOUT:?}")),
    }
}

impl Node {
    fn bucket(&self) -> String {
        format!("{}-rooms", self.cfg.name)
    }

    fn chat_subject(&self) -> String {
        format!("{}.lobby.chat", self.cfg.name)
    }

    /// Opens (or makes) the bucket, watches it, and subscribes to the chat.
    async fn setup(&self) -> Result<(Live, kv::Watch, async_nats::Subscriber), String> {
        let js = async_nats::jetstream::new(self.client.clone());
        // The bucket's stream, made as async-nats makes a key-value bucket (history 1,
        // rollups, no deletes but by key, direct gets) and kept in memory. Made here rather than
        // with `create_key_value`, whose account query fails to parse with the NATS 2.9 that
        // Debian ships. Every node makes it alike; one made otherwise (by hand) is used as is.
        let bucket = self.bucket();
        let stream = async_nats::jetstream::stream::Config {
            name: format!("KV_{bucket}"),
            description: Some("Yonin: every node's rooms".into()),
            subjects: vec![format!("$KV.{bucket}.>")],
            max_messages_per_subject: 1,
            max_age: REMOTE_EXPIRY,
            max_message_size: wire::MAX_WIRE_BYTES as i32,
            storage: async_nats::jetstream::stream::StorageType::Memory,
            allow_rollup: true,
            deny_delete: true,
            allow_direct: true,
            discard: async_nats::jetstream::stream::DiscardPolicy::New,
            num_replicas: 1,
            ..Default::default()
        };
        let made = bounded("making the bucket", js.create_stream(stream)).await;
        let store = bounded("opening the bucket", js.get_key_value(bucket))
            .await
            .map_err(|e| match made {
                Err(made) => format!("{made}; {e}"),
                Ok(_) => e,
            })?;
        let watch = bounded("watching the bucket", store.watch_all()).await?;
        let chat = bounded(
            "subscribing to the chat",
            self.client.subscribe(self.chat_subject()),
        )
        .await?;
        Ok((Live { kv: store }, watch, chat))
    }

    async fn put(&mut self, live: &Live, room: RoomSummary) {
        let id = room.id;
        let entry = DirectoryEntry {
            node: self.id.clone(),
            url: self.cfg.public_url.clone(),
            room,
        };
        let Some(bytes) = wire::encode_entry(&entry) else {
            return tracing::warn!(room = %id, "a directory entry too large to share");
        };
        let key = wire::room_key(&self.id, id);
        match bounded("putting a room", live.kv.put(key, bytes.into())).await {
            Ok(_) => {
                self.published.insert(id);
            }
            Err(e) => tracing::warn!("{e}"),
        }
    }

    async fn delete(&mut self, live: &Live, room: RoomId) {
        let key = wire::room_key(&self.id, room);
        match bounded("withdrawing a room", live.kv.delete(key)).await {
            Ok(()) => {
                self.published.remove(&room);
            }
            Err(e) => tracing::warn!("{e}"),
        }
    }

    /// Puts every room of this node again, and withdraws the ones that closed meanwhile.
    async fn refresh(&mut self, live: &Live) {
        let Some(rooms) = self.lobby.ask(|reply| LobbyCmd::Rooms { reply }).await else {
            return;
        };
        let now: HashSet<RoomId> = rooms.iter().map(|r| r.id).collect();
        let gone: Vec<RoomId> = self.published.difference(&now).copied().collect();
        for room in rooms {
            self.put(live, room).await;
        }
        for room in gone {
            self.delete(live, room).await;
        }
    }

    async fn withdraw_all(&mut self, live: &Live) {
        let rooms: Vec<RoomId> = self.published.iter().copied().collect();
        for room in rooms {
            self.delete(live, room).await;
        }
    }

    async fn apply(&mut self, live: Option<&Live>, cmd: ClusterCmd) {
        let Some(live) = live else {
            // Down: a closed room stays in `published`, so the next refresh withdraws it.
            return;
        };
        match cmd {
            ClusterCmd::Publish(room) => self.put(live, room).await,
            ClusterCmd::Withdraw(room) => self.delete(live, room).await,
            ClusterCmd::Chat { name, text } => {
                let line = ChatLine {
                    node: self.id.clone(),
                    name,
                    text,
                };
                let Some(bytes) = wire::encode_chat(&line) else {
                    return;
                };
                let subject = self.chat_subject();
                if let Err(e) = bounded(
                    "publishing a chat line",
                    self.client.publish(subject, bytes.into()),
                )
                .await
                {
                    tracing::warn!("{e}");
                }
            }
        }
    }

    /// A change in the directory, told to the lobby; false once the lobby is gone.
    async fn heard_entry(&mut self, entry: kv::Entry) -> bool {
        let Some((node, room)) = wire::parse_key(&entry.key) else {
            tracing::debug!(key = %entry.key, "a directory key of another shape: ignored");
            return true;
        };
        if node == self.id {
            return true;
        }
        let node = node.to_string();
        let remote = match entry.operation {
            kv::Operation::Delete | kv::Operation::Purge => Remote::Gone { node, room },
            kv::Operation::Put => match wire::decode_entry(&entry.value) {
                Ok(e) if e.node == node && e.room.id == room => Remote::Room {
                    node,
                    summary: e.room,
                    heard: heard_at(entry.created.unix_timestamp_nanos()),
                },
                Ok(_) => {
                    tracing::warn!(key = %entry.key, "a directory entry under another key: ignored");
                    return true;
                }
                Err(e) => {
                    tracing::warn!(key = %entry.key, "a bad directory entry ignored: {e}");
                    return true;
                }
            },
        };
        self.lobby.send(LobbyCmd::Remote(remote)).await
    }

    /// A lobby chat line from the cluster, told to the lobby; false once the lobby is gone.
    async fn heard_chat(&mut self, payload: &[u8]) -> bool {
        match wire::decode_chat(payload) {
            Ok(line) if line.node == self.id => true,
            Ok(line) => {
                let remote = Remote::Chat {
                    name: line.name,
                    text: line.text,
                };
                self.lobby.send(LobbyCmd::Remote(remote)).await
            }
            Err(e) => {
                tracing::warn!("a bad cluster chat line ignored: {e}");
                true
            }
        }
    }
}

/// When an entry written at `written_nanos` (Unix time, as the NATS server saw it) was heard,
/// on this node's monotonic clock: at most now, at least `REMOTE_EXPIRY` ago (so an old entry
/// read when joining does not live another whole period, and clock skew cannot keep one).
fn heard_at(written_nanos: i128) -> Instant {
    let now = Instant::now();
    let wall = SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as i128);
    let age = u64::try_from(wall.saturating_sub(written_nanos).max(0)).unwrap_or(u64::MAX);
    let age = Duration::from_nanos(age).min(REMOTE_EXPIRY);
    now.checked_sub(age).unwrap_or(now)
}
