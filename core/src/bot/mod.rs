//! Computer players (being written).
