//! "A position plus a move list" replayed: a rule set (bincode, else by variant), a start
//! position, then actions drawn from the bytes (mostly legal moves, also raw moves, drops,
//! resignations, flags, forfeits, declarations, draws and aborts, for any seat). Every action
//! the game accepts is recorded; the record replays through `StoredGame::replay` to the same
//! position and outcome.
#![no_main]

use libfuzzer_sys::fuzz_target;
use yonin_core::protocol::from_bincode;
use yonin_core::{Action, TimeControl, parse_start};
use yonin_core::record::position_text;
use yonin_core::record::stored::StoredGame;
use yonin_core::{Game, Move, Outcome, PieceKind, RuleSet, Seat, Square, Variant};

const STANDARD_STARTS: [&str; 2] = [
    "startpos",
    "ln1g3nl/1r1s1kg2/p1ppppsp1/1p4p1p/9/2PBP2PP/PPSP1P3/2G2S1R1/LN2KG1NL w Bp 20",
];
const YONIN_STARTS: [&str; 2] = [
    "startpos",
    "2SnGnKnGnSn2/3PnRnPn3/Sw3Pn3Se/GwPw5PeGe/KwRwPw3PeReKe/GwPw4PsPeGe/Sw7Se/3PsRs1Ps2/2SsGsKsGsSs2 w -/-/-/- - 5",
];
/// Longest bincode rule set read from the front of the input.
const MAX_RULES_BYTES: usize = 32;
/// Most actions drawn from one input (3 bytes each): long enough for mates and eliminations,
/// short enough to keep thousands of runs a second.
const MAX_ACTIONS: usize = 32;

fuzz_target!(|data: &[u8]| {
    let [len, pick, rest @ ..] = data else {
        return;
    };
    let len = (*len as usize % (MAX_RULES_BYTES + 1)).min(rest.len());
    let (rules_bytes, actions) = rest.split_at(len);
    let rules = from_bincode::<RuleSet>(rules_bytes).unwrap_or(if pick & 1 == 0 {
        RuleSet::standard()
    } else {
        RuleSet::yonin()
    });
    let starts = match rules.variant {
        Variant::Standard => STANDARD_STARTS,
        Variant::Yonin => YONIN_STARTS,
    };
    let start_text = starts[(pick >> 1) as usize % starts.len()];
    let Ok(start) = parse_start(&rules, start_text) else {
        return;
    };
    let mut game = Game::from_position(rules, start);
    let mut played = Vec::new();
    for chunk in actions.chunks_exact(3).take(MAX_ACTIONS) {
        let [kind, x, y] = [chunk[0], chunk[1], chunk[2]];
        let seat = Seat::ALL[(kind >> 4) as usize % 4];
        let action = match kind & 0x0f {
            0..=9 => {
                let legal = game.position().legal_moves();
                if legal.is_empty() {
                    continue;
                }
                let mv = legal.as_slice()[x as usize % legal.len()];
                Action::Move {
                    seat: game.to_move(),
                    mv,
                    millis: (y > 200).then_some(u64::from(y) * 1000),
                }
            }
            10 => {
                let (Some(from), Some(to)) = (Square::new(x % 81), Square::new(y % 81)) else {
                    continue;
                };
                Action::Move {
                    seat,
                    mv: Move::normal(from, to, y & 0x80 != 0),
                    millis: None,
                }
            }
            11 => {
                let Some(to) = Square::new(y % 81) else {
                    continue;
                };
                let hand = PieceKind::HAND;
                Action::Move {
                    seat,
                    mv: Move::drop(hand[x as usize % hand.len()], to),
                    millis: None,
                }
            }
            12 => Action::Resign { seat },
            13 => match x % 3 {
                0 => Action::Flag { seat },
                1 => Action::Forfeit { seat },
                _ => Action::DeclareImpasse { seat },
            },
            14 => Action::AgreeDraw,
            _ => {
                if x != 0 {
                    continue;
                }
                Action::Abort
            }
        };
        if action.apply(&mut game).is_ok() {
            played.push(action);
        }
    }
    let stored = StoredGame {
        rules,
        time_control: TimeControl::None,
        room_name: "fuzz".into(),
        start: start_text.into(),
        seats: Vec::new(),
        actions: played,
        outcome: game
            .outcome()
            .cloned()
            .unwrap_or_else(|| Outcome::draw(Vec::new(), yonin_core::EndReason::Aborted)),
        started_ms: 0,
        ended_ms: 0,
        imported: false,
    };
    let again = stored.replay().expect("accepted actions replay");
    assert_eq!(
        position_text(again.position()),
        position_text(game.position())
    );
    assert_eq!(again.outcome(), game.outcome());
});
