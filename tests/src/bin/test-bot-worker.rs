//! `test-bot-worker`: the bot worker's command line (`yonin-bot-worker`'s), built inside this
//! package so that end-to-end tests can run it as a process of their own and kill it in the
//! middle of a move.

use clap::Parser;

#[derive(Parser, Debug)]
#[command(
    name = "test-bot-worker",
    about = "yonin-bot-worker, for process-level tests"
)]
struct Cli {
    #[command(flatten)]
    worker: yonin_server::bots::worker::WorkerArgs,
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = yonin_server::bots::worker::main(cli.worker) {
        eprintln!("test-bot-worker: {e}");
        std::process::exit(1);
    }
}
