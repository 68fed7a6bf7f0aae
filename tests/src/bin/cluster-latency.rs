//! `cluster-latency`: how long a room made on one node takes to show in another node's lobby.
//! Starts two servers of one cluster in this process (loopback, a NATS server of yours), and
//! `--rooms N` times makes a room on A and times it until a lobby client on B hears of it
//! (`RoomUpdated`), then closes it; prints p50/p99/max. With `--single` it times the same on one
//! server without `--cluster` (a second client in the same lobby), the number to compare with.
//! Each room takes about a second (the lobby sends room-list changes at most every 500 ms, and
//! waits for the room's removal too): the default 50 rooms run in about a minute.
//!
//! ```text
//! source .ci/nats.sh && start_test_nats
//! cargo run --release -p yonin-tests --bin cluster-latency -- --nats "$YONIN_TEST_NATS"
//! cargo run --release -p yonin-tests --bin cluster-latency -- --single
//! ```

use std::time::{Duration, Instant};
use yonin_core::protocol::{ClientMessage, Encoding, RoomSettings, ServerMessage};
use yonin_core::RuleSet;
use yonin_server::cluster::ClusterConfig;
use yonin_tests::{test_config, TestClient};

const MAX_ROOMS: usize = 5000;
/// The longest one room may take to show before the run fails.
const LIMIT: Duration = Duration::from_secs(10);

struct Args {
    nats: Option<String>,
    rooms: usize,
}

fn parse_args() -> Result<Args, String> {
    let mut out = Args {
        nats: None,
        rooms: 50,
    };
    let mut single = false;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--nats" => out.nats = Some(value()?),
            "--rooms" => out.rooms = value()?.parse().map_err(|e| format!("--rooms: {e}"))?,
            "--single" => single = true,
            _ => return Err(format!("unknown argument {a}")),
        }
    }
    if single {
        out.nats = None;
    } else if out.nats.is_none() {
        return Err("give --nats <url> (a NATS server with JetStream) or --single".into());
    }
    out.rooms = out.rooms.clamp(1, MAX_ROOMS);
    Ok(out)
}

/// A server on a free loopback port; in the cluster `cluster` when given one. Returns its URL.
async fn server(cluster: Option<(&str, &str, &str)>) -> Result<String, String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| e.to_string())?;
    let url = format!(
        "ws://{}/",
        listener.local_addr().map_err(|e| e.to_string())?
    );
    let mut config = test_config();
    config.cluster = cluster.map(|(nats, name, node)| ClusterConfig {
        nats_url: nats.into(),
        public_url: url.clone(),
        name: name.into(),
        node: node.into(),
    });
    tokio::spawn(async move {
        let forever = std::future::pending::<()>();
        if let Err(e) = yonin_server::run(listener, config, forever).await {
            eprintln!("server: {e}");
        }
    });
    Ok(url)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

async fn run(args: Args) -> Result<(), String> {
    let (a, b) = match &args.nats {
        Some(nats) => {
            let name = format!("latency-{}", std::process::id());
            let a = server(Some((nats, &name, "a"))).await?;
            let b = server(Some((nats, &name, "b"))).await?;
            (a, b)
        }
        None => {
            let a = server(None).await?;
            (a.clone(), a)
        }
    };
    let mut host = TestClient::connect_url(&a, "Host", Encoding::Bincode, None).await;
    let mut watcher = TestClient::connect_url(&b, "Watcher", Encoding::Bincode, None).await;
    // Both nodes in the cluster: a first room seen on B (not timed).
    let mut times = Vec::with_capacity(args.rooms);
    for i in 0..=args.rooms {
        let settings = RoomSettings::new(format!("room {i}"), RuleSet::standard());
        let started = Instant::now();
        let room = host.create_room(settings).await.id;
        let seen = watcher
            .wait_for(LIMIT, |m| match m {
                ServerMessage::RoomUpdated { room: r } if r.id == room => Some(()),
                _ => None,
            })
            .await;
        let took = started.elapsed();
        if seen.is_none() {
            return Err(format!("room {i} not seen on B within {LIMIT:?}"));
        }
        if i > 0 {
            times.push(took);
        }
        host.send(&ClientMessage::Leave).await;
        watcher
            .wait_for(LIMIT, |m| match m {
                ServerMessage::RoomRemoved { room: r } if *r == room => Some(()),
                _ => None,
            })
            .await
            .ok_or(format!("room {i} not removed on B within {LIMIT:?}"))?;
        // Within the host's message rate (20 a second).
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    println!(
        "{}: {} rooms made on A, seen in B's lobby after p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        if args.nats.is_some() {
            "cluster (two nodes)"
        } else {
            "single node (no --cluster)"
        },
        times.len(),
        ms(percentile(&times, 0.5)),
        ms(percentile(&times, 0.99)),
        ms(times[times.len() - 1]),
    );
    Ok(())
}

fn main() {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("cluster-latency: {e}");
            std::process::exit(2);
        }
    };
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cluster-latency: {e}");
            std::process::exit(1);
        }
    };
    if let Err(e) = runtime.block_on(run(args)) {
        eprintln!("cluster-latency: {e}");
        std::process::exit(1);
    }
}
