//! `yonin review <record> [--movetime MS] [--threads N] [-o FILE]`: the engine's review of a
//! game record, written as the same record with comments — each move's evaluation, `?` and
//! `??` on the moves that lost most, and the engine's better line under them (KIF for
//! standard games, the Yonin record for Yonin games).

use crate::tools::ToolError;
use clap::Args;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};
use yonin_core::bot::review::{self, ReviewOptions, Reviewer};
use yonin_core::bot::{all_cores, MAX_THREADS};
use yonin_core::record::files as records;
use yonin_core::record::RecordFormat;
use yonin_core::Variant;

/// The longest time a position may be searched, in milliseconds (a minute).
const MAX_MOVETIME_MS: u64 = 60_000;

/// The arguments of `yonin review`.
#[derive(Args, Debug)]
pub struct ReviewArgs {
    /// The record to review (`-`: standard input): KIF, KI2, CSA, USI or a Yonin record.
    pub(crate) input: PathBuf,
    /// Milliseconds of search for each position.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(1..=MAX_MOVETIME_MS))]
    pub(crate) movetime: u64,
    /// Search threads (default: every core).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_THREADS as u64))]
    pub(crate) threads: Option<u64>,
    /// Where to write the reviewed record (default: standard output).
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

/// Reviews the record; the annotated record goes to `out` unless `-o` names a file, the
/// progress to standard error when it is a terminal, and a summary line to standard error.
pub(crate) fn run(args: ReviewArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let bytes = crate::state::record_file::read_input(&args.input)?;
    let name = args.input.display().to_string();
    let (_, mut record) =
        records::read(&bytes, records::format_of_path(&args.input)).map_err(|error| {
            ToolError::Read {
                name: name.clone(),
                format: None,
                error,
            }
        })?;
    let options = ReviewOptions {
        movetime: Duration::from_millis(args.movetime),
        threads: args.threads.map_or_else(all_cores, |t| t as usize),
        ..ReviewOptions::default()
    };
    let review_error = |error| ToolError::Review {
        name: name.clone(),
        error,
    };
    let mut reviewer = Reviewer::from_record(&record, options).map_err(review_error)?;
    let started = Instant::now();
    let stop = Arc::new(AtomicBool::new(false));
    let mut err = std::io::stderr();
    let live = err.is_terminal();
    while reviewer.step(&stop) {
        if live {
            let _ = write!(err, "\rreviewing: {}/{}", reviewer.done(), reviewer.total());
            let _ = err.flush();
        }
    }
    let result = reviewer.review();
    review::annotate(&mut record, &result).map_err(review_error)?;
    let format = match record.rules.variant {
        Variant::Standard => RecordFormat::Kif,
        Variant::Yonin => RecordFormat::Ysfen,
    };
    let text = records::write(&record, format).map_err(|error| ToolError::Write {
        name: name.clone(),
        error,
    })?;
    crate::tools::write_output(args.output.as_deref(), &text, out)?;
    let marks = |m| result.moves.iter().filter(|r| r.mark == Some(m)).count();
    let _ = writeln!(
        err,
        "{}reviewed {} moves in {:.1} s: {} ??, {} ?",
        if live { "\r" } else { "" },
        result.moves.len(),
        started.elapsed().as_secs_f64(),
        marks(review::Mark::Blunder),
        marks(review::Mark::Mistake),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_on(text: &str, file: &str) -> Result<String, ToolError> {
        let dir = std::env::temp_dir().join(format!("yonin-review-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(file);
        std::fs::write(&path, text).unwrap();
        let mut out = Vec::new();
        let args = ReviewArgs {
            input: path,
            movetime: 100,
            threads: Some(1),
            output: None,
        };
        let result = run(args, &mut out);
        std::fs::remove_dir_all(&dir).ok();
        result.map(|()| String::from_utf8(out).unwrap())
    }

    #[test]
    fn marks_the_bishop_given_for_a_pawn_in_kif() {
        let kif = run_on(
            "position startpos moves 7g7f 8c8d 8h3c+ 2b3c 2g2f\n",
            "g.usi",
        )
        .unwrap();
        assert!(kif.contains("３三角成(88)\n*review: "), "{kif}");
        let (_, after) = kif.split_once("３三角成(88)").unwrap();
        let (comments, _) = after.split_once("同　角(22)").unwrap();
        assert!(comments.contains(" ??\n*better: ▲"), "{kif}");
        assert_eq!(kif.matches("*review: ").count(), 5, "{kif}");
    }

    #[test]
    fn a_yonin_record_gets_comments_for_every_seat() {
        let start = yonin_core::record::ysfen::format(&yonin_core::Position::start(
            &yonin_core::RuleSet::yonin(),
        ));
        let text = run_on(&format!("{start}\ns 5g5f\nw 8d7d\n"), "y.ysfen").unwrap();
        assert!(text.contains("s 5g5f\n# review: ↑"), "{text}");
        assert!(text.contains("w 8d7d\n# review: ↑"), "{text}");
    }

    #[test]
    fn a_bad_record_is_a_clear_error() {
        let err = run_on("position startpos moves 7g7f 7g7f\n", "bad.usi")
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad.usi") && err.contains("illegal"), "{err}");
    }
}
