//! What every crate's tests share, with no dependency of its own (so core's tests may use it
//! too): a temporary folder removed on drop ([`TempDir`]), a small seeded random source
//! ([`Rng`]) that makes a failing run replayable from its seed, and an output that always
//! fails ([`FailingWriter`]).
//!
//! ```
//! let dir = yonin_testkit::TempDir::new("doc");
//! let file = dir.file("a.txt", b"hello");
//! assert_eq!(std::fs::read(&file).unwrap(), b"hello");
//!
//! let mut a = yonin_testkit::Rng::new(7);
//! let mut b = yonin_testkit::Rng::new(7);
//! assert_eq!(a.next_u64(), b.next_u64());
//! assert!(a.below(6) < 6);
//! ```

use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// A fresh empty folder under the system's temporary folder, removed (with everything in it)
/// when dropped.
pub struct TempDir(PathBuf);

impl TempDir {
    /// A new folder whose name starts `yonin-` and holds `tag` (cut to 40 characters), this
    /// process, a count and the time, so no two tests of any run share one.
    pub fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("yonin-{}", unique(tag, 40)));
        std::fs::create_dir_all(&dir).expect("a temporary folder can be created");
        TempDir(dir)
    }

    pub fn path(&self) -> &Path {
        &self.0
    }

    /// Writes `bytes` to the file `name` in the folder and returns its path.
    pub fn file(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).expect("a temporary file can be written");
        p
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A name no other test of any run uses: the tag (at most `max_tag` characters), the process,
/// a count within the process and the time in microseconds. Made of letters, digits, `-` and
/// `_` when the tag is, so it also serves as a database or schema name.
pub fn unique(tag: &str, max_tag: usize) -> String {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() % 1_000_000_000_000);
    let n = NEXT.fetch_add(1, Ordering::Relaxed);
    let tag: String = tag.chars().take(max_tag).collect();
    format!("{tag}_{}_{n}_{micros}", std::process::id())
}

/// xorshift64*: small, fast and seeded: good enough to pick moves and bytes in tests, and the
/// same sequence every run for the same seed.
#[derive(Clone, Debug)]
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed` (any value: the seed is spread over the state, never zero).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A number in `0..n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n.max(1) as u64) as usize
    }

    /// True `percent` times in a hundred.
    pub fn chance(&mut self, percent: u64) -> bool {
        self.next_u64() % 100 < percent
    }

    /// One of `items` (None when there are none).
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            return None;
        }
        items.get(self.below(items.len()))
    }
}

/// An output whose every write fails with its error kind (`BrokenPipe`: the reader went away;
/// `StorageFull`: the disk is full); flushing succeeds, so only what reaches it fails.
pub struct FailingWriter(pub ErrorKind);

impl Write for FailingWriter {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(self.0.into())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seed_gives_the_same_sequence_and_another_seed_another() {
        let run = |seed| {
            let mut r = Rng::new(seed);
            (0..8).map(|_| r.next_u64()).collect::<Vec<_>>()
        };
        assert_eq!(run(1), run(1));
        assert_ne!(run(1), run(2));
        // Seed 0 does not get stuck at zero.
        assert!(run(0).iter().any(|&x| x != 0));
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut r = Rng::new(3);
        let mut seen = [false; 6];
        for _ in 0..600 {
            let v = r.below(6);
            assert!(v < 6);
            seen[v] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(r.below(0), 0);
        assert_eq!(r.pick::<u8>(&[]), None);
    }

    #[test]
    fn a_temporary_folder_is_its_own_and_goes_away() {
        let a = TempDir::new("kit");
        let b = TempDir::new("kit");
        assert_ne!(a.path(), b.path());
        let file = a.file("x", b"1");
        assert!(file.exists());
        let path = a.path().to_path_buf();
        drop(a);
        assert!(!path.exists());
        assert!(b.path().exists());
    }
}
