//! The store's file backend: redb's own file backend, with an optional fault switch that makes
//! writes fail as a full disk does (ENOSPC), so tests can break the disk for real and watch the
//! store recover.
//!
//! Every method forwards to [`redb::backends::FileBackend`], including the file locks (which is
//! what makes a second opening of the same file [`super::StoreError::InUse`]). With no faults
//! attached the wrapper costs one branch per I/O call.

use redb::backends::FileBackend;
use redb::{BackendError, StorageBackend};
use std::ops::Bound;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// The shared state behind [`Faults`].
#[derive(Debug, Default)]
struct FaultState {
    /// While set, every write, resize and sync fails with "no space left on device".
    disk_full: AtomicBool,
    /// The next this-many writes, resizes or syncs fail, then the disk works again.
    fail_next: AtomicU64,
    /// How many calls have failed on purpose so far.
    injected: AtomicU64,
}

impl FaultState {
    /// Should this write fail? Counts it if so.
    fn trips(&self) -> bool {
        let full = self.disk_full.load(Ordering::Acquire);
        let counted = self
            .fail_next
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1))
            .is_ok();
        if full || counted {
            self.injected.fetch_add(1, Ordering::AcqRel);
        }
        full || counted
    }
}

/// A switch that makes the store's disk writes fail (tests only). Cheap to clone; every clone
/// controls the same store, also after the store reopens its database.
#[derive(Clone, Debug, Default)]
pub struct Faults(Arc<FaultState>);

impl Faults {
    /// While `on`, every write to the database file fails with ENOSPC, as on a full disk.
    pub fn set_disk_full(&self, on: bool) {
        self.0.disk_full.store(on, Ordering::Release);
    }

    /// The next `n` writes (writes, resizes or syncs) fail with ENOSPC; later ones work.
    pub fn fail_next_writes(&self, n: u64) {
        self.0.fail_next.store(n, Ordering::Release);
    }

    /// How many writes have failed on purpose so far (a test checks the fault was really hit).
    pub fn injected(&self) -> u64 {
        self.0.injected.load(Ordering::Acquire)
    }
}

/// redb's file backend with an optional fault switch.
#[derive(Debug)]
pub(crate) struct StoreBackend {
    file: FileBackend,
    faults: Option<Faults>,
}

impl StoreBackend {
    pub(crate) fn new(file: FileBackend, faults: Option<Faults>) -> StoreBackend {
        StoreBackend { file, faults }
    }

    /// The error a full disk gives, when the fault switch says this write fails.
    fn injected_fault(&self) -> Result<(), std::io::Error> {
        match &self.faults {
            Some(f) if f.0.trips() => Err(std::io::Error::new(
                std::io::ErrorKind::StorageFull,
                "no space left on device (injected)",
            )),
            _ => Ok(()),
        }
    }
}

impl StorageBackend for StoreBackend {
    fn len(&self) -> Result<u64, std::io::Error> {
        self.file.len()
    }

    fn read(&self, offset: u64, out: &mut [u8]) -> Result<(), std::io::Error> {
        self.file.read(offset, out)
    }

    fn set_len(&self, len: u64) -> Result<(), std::io::Error> {
        self.injected_fault()?;
        self.file.set_len(len)
    }

    fn sync_data(&self) -> Result<(), std::io::Error> {
        self.injected_fault()?;
        self.file.sync_data()
    }

    fn write(&self, offset: u64, data: &[u8]) -> Result<(), std::io::Error> {
        self.injected_fault()?;
        self.file.write(offset, data)
    }

    fn close(&self) -> Result<(), std::io::Error> {
        self.file.close()
    }

    fn try_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.try_lock_range(start, end)
    }

    fn try_lock_shared_range(
        &self,
        start: Bound<u64>,
        end: Bound<u64>,
    ) -> Result<bool, BackendError> {
        self.file.try_lock_shared_range(start, end)
    }

    fn lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_range(start, end)
    }

    fn lock_shared_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.lock_shared_range(start, end)
    }

    fn unlock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<(), BackendError> {
        self.file.unlock_range(start, end)
    }

    fn query_lock_range(&self, start: Bound<u64>, end: Bound<u64>) -> Result<bool, BackendError> {
        self.file.query_lock_range(start, end)
    }
}
