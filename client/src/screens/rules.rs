//! The rules in force, in plain words: the variant, the pieces (drawn), promotion, drops,
//! the Yonin turn order with a small diagram, eliminations, how the game ends, and every
//! house rule chosen for this game.

use super::{Ctx, Screen, Transition};
use crate::board_view::{draw_piece, piece_text, PieceLook, PieceStyle};
use crate::theme;
use crate::ui::{rounded_rect, Ui};
use macroquad::prelude::*;
use std::f32::consts::FRAC_PI_2;
use yonin_core::protocol::TimeControl;
use yonin_core::rules::{
    DeadKingPawnDrop, FirstSeat, Handicap, ImpasseRule, MateTiming, MatedArmy, MatedHand,
    PawnPromotion,
};
use yonin_core::{PieceKind, RuleSet, Seat, Variant};

/// A piece of the rules text.
#[derive(Clone, Debug, PartialEq)]
pub enum Block {
    Heading(String),
    Para(String),
    /// A piece, its promoted form, and how it moves.
    Piece(PieceKind, String),
    /// The Yonin seats and their clockwise order.
    TurnDiagram,
}

pub struct RulesScreen {
    rules: RuleSet,
    time: Option<TimeControl>,
    /// Opened from the menu: both variants can be looked at.
    general: bool,
    scroll: f32,
}

impl RulesScreen {
    pub fn general() -> RulesScreen {
        RulesScreen {
            rules: RuleSet::standard(),
            time: None,
            general: true,
            scroll: 0.0,
        }
    }

    pub fn for_game(rules: RuleSet, time: TimeControl) -> RulesScreen {
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
pub fn house_rule_texts(r: &RuleSet) -> Vec<(String, String)> {
    let mut v = Vec::new();
    for name in r.house_rules() {
        let text = match name {
            n if n.contains("24-point") => "Impasse declarations follow the JSA 24-point rule: the declaration wins with 31 points or more and is a draw with 24 to 30 points; with fewer it is rejected.",
            n if n.contains("army passes") => "When a seat is mated, its pieces on the board become the mating seat's pieces (they keep pointing the way they did).",
            n if n.contains("hand goes") => "When a seat is mated, its pieces in hand go to the mating seat's hand.",
            n if n.contains("pawn drops in front") => "A pawn may be dropped on the square directly in front of a turned-over king (the federation's 2022 rule).",
            n if n.contains("immediately") => "After every move, every other seat that is in check and has no legal move is out at once — not only when its turn comes.",
            n if n.contains("last two lines") => "A pawn must promote on its last two lines, not only on the last one.",
            n if n.contains("another seat moves first") => match r.first_seat {
                FirstSeat::Fixed(Seat::West) => "West moves first; play still goes clockwise.",
                FirstSeat::Fixed(Seat::North) => "North moves first; play still goes clockwise.",
                _ => "East moves first; play still goes clockwise.",
            },
            n if n.contains("random seat") => "The seat that moves first is drawn at random when the game starts.",
            n if n.contains("teams") => "South and North play together against West and East. The first mate of an opponent wins the game for the team, and you may not leave your partner's king in check.",
            n if n.contains("move limit") => "The game stops after the move limit; the seats still playing share the places that are left (a draw in two-player shogi).",
            _ => "",
        };
        let mut title = name.to_string();
        if name.contains("move limit") {
            if let Some(n) = r.move_limit {
                title = format!("move limit: {n} moves");
            }
        }
        v.push((title, text.to_string()));
    }
    v
}

/// The rules text for a rule set and time control.
pub fn rules_blocks(r: &RuleSet, time: Option<TimeControl>) -> Vec<Block> {
    use Block::*;
    let mut b = Vec::new();
    let p = |s: &str| Para(s.to_string());
    match r.variant {
        Variant::Standard => {
            b.push(Heading("Shogi 将棋 — two players".into()));
            b.push(p("Sente ▲ (amber) sits at the bottom and moves first; Gote △ (teal) sits at the top. On your turn you do one thing: move one of your pieces, or drop a piece from your hand onto an empty square. A piece you capture joins your hand, unpromoted, and you may drop it later as your own."));
            if r.handicap != Handicap::Even {
                b.push(Heading("Handicap 駒落ち".into()));
                b.push(Para(format!(
                    "{}: the stronger player, Gote, gives up pieces and moves first.",
                    super::setup::handicap_name(r.handicap)
                )));
            }
        }
        Variant::Yonin => {
            b.push(Heading("Yonin shogi 四人将棋 — four players".into()));
            b.push(p("Four seats — South ↑, West →, North ↓ and East ← — each with nine pieces: a king, a rook, two golds, two silvers and three pawns (no bishop, knight or lance). Every piece points away from its owner and moves as it would for that seat. On your turn you move a piece or drop one from your hand; captured pieces join your hand."));
            b.push(TurnDiagram);
            b.push(Heading("Whose turn".into()));
            b.push(p("Play goes clockwise: South → West → North → East. But a check comes first: after every move, the seats left in check answer it before anyone else, the first one clockwise from the player who just moved. A seat skipped this way simply loses that turn, and play then goes on clockwise from whoever moved last. The game shows a banner such as \"North must answer South's check\" when this happens."));
        }
    }
    b.push(Heading("The pieces".into()));
    let pieces: &[(PieceKind, &str)] = match r.variant {
        Variant::Standard => &[
            (PieceKind::King, "King 玉/王: one step in any direction."),
            (PieceKind::Rook, "Rook 飛: any distance straight. Promoted, the dragon 龍 also steps one square diagonally."),
            (PieceKind::Bishop, "Bishop 角: any distance diagonally. Promoted, the horse 馬 also steps one square straight."),
            (PieceKind::Gold, "Gold 金: one step forward, diagonally forward, sideways or straight back. Never promotes."),
            (PieceKind::Silver, "Silver 銀: one step forward or diagonally. Promoted 全, it moves like a gold."),
            (PieceKind::Knight, "Knight 桂: jumps two forward and one sideways; the only piece that jumps. Promoted 圭, it moves like a gold."),
            (PieceKind::Lance, "Lance 香: any distance straight forward. Promoted 杏, it moves like a gold."),
            (PieceKind::Pawn, "Pawn 歩: one step forward (it also captures that way). Promoted と (tokin), it moves like a gold."),
        ],
        Variant::Yonin => &[
            (PieceKind::King, "King 玉/王: one step in any direction. Kings are never captured."),
            (PieceKind::Rook, "Rook 飛: any distance straight. Promoted, the dragon 龍 also steps one square diagonally."),
            (PieceKind::Gold, "Gold 金: one step forward, diagonally forward, sideways or straight back. Never promotes."),
            (PieceKind::Silver, "Silver 銀: one step forward or diagonally. Promoted 全, it moves like a gold."),
            (PieceKind::Pawn, "Pawn 歩: one step forward. Promoted と (tokin), it moves like a gold."),
        ],
    };
    for (k, t) in pieces {
        b.push(Piece(*k, t.to_string()));
    }
    b.push(Heading("Promotion".into()));
    match r.variant {
        Variant::Standard => b.push(p("The three ranks farthest from you are your promotion zone. A rook, bishop, silver, knight, lance or pawn may promote (turn over) when a move starts or ends there; the game asks you, showing both pieces. It must promote when it could never move again otherwise: a pawn or lance on the last rank, a knight on the last two. A dropped piece is always unpromoted.")),
        Variant::Yonin => b.push(Para(format!(
            "Your promotion zone is the three lines farthest from you — the far side of the board, not the side camps. A rook, silver or pawn may promote when a move starts or ends there; the game asks you. {} A dropped piece is always unpromoted.",
            match r.pawn_promotion {
                PawnPromotion::LastLine => "A pawn reaching its last line must promote.",
                PawnPromotion::LastTwoLines => "A pawn reaching one of its last two lines must promote (house rule).",
            }
        ))),
    }
    b.push(Heading("Drops".into()));
    b.push(p("A piece from your hand may go on any empty square, pointing away from you, with three exceptions: nifu 二歩 — \"two pawns\": no pawn on a line that already holds one of your unpromoted pawns; no piece where it could never move (a pawn on the last line); and uchifuzume 打ち歩詰め — \"pawn-drop mate\": a pawn drop may check but not mate. Moving a pawn to mate is fine."));
    b.push(Heading("Check".into()));
    b.push(p("A move may never leave your own king attacked. When your king is attacked you must answer: move it, block, or capture the attacker. A king in check glows red; when several are in check at once, numbers show the order they answer in."));
    match r.variant {
        Variant::Standard => {
            b.push(Heading("How the game ends".into()));
            b.push(p("Checkmate wins: the side to move is in check and has no legal move. A side with no legal move at all loses too. You may resign at any time (投了). When a clock runs out, that player loses."));
            b.push(p("Sennichite 千日手 — \"repetition\": when the same position (board, hands and side to move) appears for the fourth time the game is a draw — unless one player gave check with every move since the first time, and then that player loses."));
            b.push(Para(match r.impasse {
                ImpasseRule::Points27 => "Impasse declaration 入玉宣言: on your turn you may declare and win when your king is in the enemy zone and not in check, at least ten of your other pieces are there too, and those pieces plus your hand make 28 points (Sente) or 27 (Gote), counting rook and bishop as 5 and the rest as 1. The button appears only when a declaration would succeed.".to_string(),
                ImpasseRule::Points24 => "Impasse declaration 入玉宣言 (JSA 24-point rule): on your turn, with your king in the enemy zone and not in check and at least ten other pieces there, 31 points or more win and 24 to 30 draw (rook and bishop count 5, the rest 1). The button appears only when a declaration would succeed.".to_string(),
            }));
            b.push(p(
                "Either player may offer a draw; it ends the game when the other accepts.",
            ));
        }
        Variant::Yonin => {
            b.push(Heading("Eliminations".into()));
            let army = match r.mated_army {
                MatedArmy::Frozen => "its other pieces are frozen: they never move or attack again, still block the way, and any player may capture them",
                MatedArmy::PassesToMater => "its other pieces pass to the player who mated it (house rule)",
            };
            let hand = match r.mated_hand {
                MatedHand::Sealed => "its pieces in hand are sealed",
                MatedHand::ToMater => {
                    "its pieces in hand go to the player who mated it (house rule)"
                }
            };
            let timing = match r.mate_timing {
                MateTiming::OnTurn => "A seat is out when its turn comes and it has no legal move (checkmate if in check, stalemate if not)",
                MateTiming::Immediately => "A seat in check without a legal move is out right after the move that caused it (house rule); a seat with no move that is not in check is out when its turn comes",
            };
            b.push(Para(format!(
                "{timing}, or when it resigns or its time runs out. Its king is turned over (grey, upside down) and stays: nothing may land on it or pass through it, and it attacks nothing; {army}; {hand}. {}",
                match r.dead_king_pawn_drop {
                    DeadKingPawnDrop::Forbidden => "No pawn may be dropped on the square directly in front of a turned-over king.",
                    DeadKingPawnDrop::Allowed => "Pawns may be dropped in front of a turned-over king (house rule).",
                }
            )));
            b.push(Heading("Winning and ranking".into()));
            b.push(p(if r.teams {
                "Teams: South and North against West and East. The first seat of a team to be mated loses the game for its team."
            } else {
                "The last seat standing wins. The others are ranked in reverse order of elimination: the first out is 4th. A resignation is taken on your own turn. If the same position appears a fourth time, the seats still playing share the places left — unless a seat gave check with each of its moves meanwhile; that seat is out instead."
            }));
        }
    }
    if let Some(tc) = time {
        b.push(Heading("Clock".into()));
        b.push(Para(match tc {
            TimeControl::None => "No clock: take your time.".to_string(),
            TimeControl::Fischer { main_ms, increment_ms } => format!(
                "Each player has {} minutes, and {} seconds are added after each of their moves. Running out of time loses (in Yonin: puts you out).",
                main_ms / 60_000,
                increment_ms / 1000
            ),
            TimeControl::Byoyomi { main_ms, byoyomi_ms, periods } => format!(
                "{}. Then byoyomi 秒読み — \"counting seconds\": each move must be made within {} seconds; shown as \"{}s ×{}\" — {} period(s), one used up whenever a move takes longer. When the last runs out, you lose (in Yonin: you are out).",
                if main_ms > 0 { format!("Each player has {} of main time", crate::table::format_ms(main_ms)) } else { "There is no main time".to_string() },
                byoyomi_ms / 1000,
                byoyomi_ms / 1000,
                periods,
                periods
            ),
        }));
    }
    b.push(Heading("House rules in force".into()));
    let house = house_rule_texts(r);
    if house.is_empty() {
        b.push(p(match r.variant {
            Variant::Standard => "None: the rules above are the Japan Shogi Association's.",
            Variant::Yonin => {
                "None: the rules above are those of the Japan Yonin Shogi Federation."
            }
        }));
    }
    for (name, text) in house {
        b.push(Para(format!("• {name}: {text}")));
    }
    b
}

fn draw_turn_diagram(ui: &Ui, x: f32, y: f32, size: f32) -> f32 {
    let board = Rect::new(x + size * 0.25, y + size * 0.25, size * 0.5, size * 0.5);
    draw_rectangle(board.x, board.y, board.w, board.h, theme::WOOD);
    draw_rectangle_lines(board.x, board.y, board.w, board.h, 2.0, theme::WOOD_EDGE);
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
            &format!("{} {}", seat.arrow(), seat.name()),
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
                theme::GRID,
            );
        }
        let tip = vec2(c.x + r * a1.cos(), c.y + r * a1.sin());
        let dir = vec2(-a1.sin(), a1.cos());
        let side = vec2(-dir.y, dir.x);
        draw_triangle(
            tip + dir * 8.0,
            tip + side * 5.0,
            tip - side * 5.0,
            theme::GRID,
        );
    }
    ui.text_centered("clockwise", c, size * 0.055, theme::GRID);
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
                    y = ui.paragraph(&t, x, y + size, col_w, size, theme::TEXT) + size * 0.2;
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
                        theme::TEXT,
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
        draw_rectangle(0.0, 0.0, w, top, theme::BACKGROUND);
        ui.title(if self.general {
            "Rules"
        } else {
            "Rules of this game"
        });
        if self.general {
            let bw = u * 9.0;
            let r1 = Rect::new(w - 2.0 * bw - u * 2.0, u * 1.4, bw, u * 2.4);
            let r2 = Rect::new(w - bw - u * 1.5, u * 1.4, bw, u * 2.4);
            let std = self.rules.variant == Variant::Standard;
            if ui.button_styled(r1, "Shogi", true, std.then_some(theme::ACCENT)) {
                self.rules = RuleSet::standard();
                self.scroll = 0.0;
            }
            if ui.button_styled(r2, "Yonin", true, (!std).then_some(theme::ACCENT)) {
                self.rules = RuleSet::yonin();
                self.scroll = 0.0;
            }
        }
        if max_scroll > 0.0 {
            let track = Rect::new(w - u * 0.6, top, u * 0.3, h - top - u);
            rounded_rect(track, 3.0, theme::PANEL);
            let frac = (h - top) / (content_bottom - top).max(1.0);
            let th = (track.h * frac).max(20.0);
            let ty = track.y + (track.h - th) * (self.scroll / max_scroll);
            rounded_rect(Rect::new(track.x, ty, track.w, th), 3.0, theme::TEXT_DIM);
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
