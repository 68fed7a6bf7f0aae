//! Games in progress in the store, and the [`Journal`] that writes them: one writer thread that
//! takes everything queued into one durable transaction (group commit), so thousands of moves a
//! second across many rooms cost a few commits a second, and every caller hears back only once
//! its write is durable.
//!
//! A game in progress is a [`LiveGame`] (written when it starts, rewritten when its seats
//! change) and its [`LiveEntry`]s, one per action. When the game ends, [`Journal::finish`]
//! stores the finished game and deletes the game in progress in one transaction; a restarting
//! server reads what is left with [`Store::live_games`]. How each database keeps them is its
//! own: see [`super::embedded`] and [`super::postgres`].
//!
//! Each write is encoded here, before it is queued; the store checks it in the batch's
//! transaction (see [`super::GameStore::commit_journal`]).

use super::codec::{encode, EncodedGame};
use super::live_game::{JournalDone, JournalWrite, LiveEntry, LiveGame, LiveId};
use super::{Store, StoreError};
use std::sync::{Arc, PoisonError};
use tokio::sync::{mpsc, oneshot};
use yonin_core::record::stored::{GameId, StoredGame};

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

/// A write and where to send its answer.
struct Request {
    write: JournalWrite,
    reply: oneshot::Sender<Result<JournalDone, StoreError>>,
}

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
    async fn submit(&self, write: JournalWrite) -> Result<JournalDone, StoreError> {
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
        match self.submit(JournalWrite::Start(encode(&game)?)).await? {
            JournalDone::Live(id) => Ok(id),
            _ => Err(StoreError::Task(
                "the journal answered start wrongly".into(),
            )),
        }
    }

    /// Replaces the game in progress `id` (its seats changed).
    pub async fn rewrite(&self, id: LiveId, game: LiveGame) -> Result<(), StoreError> {
        self.submit(JournalWrite::Rewrite(id, encode(&game)?))
            .await?;
        Ok(())
    }

    /// Stores action number `ply` (its index in the game's action list) of the game in
    /// progress `id`. Writing the same ply again replaces it (a retry is harmless); a ply past
    /// the next one is refused with [`StoreError::LiveGap`].
    pub async fn append(&self, id: LiveId, ply: u32, entry: LiveEntry) -> Result<(), StoreError> {
        self.submit(JournalWrite::Append(id, ply, encode(&entry)?))
            .await?;
        Ok(())
    }

    /// Stores the finished game and deletes the game in progress `id`, in one transaction. A
    /// game whose start is not in the store (never stored, or discarded) is stored all the same.
    pub async fn finish(&self, id: LiveId, game: StoredGame) -> Result<GameId, StoreError> {
        let encoded = Box::new(EncodedGame::new(game)?);
        match self.submit(JournalWrite::Finish(id, encoded)).await? {
            JournalDone::Game(id) => Ok(id),
            _ => Err(StoreError::Task(
                "the journal answered finish wrongly".into(),
            )),
        }
    }

    /// Deletes the game in progress `id` and its actions (a game that ended without a record:
    /// nothing was played). Deleting an unknown id is not an error.
    pub async fn discard(&self, id: LiveId) -> Result<(), StoreError> {
        self.submit(JournalWrite::Discard(id)).await?;
        Ok(())
    }

    /// Stores a finished or imported game that was not in progress here, as [`Store::save`]
    /// does, through the writer.
    pub async fn save(&self, game: StoredGame) -> Result<GameId, StoreError> {
        let encoded = Box::new(EncodedGame::new(game)?);
        match self.submit(JournalWrite::Save(encoded)).await? {
            JournalDone::Game(id) => Ok(id),
            _ => Err(StoreError::Task("the journal answered save wrongly".into())),
        }
    }
}

/// Commits one batch and answers every write in it.
fn commit_batch(store: &Store, batch: Vec<Request>) {
    let (writes, replies): (Vec<JournalWrite>, Vec<_>) =
        batch.into_iter().map(|r| (r.write, r.reply)).unzip();
    let mut answers = store
        .latency()
        .journal
        .time(|| store.backend().commit_journal(writes))
        .into_iter();
    for reply in replies {
        let answer = answers
            .next()
            .unwrap_or_else(|| Err(StoreError::Task("a write was skipped".into())));
        // The caller may have gone (its task was cancelled): nothing to tell.
        let _ = reply.send(answer);
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
}
