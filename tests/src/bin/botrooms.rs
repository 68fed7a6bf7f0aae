//! `botrooms`: what rooms full of computer players cost. Starts a server in this process,
//! opens `--rooms N` Yonin rooms with four bots of `--level` each (a spectating host per room),
//! lets them play for `--seconds`, and prints the moves played and the process's memory
//! (VmRSS now, VmHWM the peak). Loopback only; bounded in count and time.
//!
//! With `--bot-workers <nats-url>` (and `--prefix`, default `yonin`), the bots ask bot workers
//! first, as `yonin-server --bot-workers` does: it also prints the remote moves and fallbacks.
//! It prints this process's CPU time too (the search that workers take off the server).
//!
//! ```text
//! cargo run --release -p yonin-tests --bin botrooms -- --rooms 32 --level Hard --seconds 30
//! cargo run --release -p yonin-tests --bin botrooms -- --think-ms 1000 --bot-workers nats://127.0.0.1:4222
//! ```

use std::time::{Duration, Instant};
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::BotLevel;
use yonin_core::{RuleSet, Seat};
use yonin_server::bots::remote::RemoteBots;
use yonin_server::shares::ShareLimits;
use yonin_server::CoreBots;
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

/// This process's CPU time (user and system), in seconds.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // The fields after the command's closing parenthesis; utime and stime are 14th and 15th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    (ticks(11) + ticks(12)) / 100.0
}

struct Args {
    rooms: usize,
    level: BotLevel,
    seconds: u64,
    think: u64,
    workers: Option<String>,
    prefix: String,
}

fn parse_args() -> Result<Args, String> {
    let (mut rooms, mut level, mut seconds, mut think) = (32, BotLevel::Hard, 30, 2000);
    let (mut workers, mut prefix) = (None, "yonin".to_string());
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--rooms" => rooms = value()?.parse().map_err(|e| format!("--rooms: {e}"))?,
            "--seconds" => seconds = value()?.parse().map_err(|e| format!("--seconds: {e}"))?,
            "--think-ms" => think = value()?.parse().map_err(|e| format!("--think-ms: {e}"))?,
            "--bot-workers" => workers = Some(value()?),
            "--prefix" => prefix = value()?,
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
    Ok(Args {
        rooms,
        level,
        seconds,
        think,
        workers,
        prefix,
    })
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("botrooms: {e}\nusage: botrooms [--rooms N] [--level L] [--seconds S] [--think-ms T] [--bot-workers URL] [--prefix P]");
            std::process::exit(2);
        }
    };
    let (rooms, level, seconds, think) = (args.rooms, args.level, args.seconds, args.think);
    let mut engine = Config::default().bot_engine;
    let mut remote_stats = None;
    if let Some(url) = &args.workers {
        match RemoteBots::connect(url, &args.prefix, CoreBots::default()) {
            Ok(remote) => {
                remote_stats = Some(remote.stats());
                engine = std::sync::Arc::new(remote);
            }
            Err(e) => {
                eprintln!("botrooms: {e}");
                std::process::exit(1);
            }
        }
    }
    let server = start_server(Config {
        bot_engine: engine,
        bot_worker_stats: remote_stats.clone(),
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
    let cpu_before = cpu_seconds();
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
    let elapsed = start.elapsed().as_secs_f64();
    println!(
        "{:.2} moves/s; this process's CPU {:.1} s",
        moves as f64 / elapsed,
        cpu_seconds() - cpu_before
    );
    if let Some(stats) = remote_stats {
        println!("bot workers: {}", stats.snapshot());
    }
    let _ = server.shutdown().await;
}
