//! The `yonin` command line: engine and record tools (`perft`, `moves`, `play`, `usi`,
//! `convert`, `review`) beside the game window.

use crate::tools::ToolError;
use clap::{Parser, Subcommand, ValueEnum};
use std::io::Write;
use yonin_core::{Move, Position, RuleSet, Variant};

#[derive(Parser, Debug)]
#[command(
    name = "yonin",
    version,
    about = "Yonin: four-player and standard shogi"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
    /// Draw a scenario in the window, write it to this PNG file and exit.
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<std::path::PathBuf>,
    /// The scenario for --screenshot: standard-start, standard-midgame, yonin-west, … (an
    /// unknown name lists them all).
    #[arg(long, requires = "screenshot")]
    pub scenario: Option<String>,
    /// The window size, e.g. 1280x800.
    #[arg(long, value_name = "WxH")]
    pub size: Option<String>,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum VariantArg {
    Standard,
    Yonin,
}

impl From<VariantArg> for Variant {
    fn from(v: VariantArg) -> Variant {
        match v {
            VariantArg::Standard => Variant::Standard,
            VariantArg::Yonin => Variant::Yonin,
        }
    }
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Count the leaves of the legal-move tree.
    Perft {
        depth: u32,
        #[arg(long, value_enum, default_value = "standard")]
        variant: VariantArg,
        /// `startpos`, an SFEN (standard) or a YSFEN (yonin).
        #[arg(long, default_value = "startpos")]
        position: String,
        /// One line `<usi-move> <count>` per legal move.
        #[arg(long)]
        divide: bool,
    },
    /// List the legal moves, one USI move per line.
    Moves {
        #[arg(long, value_enum, default_value = "standard")]
        variant: VariantArg,
        #[arg(long, default_value = "startpos")]
        position: String,
    },
    /// Play moves from a position and print the resulting SFEN/YSFEN as the last line.
    Play {
        #[arg(long, value_enum, default_value = "standard")]
        variant: VariantArg,
        #[arg(long, default_value = "startpos")]
        position: String,
        /// USI moves.
        moves: Vec<String>,
    },
    /// Run as a USI engine (standard shogi) on standard input and output.
    Usi,
    /// Run a game server (WebSocket) until Ctrl-C.
    Server(Box<yonin_server::cli::ServerArgs>),
    /// Convert a game record: KIF, KI2, CSA, USI (standard) or YSFEN (Yonin).
    Convert(crate::tools::convert::ConvertArgs),
    /// Review a game record with the engine: each move's evaluation and the mistakes marked
    /// `?`/`??` with a better line, written as comments in the record.
    Review(crate::tools::review::ReviewArgs),
}

/// Parses a position for the variant (`startpos`, SFEN or YSFEN).
pub(crate) fn parse_position(variant: Variant, text: &str) -> Result<Position, ToolError> {
    let rules = match variant {
        Variant::Standard => RuleSet::standard(),
        Variant::Yonin => RuleSet::yonin(),
    };
    yonin_core::parse_start(&rules, text).map_err(|error| ToolError::Position {
        text: text.chars().take(100).collect(),
        error,
    })
}

/// Runs an engine subcommand into `out` and flushes it, so that output a buffer still holds
/// is written, or its failure reported, before the command counts as done (a full disk must
/// not pass for success).
pub fn run_flushed(cmd: Command, out: &mut impl Write) -> Result<(), ToolError> {
    run(cmd, out)?;
    out.flush().map_err(ToolError::Stdout)
}

/// Runs an engine subcommand, writing to `out`. Errors are messages for stderr.
pub fn run(cmd: Command, out: &mut impl Write) -> Result<(), ToolError> {
    let io = ToolError::Stdout;
    match cmd {
        Command::Perft {
            depth,
            variant,
            position,
            divide,
        } => {
            let pos = parse_position(variant.into(), &position)?;
            let total = if divide {
                let mut total = 0;
                for (m, n) in yonin_core::perft::divide(&pos, depth) {
                    writeln!(out, "{m} {n}").map_err(io)?;
                    total += n;
                }
                total
            } else {
                yonin_core::perft::perft(&pos, depth)
            };
            writeln!(out, "nodes {total}").map_err(io)?;
        }
        Command::Moves { variant, position } => {
            let pos = parse_position(variant.into(), &position)?;
            for m in pos.legal_moves().iter() {
                writeln!(out, "{m}").map_err(io)?;
            }
        }
        Command::Play {
            variant,
            position,
            moves,
        } => {
            let mut pos = parse_position(variant.into(), &position)?;
            for (i, text) in moves.iter().enumerate() {
                let number = i + 1;
                let m =
                    Move::from_usi(text).map_err(|error| ToolError::MoveText { number, error })?;
                let seat = pos.to_move();
                pos.play(m).map_err(|error| ToolError::Illegal {
                    number,
                    text: text.clone(),
                    seat,
                    error,
                })?;
            }
            writeln!(out, "{}", yonin_core::record::position_text(&pos)).map_err(io)?;
        }
        Command::Usi => crate::tools::usi::run_stdio(out).map_err(io)?,
        Command::Server(args) => yonin_server::cli::main(*args).map_err(ToolError::Server)?,
        Command::Convert(args) => crate::tools::convert::run(args, out)?,
        Command::Review(args) => crate::tools::review::run(args, out)?,
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufWriter, ErrorKind};
    use yonin_testkit::FailingWriter as Failing;

    fn moves() -> Command {
        Command::Moves {
            variant: VariantArg::Standard,
            position: "startpos".into(),
        }
    }

    #[test]
    fn output_a_buffer_holds_is_written_or_its_failure_reported() {
        // The 30 opening moves fit the buffer: only the flush meets the failing writer.
        let mut out = BufWriter::new(Failing(ErrorKind::StorageFull));
        let err = run_flushed(moves(), &mut out).unwrap_err();
        assert!(matches!(err, ToolError::Stdout(_)), "{err}");
        assert!(!err.is_closed_pipe());
        assert!(err.to_string().starts_with("writing the output"), "{err}");

        let mut out = BufWriter::new(Failing(ErrorKind::BrokenPipe));
        let err = run_flushed(moves(), &mut out).unwrap_err();
        assert!(err.is_closed_pipe(), "{err}");

        let mut out = BufWriter::new(Vec::new());
        run_flushed(moves(), &mut out).unwrap();
        let text = String::from_utf8(out.into_inner().unwrap()).unwrap();
        assert_eq!(text.lines().count(), 30, "{text}");
        assert!(text.lines().any(|l| l == "7g7f"), "{text}");
    }
}
