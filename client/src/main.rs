//! `yonin`: the game window, or an engine tool when a subcommand is given.

use clap::Parser;
use yonin_client::cli::{self, Cli};

fn main() {
    let args = Cli::parse();
    match args.command {
        Some(cmd) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            if let Err(e) = cli::run(cmd, &mut out) {
                drop(out);
                eprintln!("yonin: {e}");
                std::process::exit(2);
            }
        }
        None => {
            eprintln!("yonin: the game window is not built yet; try `yonin perft 5`");
        }
    }
}
