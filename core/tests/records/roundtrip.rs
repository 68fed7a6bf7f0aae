//! Seeded random games in both variants: every record writes and reads back to the same game
//! in KIF, KI2 and CSA (standard) and in Yonin KIF, with times, names, handicaps, board-diagram
//! starts, every kind of ending, and Yonin resignations; and every legal move met on the way
//! reads back from its own KIF and KI2 text.

use yonin_core::record::game_record::{Ending, GameRecord, RecordedMove};
use yonin_core::record::notation::{ki2_move, kif_move, parse_ki2_move, parse_kif_move};
use yonin_core::record::{csa, ki2, kif, sfen, ysfen};
use yonin_core::{EliminationReason, Game, Position, RuleSet, Seat};
use yonin_core::{FirstSeat, Handicap, MateTiming, MatedArmy, MatedHand};

use yonin_testkit::Rng;

const NAMES: [&str; 4] = ["羽生善治", "Alice", "藤井 聡太", "名人"];

/// A random standard game: even, handicap or mid-game start; random moves, times and ending.
fn random_standard(rng: &mut Rng) -> GameRecord {
    let rules_std = RuleSet::standard();
    let (rules, start) = match rng.below(4) {
        0 | 1 => (rules_std, Position::start(&rules_std)),
        2 => {
            let h = Handicap::ALL[1 + rng.below(Handicap::ALL.len() - 1)];
            let r = RuleSet {
                handicap: h,
                ..rules_std
            };
            (r, Position::start(&r))
        }
        _ => {
            // A middle-game start (written as a board diagram / P1..P9).
            let mut p = Position::start(&rules_std);
            for _ in 0..(20 + rng.below(40)) {
                let legal = p.legal_moves();
                if legal.is_empty() {
                    break;
                }
                p.play(legal.as_slice()[rng.below(legal.len())]).unwrap();
            }
            let text = sfen::format(&p);
            let fields: Vec<&str> = text.split(' ').collect();
            // Half of them keep their move number (KIF and KI2 write it as 手数＝N).
            let ply = if rng.chance(50) { fields[3] } else { "1" };
            let reset = format!("{} {} {} {ply}", fields[0], fields[1], fields[2]);
            (rules_std, sfen::position(&reset, &rules_std).unwrap())
        }
    };
    let mut rec = GameRecord::from_position(rules, &start);
    let mut pos = start.clone();
    let timed = rng.chance(70);
    for _ in 0..rng.below(160) {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        // Prefer captures and promotions a little, so 同 and 成 come up often.
        let mut mv = legal.as_slice()[rng.below(legal.len())];
        for _ in 0..3 {
            if pos.piece_at(mv.to()).is_some() || mv.promotes() {
                break;
            }
            mv = legal.as_slice()[rng.below(legal.len())];
        }
        let millis = timed.then(|| 1000 * rng.below(700) as u64);
        rec.push(pos.to_move(), mv, millis);
        pos.play(mv).unwrap();
    }
    for seat in [Seat::South, Seat::North] {
        if rng.chance(80) {
            rec.players[seat] = Some(NAMES[rng.below(NAMES.len())].to_string());
        }
    }
    if rng.chance(80) {
        rec.started = Some(format!(
            "2024/0{}/1{} 10:00:00",
            1 + rng.below(9),
            rng.below(10)
        ));
    }
    let me = pos.to_move();
    let other = me.opposite();
    rec.ending = if pos.legal_moves().is_empty() {
        Some(if pos.in_check(me) {
            Ending::Checkmate { loser: me }
        } else {
            Ending::NoLegalMove { loser: me }
        })
    } else {
        let endings = [
            None,
            Some(Ending::Resign(me)),
            Some(Ending::Resign(other)),
            Some(Ending::Sennichite),
            Some(Ending::PerpetualCheck { loser: me }),
            Some(Ending::PerpetualCheck { loser: other }),
            Some(Ending::ImpasseWin(me)),
            Some(Ending::ImpasseDraw),
            Some(Ending::Agreement),
            Some(Ending::Time(me)),
            Some(Ending::Time(other)),
            Some(Ending::IllegalMove { loser: me }),
            Some(Ending::IllegalMove { loser: other }),
            Some(Ending::Forfeit(other)),
            Some(Ending::MoveLimit),
            Some(Ending::Abort),
        ];
        endings[rng.below(endings.len())].clone()
    };
    rec
}

fn without_times(rec: &GameRecord) -> Vec<RecordedMove> {
    rec.moves
        .iter()
        .map(|m| RecordedMove { millis: None, ..*m })
        .collect()
}

#[test]
fn random_standard_games_round_trip_in_kif_ki2_and_csa() {
    let mut rng = Rng::new(0x5EED_0001);
    for game in 0..60 {
        let rec = random_standard(&mut rng);
        let end = rec.final_position().unwrap();
        let ctx = format!("game {game} from {} with {:?}", rec.start, rec.ending);

        let kif_text = kif::write(&rec).unwrap();
        let k = kif::read(&kif_text).unwrap_or_else(|e| panic!("{ctx}: {e}\n{kif_text}"));
        assert_eq!(k, rec, "{ctx}: KIF\n{kif_text}");
        // Shift-JIS bytes of the same text read the same.
        let (sjis, _, unmappable) = encoding_rs::SHIFT_JIS.encode(&kif_text);
        assert!(!unmappable);
        assert_eq!(
            kif::read_bytes(&sjis).unwrap(),
            rec,
            "{ctx}: KIF in Shift-JIS"
        );

        let ki2_text = ki2::write(&rec).unwrap();
        let k2 = ki2::read(&ki2_text).unwrap_or_else(|e| panic!("{ctx}: {e}\n{ki2_text}"));
        assert_eq!(
            without_times(&k2),
            without_times(&rec),
            "{ctx}: KI2\n{ki2_text}"
        );
        assert_eq!(k2.start, rec.start, "{ctx}: KI2 start");
        assert_eq!(k2.rules, rec.rules, "{ctx}: KI2 rules");
        assert_eq!(
            (&k2.players, &k2.started),
            (&rec.players, &rec.started),
            "{ctx}: KI2"
        );
        assert_eq!(k2.ending, rec.ending, "{ctx}: KI2 ending\n{ki2_text}");
        assert_eq!(
            sfen::format(&k2.final_position().unwrap()),
            sfen::format(&end)
        );

        let csa_text = csa::write(&rec).unwrap();
        let mut c = csa::read(&csa_text).unwrap_or_else(|e| panic!("{ctx}: {e}\n{csa_text}"));
        // CSA has no move number: the start comes back as move 1.
        let board_part = |s: &str| s.rsplit_once(' ').map(|(b, _)| b.to_string());
        assert_eq!(
            board_part(&c.start),
            board_part(&rec.start),
            "{ctx}: CSA start"
        );
        c.start.clone_from(&rec.start);
        assert_eq!(c, rec, "{ctx}: CSA\n{csa_text}");
    }
}

#[test]
fn legal_moves_of_random_positions_read_back_from_their_text() {
    let mut rng = Rng::new(0x5EED_0002);
    let mut checked = 0;
    for _ in 0..12 {
        let rec = random_standard(&mut rng);
        let positions = rec.positions().unwrap();
        for (i, p) in positions.iter().enumerate().step_by(5) {
            let prev = i.checked_sub(1).map(|j| rec.moves[j].mv.to());
            for &m in p.legal_moves().iter() {
                let k = kif_move(p, m, prev);
                assert_eq!(
                    parse_kif_move(p, &k, prev),
                    Ok(m),
                    "{k} in {}",
                    sfen::format(p)
                );
                let t = ki2_move(p, m, prev);
                assert_eq!(
                    parse_ki2_move(p, &t, prev),
                    Ok(m),
                    "{t} in {}",
                    sfen::format(p)
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 5_000, "only {checked} moves checked");
}

/// A random Yonin game played through the game layer, with resignations and time losses.
fn random_yonin(rng: &mut Rng) -> (GameRecord, Game) {
    let mut rules = RuleSet::yonin();
    if rng.chance(30) {
        rules.teams = true;
    }
    if rng.chance(30) {
        rules.mate_timing = MateTiming::Immediately;
    }
    if rng.chance(30) {
        rules.mated_army = MatedArmy::PassesToMater;
        rules.mated_hand = MatedHand::ToMater;
    }
    if rng.chance(30) {
        rules.first_seat = FirstSeat::Fixed(Seat::ALL[rng.below(4)]);
    }
    let mut game = Game::new(rules);
    let mut rec = GameRecord::from_position(rules, game.start());
    for seat in Seat::ALL {
        if rng.chance(70) {
            rec.players[seat] = Some(format!(
                "{}{}",
                NAMES[rng.below(NAMES.len())],
                seat.letter()
            ));
        }
    }
    for _ in 0..rng.below(300) {
        if game.is_over() {
            break;
        }
        if rng.chance(2) {
            let live: Vec<Seat> = game.position().live().iter().collect();
            let seat = live[rng.below(live.len())];
            let reason = if rng.chance(50) {
                EliminationReason::Resignation
            } else {
                EliminationReason::Time
            };
            let res = match reason {
                EliminationReason::Time => game.flag(seat),
                _ => game.resign(seat),
            };
            if res.is_ok() {
                rec.push_removal(seat, reason);
            }
            continue;
        }
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal.as_slice()[rng.below(legal.len())];
        let seat = game.to_move();
        let millis = rng.chance(80).then(|| 1000 * rng.below(100) as u64);
        game.play_timed(seat, mv, millis).unwrap();
        rec.push(seat, mv, millis);
    }
    if let Some(o) = game.outcome() {
        rec.ending = Some(Ending::from_outcome(o, rules.variant));
    } else if rng.chance(50) {
        rec.ending = Some(Ending::Abort);
    }
    (rec, game)
}

#[test]
fn random_yonin_games_round_trip_in_kif() {
    let mut rng = Rng::new(0x5EED_0003);
    let mut removals = 0;
    let mut finished = 0;
    for game_no in 0..30 {
        let (rec, game) = random_yonin(&mut rng);
        removals += rec.removals.len();
        finished += usize::from(game.is_over());
        let end = rec.final_position().unwrap();
        assert_eq!(
            ysfen::format(&end),
            ysfen::format(game.position()),
            "game {game_no}"
        );
        let text = kif::write(&rec).unwrap();
        let back = kif::read(&text).unwrap_or_else(|e| panic!("game {game_no}: {e}\n{text}"));
        assert_eq!(back, rec, "game {game_no}\n{text}");
        // Every move line carries its seat's arrow.
        let display = rec.display_moves().unwrap();
        for (d, m) in display.iter().zip(&rec.moves) {
            assert!(d.starts_with(m.seat.arrow()), "{d}");
            assert!(text.contains(d.as_str()), "{d} missing from the KIF");
        }
        // Seat-annotated USI, where there were no resignations.
        if rec.removals.is_empty() && !rec.moves.is_empty() {
            let lines = rec.seat_usi_moves().join("\n");
            let start = rec.start_position().unwrap();
            let again = GameRecord::from_seat_usi(rec.rules, &start, &lines).unwrap();
            assert_eq!(again.usi_moves(), rec.usi_moves());
        }
    }
    assert!(removals > 5, "only {removals} resignations");
    assert!(finished > 0, "no Yonin game finished");
}

#[test]
fn yonin_records_are_refused_by_standard_only_formats() {
    let rec = GameRecord::new(RuleSet::yonin());
    assert!(ki2::write(&rec).is_err());
    assert!(csa::write(&rec).is_err());
    assert!(rec.usi_position_line().is_err());
    let std_rec = GameRecord::from_moves(
        RuleSet::standard(),
        &Position::start(&RuleSet::standard()),
        &["7g7f", "3c3d"].map(|m| yonin_core::Move::from_usi(m).unwrap()),
    )
    .unwrap();
    assert_eq!(
        std_rec.usi_position_line().unwrap(),
        "position startpos moves 7g7f 3c3d"
    );
    assert_eq!(std_rec.display_moves().unwrap(), ["▲7六歩", "△3四歩"]);
}
