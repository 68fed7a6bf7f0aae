//! Replay: the list of finished games, and a viewer that steps through one (buttons, arrow
//! keys, Home/End, or a click on a record line).

use super::{Ctx, Screen, Transition};
use crate::game_view::GameView;
use crate::i18n::{tr, trf, Text};
use crate::settings::SavedGame;
use crate::table::Table;
use crate::theme;
use crate::ui::list_rows;
use macroquad::prelude::*;
use yonin_core::protocol::parse_start;
use yonin_core::Game;

pub struct ReplayList {
    scroll: usize,
    loaded: bool,
}

impl ReplayList {
    pub fn new() -> ReplayList {
        ReplayList {
            scroll: 0,
            loaded: false,
        }
    }
}

impl Default for ReplayList {
    fn default() -> Self {
        ReplayList::new()
    }
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
        }
        let ui = ctx.ui();
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        ui.title(tr(Text::MenuReplay));
        let r = Rect::new(u * 1.5, u * 6.0, w - u * 3.0, h - u * 8.0);
        if ctx.library.is_empty() {
            ui.paragraph(
                tr(Text::NoGamesYet),
                r.x,
                r.y + u,
                r.w.min(u * 36.0),
                u,
                theme::TEXT_DIM,
            );
            return Transition::Stay;
        }
        ui.panel(r);
        let rows: Vec<String> = ctx
            .library
            .iter()
            .map(|g| {
                let names: Vec<String> = g
                    .names
                    .iter()
                    .map(|(s, n)| {
                        let mark = match g.rules.variant {
                            yonin_core::Variant::Standard if *s == yonin_core::Seat::South => '▲',
                            yonin_core::Variant::Standard => '△',
                            yonin_core::Variant::Yonin => s.arrow(),
                        };
                        format!("{mark} {n}")
                    })
                    .collect();
                format!("{}   {}   ·   {}", date(g.ended), g.title, names.join(", "))
            })
            .collect();
        let inner = Rect::new(r.x + u * 0.5, r.y + u * 0.5, r.w - u, r.h - u);
        if let Some(i) = list_rows(&ui, inner, &rows, u * 2.2, &mut self.scroll, None) {
            let g = ctx.library[i].clone();
            return Transition::Push(Box::new(ReplayViewer::new(g)));
        }
        Transition::Stay
    }
}

/// `2026-11-30 14:05` (UTC) from seconds since 1970.
pub fn date(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let (h, m) = ((secs % 86_400) / 3600, (secs % 3600) / 60);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let mo = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(mo <= 2);
    format!("{y}-{mo:02}-{d:02} {h:02}:{m:02}")
}

/// Steps through one saved game.
pub struct ReplayViewer {
    saved: SavedGame,
    /// The game with every action applied (or the error that stopped it).
    full: Result<Game, String>,
    /// How many actions are shown applied.
    at: usize,
    table: Option<Table>,
    view: GameView,
}

impl ReplayViewer {
    pub fn new(saved: SavedGame) -> ReplayViewer {
        let full = saved.replay();
        let at = saved.actions.len();
        ReplayViewer {
            saved,
            full,
            at,
            table: None,
            view: GameView::new(),
        }
    }

    fn build(&self, now: f64) -> Option<Table> {
        let start = parse_start(&self.saved.rules, &self.saved.start).ok()?;
        let mut game = Game::from_position(self.saved.rules, start);
        for a in &self.saved.actions[..self.at] {
            a.apply(&mut game).ok()?;
        }
        let mut t = Table::from_game(game, self.saved.me, now);
        t.seats = self
            .saved
            .names
            .iter()
            .map(|(s, n)| yonin_core::protocol::SeatInfo {
                seat: *s,
                occupant: yonin_core::protocol::Occupant::Person(yonin_core::protocol::PlayerRef {
                    id: yonin_core::protocol::PlayerId(0),
                    name: n.clone(),
                }),
                connected: true,
                grace_ms: None,
                stand_in: None,
            })
            .collect();
        if self.at == self.saved.actions.len() && t.outcome.is_none() {
            t.outcome = self.saved.outcome.clone();
        }
        Some(t)
    }
}

impl Screen for ReplayViewer {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            return Transition::Pop;
        }
        let n = self.saved.actions.len();
        let before = self.at;
        if ctx.input.left {
            self.at = self.at.saturating_sub(1);
        }
        if ctx.input.right {
            self.at = (self.at + 1).min(n);
        }
        if ctx.input.home {
            self.at = 0;
        }
        if ctx.input.end {
            self.at = n;
        }
        if self.table.is_none() || before != self.at {
            self.table = self.build(ctx.now);
        }
        let ui = ctx.ui();
        let u = ui.unit;
        if let Err(e) = &self.full {
            ui.title(tr(Text::MenuReplay));
            ui.text(
                &trf(Text::ReplayUnreadable, &[e]),
                u * 1.5,
                u * 8.0,
                u,
                theme::CHECK_GLOW,
            );
            return Transition::Stay;
        }
        let Some(table) = &self.table else {
            return Transition::Stay;
        };
        let opts = ctx.view_options(false);
        self.view.frame(&ui, table, &opts, ctx.now);
        // Step buttons where the game buttons would be.
        let layout = crate::layout::Layout::new(
            screen_width(),
            screen_height(),
            table.viewer(),
            table.four_seats(),
        );
        let a = layout.actions;
        let gap = u * 0.3;
        let bh = (u * 2.2).min(a.h / 3.0);
        let bw = (a.w - 3.0 * gap) / 4.0;
        let labels = ["|◀", "◀", "▶", "▶|"];
        let mut clicked = None;
        for (i, l) in labels.iter().enumerate() {
            let r = Rect::new(a.x + i as f32 * (bw + gap), a.y, bw, bh);
            if ui.button(r, l) {
                clicked = Some(i);
            }
        }
        let moves_total = self
            .saved
            .actions
            .iter()
            .filter(|x| matches!(x, yonin_core::protocol::Action::Move { .. }))
            .count();
        let moves_here = table.game.moves().len();
        let where_ = if self.at == n && n > 0 {
            match &table.outcome {
                Some(o) => super::outcome_line(o, table.variant()),
                None => trf(Text::MoveOf, &[&moves_here, &moves_total]),
            }
        } else {
            trf(Text::MoveOf, &[&moves_here, &moves_total])
        };
        let lines = [where_, tr(Text::ReplayKeys).to_string()];
        for (k, line) in lines.iter().enumerate() {
            let y = a.y + bh + gap + (k as f32 + 0.5) * u * 1.3;
            let size = crate::game_view::fit(&ui, line, a.w, u * 0.85);
            ui.text_mid(line, a.x, y, size, theme::TEXT_DIM);
        }
        match clicked {
            Some(0) => self.at = 0,
            Some(1) => self.at = self.at.saturating_sub(1),
            Some(2) => self.at = (self.at + 1).min(n),
            Some(3) => self.at = n,
            _ => {}
        }
        Transition::Stay
    }
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
