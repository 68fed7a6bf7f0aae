//! The redb tables of the embedded store and the keys of its `meta` table (the module above
//! lists what each holds).

use redb::TableDefinition;

pub(super) const GAMES: TableDefinition<u64, &[u8]> = TableDefinition::new("games");
pub(super) const SUMMARIES: TableDefinition<u64, &[u8]> = TableDefinition::new("summaries");
pub(super) const BY_PLAYER: TableDefinition<(&str, u64), ()> = TableDefinition::new("by_player");
pub(super) const BY_VARIANT: TableDefinition<(u8, u64), ()> = TableDefinition::new("by_variant");
pub(super) const LIVE_GAMES: TableDefinition<u64, &[u8]> = TableDefinition::new("live_games");
/// The actions of every game in progress, in the order they were written: sequence number →
/// (live id, ply, entry). One log rather than a table keyed by (live id, ply): a batch's moves
/// from many rooms then land side by side at the end of one B-tree instead of in a leaf per
/// room, which is what an fsync pays for (see `live`).
pub(super) const LIVE_LOG: TableDefinition<u64, (u64, u32, &[u8])> =
    TableDefinition::new("live_log");
pub(super) const META: TableDefinition<&str, u64> = TableDefinition::new("meta");

/// `meta` key: the next live id to hand out.
pub(super) const META_NEXT_LIVE: &str = "next_live_id";
/// `meta` key: present once `by_variant` holds every stored game (stores made before the index
/// are indexed when first opened).
pub(super) const META_BY_VARIANT: &str = "by_variant_built";
