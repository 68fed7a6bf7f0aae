//! `yonin-bot-worker`: serves bot moves to Yonin servers over NATS (`yonin-server
//! --bot-workers <url>`). Parses the command line and runs the library's worker.

use clap::Parser;

#[derive(Parser, Debug)]
#[command(
    name = "yonin-bot-worker",
    version,
    about = "Serves Yonin servers' bot moves from a NATS queue group"
)]
struct Cli {
    #[command(flatten)]
    worker: yonin_server::bots::worker::WorkerArgs,
}

fn main() {
    if let Err(e) = yonin_core::cpu::check() {
        eprintln!("yonin-bot-worker: {e}");
        std::process::exit(1);
    }
    let cli = Cli::parse();
    if let Err(e) = yonin_server::bots::worker::main(cli.worker) {
        eprintln!("yonin-bot-worker: {e}");
        std::process::exit(1);
    }
}
