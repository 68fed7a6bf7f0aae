//! Yonin core: rules for standard shogi and Yonin shogi, records, bots and protocol types.
