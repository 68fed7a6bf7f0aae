//! `botrooms`: what rooms full of computer players cost. Starts a server in this process,
//! opens `--rooms N` Yonin rooms with four bots of `--level` each (a spectating host per room),
//! lets them play for `--seconds`, and prints the moves played and the process's memory
//! (VmRSS now, VmHWM the peak). Loopback only; bounded in count and time.
//!
//! ```text
//! cargo run --release -p yonin-tests --bin botrooms -- --rooms 32 --level Hard --seconds 30
//! ```

use std::time::{Duration, Instant};
use yonin_core::protocol::{BotLevel, ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::{RuleSet, Seat};
use yonin_server::shares::ShareLimits;
use yonin_tests::{start_server, Config, TestClient};

const MAX_ROOMS: usize = 500;
const MAX_SECONDS: u64 = 600;

fn status(field: &str) -> String {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with(field))
                .map(|l| l[field.len()..].trim().to_string())
        })
        .unwrap_or_else(|| "?".into())
}

fn parse_args() -> Result<(usize, BotLevel, u64, u64), String> {
    let (mut rooms, mut level, mut seconds, mut think) = (32, BotLevel::Hard, 30, 2000);
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--rooms" => rooms = value()?.parse().map_err(|e| format!("--rooms: {e}"))?,
            "--seconds" => seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--think-ms" => think = value()?.parse().map_err(|e| format!("--think-ms: {e}"))?,
            "--level" => {
                let v = value()?;
                level = *BotLevel::ALL
                    .iter()
                    .find(|l| l.name().eq_ignore_ascii_case(&v))
                    .ok_or(format!("no level {v}"))?;
            }
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    if rooms == 0 || rooms > MAX_ROOMS || seconds > MAX_SECONDS {
        return Err(format!(
            "--rooms 1..={MAX_ROOMS}, --seconds at most {MAX_SECONDS}"
        ));
    }
    Ok((rooms, level, seconds, think))
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let (rooms, level, seconds, think) = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("botrooms: {e}\nusage: botrooms [--rooms N] [--level L] [--seconds S] [--think-ms T]");
            std::process::exit(2);
        }
    };
    let server = start_server(Config {
        bot_think: Duration::from_millis(think),
        shares: ShareLimits::unlimited(),
        max_rooms: rooms + 1,
        // As a dedicated server runs them (its `--bot-threads` default).
        bot_threads: 1,
        ..Config::default()
    })
    .await;
    println!("before: VmRSS {}", status("VmRSS:"));
    let mut hosts = Vec::new();
    for n in 0..rooms {
        let mut host = TestClient::connect(&server, &format!("host{n}"), Encoding::Bincode).await;
        let mut settings = RoomSettings::new(format!("bots {n}"), RuleSet::yonin());
        settings.host_seat = None;
        settings.bots = Seat::ALL.iter().map(|s| (*s, level)).collect();
        host.create_room(settings).await;
        host.send(&ClientMessage::Start).await;
        host.expect_game_started().await;
        hosts.push(host);
    }
    let start = Instant::now();
    let mut moves = 0usize;
    while start.elapsed() < Duration::from_secs(seconds) {
        for h in &mut hosts {
            for m in h.drain_for(Duration::from_millis(5)).await {
                if matches!(m, ServerMessage::GameEvents { .. }) {
                    moves += 1;
                }
            }
            h.pending.clear();
        }
    }
    println!(
        "{rooms} rooms of four {} bots, {seconds} s: {moves} moves, VmRSS {}, VmHWM {}",
        level.name(),
        status("VmRSS:"),
        status("VmHWM:")
    );
    let _ = server.shutdown().await;
}
