//! The two encodings (bincode in binary frames, JSON in text frames) with their size limits.

use super::{MAX_DECODE_ERROR_BYTES, MAX_SERVER_MESSAGE_BYTES};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

/// The two encodings of the protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Encoding {
    /// Text frames.
    Json,
    /// Binary frames: bincode 2, standard configuration.
    Bincode,
}

/// A message that could not be encoded or decoded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    #[error("the message is too large")]
    TooLarge,
    #[error("not a message of this protocol: {0}")]
    Malformed(String),
}

/// bincode's configuration: standard (varint) with the largest message size as its limit.
/// (Client messages are held to `MAX_MESSAGE_BYTES` by the server's WebSocket settings.)
const fn bincode_config() -> bincode::config::Configuration<
    bincode::config::LittleEndian,
    bincode::config::Varint,
    bincode::config::Limit<MAX_SERVER_MESSAGE_BYTES>,
> {
    bincode::config::standard().with_limit::<MAX_SERVER_MESSAGE_BYTES>()
}

/// Encodes a message as bincode.
pub fn to_bincode<T: Serialize>(msg: &T) -> Result<Vec<u8>, CodecError> {
    // Encoding is not limited by the configuration: the length is checked below.
    let bytes = bincode::serde::encode_to_vec(msg, bincode_config())
        .map_err(|e| CodecError::Malformed(e.to_string()))?;
    if bytes.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    Ok(bytes)
}

/// Decodes a bincode message; trailing bytes are an error.
pub fn from_bincode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, CodecError> {
    if bytes.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    let (msg, read) =
        bincode::serde::decode_from_slice(bytes, bincode_config()).map_err(|e| match e {
            bincode::error::DecodeError::LimitExceeded => CodecError::TooLarge,
            e => CodecError::Malformed(e.to_string()),
        })?;
    if read != bytes.len() {
        return Err(CodecError::Malformed(format!(
            "{} bytes after the message",
            bytes.len() - read
        )));
    }
    Ok(msg)
}

/// Encodes a message as JSON.
pub fn to_json<T: Serialize>(msg: &T) -> Result<String, CodecError> {
    let text = serde_json::to_string(msg).map_err(|e| CodecError::Malformed(e.to_string()))?;
    if text.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    Ok(text)
}

/// Decodes a JSON message.
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, CodecError> {
    if text.len() > MAX_SERVER_MESSAGE_BYTES {
        return Err(CodecError::TooLarge);
    }
    serde_json::from_str(text).map_err(|e| {
        let mut s = e.to_string();
        crate::text::truncate_bytes(&mut s, MAX_DECODE_ERROR_BYTES);
        CodecError::Malformed(s)
    })
}
