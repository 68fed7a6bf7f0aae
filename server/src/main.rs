//! `yonin-server`: the dedicated server binary.
fn main() {}
