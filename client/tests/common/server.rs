//! A server library on a loopback port, in its own runtime thread, for the client's tests.
// Not every test binary that includes the common module starts a server.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

/// A server library on a loopback port, in its own runtime thread; stops when dropped.
pub struct Server {
    pub addr: SocketAddr,
    _stop: tokio::sync::oneshot::Sender<()>,
}

pub fn start_server(config: yonin_server::Config) -> Server {
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .expect("a runtime");
        rt.block_on(async move {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("a loopback port");
            addr_tx
                .send(listener.local_addr().expect("an address"))
                .expect("the test waits");
            let stop = async move {
                let _ = stop_rx.await;
            };
            yonin_server::run(listener, config, stop)
                .await
                .expect("the server runs");
        });
    });
    Server {
        addr: addr_rx
            .recv_timeout(Duration::from_secs(10))
            .expect("the server starts"),
        _stop: stop_tx,
    }
}
