//! Replay: the list of finished games, and a viewer that steps through one (buttons, arrow
//! keys, Home/End, or a click on a record line).

use super::{Ctx, Screen, Transition};
use crate::game_view::GameView;
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
        ui.title("Replay");
        let r = Rect::new(u * 1.5, u * 6.0, w - u * 3.0, h - u * 8.0);
        if ctx.library.is_empty() {
            ui.paragraph(
                "No finished games yet. Every game you finish — against the computer or online — is kept here, so you can go through it move by move.",
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
                    .map(|(s, n)| format!("{} {n}", s.arrow()))
                    .collect();
                format!("{}   ·   {}", g.title, names.join(", "))
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
            ui.title("Replay");
            ui.text(
                &format!("This game could not be read: {e}"),
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
        // Step buttons along the bottom of the window, over the left side.
        let bh = u * 2.2;
        let bw = u * 3.2;
        let y = screen_height() - bh - u * 0.5;
        let labels = ["|◀", "◀", "▶", "▶|"];
        let mut clicked = None;
        for (i, l) in labels.iter().enumerate() {
            let r = Rect::new(u * 0.8 + i as f32 * (bw + u * 0.4), y, bw, bh);
            if ui.button(r, l) {
                clicked = Some(i);
            }
        }
        ui.text(
            &format!("move {} of {}  ·  ← → Home End  ·  Esc: back", self.at, n),
            u * 0.8,
            y - u * 0.6,
            u * 0.85,
            theme::TEXT_DIM,
        );
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
