//! LAN discovery for real, on networks this test makes: three network namespaces, a host
//! joined to two others by its own veth pair each (`10.78.1.0/24`, `10.78.2.0/24`), and no
//! default route anywhere (two laptops on a cable, an offline switch). A `yonin-server` on
//! `0.0.0.0` in the host namespace must be heard in both others, and a listener there must
//! connect to the address it heard and be welcomed into the lobby. With only the limited
//! broadcast `255.255.255.255` (no route: "Network is unreachable") nobody hears it. The
//! addresses are set as by hand (`ip addr add 10.78.1.1/24`, no broadcast address given).
//!
//! Every datagram and connection stays inside the namespaces, which are removed in every path
//! (a drop guard). Needs root and `ip netns` (iproute2); without them the test says why and
//! passes without running. The roles inside the namespaces are this same test binary, run
//! again with `YONIN_NETNS_ROLE` set.

use futures::{SinkExt, StreamExt};
use std::io::Read;
use std::net::{IpAddr, SocketAddr};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;
use yonin_core::protocol::{self, ClientMessage, ServerMessage, PROTOCOL_VERSION};
use yonin_server::discovery::{self, BeaconConfig, Listener};

/// This test's name: the roles run it again, alone.
const TEST: &str = "a_host_is_heard_and_joined_on_every_lan_without_a_default_route";
/// Tells a run of this binary inside a namespace which role to play.
const ROLE: &str = "YONIN_NETNS_ROLE";
const SERVER_NAME: &str = "netns-host";
/// How long a listener waits to hear the host and join it.
const LISTEN_FOR: Duration = Duration::from_secs(12);
/// The whole test, namespaces made to namespaces gone, stays well within 30 s.
const OVERALL: Duration = Duration::from_secs(25);

#[test]
fn a_host_is_heard_and_joined_on_every_lan_without_a_default_route() {
    match std::env::var(ROLE).as_deref() {
        Ok("listen") => return listen_and_join(),
        Ok("addresses") => return print_addresses(),
        _ => {}
    }
    let started = Instant::now();
    let pid = std::process::id();
    let names = ["h", "a", "b"].map(|n| format!("yonin-t{pid}-{n}"));
    let mut lab = match Lab::new(&names) {
        Ok(lab) => lab,
        Err(why) => {
            println!("skipped: network namespaces are not available here ({why})");
            return;
        }
    };
    let [h, a, b] = &names;
    lab.link(h, "yl-a", "10.78.1.1/24", a, "yl-h", "10.78.1.2/24");
    lab.link(h, "yl-b", "10.78.2.1/24", b, "yl-h", "10.78.2.2/24");
    for ns in &names {
        let routes = lab.ip(&["-n", ns, "-4", "route", "show", "default"]);
        assert!(
            routes.trim().is_empty(),
            "{ns} has a default route: {routes}"
        );
    }

    // The host, then a listener on each of its networks: each must hear it, at the host's
    // address on that network, and be welcomed into its lobby there.
    let log = std::env::temp_dir().join(format!("yonin-netns-{pid}.log"));
    lab.start_host(h, &log);
    let listeners = [a, b].map(|ns| lab.run_role(ns, "listen"));
    let outs = listeners.map(|i| wait_in(&mut lab, i, started + OVERALL));
    let host_log = std::fs::read_to_string(&log).unwrap_or_default();
    for (out, host) in outs.iter().zip(["10.78.1.1:7878", "10.78.2.1:7878"]) {
        let said = format!("{}\n--- host log ---\n{host_log}", describe(out));
        assert!(out.status.success(), "a listener failed:\n{said}");
        assert_eq!(line_after(out, "HEARD "), host, "{said}");
        assert_eq!(line_after(out, "JOINED "), SERVER_NAME, "{said}");
        println!("heard {SERVER_NAME} at {host} and joined its lobby");
    }

    // What the host's machine says of itself: its two addresses (shown to the person hosting),
    // and a beacon destination on each network besides the limited broadcast.
    let own = lab.run_role(h, "addresses");
    let out = wait_in(&mut lab, own, started + OVERALL);
    let addresses = line_after(&out, "ADDRESSES ");
    assert_eq!(addresses, "10.78.1.1,10.78.2.1", "{}", describe(&out));
    let targets = line_after(&out, "TARGETS ");
    let mut targets: Vec<&str> = targets.split(',').collect();
    targets.sort_unstable();
    assert_eq!(
        targets,
        [
            "10.78.1.255:47878",
            "10.78.2.255:47878",
            "255.255.255.255:47878"
        ],
        "{}",
        describe(&out)
    );
    drop(lab);
    assert!(started.elapsed() < Duration::from_secs(30));
}

/// The namespaces and the processes in them; dropping it ends the processes and removes the
/// namespaces (with them the veth pairs), whatever happened.
struct Lab {
    namespaces: Vec<String>,
    children: Vec<Child>,
    /// The host's log file.
    log: Option<std::path::PathBuf>,
}

impl Lab {
    /// Makes the namespaces (loopback up in each). An error only when the first cannot be
    /// made (not root, no `ip`, no namespaces in this container): the test is skipped then.
    fn new(names: &[String]) -> Result<Lab, String> {
        let mut lab = Lab {
            namespaces: Vec::new(),
            children: Vec::new(),
            log: None,
        };
        for (i, ns) in names.iter().enumerate() {
            // A namespace left by an earlier process with the same id.
            let _ = Command::new("ip").args(["netns", "del", ns]).output();
            match try_ip(&["netns", "add", ns]) {
                Ok(_) => lab.namespaces.push(ns.clone()),
                Err(why) if i == 0 => return Err(why),
                Err(why) => panic!("ip netns add {ns}: {why}"),
            }
            lab.ip(&["-n", ns, "link", "set", "lo", "up"]);
        }
        Ok(lab)
    }

    /// Runs `ip` with these arguments; panics (the guard cleans up) when it fails.
    fn ip(&self, args: &[&str]) -> String {
        try_ip(args).unwrap_or_else(|why| panic!("ip {}: {why}", args.join(" ")))
    }

    /// A veth pair from `ns1` to `ns2`, addressed and up at both ends.
    fn link(&self, ns1: &str, dev1: &str, addr1: &str, ns2: &str, dev2: &str, addr2: &str) {
        let peer = ["peer", "name", dev2, "netns", ns2];
        let mut add = vec!["-n", ns1, "link", "add", dev1, "type", "veth"];
        add.extend(peer);
        self.ip(&add);
        for (ns, dev, addr) in [(ns1, dev1, addr1), (ns2, dev2, addr2)] {
            self.ip(&["-n", ns, "addr", "add", addr, "dev", dev]);
            self.ip(&["-n", ns, "link", "set", dev, "up"]);
        }
    }

    /// The dedicated server on every interface of `ns`, beaconing as it does by default.
    fn start_host(&mut self, ns: &str, log: &std::path::Path) {
        let file = std::fs::File::create(log).expect("a log file in the temporary directory");
        self.log = Some(log.to_path_buf());
        let child = Command::new("ip")
            .args(["netns", "exec", ns, env!("CARGO_BIN_EXE_yonin-server")])
            .args([
                "--bind",
                "0.0.0.0:7878",
                "--no-store",
                "--name",
                SERVER_NAME,
            ])
            .env("RUST_LOG", "yonin_server=debug")
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(file.try_clone().expect("the log file, again"))
            .stderr(file)
            .spawn()
            .expect("ip netns exec yonin-server");
        self.children.push(child);
    }

    /// This test binary in `ns`, playing `role`; its index for [`wait_in`].
    fn run_role(&mut self, ns: &str, role: &str) -> usize {
        let exe = std::env::current_exe().expect("the test binary's path");
        let exe = exe.to_string_lossy();
        let child = Command::new("ip")
            .args([
                "netns",
                "exec",
                ns,
                exe.as_ref(),
                TEST,
                "--exact",
                "--nocapture",
            ])
            .args(["--test-threads", "1"])
            .env(ROLE, role)
            .env("RUST_BACKTRACE", "0")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ip netns exec (this test binary)");
        self.children.push(child);
        self.children.len() - 1
    }
}

impl Drop for Lab {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
        if let Some(log) = &self.log {
            let _ = std::fs::remove_file(log);
        }
        for ns in &self.namespaces {
            if let Err(why) = try_ip(&["netns", "del", ns]) {
                eprintln!("could not remove the namespace {ns}: {why}");
            }
        }
    }
}

fn try_ip(args: &[&str]) -> Result<String, String> {
    let out = Command::new("ip")
        .args(args)
        .stdin(Stdio::null())
        .output()
        .map_err(|e| format!("cannot run ip: {e}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).trim().to_string())
    }
}

/// Waits for the role `index` of the lab to finish (killed at `deadline`) and takes its output.
/// The lab keeps a finished child; killing it again on drop is harmless.
fn wait_in(lab: &mut Lab, index: usize, deadline: Instant) -> Output {
    let child = &mut lab.children[index];
    while child.try_wait().ok().flatten().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let status = child.wait().expect("a child's exit status");
    let read = |r: Option<&mut dyn Read>| {
        let mut bytes = Vec::new();
        if let Some(r) = r {
            let _ = r.read_to_end(&mut bytes);
        }
        bytes
    };
    let stdout = read(child.stdout.as_mut().map(|s| s as &mut dyn Read));
    let stderr = read(child.stderr.as_mut().map(|s| s as &mut dyn Read));
    Output {
        status,
        stdout,
        stderr,
    }
}

fn describe(out: &Output) -> String {
    format!(
        "status {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

/// The rest of the first output line starting with `tag` ("" when there is none).
fn line_after(out: &Output, tag: &str) -> String {
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.split_once(tag).map(|(_, rest)| rest))
        .unwrap_or_default()
        .trim()
        .to_string()
}

// ---------------------------------------------------------------------------------------------
// The roles, inside a namespace

/// Prints this machine's LAN addresses and the default beacon's destinations.
fn print_addresses() {
    let addresses: Vec<String> = discovery::lan_addresses()
        .iter()
        .map(IpAddr::to_string)
        .collect();
    println!("ADDRESSES {}", addresses.join(","));
    let any: SocketAddr = "0.0.0.0:7878".parse().expect("an address");
    let targets: Vec<String> = discovery::destinations(BeaconConfig::default().destination, any)
        .iter()
        .map(SocketAddr::to_string)
        .collect();
    println!("TARGETS {}", targets.join(","));
}

/// Listens on the default beacon port until the host is heard, then joins its lobby at the
/// address heard: Hello, Welcome, ListRooms, RoomList.
fn listen_and_join() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    rt.block_on(async {
        let any = SocketAddr::from(([0, 0, 0, 0], discovery::DEFAULT_PORT));
        let listener = Listener::bind(any).await.expect("bind the beacon port");
        let deadline = Instant::now() + LISTEN_FOR;
        let server = loop {
            if let Some(s) = listener
                .servers()
                .into_iter()
                .find(|s| s.name == SERVER_NAME)
            {
                break s;
            }
            assert!(
                Instant::now() < deadline,
                "no beacon heard in {LISTEN_FOR:?}"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        };
        println!("HEARD {}", server.addr);
        let left = deadline.saturating_duration_since(Instant::now()) + Duration::from_secs(3);
        let joined = tokio::time::timeout(left, join(&server.url())).await;
        let name = joined.expect("the lobby answered in time");
        println!("JOINED {name}");
    });
}

/// Says hello and asks for the rooms; the server's name from its Welcome.
async fn join(url: &str) -> String {
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("WebSocket connect to the address heard");
    let hello = ClientMessage::Hello {
        version: PROTOCOL_VERSION,
        name: "listener".into(),
        resume: None,
    };
    for msg in [hello, ClientMessage::ListRooms] {
        let text = protocol::to_json(&msg).expect("encodes");
        ws.send(Message::Text(text.into())).await.expect("send");
    }
    let mut server_name = None;
    while let Some(frame) = ws.next().await {
        let Message::Text(text) = frame.expect("a frame") else {
            continue;
        };
        match protocol::from_json::<ServerMessage>(&text).expect("a server message") {
            ServerMessage::Welcome { server_name: n, .. } => server_name = Some(n),
            ServerMessage::RoomList { .. } if server_name.is_some() => break,
            ServerMessage::Error { code, message } => panic!("refused: {code:?} {message}"),
            _ => {}
        }
    }
    server_name.expect("a Welcome, then a RoomList")
}
