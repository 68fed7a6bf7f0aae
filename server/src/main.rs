//! `yonin-server`: the dedicated server. Parses the command line and runs the library.

use clap::Parser;

#[derive(Parser, Debug)]
#[command(
    name = "yonin-server",
    version,
    about = "Yonin game server (WebSocket)"
)]
struct Cli {
    #[command(flatten)]
    server: yonin_server::cli::ServerArgs,
}

fn main() {
    if let Err(e) = yonin_core::cpu::check() {
        eprintln!("yonin-server: {e}");
        std::process::exit(1);
    }
    let cli = Cli::parse();
    if let Err(e) = yonin_server::cli::main(cli.server) {
        eprintln!("yonin-server: {e}");
        std::process::exit(1);
    }
}
