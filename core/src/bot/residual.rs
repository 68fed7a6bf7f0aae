//! A small network added to the standard evaluation: what the linear terms miss,
//! learnt from self-play positions labelled by gpsusi. Inputs are each board piece by
//! side (the viewer's or the other's), kind and square in the viewer's frame, and each hand's
//! counts; one hidden layer of [`HIDDEN`] clipped units kept per view and updated move by move.
//! The weights (`residual.bin`) come from `tune net` (the README says on which positions).

use super::move_change::Change;
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;
use crate::square::Square;
use std::sync::LazyLock;

/// Hidden units.
pub const HIDDEN: usize = 16;
/// Board inputs: side (2) × kind (14) × square (81).
const BOARD: usize = 2 * 14 * 81;
/// Hand inputs of a side: "holds at least c" of each kind, up to these counts.
const HAND_CAPS: [usize; 7] = [18, 4, 4, 4, 4, 2, 2];
/// Where each kind's hand inputs start within a side's.
const HAND_START: [usize; 7] = [0, 18, 22, 26, 30, 34, 36];
const HAND: usize = 38;
/// Inputs: the board's and both hands'.
pub const INPUTS: usize = BOARD + 2 * HAND;
/// An activation's full scale (1.0) and the output weights' scale.
const ONE: i32 = 512;
const OUT_SHIFT: u32 = 15;

/// The trained weights, quantised: a hidden unit's input weights in 1/512ths, the output's in
/// 1/64ths of a centipawn per full activation.
struct Weights {
    inputs: Vec<[i16; HIDDEN]>,
    bias: [i32; HIDDEN],
    out: [i32; HIDDEN],
    out_bias: i32,
}

static WEIGHTS: LazyLock<Weights> = LazyLock::new(|| parse(include_bytes!("residual.bin")));

/// The build's own network; the file is part of the build: a wrong one is a bug.
fn parse(bytes: &[u8]) -> Weights {
    read(bytes).unwrap_or_else(|e| panic!("residual.bin: {e}"))
}

/// Reads "YRN1", inputs and hidden as u32, input weights and biases as i16, output weights
/// and bias as i32, all little-endian; a file of another shape or length is refused.
fn read(bytes: &[u8]) -> Result<Weights, String> {
    let want = 12 + 2 * (INPUTS + 1) * HIDDEN + 4 * (HIDDEN + 1);
    if bytes.get(..4) != Some(b"YRN1".as_slice()) {
        return Err("not a network (no YRN1 at the start)".into());
    }
    let u32_at = |i: usize| {
        bytes
            .get(i..i + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    };
    let shape = (u32_at(4), u32_at(8));
    if shape != (Some(INPUTS), Some(HIDDEN)) {
        return Err(format!(
            "a network of {shape:?} inputs and hidden units, not {INPUTS} and {HIDDEN}"
        ));
    }
    if bytes.len() != want {
        return Err(format!("{} bytes, not {want}", bytes.len()));
    }
    let mut at = 12;
    let mut i16_next = || {
        let v = i16::from_le_bytes([bytes[at], bytes[at + 1]]);
        at += 2;
        v
    };
    let inputs = (0..INPUTS)
        .map(|_| std::array::from_fn(|_| i16_next()))
        .collect();
    let bias = std::array::from_fn(|_| i32::from(i16_next()));
    let mut i32_next = || {
        let v = i32::from_le_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]]);
        at += 4;
        v
    };
    let out = std::array::from_fn(|_| i32_next());
    let out_bias = i32_next();
    Ok(Weights {
        inputs,
        bias,
        out,
        out_bias,
    })
}

/// A network in floating point, the layout [`encode`] takes: input weights by input then
/// unit, the units' biases, the output weights and bias in centipawns.
pub type FloatNetwork = (Vec<f32>, Vec<f32>, Vec<f32>, f32);

/// A network file read back into floating point: where training can start from.
pub(crate) fn decode(bytes: &[u8]) -> Result<FloatNetwork, String> {
    let w = read(bytes)?;
    let one = ONE as f32;
    let out_scale = (1 << OUT_SHIFT) as f32 / one;
    Ok((
        w.inputs
            .iter()
            .flatten()
            .map(|&v| f32::from(v) / one)
            .collect(),
        w.bias.iter().map(|&v| v as f32 / one).collect(),
        w.out.iter().map(|&v| v as f32 / out_scale).collect(),
        w.out_bias as f32,
    ))
}

/// The hidden layer's sums from South's view and from North's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Acc([[i32; HIDDEN]; 2]);

/// The input of `owner`'s `kind` on `sq`, from `view`'s side.
#[inline(always)]
fn board_input(view: Seat, owner: Seat, kind: PieceKind, sq: Square) -> usize {
    let side = usize::from(owner != view);
    let at = if view == Seat::South {
        sq.index()
    } else {
        80 - sq.index()
    };
    side * 14 * 81 + kind.index() * 81 + at
}

/// The input "`owner` holds at least `count` (from 1) of `kind`" from `view`'s side, if
/// counted that far.
#[inline(always)]
fn hand_input(view: Seat, owner: Seat, kind: usize, count: usize) -> Option<usize> {
    (count >= 1 && count <= HAND_CAPS[kind])
        .then(|| BOARD + usize::from(owner != view) * HAND + HAND_START[kind] + count - 1)
}

/// Each active input of `pos` from `view`'s side: `view`'s pieces and hand, then the other
/// side's (the order the trainer adds them in).
fn active(pos: &Position, view: Seat, mut f: impl FnMut(usize)) {
    for owner in [view, view.opposite()] {
        for sq in pos.pieces_of(owner) {
            let Some(p) = pos.piece_at(sq) else { continue };
            f(board_input(view, owner, p.kind(), sq));
        }
        for (kind, &n) in pos.hand(owner).0.iter().enumerate() {
            for c in 1..=n as usize {
                if let Some(i) = hand_input(view, owner, kind, c) {
                    f(i);
                }
            }
        }
    }
}

/// The active inputs of `pos` from the side to move's seat, for training.
pub(crate) fn inputs(pos: &Position) -> Vec<u32> {
    let mut out = Vec::with_capacity(48);
    active(pos, pos.to_move(), |i| out.push(i as u32));
    out
}

/// A network trained in floating point (input weights by input then unit, the units' biases,
/// the output weights and bias in centipawns) quantised into the layout [`parse`] reads.
pub(crate) fn encode(inputs: &[f32], bias: &[f32], out: &[f32], out_bias: f32) -> Vec<u8> {
    assert_eq!(
        (inputs.len(), bias.len(), out.len()),
        (INPUTS * HIDDEN, HIDDEN, HIDDEN),
        "the network's shape"
    );
    let q = |x: f32| (x * ONE as f32).round().clamp(-32767.0, 32767.0) as i16;
    let mut bytes = Vec::with_capacity(12 + 2 * (INPUTS + 1) * HIDDEN + 4 * (HIDDEN + 1));
    bytes.extend_from_slice(b"YRN1");
    bytes.extend_from_slice(&(INPUTS as u32).to_le_bytes());
    bytes.extend_from_slice(&(HIDDEN as u32).to_le_bytes());
    for &x in inputs.iter().chain(bias) {
        bytes.extend_from_slice(&q(x).to_le_bytes());
    }
    let scale = (1 << OUT_SHIFT) as f32 / ONE as f32;
    for &x in out {
        bytes.extend_from_slice(&((x * scale).round() as i32).to_le_bytes());
    }
    bytes.extend_from_slice(&(out_bias.round() as i32).to_le_bytes());
    bytes
}

impl Acc {
    /// Counted afresh from `pos`.
    pub(crate) fn of(pos: &Position) -> Acc {
        let w = &*WEIGHTS;
        let mut acc = Acc([w.bias; 2]);
        for (v, view) in [Seat::South, Seat::North].into_iter().enumerate() {
            active(pos, view, |i| acc.add(v, i));
        }
        acc
    }

    #[inline(always)]
    fn add(&mut self, view: usize, input: usize) {
        let row = &WEIGHTS.inputs[input];
        for (a, &w) in self.0[view].iter_mut().zip(row) {
            *a += i32::from(w);
        }
    }

    #[inline(always)]
    fn sub(&mut self, view: usize, input: usize) {
        let row = &WEIGHTS.inputs[input];
        for (a, &w) in self.0[view].iter_mut().zip(row) {
            *a -= i32::from(w);
        }
    }

    /// The sums after the move `c` (standard positions): at most four inputs change, the
    /// same ones from both views.
    #[inline]
    pub(crate) fn after(&self, c: &Change) -> Acc {
        let (me, them) = (c.me, c.me.opposite());
        let mut acc = *self;
        for (v, view) in [Seat::South, Seat::North].into_iter().enumerate() {
            acc.add(v, board_input(view, me, c.placed, c.to));
            if let Some((kind, from)) = c.from {
                acc.sub(v, board_input(view, me, kind, from));
            }
            if let Some(victim) = c.victim {
                acc.sub(v, board_input(view, them, victim, c.to));
            }
            match (c.hand, c.from) {
                (Some((kind, held)), None) => {
                    if let Some(i) = hand_input(view, me, kind, held) {
                        acc.sub(v, i);
                    }
                }
                (Some((kind, held)), Some(_)) => {
                    if let Some(i) = hand_input(view, me, kind, held + 1) {
                        acc.add(v, i);
                    }
                }
                (None, _) => {}
            }
        }
        acc
    }

    /// The network's output for `me` to move, in centipawns.
    #[inline]
    pub(crate) fn output(&self, me: Seat) -> i32 {
        let w = &*WEIGHTS;
        let sums = &self.0[usize::from(me != Seat::South)];
        let o: i32 = sums
            .iter()
            .zip(&w.out)
            .map(|(&a, &k)| a.clamp(0, ONE) * k)
            .sum();
        w.out_bias + (o >> OUT_SHIFT)
    }
}

#[cfg(test)]
#[path = "residual_tests.rs"]
mod tests;
