//! The network's sums kept move by move against counting them afresh, and its output's size.

use super::*;
use crate::bot::random_games::random_game;
use crate::rules::RuleSet;

#[test]
fn the_sums_kept_move_by_move_are_the_ones_counted_afresh() {
    let (mut moves, mut captures, mut drops) = (0, 0, 0);
    for seed in 0..20u64 {
        for pos in random_game(&RuleSet::standard(), 0x3c6e_f372_fe94_f82b ^ seed, 160) {
            let acc = Acc::of(&pos);
            for m in pos.legal_moves().iter().copied() {
                let mut child = pos.clone();
                child.play_unchecked(m);
                assert_eq!(
                    acc.after(&Change::of(&pos, m).unwrap()),
                    Acc::of(&child),
                    "{m:?} in {}",
                    crate::record::sfen::format(&pos)
                );
                moves += 1;
                captures += usize::from(!m.is_drop() && pos.piece_at(m.to()).is_some());
                drops += usize::from(m.is_drop());
            }
        }
    }
    assert!(
        moves > 50_000 && captures > 1000 && drops > 5000,
        "{moves} moves, {captures} captures, {drops} drops"
    );
}

#[test]
fn the_output_is_a_correction_not_a_verdict() {
    // From the start, either side to move: a few tens of centipawns at most.
    let rules = RuleSet::standard();
    let start = Position::start(&rules);
    let o = Acc::of(&start).output(start.to_move());
    assert!(o.abs() < 150, "{o}");
    // The two views of the start position are the same position: the same output.
    let north = crate::record::sfen::position(
        "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        &rules,
    )
    .unwrap();
    assert_eq!(Acc::of(&north).output(Seat::North), o);
}

#[test]
fn the_training_inputs_are_the_ones_the_engine_sums() {
    for pos in random_game(&RuleSet::standard(), 0x1234_5678, 120) {
        let me = pos.to_move();
        let mut sums = WEIGHTS.bias;
        for i in inputs(&pos) {
            for (s, &w) in sums.iter_mut().zip(&WEIGHTS.inputs[i as usize]) {
                *s += i32::from(w);
            }
        }
        assert_eq!(sums, Acc::of(&pos).0[usize::from(me != Seat::South)]);
    }
}

#[test]
fn an_encoded_network_reads_back_quantised() {
    let inputs: Vec<f32> = (0..INPUTS * HIDDEN)
        .map(|i| (i % 7) as f32 / 8.0 - 0.375)
        .collect();
    let bias: Vec<f32> = (0..HIDDEN).map(|j| j as f32 / 16.0).collect();
    let out: Vec<f32> = (0..HIDDEN).map(|j| 10.0 * j as f32 - 75.5).collect();
    let w = parse(&encode(&inputs, &bias, &out, 12.4));
    // Input weights and biases in 1/512ths.
    assert_eq!(w.inputs[0][0], -192);
    assert_eq!(w.inputs[1][2], ((16 + 2) % 7 * 64 - 192) as i16);
    assert_eq!(w.bias[8], 256);
    // Output weights in 1/64ths of a centipawn per full activation, the bias rounded.
    assert_eq!(w.out[0], -4832);
    assert_eq!(w.out[15], (74.5 * 64.0) as i32);
    assert_eq!(w.out_bias, 12);
}

#[test]
fn the_builds_network_decodes_to_what_encodes_it_again() {
    let bytes = include_bytes!("residual.bin");
    let (inputs, bias, out, out_bias) = decode(bytes).unwrap();
    assert_eq!(encode(&inputs, &bias, &out, out_bias), bytes.as_slice());
}

#[test]
fn a_network_of_another_shape_or_length_is_refused() {
    let bytes = include_bytes!("residual.bin");
    assert!(decode(&bytes[..bytes.len() - 1]).is_err());
    assert!(decode(b"YRN").is_err());
    let mut wide = bytes.to_vec();
    wide[8] = 32;
    assert!(decode(&wide).unwrap_err().contains("not"));
    let mut foreign = bytes.to_vec();
    foreign[0] = b'X';
    assert!(decode(&foreign).is_err());
}
