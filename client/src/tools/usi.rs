//! `yonin usi`: the USI engine on standard input and output. The protocol logic lives in
//! `yonin_core::bot::usi`; this file only moves lines between the pipes and the engine.

use std::io::{BufRead, Write};
use std::sync::{mpsc, Arc};
use yonin_core::bot::usi::{Control, UsiEngine};

enum Event {
    Input(String),
    Output(String),
    Eof,
}

/// Reads commands from `input` on a thread and writes the engine's lines to `out`, flushing
/// each one, until `quit` or the end of the input.
pub(crate) fn run(
    input: impl BufRead + Send + 'static,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let (tx, rx) = mpsc::channel::<Event>();
    let sink_tx = tx.clone();
    // The sink may be called from the thinking thread: it only queues the line.
    let mut engine = UsiEngine::new(Arc::new(move |line: &str| {
        let _ = sink_tx.send(Event::Output(line.to_string()));
    }));
    std::thread::spawn(move || {
        for line in input.lines() {
            let Ok(line) = line else { break };
            if tx.send(Event::Input(line)).is_err() {
                return;
            }
        }
        let _ = tx.send(Event::Eof);
    });
    let write = |out: &mut dyn Write, line: &str| -> std::io::Result<()> {
        writeln!(out, "{line}")?;
        out.flush()
    };
    while let Ok(event) = rx.recv() {
        match event {
            Event::Output(line) => write(out, &line)?,
            Event::Input(line) => {
                if engine.handle(&line) == Control::Quit {
                    break;
                }
            }
            Event::Eof => {
                engine.stop_thinking();
                break;
            }
        }
    }
    // Lines the engine printed while quitting (a last bestmove).
    while let Ok(Event::Output(line)) = rx.try_recv() {
        write(out, &line)?;
    }
    Ok(())
}

/// Runs the engine on this process's standard input.
pub(crate) fn run_stdio(out: &mut impl Write) -> std::io::Result<()> {
    run(std::io::BufReader::new(std::io::stdin()), out)
}
