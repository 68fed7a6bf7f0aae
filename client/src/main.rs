//! `yonin`: the game and its command line.
fn main() {}
