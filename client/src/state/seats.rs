//! The seats the player holds, kept in `<data>/seats.json` so that a client that was closed
//! or crashed in the middle of a game can take its seat back ("Rejoin your game").
//!
//! A seat is written when the server grants it and forgotten when its game ends, when the
//! player leaves on purpose, or when the server says the token holds no seat. The file holds
//! resume tokens (secrets): on Unix it is created readable by the user only (0600), and it is
//! always replaced whole (a temporary file, synced, then renamed over it), so a crash leaves
//! either the old list or the new one. A damaged file, or a damaged entry in it, is ignored
//! with a log line.
//!
//! Every operation reads the file again before changing it, so two windows of the client
//! sharing a data folder keep each other's seats.

use crate::error::FileError;
use crate::i18n::{level_name, tr, trf, Text};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};
use yonin_core::protocol::{ResumeToken, RoomId};
use yonin_core::record::stored::StoredPlayer;
use yonin_core::{Seat, Variant};

/// The file's name in the data folder.
pub const SEATS_FILE: &str = "seats.json";
/// Seats kept at most; the oldest go first.
pub(crate) const MAX_SAVED_SEATS: usize = 16;
/// A larger file is not read (it cannot be ours).
pub(crate) const MAX_FILE_BYTES: u64 = 256 * 1024;
/// The layout of the file.
const FILE_VERSION: u32 = 1;

/// Which server holds the seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ServerPlace {
    /// A server elsewhere, by the `ws://` URL the client connected to.
    Remote { url: String },
    /// This computer's in-process server on loopback (an offline game): Rejoin starts it
    /// again (on any free port).
    InProcess,
    /// A LAN party this computer hosted on `port`: Rejoin starts the server again on the
    /// same port, so the guests' reconnection attempts find it.
    Hosted { port: u16 },
}

/// One seat the player holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedSeat {
    pub server: ServerPlace,
    pub room: RoomId,
    pub room_name: String,
    pub seat: Seat,
    /// The secret that takes the seat back.
    pub token: ResumeToken,
    pub variant: Variant,
    /// The name the player used (sent again in `Hello`).
    pub name: String,
    /// Who else sits at the table, as far as the client knew.
    #[serde(default)]
    pub others: Vec<StoredPlayer>,
    /// Pass and play: the other people at this computer and their seats' tokens.
    #[serde(default)]
    pub companions: Vec<SavedCompanion>,
    /// Seconds since 1970 when it was last written.
    pub saved_at: u64,
}

/// Another person at this computer in a pass-and-play game, as saved with the seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedCompanion {
    pub name: String,
    pub seat: Seat,
    pub token: ResumeToken,
}

impl SavedSeat {
    /// One line for people: "Friday game · Shogi · against Bob · hosted here".
    pub(crate) fn describe(&self) -> String {
        let mut parts = Vec::new();
        if !self.room_name.trim().is_empty() {
            parts.push(self.room_name.clone());
        }
        parts.push(
            match self.variant {
                Variant::Standard => tr(Text::Shogi),
                Variant::Yonin => tr(Text::Yonin),
            }
            .to_string(),
        );
        if !self.others.is_empty() {
            let names: Vec<String> = self
                .others
                .iter()
                .map(|p| match p {
                    StoredPlayer::Person { name } => name.clone(),
                    StoredPlayer::Bot { level } => trf(Text::BotName, &[&level_name(*level)]),
                })
                .collect();
            parts.push(trf(Text::Against, &[&names.join(", ")]));
        }
        parts.push(match &self.server {
            ServerPlace::Remote { url } => server_host(url),
            ServerPlace::InProcess => tr(Text::ThisComputer).to_string(),
            ServerPlace::Hosted { port } => trf(Text::HostedHere, &[port]),
        });
        parts.join(" · ")
    }

    /// The same seat, ignoring when it was written.
    pub(crate) fn same_as(&self, other: &SavedSeat) -> bool {
        SavedSeat {
            saved_at: 0,
            ..self.clone()
        } == SavedSeat {
            saved_at: 0,
            ..other.clone()
        }
    }
}

/// `ws://host:port/` → `host:port`.
fn server_host(url: &str) -> String {
    let rest = url
        .strip_prefix("ws://")
        .or_else(|| url.strip_prefix("wss://"))
        .unwrap_or(url);
    rest.trim_end_matches('/').to_string()
}

/// Seconds since 1970.
pub(crate) fn now_secs() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// What is written.
#[derive(Serialize)]
struct FileOut<'a> {
    version: u32,
    seats: &'a [SavedSeat],
}

/// What is read: each entry on its own, so one damaged entry does not lose the others.
#[derive(Deserialize)]
struct FileIn {
    version: u32,
    seats: Vec<serde_json::Value>,
}

/// The seats file of one data folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatBook {
    path: PathBuf,
}

impl SeatBook {
    /// The seats file `path`.
    pub fn at(path: impl Into<PathBuf>) -> SeatBook {
        SeatBook { path: path.into() }
    }

    /// The seats file in the data folder `dir`.
    pub fn in_dir(dir: &Path) -> SeatBook {
        SeatBook::at(dir.join(SEATS_FILE))
    }

    /// The seats file in the user's data folder (none without a home folder).
    pub fn user() -> Option<SeatBook> {
        crate::state::settings::data_dir().map(|d| SeatBook::in_dir(&d))
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The saved seats, newest first. A missing file is an empty list; a damaged one is
    /// logged and read as empty.
    pub fn list(&self) -> Vec<SavedSeat> {
        match read(&self.path) {
            Ok(seats) => seats,
            Err(e) => {
                tracing::warn!("saved seats not read, ignoring them: {e}");
                Vec::new()
            }
        }
    }

    /// Keeps `seat` (replacing an older entry for the same token: room numbers are not
    /// enough, an in-process server started again numbers its rooms from 1). Writes only
    /// when something changed (the time aside).
    pub fn keep(&self, seat: SavedSeat) -> Result<(), FileError> {
        let mut seats = self.list();
        if seats.first().is_some_and(|s| s.same_as(&seat)) {
            return Ok(());
        }
        seats.retain(|s| s.token != seat.token);
        seats.insert(0, seat);
        seats.truncate(MAX_SAVED_SEATS);
        write(&self.path, &seats)
    }

    /// Forgets the seat `token` holds; true when it was saved.
    pub(crate) fn forget(&self, token: ResumeToken) -> Result<bool, FileError> {
        let mut seats = self.list();
        let before = seats.len();
        seats.retain(|s| s.token != token);
        if seats.len() == before {
            return Ok(false);
        }
        write(&self.path, &seats).map(|()| true)
    }
}

/// Reads the file; a missing file is an empty list.
fn read(path: &Path) -> Result<Vec<SavedSeat>, FileError> {
    let where_ = || path.display().to_string();
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(FileError::at(path, e)),
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(FileError::at(
            path,
            format!("{} bytes, more than {MAX_FILE_BYTES}", meta.len()),
        ));
    }
    let text = std::fs::read_to_string(path).map_err(|e| FileError::at(path, e))?;
    let file: FileIn = serde_json::from_str(&text).map_err(|e| FileError::at(path, e))?;
    if file.version != FILE_VERSION {
        return Err(FileError::at(
            path,
            format!("layout {} (this client reads {FILE_VERSION})", file.version),
        ));
    }
    let mut seats: Vec<SavedSeat> = file
        .seats
        .into_iter()
        .filter_map(|v| match serde_json::from_value::<SavedSeat>(v) {
            Ok(s) => Some(s),
            Err(e) => {
                tracing::warn!("{}: a damaged saved seat is ignored: {e}", where_());
                None
            }
        })
        .collect();
    seats.sort_by_key(|s| std::cmp::Reverse(s.saved_at));
    seats.truncate(MAX_SAVED_SEATS);
    Ok(seats)
}

/// Replaces the file whole: a temporary file beside it (0600 on Unix), synced, renamed over it.
fn write(path: &Path, seats: &[SavedSeat]) -> Result<(), FileError> {
    let fail = |what: &Path, e: std::io::Error| FileError::at(what, e);
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| fail(dir, e))?;
    let text = serde_json::to_string_pretty(&FileOut {
        version: FILE_VERSION,
        seats,
    })
    .map_err(FileError::text)?;
    let file_name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| SEATS_FILE.to_string());
    let tmp = dir.join(format!(".{file_name}.{}.tmp", std::process::id()));
    // A temporary file left by a crash may have other permissions: start afresh.
    let _ = std::fs::remove_file(&tmp);
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.mode(0o600);
    }
    let result = (|| {
        let mut f = options.open(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(path, e));
    }
    // The rename itself is durable once the folder is synced (best effort: not every
    // system lets a folder be opened).
    #[cfg(unix)]
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(token: u128, room: u64, at: u64) -> SavedSeat {
        SavedSeat {
            server: ServerPlace::Remote {
                url: "ws://127.0.0.1:7878/".into(),
            },
            room: RoomId(room),
            room_name: format!("room {room}"),
            seat: Seat::South,
            token: ResumeToken(token),
            variant: Variant::Standard,
            name: "Ann".into(),
            others: vec![StoredPlayer::Bot {
                level: yonin_core::BotLevel::Easy,
            }],
            companions: Vec::new(),
            saved_at: at,
        }
    }

    fn temp_dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("yonin-seats-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        d
    }

    #[test]
    fn a_seat_is_kept_replaced_and_forgotten() {
        let dir = temp_dir("unit");
        let book = SeatBook::in_dir(&dir);
        assert!(book.list().is_empty(), "no file is no seat");
        book.keep(seat(1, 1, 10)).unwrap();
        book.keep(seat(2, 2, 20)).unwrap();
        // The same token again replaces its entry; the same room number with another token
        // (a restarted in-process server) is another seat.
        book.keep(seat(1, 5, 30)).unwrap();
        book.keep(seat(3, 2, 40)).unwrap();
        let seats = book.list();
        let tokens: Vec<u128> = seats.iter().map(|s| s.token.0).collect();
        assert_eq!(tokens, vec![3, 1, 2], "newest first, one per token");
        assert_eq!(seats[1].room, RoomId(5));
        assert!(book.forget(ResumeToken(2)).unwrap());
        assert!(!book.forget(ResumeToken(2)).unwrap());
        assert_eq!(book.list().len(), 2);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn the_list_is_bounded() {
        let dir = temp_dir("bounded");
        let book = SeatBook::in_dir(&dir);
        for i in 0..(MAX_SAVED_SEATS as u128 + 5) {
            book.keep(seat(i + 1, i as u64, i as u64)).unwrap();
        }
        let list = book.list();
        assert_eq!(list.len(), MAX_SAVED_SEATS);
        assert_eq!(list[0].token, ResumeToken(MAX_SAVED_SEATS as u128 + 5));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn describe_names_the_room_the_others_and_the_server() {
        crate::i18n::set_lang(crate::i18n::Lang::En);
        let s = seat(1, 1, 1);
        let d = s.describe();
        assert!(d.contains("room 1") && d.contains("127.0.0.1:7878"), "{d}");
        assert!(d.contains("Bot (Easy)"), "{d}");
    }
}
