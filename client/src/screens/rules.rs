//! The rules in force, in plain words: the variant, the pieces (drawn), promotion, drops,
//! the Yonin turn order with a small diagram, eliminations, how the game ends, and every
//! house rule chosen for this game.

use super::{Ctx, Screen, Transition};
use crate::i18n::{seat_name, tr, trf, Text};
use crate::view::board::{draw_piece, piece_text, PieceLook, PieceStyle};
use crate::view::theme;
use crate::view::ui::{rounded_rect, Ui};
use macroquad::prelude::*;
use std::f32::consts::FRAC_PI_2;
use yonin_core::TimeControl;
use yonin_core::{
    DeadKingPawnDrop, FirstSeat, Handicap, ImpasseRule, MateTiming, MatedArmy, MatedHand,
    PawnPromotion,
};
use yonin_core::{PieceKind, RuleSet, Seat, Variant};

/// A piece of the rules text.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Block {
    Heading(String),
    Para(String),
    /// A piece, its promoted form, and how it moves.
    Piece(PieceKind, String),
    /// The Yonin seats and their clockwise order.
    TurnDiagram,
}

pub(crate) struct RulesScreen {
    rules: RuleSet,
    time: Option<TimeControl>,
    /// Opened from the menu: both variants can be looked at.
    general: bool,
    scroll: f32,
}

impl RulesScreen {
    pub(crate) fn general() -> RulesScreen {
        RulesScreen {
            rules: RuleSet::standard(),
            time: None,
            general: true,
            scroll: 0.0,
        }
    }

    pub(crate) fn for_game(rules: RuleSet, time: TimeControl) -> RulesScreen {
        RulesScreen {
            rules,
            time: Some(time),
            general: false,
            scroll: 0.0,
        }
    }
}

/// The plain-words explanation of every house rule chosen (empty when there are none). One
/// entry per line of `RuleSet::house_rules()`, with its name and what it means.
pub(crate) fn house_rule_texts(r: &RuleSet) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for name in r.house_rules() {
        let keys = match name {
            n if n.contains("24-point") => Some((Text::H24Title, Text::H24)),
            n if n.contains("army passes") => Some((Text::HArmyTitle, Text::HArmy)),
            n if n.contains("hand goes") => Some((Text::HHandTitle, Text::HHand)),
            n if n.contains("pawn drops in front") => Some((Text::HPawnDropTitle, Text::HPawnDrop)),
            n if n.contains("immediately") => Some((Text::HImmediateTitle, Text::HImmediate)),
            n if n.contains("last two lines") => Some((Text::HLastTwoTitle, Text::HLastTwo)),
            n if n.contains("another seat moves first") => Some((Text::HFirstTitle, Text::HFirst)),
            n if n.contains("random seat") => Some((Text::HRandomTitle, Text::HRandom)),
            n if n.contains("teams") => Some((Text::HTeamsTitle, Text::HTeams)),
            n if n.contains("move limit") => Some((Text::MoveLimit, Text::HMoveLimit)),
            _ => None,
        };
        let Some((title_key, text_key)) = keys else {
            v.push((name.to_string(), String::new()));
            continue;
        };
        let first = match r.first_seat {
            FirstSeat::Fixed(s) => s,
            FirstSeat::Random => Seat::South,
        };
        let text = trf(text_key, &[&seat_name(first)]);
        let title = match (title_key, r.move_limit) {
            (Text::MoveLimit, Some(n)) => trf(Text::HMoveLimitTitle, &[&n]),
            _ => tr(title_key).to_string(),
        };
        v.push((title, text));
    }
    v
}

/// The rules text for a rule set and time control.
pub(crate) fn rules_blocks(r: &RuleSet, time: Option<TimeControl>) -> Vec<Block> {
    use Block::*;
    let mut b = Vec::new();
    let p = |s: &str| Para(s.to_string());
    match r.variant {
        Variant::Standard => {
            b.push(Heading(tr(Text::RShogiHead).into()));
            b.push(p(tr(Text::RShogiIntro)));
            if r.handicap != Handicap::Even {
                b.push(Heading(tr(Text::RHandicapHead).into()));
                b.push(Para(trf(
                    Text::RHandicapNote,
                    &[&crate::i18n::words::handicap_name(r.handicap)],
                )));
            }
        }
        Variant::Yonin => {
            b.push(Heading(tr(Text::RYoninHead).into()));
            b.push(p(tr(Text::RYoninIntro)));
            b.push(TurnDiagram);
            b.push(Heading(tr(Text::RWhoseTurnHead).into()));
            b.push(p(tr(Text::RWhoseTurn)));
        }
    }
    b.push(Heading(tr(Text::RPiecesHead).into()));
    let pieces: &[(PieceKind, Text)] = match r.variant {
        Variant::Standard => &[
            (PieceKind::King, Text::RKing),
            (PieceKind::Rook, Text::RRook),
            (PieceKind::Bishop, Text::RBishop),
            (PieceKind::Gold, Text::RGold),
            (PieceKind::Silver, Text::RSilver),
            (PieceKind::Knight, Text::RKnight),
            (PieceKind::Lance, Text::RLance),
            (PieceKind::Pawn, Text::RPawn),
        ],
        Variant::Yonin => &[
            (PieceKind::King, Text::RKingYonin),
            (PieceKind::Rook, Text::RRook),
            (PieceKind::Gold, Text::RGold),
            (PieceKind::Silver, Text::RSilver),
            (PieceKind::Pawn, Text::RPawnYonin),
        ],
    };
    for (k, t) in pieces {
        b.push(Piece(*k, tr(*t).to_string()));
    }
    b.push(Heading(tr(Text::RPromotionHead).into()));
    match r.variant {
        Variant::Standard => b.push(p(tr(Text::RPromotionStd))),
        Variant::Yonin => b.push(Para(trf(
            Text::RPromotionYonin,
            &[&tr(match r.pawn_promotion {
                PawnPromotion::LastLine => Text::RPawnLastLine,
                PawnPromotion::LastTwoLines => Text::RPawnLastTwo,
            })],
        ))),
    }
    b.push(Heading(tr(Text::RDropsHead).into()));
    b.push(p(tr(Text::RDrops)));
    b.push(Heading(tr(Text::RCheckHead).into()));
    b.push(p(tr(Text::RCheck)));
    match r.variant {
        Variant::Standard => {
            b.push(Heading(tr(Text::REndHead).into()));
            b.push(p(tr(Text::REnd)));
            b.push(p(tr(Text::RSennichite)));
            b.push(p(tr(match r.impasse {
                ImpasseRule::Points27 => Text::RImpasse27,
                ImpasseRule::Points24 => Text::RImpasse24,
            })));
            b.push(p(tr(Text::RDrawOffer)));
        }
        Variant::Yonin => {
            b.push(Heading(tr(Text::RElimHead).into()));
            let army = tr(match r.mated_army {
                MatedArmy::Frozen => Text::RArmyFrozen,
                MatedArmy::PassesToMater => Text::RArmyPasses,
            });
            let hand = tr(match r.mated_hand {
                MatedHand::Sealed => Text::RHandSealed,
                MatedHand::ToMater => Text::RHandToMater,
            });
            let timing = tr(match r.mate_timing {
                MateTiming::OnTurn => Text::RTimingOnTurn,
                MateTiming::Immediately => Text::RTimingImmediately,
            });
            let dead = tr(match r.dead_king_pawn_drop {
                DeadKingPawnDrop::Forbidden => Text::RDeadKingForbidden,
                DeadKingPawnDrop::Allowed => Text::RDeadKingAllowed,
            });
            b.push(Para(trf(
                Text::RElimination,
                &[&timing, &army, &hand, &dead],
            )));
            b.push(Heading(tr(Text::RWinHead).into()));
            b.push(p(tr(if r.teams {
                Text::RTeamsWin
            } else {
                Text::RLastStanding
            })));
        }
    }
    if let Some(tc) = time {
        b.push(Heading(tr(Text::RClockHead).into()));
        b.push(Para(match tc {
            TimeControl::None => tr(Text::RNoClock).to_string(),
            TimeControl::Fischer {
                main_ms,
                increment_ms,
            } => trf(
                Text::RFischer,
                &[&(main_ms / 60_000), &(increment_ms / 1000)],
            ),
            TimeControl::Byoyomi {
                main_ms,
                byoyomi_ms,
                periods,
            } => {
                let main = if main_ms > 0 {
                    trf(Text::RMainTime, &[&crate::state::table::format_ms(main_ms)])
                } else {
                    tr(Text::RNoMainTime).to_string()
                };
                trf(Text::RByoyomi, &[&main, &(byoyomi_ms / 1000), &periods])
            }
        }));
    }
    b.push(Heading(tr(Text::RHouseHead).into()));
    let house = house_rule_texts(r);
    if house.is_empty() {
        b.push(p(tr(match r.variant {
            Variant::Standard => Text::RNoneStd,
            Variant::Yonin => Text::RNoneYonin,
        })));
    }
    for (name, text) in house {
        b.push(Para(format!("• {name}: {text}")));
    }
    b
}

fn draw_turn_diagram(ui: &Ui, x: f32, y: f32, size: f32) -> f32 {
    let board = Rect::new(x + size * 0.25, y + size * 0.25, size * 0.5, size * 0.5);
    draw_rectangle(board.x, board.y, board.w, board.h, theme::palette().wood);
    draw_rectangle_lines(
        board.x,
        board.y,
        board.w,
        board.h,
        2.0,
        theme::palette().wood_edge,
    );
    let c = board.center();
    let cell = size * 0.16;
    for (i, seat) in Seat::ALL.iter().enumerate() {
        // South at the bottom, West left, North top, East right.
        let off = match i {
            0 => vec2(0.0, size * 0.38),
            1 => vec2(-size * 0.38, 0.0),
            2 => vec2(0.0, -size * 0.38),
            _ => vec2(size * 0.38, 0.0),
        };
        let color = theme::seat_color(*seat);
        draw_piece(
            ui,
            c + off,
            cell,
            i as f32 * FRAC_PI_2,
            PieceKind::King,
            piece_text(PieceKind::King, i == 0, PieceStyle::OneKanji),
            PieceLook::live(PieceKind::King, color),
        );
        ui.text_centered(
            &format!("{} {}", seat.arrow(), seat_name(*seat)),
            c + off * 1.0
                + off.normalize() * cell * 0.9
                + vec2(0.0, if i % 2 == 1 { cell * 0.9 } else { 0.0 }),
            size * 0.06,
            color,
        );
    }
    // The clockwise arrows around the board.
    let r = size * 0.2;
    for i in 0..4 {
        let a0 = FRAC_PI_2 + i as f32 * FRAC_PI_2 + 0.25;
        let a1 = a0 + FRAC_PI_2 - 0.5;
        let n = 12;
        for k in 0..n {
            let t0 = a0 + (a1 - a0) * k as f32 / n as f32;
            let t1 = a0 + (a1 - a0) * (k + 1) as f32 / n as f32;
            draw_line(
                c.x + r * t0.cos(),
                c.y + r * t0.sin(),
                c.x + r * t1.cos(),
                c.y + r * t1.sin(),
                2.5,
                theme::palette().grid,
            );
        }
        let tip = vec2(c.x + r * a1.cos(), c.y + r * a1.sin());
        let dir = vec2(-a1.sin(), a1.cos());
        let side = vec2(-dir.y, dir.x);
        draw_triangle(
            tip + dir * 8.0,
            tip + side * 5.0,
            tip - side * 5.0,
            theme::palette().grid,
        );
    }
    ui.text_centered(tr(Text::RClockwise), c, size * 0.055, theme::palette().grid);
    y + size
}

impl Screen for RulesScreen {
    fn frame(&mut self, ctx: &mut Ctx) -> Transition {
        if ctx.input.escape {
            return Transition::Pop;
        }
        let ui = ctx.ui();
        let (w, h) = (screen_width(), screen_height());
        let u = ui.unit;
        let col_w = (w - 4.0 * u).min(u * 42.0);
        let x = (w - col_w) / 2.0;
        let top = u * 6.0;
        let size = u * 1.0;
        // Scrolling: wheel, arrows, page keys.
        let step = u * 3.0;
        if ctx.input.wheel != 0.0 {
            self.scroll -= ctx.input.wheel.signum() * step;
        }
        if ctx.input.down_key {
            self.scroll += step;
        }
        if ctx.input.up {
            self.scroll -= step;
        }
        self.scroll = self.scroll.max(0.0);
        let mut y = top - self.scroll + size;
        for block in rules_blocks(&self.rules, self.time) {
            match block {
                Block::Heading(t) => {
                    y += size * 0.9;
                    ui.text(&t, x, y + size * 0.5, size * 1.35, theme::ACCENT);
                    y += size * 1.9;
                }
                Block::Para(t) => {
                    y = ui.paragraph(&t, x, y + size, col_w, size, theme::palette().text)
                        + size * 0.2;
                }
                Block::Piece(kind, t) => {
                    let cell = size * 2.4;
                    let look = |k: PieceKind| PieceLook::live(k, theme::seat_color(Seat::South));
                    draw_piece(
                        &ui,
                        vec2(x + cell * 0.5, y + cell * 0.55),
                        cell,
                        0.0,
                        kind,
                        piece_text(kind, true, PieceStyle::OneKanji),
                        look(kind),
                    );
                    if kind.can_promote() {
                        let pk = kind.promoted();
                        draw_piece(
                            &ui,
                            vec2(x + cell * 1.5, y + cell * 0.55),
                            cell,
                            0.0,
                            pk,
                            piece_text(pk, true, PieceStyle::OneKanji),
                            look(pk),
                        );
                    }
                    let tx = x + cell * 2.2;
                    let end = ui.paragraph(
                        &t,
                        tx,
                        y + size * 1.2,
                        col_w - cell * 2.2,
                        size,
                        theme::palette().text,
                    );
                    y = end.max(y + cell * 1.1);
                }
                Block::TurnDiagram => {
                    let s = (u * 14.0).min(col_w);
                    y = draw_turn_diagram(&ui, x + (col_w - s) / 2.0, y, s);
                }
            }
        }
        let content_bottom = y + self.scroll;
        let max_scroll = (content_bottom - h + u * 2.0).max(0.0);
        self.scroll = self.scroll.min(max_scroll);
        // The header over the scrolled text.
        draw_rectangle(0.0, 0.0, w, top, theme::palette().background);
        ui.title(if self.general {
            tr(Text::MenuRules)
        } else {
            tr(Text::RulesOfGame)
        });
        if self.general {
            let bw = u * 9.0;
            let r1 = Rect::new(w - 2.0 * bw - u * 2.0, u * 1.4, bw, u * 2.4);
            let r2 = Rect::new(w - bw - u * 1.5, u * 1.4, bw, u * 2.4);
            let std = self.rules.variant == Variant::Standard;
            if ui.button_styled(r1, tr(Text::Shogi), true, std.then_some(theme::ACCENT)) {
                self.rules = RuleSet::standard();
                self.scroll = 0.0;
            }
            if ui.button_styled(r2, tr(Text::Yonin), true, (!std).then_some(theme::ACCENT)) {
                self.rules = RuleSet::yonin();
                self.scroll = 0.0;
            }
        }
        if max_scroll > 0.0 {
            let track = Rect::new(w - u * 0.6, top, u * 0.3, h - top - u);
            rounded_rect(track, 3.0, theme::palette().panel);
            let frac = (h - top) / (content_bottom - top).max(1.0);
            let th = (track.h * frac).max(20.0);
            let ty = track.y + (track.h - th) * (self.scroll / max_scroll);
            rounded_rect(
                Rect::new(track.x, ty, track.w, th),
                3.0,
                theme::palette().text_dim,
            );
        }
        Transition::Stay
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_house_rule_is_explained() {
        let r = RuleSet {
            mated_army: MatedArmy::PassesToMater,
            mated_hand: MatedHand::ToMater,
            dead_king_pawn_drop: DeadKingPawnDrop::Allowed,
            mate_timing: MateTiming::Immediately,
            pawn_promotion: PawnPromotion::LastTwoLines,
            first_seat: FirstSeat::Random,
            teams: true,
            move_limit: Some(200),
            ..RuleSet::yonin()
        };
        let texts = house_rule_texts(&r);
        assert_eq!(texts.len(), r.house_rules().len());
        assert!(texts.iter().all(|(_, t)| !t.is_empty()), "{texts:?}");
        let std24 = RuleSet {
            impasse: ImpasseRule::Points24,
            ..RuleSet::standard()
        };
        assert!(house_rule_texts(&std24).iter().all(|(_, t)| !t.is_empty()));
    }

    #[test]
    fn the_rules_text_names_the_house_rules_section() {
        let blocks = rules_blocks(&RuleSet::yonin(), Some(TimeControl::None));
        assert!(blocks.contains(&Block::Heading("House rules in force".into())));
        assert!(blocks.contains(&Block::TurnDiagram));
    }
}
