//! The standard evaluation as a weighted sum of terms, for fitting its weights to labelled
//! positions (the `tune` tool): the terms of a position, the current weights in the same
//! layout, and the weights printed back as the source of `eval_weights.rs`.

use super::eval_standard::{attack_maps, best_hanging, hand_danger, king_offset, Shelter, Threat};
use super::eval_weights::{StdWeights, STD};
use super::ordering::{capture_score, GOOD_CAPTURE};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::rules::Variant;
use crate::seat::Seat;

const PIECE_DEPTH: usize = 0;
const KNIGHT_EDGE: usize = 14 * 9;
const HAND: usize = KNIGHT_EDGE + 1;
const PAWN_EXCESS: usize = HAND + 7;
const HAND_KINDS: usize = PAWN_EXCESS + 1;
const DANGER: usize = HAND_KINDS + 1;
const ESCAPE: usize = DANGER + 1;
const GUARDS: usize = ESCAPE + 1;
const LANE: usize = GUARDS + 1;
const MOBILITY: usize = LANE + 1;
const HANGING: usize = MOBILITY + 1;
const TEMPO: usize = HANGING + 1;
/// The king-relative placement: 2 kings × 14 kinds × 17 lines × 9 files.
const KING_RELATIVE: usize = TEMPO + 1;
const KING_RELATIVE_TERMS: usize = 2 * 14 * 17 * 9;
/// How many terms the standard evaluation has.
pub const TERMS: usize = KING_RELATIVE + KING_RELATIVE_TERMS;

/// The index of a king-relative term: from the own (0) or enemy (1) king, kind, line, file.
const fn king_relative(rel: usize, kind: usize, ahead: usize, aside: usize) -> usize {
    KING_RELATIVE + ((rel * 14 + kind) * 17 + ahead) * 9 + aside
}

const KIND_NAMES: [&str; 14] = [
    "pawn",
    "lance",
    "knight",
    "silver",
    "gold",
    "bishop",
    "rook",
    "king",
    "tokin",
    "promoted lance",
    "promoted knight",
    "promoted silver",
    "horse",
    "dragon",
];

/// The name of each term, in the layout of [`standard_terms`].
pub fn term_names() -> Vec<String> {
    let mut names = Vec::with_capacity(TERMS);
    for kind in KIND_NAMES {
        for d in 0..9 {
            names.push(format!("{kind} at depth {d}"));
        }
    }
    names.push("knight on an edge lane".into());
    for kind in &KIND_NAMES[..7] {
        names.push(format!("{kind} in hand"));
    }
    for n in [
        "pawn in hand beyond the third",
        "kind held in hand",
        "king danger",
        "king escape penalty",
        "king guards (up to 3)",
        "king lane",
        "slider mobility",
        "best hanging enemy piece",
        "tempo",
    ] {
        names.push(n.into());
    }
    for rel in ["own", "enemy"] {
        for kind in KIND_NAMES {
            for ahead in -8..=8 {
                for aside in 0..9 {
                    names.push(format!(
                        "{kind} {ahead:+} lines ahead of and {aside} files from the {rel} king"
                    ));
                }
            }
        }
    }
    names
}

/// The terms of a standard position, each the side to move's count minus the opponent's
/// (the hanging piece and the tempo only for the side to move): the evaluation is the sum of
/// these times [`standard_weights`], within a centipawn.
pub fn standard_terms(pos: &Position) -> Vec<f64> {
    let me = pos.to_move();
    let them = me.opposite();
    let mut t = vec![0.0; TERMS];
    let maps = attack_maps(pos, false);
    let mut hands = [0; 4];
    hands[me.index()] = hand_danger(pos, me);
    hands[them.index()] = hand_danger(pos, them);
    for (s, sign) in [(me, 1.0), (them, -1.0)] {
        let kings = (pos.king(s), pos.king(s.opposite()));
        for sq in pos.pieces_of(s) {
            let Some(p) = pos.piece_at(sq) else { continue };
            let k = p.kind();
            t[PIECE_DEPTH + k.index() * 9 + sq.depth(p.facing()) as usize] += sign;
            let lane = sq.lane(p.facing());
            if k == PieceKind::Knight && (lane == 0 || lane == 8) {
                t[KNIGHT_EDGE] += sign;
            }
            if let (Some(own), Some(enemy)) = kings {
                let (y, x) = king_offset(sq, own, p.facing());
                t[king_relative(0, k.index(), y, x)] += sign;
                let (y, x) = king_offset(sq, enemy, p.facing());
                t[king_relative(1, k.index(), y, x)] += sign;
            }
        }
        let hand = pos.hand(s);
        for k in PieceKind::HAND {
            let n = hand.count(k) as f64;
            t[HAND + k.index()] += sign * n;
            if n > 0.0 {
                t[HAND_KINDS] += sign;
            }
        }
        t[PAWN_EXCESS] += sign * (hand.count(PieceKind::Pawn) as f64 - 3.0).max(0.0);
        let threat = Threat::of(&[s.opposite()], &maps, &hands);
        if let Some(sh) = Shelter::standard(pos, s, &maps) {
            let (danger, escape) = sh.against(&threat);
            t[DANGER] += sign * danger as f64;
            t[ESCAPE] += sign * escape as f64;
            t[GUARDS] += sign * sh.guards.min(3) as f64;
            t[LANE] += sign * sh.lane as f64;
        }
        t[MOBILITY] += sign * maps.mobility[s.index()] as f64;
    }
    t[HANGING] = best_hanging(pos, &maps, me, them) as f64;
    t[TEMPO] = 1.0;
    t
}

/// The standard static evaluation of `pos`, for the side to move in centipawns: what the
/// search calls, for tools that time or check it.
pub fn static_evaluation(pos: &Position) -> i32 {
    super::eval_standard::evaluate(pos)
}

/// The linear part of the standard evaluation (the weighted terms, without the residual
/// network): what the network is trained to correct.
pub fn linear_evaluation(pos: &Position) -> i32 {
    super::eval_standard::linear_evaluation(pos)
}

/// The residual network's shape: inputs and hidden units.
pub use super::residual::{FloatNetwork, HIDDEN as RESIDUAL_HIDDEN, INPUTS as RESIDUAL_INPUTS};

/// The residual network's active inputs of `pos`, from the side to move's seat.
pub fn residual_inputs(pos: &Position) -> Vec<u32> {
    super::residual::inputs(pos)
}

/// A residual network trained in floating point (input weights by input then hidden unit,
/// hidden biases, output weights and bias in centipawns) as the bytes of
/// `core/src/bot/residual.bin`.
pub fn encode_residual(inputs: &[f32], bias: &[f32], out: &[f32], out_bias: f32) -> Vec<u8> {
    super::residual::encode(inputs, bias, out, out_bias)
}

/// A residual network file (`core/src/bot/residual.bin`'s format and this build's shape) in
/// the floating-point layout [`encode_residual`] takes, or why it cannot be read.
pub fn decode_residual(bytes: &[u8]) -> Result<FloatNetwork, String> {
    super::residual::decode(bytes)
}

/// The current weights in the layout of [`standard_terms`], in centipawns per unit.
pub fn standard_weights() -> Vec<f64> {
    let mut w = vec![0.0; TERMS];
    for (k, row) in STD.piece_depth.iter().enumerate() {
        for (d, &v) in row.iter().enumerate() {
            w[PIECE_DEPTH + k * 9 + d] = v as f64;
        }
    }
    w[KNIGHT_EDGE] = STD.knight_edge as f64;
    for (k, &v) in STD.hand.iter().enumerate() {
        w[HAND + k] = v as f64;
    }
    w[PAWN_EXCESS] = STD.pawn_excess as f64;
    w[HAND_KINDS] = STD.hand_kinds as f64;
    let sixteenths = [
        (DANGER, STD.danger),
        (ESCAPE, STD.escape),
        (GUARDS, STD.guards),
        (LANE, STD.lane),
        (MOBILITY, STD.mobility),
        (HANGING, STD.hanging),
    ];
    for (i, v) in sixteenths {
        w[i] = v as f64 / 16.0;
    }
    w[TEMPO] = STD.tempo as f64;
    for (rel, kinds) in STD.king_relative.iter().enumerate() {
        for (k, lines) in kinds.iter().enumerate() {
            for (y, files) in lines.iter().enumerate() {
                for (x, &v) in files.iter().enumerate() {
                    w[king_relative(rel, k, y, x)] = v as f64;
                }
            }
        }
    }
    w
}

/// Weights in the layout of [`standard_terms`] as the `STD` constant's source, rounded.
pub fn render_standard_weights(w: &[f64]) -> String {
    let r = |i: usize| w[i].round() as i32;
    let r16 = |i: usize| (w[i] * 16.0).round() as i32;
    let mut piece_depth = [[0; 9]; 14];
    for (k, row) in piece_depth.iter_mut().enumerate() {
        for (d, v) in row.iter_mut().enumerate() {
            *v = r(PIECE_DEPTH + k * 9 + d);
        }
    }
    let weights = StdWeights {
        piece_depth,
        knight_edge: r(KNIGHT_EDGE),
        hand: std::array::from_fn(|k| r(HAND + k)),
        pawn_excess: r(PAWN_EXCESS),
        hand_kinds: r(HAND_KINDS),
        danger: r16(DANGER),
        escape: r16(ESCAPE),
        guards: r16(GUARDS),
        lane: r16(LANE),
        mobility: r16(MOBILITY),
        hanging: r16(HANGING),
        tempo: r(TEMPO),
        king_relative: std::array::from_fn(|rel| {
            std::array::from_fn(|k| {
                std::array::from_fn(|y| std::array::from_fn(|x| r(king_relative(rel, k, y, x))))
            })
        }),
    };
    let mut s =
        String::from("pub(crate) const STD: StdWeights = StdWeights {\n    piece_depth: [\n");
    for (k, row) in weights.piece_depth.iter().enumerate() {
        let cells: Vec<String> = row.iter().map(i32::to_string).collect();
        s += &format!("        [{}], // {}\n", cells.join(", "), KIND_NAMES[k]);
    }
    s += "    ],\n";
    let hand: Vec<String> = weights.hand.iter().map(i32::to_string).collect();
    s += &format!("    knight_edge: {},\n", weights.knight_edge);
    s += &format!("    hand: [{}],\n", hand.join(", "));
    for (name, v) in [
        ("pawn_excess", weights.pawn_excess),
        ("hand_kinds", weights.hand_kinds),
        ("danger", weights.danger),
        ("escape", weights.escape),
        ("guards", weights.guards),
        ("lane", weights.lane),
        ("mobility", weights.mobility),
        ("hanging", weights.hanging),
        ("tempo", weights.tempo),
    ] {
        s += &format!("    {name}: {v},\n");
    }
    s += "    king_relative: [\n";
    for (kinds, rel) in weights.king_relative.iter().zip(["own", "enemy"]) {
        s += "        [\n";
        for (lines, kind) in kinds.iter().zip(KIND_NAMES) {
            s += "            [\n";
            for files in lines {
                let cells: Vec<String> = files.iter().map(i32::to_string).collect();
                s += &format!("                [{}],\n", cells.join(", "));
            }
            s += &format!("            ], // {kind}, from the {rel} king\n");
        }
        s += "        ],\n";
    }
    s + "    ],\n};\n"
}

/// A position fit for fitting a static evaluation: a standard position with the side to
/// move not in check and neither side holding a capture that surely wins material.
pub fn is_quiet(pos: &Position) -> bool {
    let me = pos.to_move();
    if pos.variant() != Variant::Standard || pos.in_check(me) || pos.in_check(me.opposite()) {
        return false;
    }
    let mut flipped = pos.clone();
    flipped.set_to_move(me.opposite());
    [pos, &flipped]
        .iter()
        .all(|p| no_winning_capture(p, p.to_move()))
}

/// Whether `s`, to move in `pos`, has no capture that wins material whatever the reply.
fn no_winning_capture(pos: &Position, s: Seat) -> bool {
    debug_assert_eq!(pos.to_move(), s);
    let mut list = crate::moves::MoveList::new();
    pos.legal_captures_into(&mut list);
    list.iter()
        .all(|&m| capture_score(pos, m).is_none_or(|c| c < GOOD_CAPTURE))
}

#[cfg(test)]
#[path = "tuning_tests.rs"]
mod tests;
