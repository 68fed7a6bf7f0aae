//! `yonin`: the game window, or an engine tool when a subcommand is given.

use clap::Parser;
use yonin_client::tools::cli::{self, Cli};

fn main() {
    if let Err(e) = yonin_core::cpu::check() {
        eprintln!("yonin: {e}");
        std::process::exit(1);
    }
    let args = Cli::parse();
    match args.command {
        Some(cmd) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            match cli::run_flushed(cmd, &mut out) {
                // A reader that stopped early wants no more output: not a failure.
                Err(e) if !e.is_closed_pipe() => {
                    drop(out);
                    eprintln!("yonin: {e}");
                    std::process::exit(2);
                }
                _ => {}
            }
        }
        None => {
            let size = match args.size.as_deref().map(yonin_client::app::parse_size) {
                Some(Err(e)) => {
                    eprintln!("yonin: {e}");
                    std::process::exit(2);
                }
                Some(Ok(s)) => Some(s),
                None => None,
            };
            match args.screenshot {
                Some(path) => {
                    yonin_client::scenes::screenshot::shoot_window(path, args.scenario, size)
                }
                None => yonin_client::app::run(size),
            }
        }
    }
}
