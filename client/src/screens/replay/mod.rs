//! Replay: a browser of games from three sources — finished games kept on this computer, games
//! stored on a server, and record files (KIF, KI2, CSA, USI, YSFEN) — and a viewer that steps
//! through one, from any seat, saves it as a record file, and has the engine review it.
//!
//! The screens are `list` and `viewer`; `source`, `library`, `archive`, `export` and `nav` hold the logic
//! as plain functions and values that work without a window (the tests use them directly).

pub mod archive;
pub mod export;
pub mod library;
mod list;
pub(crate) mod nav;
pub mod review;
pub mod source;
mod viewer;

pub(crate) use list::ReplayList;
pub use viewer::{review_panel, ReplayViewer};

/// `2026-11-30 14:05` (UTC) from seconds since 1970.
pub(crate) fn date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    let (y, mo, d) = yonin_core::record::files::civil_from_days(days);
    format!("{y}-{mo:02}-{d:02} {h:02}:{m:02}")
}

/// The players of a game in one line: `▲ Hanako, △ Taro` (standard) or `↑ Aiko, → Mei, …`.
pub(crate) fn players_line<'a>(
    variant: yonin_core::Variant,
    names: impl IntoIterator<Item = (yonin_core::Seat, &'a str)>,
) -> String {
    use yonin_core::{Seat, Variant};
    let names: Vec<String> = names
        .into_iter()
        .map(|(s, n)| {
            let mark = match variant {
                Variant::Standard if s == Seat::South => '▲',
                Variant::Standard => '△',
                Variant::Yonin => s.arrow(),
            };
            format!("{mark} {n}")
        })
        .collect();
    names.join(", ")
}

#[cfg(test)]
mod tests {
    #[test]
    fn dates_read_as_calendar_dates() {
        assert_eq!(super::date(0), "1970-01-01 00:00");
        assert_eq!(super::date(951_782_400 + 3_660), "2000-02-29 01:01");
        assert_eq!(super::date(1_796_011_546), "2026-11-30 04:05");
    }
}
