//! What the nodes of a cluster tell each other through NATS: a room's directory entry (a
//! JetStream key-value entry under `<node>.<room>`) and a lobby chat line (a plain subject).
//! Everything read here is another node's word, so it is outside input: bounded in size,
//! checked field by field, and refused whole when anything is wrong.

use serde::{Deserialize, Serialize};
use yonin_core::protocol::{is_redirect_url, RoomId, RoomSummary};
use yonin_core::text::{check_chat, check_name, check_room_name};

/// The largest directory entry or chat line read or written, in bytes.
pub(crate) const MAX_WIRE_BYTES: usize = 4096;
/// The longest node id, in characters (`[A-Za-z0-9_-]`).
pub(crate) const MAX_NODE_CHARS: usize = 64;
/// The longest cluster name (`[A-Za-z0-9_-]`): it prefixes subjects and names the bucket.
pub const MAX_CLUSTER_NAME_CHARS: usize = 32;

/// One room in the shared directory: which node holds it, where clients reach that node, and
/// the room as its lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct DirectoryEntry {
    pub node: String,
    pub url: String,
    pub room: RoomSummary,
}

/// A lobby chat line said on one node, for the others' lobbies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ChatLine {
    pub node: String,
    pub name: String,
    pub text: String,
}

/// Why something read from NATS was refused.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum WireError {
    #[error("{0} bytes, more than {MAX_WIRE_BYTES}")]
    TooLarge(usize),
    #[error("not JSON of the expected shape: {0}")]
    Malformed(String),
    #[error("a bad field: {0}")]
    Field(&'static str),
}

/// Is `s` a name fit for a node id or a cluster name (1..=`max` of `[A-Za-z0-9_-]`)?
pub(crate) fn is_token(s: &str, max: usize) -> bool {
    !s.is_empty()
        && s.len() <= max
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// Is `name` a usable `--cluster-name`?
pub fn is_cluster_name(name: &str) -> bool {
    is_token(name, MAX_CLUSTER_NAME_CHARS)
}

/// This run's node id: the node's name (its characters outside `[A-Za-z0-9_-]` dropped) and
/// eight random hex digits, so that two nodes of one name, or a node restarted, never share
/// directory keys.
pub(crate) fn node_id(name: &str, random: u32) -> String {
    let mut base: String = name
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-')
        .take(MAX_NODE_CHARS - 9)
        .collect();
    if base.is_empty() {
        base.push_str("node");
    }
    format!("{base}-{random:08x}")
}

/// The directory key of `room` on `node`.
pub(crate) fn room_key(node: &str, room: RoomId) -> String {
    format!("{node}.{}", room.0)
}

/// A directory key's node and room; `None` for a key of another shape.
pub(crate) fn parse_key(key: &str) -> Option<(&str, RoomId)> {
    let (node, room) = key.split_once('.')?;
    if !is_token(node, MAX_NODE_CHARS) || room.is_empty() || room.len() > 20 {
        return None;
    }
    let id = room.parse::<u64>().ok()?;
    Some((node, RoomId(id)))
}

fn to_bytes<T: Serialize>(value: &T) -> Option<Vec<u8>> {
    let bytes = serde_json::to_vec(value).ok()?;
    (bytes.len() <= MAX_WIRE_BYTES).then_some(bytes)
}

fn from_bytes<T: for<'de> Deserialize<'de>>(bytes: &[u8]) -> Result<T, WireError> {
    if bytes.len() > MAX_WIRE_BYTES {
        return Err(WireError::TooLarge(bytes.len()));
    }
    serde_json::from_slice(bytes).map_err(|e| {
        let mut why = e.to_string();
        yonin_core::text::truncate_bytes(&mut why, 200);
        WireError::Malformed(why)
    })
}

/// A directory entry's bytes; `None` if it would be too large (it never is: every field of
/// a summary is bounded).
pub(crate) fn encode_entry(entry: &DirectoryEntry) -> Option<Vec<u8>> {
    to_bytes(entry)
}

/// Reads a directory entry and checks every field. The summary comes back with `node` set to
/// the URL of the node that holds it, as this node's clients should see it.
pub(crate) fn decode_entry(bytes: &[u8]) -> Result<DirectoryEntry, WireError> {
    let mut e: DirectoryEntry = from_bytes(bytes)?;
    if !is_token(&e.node, MAX_NODE_CHARS) {
        return Err(WireError::Field("node"));
    }
    if !is_redirect_url(&e.url) {
        return Err(WireError::Field("url"));
    }
    let r = &mut e.room;
    r.name = check_room_name(&r.name).map_err(|_| WireError::Field("room name"))?;
    if !r.host_name.is_empty() {
        r.host_name = check_name(&r.host_name).map_err(|_| WireError::Field("host name"))?;
    }
    if !matches!(r.seats, 2 | 4) || u16::from(r.people) + u16::from(r.bots) > u16::from(r.seats) {
        return Err(WireError::Field("seats"));
    }
    r.node = Some(e.url.clone());
    Ok(e)
}

/// A chat line's bytes (`None` if too large, which a checked line never is).
pub(crate) fn encode_chat(line: &ChatLine) -> Option<Vec<u8>> {
    to_bytes(line)
}

/// Reads a chat line and checks it as this node checks its own players' lines.
pub(crate) fn decode_chat(bytes: &[u8]) -> Result<ChatLine, WireError> {
    let mut line: ChatLine = from_bytes(bytes)?;
    if !is_token(&line.node, MAX_NODE_CHARS) {
        return Err(WireError::Field("node"));
    }
    line.name = check_name(&line.name).map_err(|_| WireError::Field("name"))?;
    line.text = check_chat(&line.text).map_err(|_| WireError::Field("text"))?;
    Ok(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use yonin_core::protocol::RoomPhase;
    use yonin_core::TimeControl;
    use yonin_core::Variant;

    fn summary() -> RoomSummary {
        RoomSummary {
            id: RoomId(5),
            name: "Friday".into(),
            variant: Variant::Yonin,
            time_control: TimeControl::None,
            phase: RoomPhase::Waiting,
            seats: 4,
            people: 1,
            bots: 2,
            spectators: 0,
            private: false,
            host_name: "Ann".into(),
            node: None,
        }
    }

    fn entry() -> DirectoryEntry {
        DirectoryEntry {
            node: "a-0000beef".into(),
            url: "ws://127.0.0.1:9000/".into(),
            room: summary(),
        }
    }

    #[test]
    fn an_entry_round_trips_with_its_node_url_in_the_summary() {
        let bytes = encode_entry(&entry()).expect("small");
        let back = decode_entry(&bytes).expect("valid");
        assert_eq!(back.room.node.as_deref(), Some("ws://127.0.0.1:9000/"));
        assert_eq!(back.room.name, "Friday");
    }

    #[test]
    fn bad_entries_are_refused_whole_and_never_panic() {
        let mut bad = Vec::new();
        let mut e = entry();
        e.url = "http://x/".into();
        bad.push(e);
        let mut e = entry();
        e.node = "a.b".into();
        bad.push(e);
        let mut e = entry();
        e.room.name = "x".repeat(500);
        bad.push(e);
        let mut e = entry();
        e.room.seats = 3;
        bad.push(e);
        let mut e = entry();
        e.room.people = 4;
        bad.push(e);
        let mut e = entry();
        e.room.host_name = "a\u{202E}b".into();
        bad.push(e);
        for e in bad {
            let bytes = serde_json::to_vec(&e).expect("encodes");
            assert!(decode_entry(&bytes).is_err(), "{e:?}");
        }
        assert!(decode_entry(b"{").is_err());
        assert!(decode_entry(&[0xff; 64]).is_err());
        assert!(matches!(
            decode_entry(&vec![b' '; MAX_WIRE_BYTES + 1]),
            Err(WireError::TooLarge(_))
        ));
    }

    #[test]
    fn chat_lines_are_checked_at_the_receiver() {
        let ok = ChatLine {
            node: "b-1".into(),
            name: " Bob ".into(),
            text: "hello".into(),
        };
        let back = decode_chat(&encode_chat(&ok).expect("small")).expect("valid");
        assert_eq!(back.name, "Bob");
        let long = ChatLine {
            text: "x".repeat(1000),
            ..ok.clone()
        };
        assert!(decode_chat(&serde_json::to_vec(&long).expect("encodes")).is_err());
        let hidden = ChatLine {
            name: "\u{200B}".into(),
            ..ok
        };
        assert!(decode_chat(&serde_json::to_vec(&hidden).expect("encodes")).is_err());
    }

    #[test]
    fn keys_and_node_ids() {
        let node = node_id("eu west/1", 0xbeef);
        assert_eq!(node, "euwest1-0000beef");
        assert_eq!(
            parse_key(&room_key(&node, RoomId(42))),
            Some((node.as_str(), RoomId(42)))
        );
        assert_eq!(node_id("///", 1), "node-00000001");
        assert!(node_id(&"n".repeat(200), 1).len() <= MAX_NODE_CHARS);
        for bad in [
            "",
            "a",
            "a.",
            ".5",
            "a.b",
            "a b.5",
            "a.99999999999999999999999",
        ] {
            assert_eq!(parse_key(bad), None, "{bad}");
        }
        assert!(is_cluster_name("yonin-test_1"));
        assert!(!is_cluster_name("a.b"));
        assert!(!is_cluster_name(""));
    }
}
