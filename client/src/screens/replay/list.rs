//! The replay browser: a tab for each source — the games kept on this computer, the games
//! stored on a server (its address, default the last one used; the list; a click opens one),
//! and a record file to import (a path field, and the record files found in the games folder
//! and the current folder, a click opens one; an opened file joins the local games). Errors
//! are shown in words, never a panic.

use super::archive::{Archive, ArchiveState};
use super::{date, library, players_line, source, ReplayViewer};
use crate::i18n::words::outcome_line;
use crate::i18n::{tr, trf, Text};
use crate::screens::{Ctx, Screen, Transition};
use crate::state::settings::SavedGame;
use crate::view::theme;
use crate::view::ui::{list_rows, TextField, Ui};
use macroquad::prelude::*;
use std::path::{Path, PathBuf};
use yonin_core::record::stored::GameSummary;

/// Where the games listed come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    Local,
    Server,
    Import,
}

const SOURCES: [Source; 3] = [Source::Local, Source::Server, Source::Import];

pub struct ReplayList {
    source: Source,
    loaded: bool,
    scroll: usize,
    address: TextField,
    archive: Option<Archive>,
    server_scroll: usize,
    path: TextField,
    /// Record files found (looked for when the tab opens).
    files: Option<Vec<PathBuf>>,
    /// Where to look for them (None: the games folder and the current folder).
    dirs: Option<Vec<PathBuf>>,
    file_scroll: usize,
    import_error: Option<String>,
}

impl Default for ReplayList {
    fn default() -> Self {
        ReplayList::new()
    }
}

impl ReplayList {
    pub fn new() -> ReplayList {
        ReplayList {
            source: Source::Local,
            loaded: false,
            scroll: 0,
            address: TextField::new("", 120),
            archive: None,
            server_scroll: 0,
            path: TextField::new("", 400),
            files: None,
            dirs: None,
            file_scroll: 0,
            import_error: None,
        }
    }

    /// The server tab with a list already received (scenarios).
    pub(crate) fn with_archive(archive: Archive) -> ReplayList {
        let mut l = ReplayList::new();
        l.source = Source::Server;
        l.address.text = archive.address.clone();
        l.archive = Some(archive);
        l
    }

    /// The import tab with a path typed, looking for record files in `dirs` (scenarios).
    pub(crate) fn with_import(path: &str, dirs: Vec<PathBuf>) -> ReplayList {
        let mut l = ReplayList::new();
        l.source = Source::Import;
        l.path.text = path.to_string();
        l.dirs = Some(dirs);
        l
    }

    /// Opens the file typed in the path field; the error stays on screen.
    pub(crate) fn open_typed(&mut self) -> Option<SavedGame> {
        let typed = self.path.text.trim();
        if typed.is_empty() {
            self.import_error = Some(tr(Text::ImportNoPath).to_string());
            return None;
        }
        match source::import_file(&expand_home(typed)) {
            Ok(g) => {
                self.import_error = None;
                Some(g)
            }
            Err(e) => {
                self.import_error = Some(trf(Text::ImportFailed, &[&e]));
                None
            }
        }
    }

    fn dirs(&self) -> Vec<PathBuf> {
        self.dirs.clone().unwrap_or_else(source::import_dirs)
    }

    fn switch(&mut self, to: Source) {
        self.source = to;
        self.address.focused = false;
        self.path.focused = to == Source::Import;
        if to == Source::Import {
            // Look again: files may have been saved or copied since.
            self.files = None;
        }
    }

    fn tabs(&mut self, ui: &Ui, y: f32) {
        let u = ui.unit;
        let w = (screen_width() - u * 3.0).min(u * 42.0) / 3.0;
        let labels = [
            tr(Text::ReplayTabLocal),
            tr(Text::ReplayTabServer),
            tr(Text::ReplayTabImport),
        ];
        let mut chosen = None;
        for (i, (s, label)) in SOURCES.iter().zip(labels).enumerate() {
            let r = Rect::new(u * 1.5 + i as f32 * w, y, w - u * 0.4, u * 2.2);
            let accent = (*s == self.source).then_some(theme::ACCENT);
            if ui.button_styled(r, label, true, accent) {
                chosen = Some(*s);
            }
        }
        let typing = self.address.focused || self.path.focused;
        if chosen.is_none() && ui.input.tab && !typing {
            let i = SOURCES.iter().position(|s| *s == self.source).unwrap_or(0);
            chosen = Some(SOURCES[(i + 1) % SOURCES.len()]);
        }
        if let Some(s) = chosen.filter(|s| *s != self.source) {
            self.switch(s);
        }
    }

    fn local(&mut self, ctx: &mut Ctx, r: Rect) -> Transition {
        let ui = ctx.ui();
        let u = ui.unit;
        if ctx.library.is_empty() {
            ui.paragraph(
                tr(Text::NoGamesYet),
                r.x,
                r.y + u,
                r.w.min(u * 36.0),
                u,
                theme::palette().text_dim,
            );
            return Transition::Stay;
        }
        ui.panel(r);
        let rows: Vec<String> = ctx
            .library
            .iter()
            .map(|g| {
                let names = g.names.iter().map(|(s, n)| (*s, n.as_str()));
                let players = players_line(g.rules.variant, names);
                let summary = g.summary();
                match g.named {
                    true => format!(
                        "{}   {}   ·   {summary}   ·   {players}",
                        date(g.ended),
                        g.title
                    ),
                    false => format!("{}   {summary}   ·   {players}", date(g.ended)),
                }
            })
            .collect();
        let inner = Rect::new(r.x + u * 0.5, r.y + u * 0.5, r.w - u, r.h - u);
        let rows = clip_rows(&ui, rows, inner.w, u * 2.2);
        if let Some(i) = list_rows(&ui, inner, &rows, u * 2.2, &mut self.scroll, None) {
            let g = ctx.library[i].clone();
            return Transition::Push(Box::new(ReplayViewer::new(g)));
        }
        Transition::Stay
    }

    fn server(&mut self, ctx: &mut Ctx, r: Rect) -> Transition {
        if let Some(game) = self.archive.as_mut().and_then(Archive::pump) {
            return Transition::Push(Box::new(ReplayViewer::new(game)));
        }
        let ui = ctx.ui();
        let u = ui.unit;
        let row_h = u * 2.2;
        let field = Rect::new(r.x, r.y, r.w * 0.72, row_h);
        let entered = self.address.show(&ui, field, tr(Text::ArchiveAddress));
        let button = Rect::new(r.x + r.w * 0.74, r.y, r.w * 0.26, row_h);
        let busy = self.archive.as_ref().is_some_and(Archive::busy);
        let list = ui.button_styled(button, tr(Text::ArchiveList), !busy, Some(theme::ACCENT));
        let (status, status_color) = match &self.archive {
            None => (tr(Text::ArchiveHelp).to_string(), theme::palette().text_dim),
            Some(a) => match &a.state {
                ArchiveState::Connecting | ArchiveState::Listing => (
                    trf(Text::ArchiveConnecting, &[&a.address]),
                    theme::palette().text_dim,
                ),
                ArchiveState::Fetching(_) => {
                    (tr(Text::ArchiveFetching).into(), theme::palette().text_dim)
                }
                ArchiveState::Listed if a.games.is_empty() => {
                    (tr(Text::ArchiveEmpty).into(), theme::palette().text_dim)
                }
                ArchiveState::Listed => {
                    let name = if a.server_name.is_empty() {
                        &a.address
                    } else {
                        &a.server_name
                    };
                    (
                        trf(Text::ArchiveCount, &[&a.games.len(), name]),
                        theme::palette().text,
                    )
                }
                ArchiveState::Closed(why) => (why.clone(), theme::CHECK_GLOW),
            },
        };
        let mut y = r.y + row_h + u * 0.6;
        y = para(&ui, &status, r.x, y, r.w, u * 0.9, status_color);
        if let Some(e) = self.archive.as_ref().and_then(|a| a.error.as_ref()) {
            y = para(&ui, e, r.x, y, r.w, u * 0.9, theme::CHECK_GLOW);
        }
        let games: Vec<GameSummary> = self
            .archive
            .as_ref()
            .map(|a| a.games.clone())
            .unwrap_or_default();
        let mut open = None;
        if !games.is_empty() {
            let panel = Rect::new(r.x, y + u * 0.4, r.w, r.y + r.h - y - u * 0.4);
            ui.panel(panel);
            let rows: Vec<String> = games.iter().map(summary_line).collect();
            let inner = Rect::new(
                panel.x + u * 0.5,
                panel.y + u * 0.5,
                panel.w - u,
                panel.h - u,
            );
            let rows = clip_rows(&ui, rows, inner.w, row_h);
            open = list_rows(&ui, inner, &rows, row_h, &mut self.server_scroll, None);
        }
        if entered || list {
            let address = self.address.text.trim().to_string();
            if address.is_empty() {
                self.archive = None;
                self.address.focused = true;
            } else {
                let same = self.archive.as_ref().is_some_and(|a| {
                    a.address == address && !matches!(a.state, ArchiveState::Closed(_))
                });
                match self.archive.as_mut() {
                    Some(a) if same => a.refresh(),
                    _ => self.archive = Some(Archive::connect(&address, &ctx.settings.name)),
                }
                if ctx.settings.server != address {
                    ctx.settings.server = address;
                    if let Err(e) = ctx.settings.save() {
                        tracing::warn!("could not save the settings: {e}");
                    }
                }
            }
        } else if let (Some(i), Some(a)) = (open, self.archive.as_mut()) {
            a.fetch(games[i].id);
        }
        Transition::Stay
    }

    fn import(&mut self, ctx: &mut Ctx, r: Rect) -> Transition {
        let ui = ctx.ui();
        let u = ui.unit;
        let row_h = u * 2.2;
        let field = Rect::new(r.x, r.y, r.w * 0.78, row_h);
        let entered = self.path.show(&ui, field, tr(Text::ImportPath));
        let button = Rect::new(r.x + r.w * 0.8, r.y, r.w * 0.2, row_h);
        let open_clicked =
            ui.button_styled(button, tr(Text::ImportOpen), true, Some(theme::ACCENT));
        let mut y = r.y + row_h + u * 0.6;
        y = para(
            &ui,
            tr(Text::ImportHelp),
            r.x,
            y,
            r.w,
            u * 0.9,
            theme::palette().text_dim,
        );
        if let Some(e) = &self.import_error {
            y = para(&ui, e, r.x, y, r.w, u * 0.9, theme::CHECK_GLOW);
        }
        let dirs = self.dirs();
        let files = self
            .files
            .get_or_insert_with(|| source::record_files(&dirs))
            .clone();
        let where_: Vec<String> = dirs.iter().map(|d| d.display().to_string()).collect();
        let where_ = where_.join(" · ");
        y += u * 0.6;
        let mut picked = None;
        if files.is_empty() {
            para(
                &ui,
                &trf(Text::ImportNoFiles, &[&where_]),
                r.x,
                y,
                r.w,
                u * 0.9,
                theme::palette().text_dim,
            );
        } else {
            y = para(
                &ui,
                &trf(Text::ImportFilesIn, &[&where_]),
                r.x,
                y,
                r.w,
                u * 0.9,
                theme::palette().text_dim,
            );
            let panel = Rect::new(r.x, y + u * 0.3, r.w, r.y + r.h - y - u * 0.3);
            ui.panel(panel);
            let rows: Vec<String> = files
                .iter()
                .map(|p| {
                    let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
                    let folder = p.parent().map(|d| d.display().to_string());
                    format!(
                        "{}      {}",
                        name.unwrap_or_default(),
                        folder.unwrap_or_default()
                    )
                })
                .collect();
            let inner = Rect::new(
                panel.x + u * 0.5,
                panel.y + u * 0.5,
                panel.w - u,
                panel.h - u,
            );
            let rows = clip_rows(&ui, rows, inner.w, u * 1.9);
            picked = list_rows(&ui, inner, &rows, u * 1.9, &mut self.file_scroll, None);
        }
        if let Some(i) = picked {
            self.path.text = files[i].display().to_string();
        }
        if entered || open_clicked || picked.is_some() {
            if let Some(g) = self.open_typed() {
                // The game joins the local list (once), and is kept for next time.
                let now = std::time::SystemTime::now()
                    .duration_since(std::time::UNIX_EPOCH)
                    .map_or(0, |d| d.as_secs());
                let dir = crate::state::settings::games_dir();
                if let Err(e) = library::keep_imported(&mut ctx.library, &g, now, dir.as_deref()) {
                    tracing::warn!("could not keep the imported game: {e}");
                }
                return Transition::Push(Box::new(ReplayViewer::new(g)));
            }
        }
        Transition::Stay
    }
}

/// One line of the server's list: date, room, players, length and result.
fn summary_line(g: &GameSummary) -> String {
    let names: Vec<(yonin_core::Seat, String)> = g
        .seats
        .iter()
        .map(|s| (s.seat, s.player.display_name()))
        .collect();
    let players = players_line(g.variant, names.iter().map(|(s, n)| (*s, n.as_str())));
    format!(
        "{}   {}   ·   {players}   ·   {}   ·   {}",
        date(g.ended_ms / 1000),
        g.room_name,
        trf(Text::NMoves, &[&g.plies]),
        outcome_line(&g.outcome, g.variant)
    )
}

/// Rows cut with `…` to fit `width` at the size `list_rows` draws them for rows of `row_h`.
fn clip_rows(ui: &Ui, rows: Vec<String>, width: f32, row_h: f32) -> Vec<String> {
    let size = row_h * 0.5;
    let room = width - 16.0;
    rows.into_iter()
        .map(|row| {
            if ui.measure(&row, size).width <= room {
                return row;
            }
            let mut chars: Vec<char> = row.chars().collect();
            while chars.len() > 1 {
                chars.pop();
                let t: String = chars.iter().collect::<String>() + "…";
                if ui.measure(&t, size).width <= room {
                    return t;
                }
            }
            row
        })
        .collect()
}

/// Draws wrapped text whose first line's top is `y`; returns the top of what follows.
fn para(ui: &Ui, s: &str, x: f32, y: f32, width: f32, size: f32, color: Color) -> f32 {
    ui.paragraph(s, x, y + size, width, size, color) - size + size * 0.2
}

/// `~/x` → the home folder's `x`.
fn expand_home(typed: &str) -> PathBuf {
    if let Some(rest) = typed.strip_prefix("~/") {
        if let Some(home) = std::env::var_os("HOME").filter(|h| !h.is_empty()) {
            return Path::new(&home).join(rest);
        }
    }
    PathBuf::from(typed)
}

impl Screen for ReplayList {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            return Transition::Pop;
        }
        if !self.loaded {
            // Games saved by earlier runs, after those of this run.
            self.loaded = true;
            for g in SavedGame::load_all() {
                if !ctx
                    .library
                    .iter()
                    .any(|h| h.ended == g.ended && h.actions == g.actions)
                {
                    ctx.library.push(g);
                }
            }
            ctx.library.sort_by_key(|g| std::cmp::Reverse(g.ended));
            if self.address.text.is_empty() {
                self.address.text = ctx.settings.server.clone();
            }
        }
        let (w, h) = (screen_width(), screen_height());
        let u = {
            let ui = ctx.ui();
            ui.title(tr(Text::MenuReplay));
            let u = ui.unit;
            self.tabs(&ui, u * 5.6);
            u
        };
        let r = Rect::new(u * 1.5, u * 8.6, w - u * 3.0, h - u * 10.0);
        match self.source {
            Source::Local => self.local(ctx, r),
            Source::Server => self.server(ctx, r),
            Source::Import => self.import(ctx, r),
        }
    }
}
