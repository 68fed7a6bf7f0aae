//! How the store writes values: a format byte, then bincode 2 of the serde type (the same bytes
//! in redb and in PostgreSQL), and the keys its indexes use.

use super::StoreError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use yonin_core::record::stored::StoredGame;
use yonin_core::Variant;

/// The first byte of every stored value: the layout of what follows.
const FORMAT: u8 = 1;
/// The largest value the store writes or decodes (a guard against a damaged file, and against
/// writing what could not be read back).
pub const MAX_VALUE_BYTES: usize = 16 << 20;

/// `value` as a stored value: the format byte, then bincode.
pub(crate) fn encode<T: Serialize>(value: &T) -> Result<Vec<u8>, StoreError> {
    let mut bytes = vec![FORMAT];
    let body = bincode::serde::encode_to_vec(value, bincode::config::standard())
        .map_err(|e| StoreError::Encode(e.to_string()))?;
    if body.len() > MAX_VALUE_BYTES {
        return Err(StoreError::Encode(format!(
            "{} bytes, more than the store keeps in one value ({MAX_VALUE_BYTES})",
            body.len()
        )));
    }
    bytes.extend_from_slice(&body);
    Ok(bytes)
}

pub(crate) fn decode<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, StoreError> {
    match bytes.split_first() {
        Some((&FORMAT, body)) => {
            let config = bincode::config::standard().with_limit::<MAX_VALUE_BYTES>();
            let (value, read) = bincode::serde::decode_from_slice(body, config)
                .map_err(|e| StoreError::Decode(e.to_string()))?;
            if read != body.len() {
                return Err(StoreError::Decode("trailing bytes".into()));
            }
            Ok(value)
        }
        Some((other, _)) => Err(StoreError::Decode(format!("unknown format {other}"))),
        None => Err(StoreError::Decode("empty value".into())),
    }
}

/// The index key of a person's name: trimmed and lower-case.
pub(crate) fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

/// The index key of a variant (core's stable `Variant::number`).
pub(crate) fn variant_key(variant: Variant) -> u8 {
    variant.number()
}

/// A finished game encoded for the store, before the transaction that writes it.
pub struct EncodedGame {
    pub(crate) game: StoredGame,
    pub(crate) bytes: Vec<u8>,
}

impl EncodedGame {
    pub(crate) fn new(game: StoredGame) -> Result<EncodedGame, StoreError> {
        let bytes = encode(&game)?;
        Ok(EncodedGame { game, bytes })
    }
}
