//! Games in progress in the store, and the [`Journal`] that writes them: one writer thread that
//! takes everything queued into one durable transaction (group commit), so thousands of moves a
//! second across many rooms cost a few fsyncs a second, and every caller hears back only once
//! its write is on the disk.
//!
//! A game in progress is a [`LiveGame`] (written when it starts, rewritten when its seats
//! change) and its [`LiveEntry`]s, one per action, in one log of every game's actions in the
//! order they came (sequence number → live id, ply, entry). A batch's moves from many rooms thus
//! go to the end of one B-tree, a page or two per commit, where a table keyed by (live id, ply)
//! dirtied a leaf per room and made each fsync several times dearer. The store keeps in memory,
//! for each game in progress, the sequence numbers of its actions (8 bytes an action), built
//! when the database is opened; it answers "which ply comes next" and "what to delete". When
//! the game ends,
//! [`Journal::finish`] stores the finished game and deletes the game in progress in one
//! transaction; a restarting server reads what is left with [`Store::live_games`].
//!
//! Each write is checked and encoded before the batch's transaction; a write that is refused
//! (an unknown id, a move out of order, a full store) is answered with its error and changes
//! nothing, and the rest of the batch commits. Only a failure of the transaction itself (the
//! disk) fails every write of the batch, after the store has reopened the database and tried
//! the batch once more.

use super::{
    decode, encode, insert_game, Admission, EncodedGame, Store, StoreError, LIVE_GAMES, LIVE_LOG,
    META, META_NEXT_LIVE,
};
use redb::{Database, ReadableDatabase, ReadableTable, WriteTransaction};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Arc, PoisonError};
use tokio::sync::{mpsc, oneshot};
use yonin_core::protocol::{
    Action, BotLevel, Clocks, GameId, ResumeToken, RoomSettings, StoredGame, StoredPlayer,
};
use yonin_core::{RuleSet, Seat};

/// The most writes one transaction takes (a batch is what is queued when the writer comes
/// back, up to this).
pub const JOURNAL_BATCH: usize = 512;
/// The most writes waiting for the writer; a caller past it waits for room in the queue.
pub const JOURNAL_QUEUE: usize = 4096;
/// The least time between the starts of two commits. Under load a commit's writes wait for the
/// rest of this (at most) so that each commit takes more of them: every commit costs an fsync
/// and the database's own bookkeeping, and at 2,500 moves a second committing each move's batch
/// at once cost the server as much CPU again as the game itself. A write that comes when the
/// journal has been quiet for this long is committed at once.
pub const JOURNAL_COMMIT_INTERVAL: std::time::Duration = std::time::Duration::from_millis(2);

/// A game in progress in the store, unique in that store (never reused).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct LiveId(pub u64);

impl std::fmt::Display for LiveId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "live{}", self.0)
    }
}

/// The SHA-256 of a resume token: what the store keeps instead of the token, so a copy of the
/// store file does not hand out seats. See [`hash_token`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TokenHash(pub [u8; 32]);

impl TokenHash {
    /// Is this the hash of `token`?
    pub fn matches(&self, token: ResumeToken) -> bool {
        hash_token(token) == *self
    }
}

/// The SHA-256 of the token's 16 bytes, little-endian (`ResumeToken.0.to_le_bytes()`).
pub fn hash_token(token: ResumeToken) -> TokenHash {
    TokenHash(Sha256::digest(token.0.to_le_bytes()).into())
}

/// A seat of a game in progress: who holds it, and the proof of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveSeat {
    pub seat: Seat,
    /// The person or bot in the seat (a person keeps their name through a drop).
    pub player: StoredPlayer,
    /// A bot of this level plays for the person for now.
    pub stand_in: Option<BotLevel>,
    /// The hash of the seat's resume token (None for a bot's seat).
    pub token_hash: Option<TokenHash>,
}

/// A game in progress: everything needed to carry it on after a restart, but its actions.
/// Written when the game starts and rewritten when its seats change.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// The room's settings (name, rules, clock, private…).
    pub settings: RoomSettings,
    pub join_code: Option<String>,
    /// The game's rules (a random first seat already drawn).
    pub rules: RuleSet,
    /// The start position: SFEN (standard) or YSFEN (Yonin).
    pub start: String,
    pub seats: Vec<LiveSeat>,
    pub seed: u64,
    pub started_ms: u64,
}

/// One action of a game in progress, with the clocks after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveEntry {
    pub action: Action,
    /// The clocks after the action.
    pub clocks: Clocks,
    /// When it was played, in milliseconds since the Unix epoch.
    pub at_ms: u64,
}

/// One write for the journal, checked and encoded.
enum Write {
    Start(Vec<u8>),
    Rewrite(LiveId, Vec<u8>),
    Append(LiveId, u32, Vec<u8>),
    Finish(LiveId, Box<EncodedGame>),
    Discard(LiveId),
    Save(Box<EncodedGame>),
}

impl Write {
    fn admission(&self) -> Admission {
        match self {
            Write::Start(_) | Write::Save(_) => Admission::New,
            Write::Rewrite(..) | Write::Append(..) | Write::Finish(..) => Admission::Live,
            Write::Discard(_) => Admission::Free,
        }
    }
}

/// What a write gives back.
enum Done {
    Live(LiveId),
    Game(GameId),
    Unit,
}

/// A write and where to send its answer.
struct Request {
    write: Write,
    reply: oneshot::Sender<Result<Done, StoreError>>,
}

/// A write's result inside a transaction: the outer error fails the transaction (the disk), the
/// inner one refuses this write alone, before it changed anything.
pub(crate) type Refusable<T> = Result<Result<T, StoreError>, StoreError>;

/// Joins the writer thread when the last journal handle goes (after the queue's sender is
/// dropped, so the thread drains the queue and ends).
struct Joiner(std::sync::Mutex<Option<std::thread::JoinHandle<()>>>);

impl Drop for Joiner {
    fn drop(&mut self) {
        let handle = self.0.lock().unwrap_or_else(PoisonError::into_inner).take();
        if let Some(handle) = handle {
            if handle.join().is_err() {
                tracing::error!("the game store's journal writer panicked");
            }
        }
    }
}

/// What every clone of a [`Journal`] shares. Field order matters: the sender is dropped before
/// the joiner waits for the thread.
pub(crate) struct JournalShared {
    sender: mpsc::Sender<Request>,
    _joiner: Joiner,
}

/// The writer of games in progress (and of finished games): a cheap handle to the store's one
/// writer thread. Every call returns once its write is committed and synced, or failed.
///
/// When the last handle is dropped, the writer finishes what is queued and the drop waits for
/// it (at most one batch's commit): after that the store's file is free to open again.
#[derive(Clone)]
pub struct Journal(Arc<JournalShared>);

impl std::fmt::Debug for Journal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Journal")
    }
}

fn writer_stopped() -> StoreError {
    StoreError::Task("the game store's journal writer stopped".into())
}

impl Journal {
    async fn submit(&self, write: Write) -> Result<Done, StoreError> {
        let (reply, answer) = oneshot::channel();
        self.0
            .sender
            .send(Request { write, reply })
            .await
            .map_err(|_| writer_stopped())?;
        answer.await.map_err(|_| writer_stopped())?
    }

    /// Stores a game in progress as it starts; its actions follow with [`Journal::append`].
    /// Refused with [`StoreError::Full`] when the store is full.
    pub async fn start(&self, game: LiveGame) -> Result<LiveId, StoreError> {
        match self.submit(Write::Start(encode(&game)?)).await? {
            Done::Live(id) => Ok(id),
            _ => Err(StoreError::Task(
                "the journal answered start wrongly".into(),
            )),
        }
    }

    /// Replaces the game in progress `id` (its seats changed).
    pub async fn rewrite(&self, id: LiveId, game: LiveGame) -> Result<(), StoreError> {
        self.submit(Write::Rewrite(id, encode(&game)?)).await?;
        Ok(())
    }

    /// Stores action number `ply` (its index in the game's action list) of the game in
    /// progress `id`. Writing the same ply again replaces it (a retry is harmless); a ply past
    /// the next one is refused with [`StoreError::LiveGap`].
    pub async fn append(&self, id: LiveId, ply: u32, entry: LiveEntry) -> Result<(), StoreError> {
        self.submit(Write::Append(id, ply, encode(&entry)?)).await?;
        Ok(())
    }

    /// Stores the finished game and deletes the game in progress `id`, in one transaction. A
    /// game whose start is not in the store (never stored, or discarded) is stored all the same.
    pub async fn finish(&self, id: LiveId, game: StoredGame) -> Result<GameId, StoreError> {
        let encoded = Box::new(EncodedGame::new(game)?);
        match self.submit(Write::Finish(id, encoded)).await? {
            Done::Game(id) => Ok(id),
            _ => Err(StoreError::Task(
                "the journal answered finish wrongly".into(),
            )),
        }
    }

    /// Deletes the game in progress `id` and its actions (a game that ended without a record:
    /// nothing was played). Deleting an unknown id is not an error.
    pub async fn discard(&self, id: LiveId) -> Result<(), StoreError> {
        self.submit(Write::Discard(id)).await?;
        Ok(())
    }

    /// Stores a finished or imported game that was not in progress here, as [`Store::save`]
    /// does, through the writer.
    pub async fn save(&self, game: StoredGame) -> Result<GameId, StoreError> {
        let encoded = Box::new(EncodedGame::new(game)?);
        match self.submit(Write::Save(encoded)).await? {
            Done::Game(id) => Ok(id),
            _ => Err(StoreError::Task("the journal answered save wrongly".into())),
        }
    }
}

/// Each game in progress (live id) and the log's sequence numbers of its actions, by ply.
pub(crate) type LiveIndex = HashMap<u64, Vec<u64>>;
/// How a transaction changes the [`LiveIndex`]: a game's new list, or `None` when it is gone.
pub(crate) type LiveChanges = HashMap<u64, Option<Vec<u64>>>;

/// Makes committed changes in the index.
pub(crate) fn apply_changes(index: &mut LiveIndex, changes: LiveChanges) {
    for (id, seqs) in changes {
        match seqs {
            Some(seqs) => index.insert(id, seqs),
            None => index.remove(&id),
        };
    }
}

/// The index of the games in progress in `db`, from its tables.
pub(crate) fn build_index(db: &Database) -> Result<LiveIndex, StoreError> {
    let txn = db.begin_read()?;
    let mut index = LiveIndex::new();
    for game in txn.open_table(LIVE_GAMES)?.iter()? {
        index.insert(game?.0.value(), Vec::new());
    }
    for record in txn.open_table(LIVE_LOG)?.iter()? {
        let (seq, value) = record?;
        let (id, ply, _) = value.value();
        // Records of no game in progress cannot be (they go with their game); skip them.
        if let Some(seqs) = index.get_mut(&id) {
            if ply as usize == seqs.len() {
                seqs.push(seq.value());
            } else {
                tracing::error!("game store: live{id} has action {ply} after {}", seqs.len());
            }
        }
    }
    Ok(index)
}

/// An action read back from the log (or why it could not be).
type Decoded = Result<LiveEntry, StoreError>;

/// A batch's view of the games in progress: the committed index and what the batch changed.
struct Batch<'a> {
    index: &'a LiveIndex,
    changes: LiveChanges,
}

impl Batch<'_> {
    /// The number of actions of game `id`, if it is in progress.
    fn len_of(&self, id: LiveId) -> Option<usize> {
        match self.changes.get(&id.0) {
            Some(seqs) => seqs.as_ref().map(Vec::len),
            None => self.index.get(&id.0).map(Vec::len),
        }
    }

    /// The sequence numbers of game `id`'s actions, to change (None if it is not in progress).
    fn seqs(&mut self, id: LiveId) -> Option<&mut Vec<u64>> {
        if !self.changes.contains_key(&id.0) {
            let current = self.index.get(&id.0)?.clone();
            self.changes.insert(id.0, Some(current));
        }
        self.changes.get_mut(&id.0)?.as_mut()
    }

    /// Deletes game `id` and its actions (nothing if it is not in progress).
    fn delete(&mut self, txn: &WriteTransaction, id: LiveId) -> Result<(), StoreError> {
        txn.open_table(LIVE_GAMES)?.remove(id.0)?;
        if let Some(seqs) = self.seqs(id) {
            let mut log = txn.open_table(LIVE_LOG)?;
            for &seq in seqs.iter() {
                log.remove(seq)?;
            }
        }
        self.changes.insert(id.0, None);
        Ok(())
    }
}

/// Applies one write in the batch's transaction.
fn apply(txn: &WriteTransaction, batch: &mut Batch<'_>, write: &Write) -> Refusable<Done> {
    match write {
        Write::Start(bytes) => {
            let mut meta = txn.open_table(META)?;
            let next = meta.get(META_NEXT_LIVE)?.map_or(1, |v| v.value());
            meta.insert(META_NEXT_LIVE, next + 1)?;
            txn.open_table(LIVE_GAMES)?.insert(next, bytes.as_slice())?;
            batch.changes.insert(next, Some(Vec::new()));
            Ok(Ok(Done::Live(LiveId(next))))
        }
        Write::Rewrite(id, bytes) => {
            if batch.len_of(*id).is_none() {
                return Ok(Err(StoreError::NoSuchLive(*id)));
            }
            txn.open_table(LIVE_GAMES)?.insert(id.0, bytes.as_slice())?;
            Ok(Ok(Done::Unit))
        }
        Write::Append(id, ply, bytes) => {
            let Some(len) = batch.len_of(*id) else {
                return Ok(Err(StoreError::NoSuchLive(*id)));
            };
            let at = *ply as usize;
            if at > len {
                return Ok(Err(StoreError::LiveGap {
                    id: *id,
                    ply: *ply,
                    expected: len as u32,
                }));
            }
            let mut log = txn.open_table(LIVE_LOG)?;
            let Some(seqs) = batch.seqs(*id) else {
                return Ok(Err(StoreError::NoSuchLive(*id)));
            };
            let seq = match seqs.get(at) {
                // The same ply again: written over, in place.
                Some(&seq) => seq,
                None => {
                    // After every record there is: later than this game's earlier actions, so
                    // the log's order is each game's ply order.
                    let seq = log.last()?.map_or(1, |(k, _)| k.value() + 1);
                    seqs.push(seq);
                    seq
                }
            };
            log.insert(seq, (id.0, *ply, bytes.as_slice()))?;
            Ok(Ok(Done::Unit))
        }
        Write::Finish(id, game) => {
            let game_id = match insert_game(txn, game)? {
                Ok(game_id) => game_id,
                Err(refused) => return Ok(Err(refused)),
            };
            batch.delete(txn, *id)?;
            Ok(Ok(Done::Game(game_id)))
        }
        Write::Discard(id) => {
            batch.delete(txn, *id)?;
            Ok(Ok(Done::Unit))
        }
        Write::Save(game) => Ok(insert_game(txn, game)?.map(Done::Game)),
    }
}

/// Commits one batch and answers every write in it.
fn commit_batch(store: &Store, batch: Vec<Request>) {
    let bytes = store.file_bytes();
    // Refusals for a full store, decided before the transaction.
    let admitted: Vec<Result<(), StoreError>> = batch
        .iter()
        .map(|r| store.admit(r.write.admission(), bytes))
        .collect();
    let committed = store.write_live(|txn, index| {
        let mut view = Batch {
            index,
            changes: LiveChanges::new(),
        };
        let mut results = Vec::with_capacity(batch.len());
        for (request, admitted) in batch.iter().zip(&admitted) {
            results.push(match admitted {
                Ok(()) => Some(apply(txn, &mut view, &request.write)?),
                Err(_) => None,
            });
        }
        Ok((results, view.changes))
    });
    match committed {
        Ok(results) => {
            store
                .journal_commits
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            for ((request, admitted), result) in batch.into_iter().zip(admitted).zip(results) {
                let answer = match (admitted, result) {
                    (Err(full), _) => Err(full),
                    (Ok(()), Some(result)) => result,
                    (Ok(()), None) => Err(StoreError::Task("a write was skipped".into())),
                };
                // The caller may have gone (its task was cancelled): nothing to tell.
                let _ = request.reply.send(answer);
            }
        }
        Err(e) => {
            tracing::error!("game store journal: a batch of {} failed: {e}", batch.len());
            let shared = Arc::new(e);
            for (request, admitted) in batch.into_iter().zip(admitted) {
                let answer = match admitted {
                    Err(full) => Err(full),
                    Ok(()) => Err(StoreError::Shared(shared.clone())),
                };
                let _ = request.reply.send(answer);
            }
        }
    }
}

/// The writer thread: waits for a write (and for the rest of [`JOURNAL_COMMIT_INTERVAL`] since
/// the last commit began), takes whatever else is queued (up to [`JOURNAL_BATCH`]), commits it
/// all at once, answers, and again; ends when every handle is
/// gone and the queue is empty.
fn run_writer(store: Arc<Store>, mut queue: mpsc::Receiver<Request>) {
    let mut last_start: Option<std::time::Instant> = None;
    while let Some(first) = queue.blocking_recv() {
        if let Some(next) = last_start.map(|t| t + JOURNAL_COMMIT_INTERVAL) {
            let now = std::time::Instant::now();
            if next > now {
                std::thread::sleep(next - now);
            }
        }
        last_start = Some(std::time::Instant::now());
        let mut batch = Vec::with_capacity(JOURNAL_BATCH.min(queue.len() + 1));
        batch.push(first);
        while batch.len() < JOURNAL_BATCH {
            match queue.try_recv() {
                Ok(request) => batch.push(request),
                Err(_) => break,
            }
        }
        commit_batch(&store, batch);
    }
}

impl Store {
    /// The journal: the handle to the store's one writer thread, started on the first call and
    /// shared by every handle while one lives. (If the thread cannot be started, every write
    /// through this handle fails with [`StoreError::Task`].)
    pub fn journal(self: &Arc<Self>) -> Journal {
        let mut slot = self.journal.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(shared) = slot.upgrade() {
            return Journal(shared);
        }
        let (sender, queue) = mpsc::channel(JOURNAL_QUEUE);
        let store = Arc::clone(self);
        let thread = std::thread::Builder::new()
            .name("yonin-journal".into())
            .spawn(move || run_writer(store, queue));
        let thread = match thread {
            Ok(thread) => Some(thread),
            Err(e) => {
                // The queue's receiver went with the closure: every write answers that the
                // writer stopped, and the next call to `journal` tries again.
                tracing::error!("game store: cannot start the journal writer: {e}");
                None
            }
        };
        let running = thread.is_some();
        let shared = Arc::new(JournalShared {
            sender,
            _joiner: Joiner(std::sync::Mutex::new(thread)),
        });
        if running {
            *slot = Arc::downgrade(&shared);
        }
        Journal(shared)
    }

    /// Every game in progress in the store, with its actions in order: what a restarting server
    /// carries on. A game whose stored value is damaged is left out (and logged); a damaged
    /// action ends its game's list there (the actions after it cannot be replayed without it).
    pub fn live_games(&self) -> Result<Vec<(LiveId, LiveGame, Vec<LiveEntry>)>, StoreError> {
        self.read(|txn| {
            // Every action in the log, by game.
            let mut actions: HashMap<u64, Vec<(u32, Decoded)>> = HashMap::new();
            for record in txn.open_table(LIVE_LOG)?.iter()? {
                let (_, value) = record?;
                let (id, ply, bytes) = value.value();
                actions.entry(id).or_default().push((ply, decode(bytes)));
            }
            let mut out = Vec::new();
            for game in txn.open_table(LIVE_GAMES)?.iter()? {
                let (id, bytes) = game?;
                let id = LiveId(id.value());
                let game: LiveGame = match decode(bytes.value()) {
                    Ok(game) => game,
                    Err(e) => {
                        tracing::error!("game store: game in progress {id} is damaged: {e}");
                        continue;
                    }
                };
                let mut list = actions.remove(&id.0).unwrap_or_default();
                list.sort_by_key(|(ply, _)| *ply);
                let mut entries = Vec::with_capacity(list.len());
                for (ply, entry) in list {
                    match entry {
                        Ok(entry) if ply as usize == entries.len() => entries.push(entry),
                        Ok(_) => {
                            tracing::error!("game store: {id} lacks action {}", entries.len());
                            break;
                        }
                        Err(e) => {
                            tracing::error!("game store: {id} action {ply} is damaged: {e}");
                            break;
                        }
                    }
                }
                out.push((id, game, entries));
            }
            Ok(out)
        })
    }
}
