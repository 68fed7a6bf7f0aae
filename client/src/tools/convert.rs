//! `yonin convert <in> --to <kif|ki2|csa|usi|ysfen> [-o <out>]`: a game record from one format
//! to another. The input's format comes from `--from`, else its extension, else its content;
//! KIF, KI2, CSA and USI hold standard games, KIF (arrow notation) and YSFEN records hold Yonin
//! games. Bad files give an error naming the line and the cause, never a panic.

use crate::state::record_file::read_input;
use crate::tools::ToolError;
use clap::{Args, ValueEnum};
use std::io::Write;
use std::path::PathBuf;
use yonin_core::record::files as records;
use yonin_core::record::RecordFormat;

/// A record format on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum FormatArg {
    Kif,
    Ki2,
    Csa,
    Usi,
    Ysfen,
}

impl From<FormatArg> for RecordFormat {
    fn from(f: FormatArg) -> RecordFormat {
        match f {
            FormatArg::Kif => RecordFormat::Kif,
            FormatArg::Ki2 => RecordFormat::Ki2,
            FormatArg::Csa => RecordFormat::Csa,
            FormatArg::Usi => RecordFormat::Usi,
            FormatArg::Ysfen => RecordFormat::Ysfen,
        }
    }
}

/// The arguments of `yonin convert`.
#[derive(Args, Debug)]
pub struct ConvertArgs {
    /// The record to read (`-`: standard input).
    pub(crate) input: PathBuf,
    /// The format to write.
    #[arg(long, value_enum)]
    pub(crate) to: FormatArg,
    /// The input's format (default: from the file's extension, else from its content).
    #[arg(long, value_enum)]
    pub(crate) from: Option<FormatArg>,
    /// Where to write (default: standard output).
    #[arg(short, long, value_name = "FILE")]
    pub(crate) output: Option<PathBuf>,
}

/// Converts a record; the text goes to `out` unless `-o` names a file.
pub(crate) fn run(args: ConvertArgs, out: &mut impl Write) -> Result<(), ToolError> {
    let bytes = read_input(&args.input)?;
    let named = args
        .from
        .map(RecordFormat::from)
        .or_else(|| records::format_of_path(&args.input));
    let name = args.input.display().to_string();
    let (_, record) = records::read(&bytes, named).map_err(|error| ToolError::Read {
        name: name.clone(),
        format: named,
        error,
    })?;
    let text = records::write(&record, args.to.into())
        .map_err(|error| ToolError::Write { name, error })?;
    crate::tools::write_output(args.output.as_deref(), &text, out)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("yonin-convert-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    fn convert(input: &Path, to: FormatArg, from: Option<FormatArg>) -> Result<String, ToolError> {
        let mut out = Vec::new();
        run(
            ConvertArgs {
                input: input.to_path_buf(),
                to,
                from,
                output: None,
            },
            &mut out,
        )?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn converts_between_formats_by_extension_and_content() {
        let usi = temp_file("a.usi", b"position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n");
        let kif = convert(&usi, FormatArg::Kif, None).unwrap();
        assert!(kif.contains("２二角成(88)"), "{kif}");
        // No extension: the content tells it is KIF.
        let plain = temp_file("game", kif.as_bytes());
        let csa = convert(&plain, FormatArg::Csa, None).unwrap();
        assert!(csa.contains("+8822UM"), "{csa}");
        let csa_file = temp_file("b.csa", csa.as_bytes());
        let back = convert(&csa_file, FormatArg::Usi, None).unwrap();
        assert_eq!(back, "position startpos moves 7g7f 3c3d 8h2b+ 3a2b\n");
        let ki2 = convert(&csa_file, FormatArg::Ki2, None).unwrap();
        assert!(ki2.contains("▲７六歩"), "{ki2}");
    }

    #[test]
    fn yonin_records_convert_between_kif_and_ysfen() {
        let start = yonin_core::record::ysfen::format(&yonin_core::Position::start(
            &yonin_core::RuleSet::yonin(),
        ));
        let text = format!("{start}\ns 5g5f\nw 8d7d\nn 5c5d\ne 2d3d\n");
        let ysfen = temp_file("y.ysfen", text.as_bytes());
        let kif = convert(&ysfen, FormatArg::Kif, None).unwrap();
        assert!(kif.contains('↑') && kif.contains('→'), "{kif}");
        let kif_file = temp_file("y.kif", kif.as_bytes());
        let again = convert(&kif_file, FormatArg::Ysfen, None).unwrap();
        assert!(
            again.contains("s 5g5f\nw 8d7d\nn 5c5d\ne 2d3d\n"),
            "{again}"
        );
        let err = convert(&ysfen, FormatArg::Usi, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("standard games only"), "{err}");
    }

    #[test]
    fn bad_input_is_a_clear_error() {
        let missing = std::env::temp_dir().join("yonin-convert-no-such-file.kif");
        let err = convert(&missing, FormatArg::Usi, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("no-such-file"), "{err}");
        let junk = temp_file("junk.txt", b"hello there");
        let err = convert(&junk, FormatArg::Kif, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("cannot tell"), "{err}");
        let illegal = temp_file("bad.usi", b"position startpos moves 7g7f 7g7f");
        let err = convert(&illegal, FormatArg::Kif, None)
            .unwrap_err()
            .to_string();
        assert!(err.contains("bad.usi") && err.contains("illegal"), "{err}");
        let mislabelled = temp_file("wrong.csa", b"position startpos moves 7g7f");
        assert!(convert(&mislabelled, FormatArg::Kif, None).is_err());
        // Forcing the right format works.
        assert!(convert(&mislabelled, FormatArg::Kif, Some(FormatArg::Usi)).is_ok());
    }
}
