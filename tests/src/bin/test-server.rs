//! `test-server`: the dedicated server's command line (`yonin-server`'s), built inside this
//! package so that end-to-end tests can run it as a process of their own and kill it
//! (`SIGKILL`, `SIGTERM`) in the middle of a game.

use clap::Parser;

#[derive(Parser, Debug)]
#[command(name = "test-server", about = "yonin-server, for process-level tests")]
struct Cli {
    #[command(flatten)]
    server: yonin_server::cli::ServerArgs,
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = yonin_server::cli::main(cli.server) {
        eprintln!("test-server: {e}");
        std::process::exit(1);
    }
}
