//! Yonin evaluation from one seat's point of view: its material and safety against the average
//! live opponent (the next seat clockwise, which can chain checks, counted twice), threats of
//! elimination (checked kings with few escapes), frozen pieces worth capturing, hanging pieces,
//! and the eliminations (credited ones most) that raise its rank.

use super::eval_standard::{
    attack_maps, hand_danger, material_and_placement, see_value, AttackMaps, Shelter, Threat,
};
use crate::attacks;
use crate::position::Position;
use crate::seat::Seat;
use crate::square_set::SquareSet;

/// Each seat out of the game before the root improves the root's rank.
pub(crate) const OUT_BONUS: i32 = 900;
/// And more when the root delivered the mate.
pub(crate) const CREDIT_BONUS: i32 = 500;

/// Enemies of `s` among the live seats (partners are not enemies in teams): at most three,
/// the first `n` of the array.
pub(crate) fn enemies_of(pos: &Position, s: Seat) -> ([Seat; 3], usize) {
    let mut out = [s; 3];
    let mut n = 0;
    for t in pos.live().without(s).iter() {
        if pos.partner(s) != Some(t) && n < 3 {
            out[n] = t;
            n += 1;
        }
    }
    (out, n)
}

/// The evaluation for `root` (live), in centipawns.
pub(crate) fn evaluate(pos: &Position, root: Seat) -> i32 {
    evaluate_with(pos, root, true)
}

/// The evaluation of a player who does not notice which of its pieces hang (the weak levels'
/// blind spots: the move that leaves a piece en prise looks as good as any).
pub(crate) fn evaluate_unaware(pos: &Position, root: Seat) -> i32 {
    evaluate_with(pos, root, false)
}

fn evaluate_with(pos: &Position, root: Seat, sees_hanging: bool) -> i32 {
    let maps = attack_maps(pos, true);
    let live = pos.live();
    let mut hands = [0; 4];
    for s in live.iter() {
        hands[s.index()] = hand_danger(pos, s);
    }
    let mut value = [0i32; 4];
    let mut enemy_attacks = [SquareSet::EMPTY; 4];
    for s in live.iter() {
        let (enemies, n) = enemies_of(pos, s);
        let all = Threat::of(&enemies[..n], &maps, &hands);
        enemy_attacks[s.index()] = all.attacks();
        let mut v = material_and_placement(pos, s);
        // The next seat clockwise moves right after `s` and, once it checks, again after each
        // answer (the check-priority turn order): the one enemy that can mate `s` alone, so
        // its threat counts a second time.
        let next = live
            .without(s)
            .next_after(s)
            .filter(|t| enemies[..n].contains(t));
        // King safety at weight 1: the standard game's doubled weights made Yonin games drag
        // (Hard won 1 of 12 against three Mediums, 6 games reaching the ply cap).
        v += match next {
            Some(t) => {
                let alone = Threat::of(&[t], &maps, &hands);
                king_safety(pos, s, &[all, alone], &maps)
            }
            None => king_safety(pos, s, &[all], &maps),
        };
        v += 2 * maps.mobility[s.index()];
        // A king in check with few escapes is close to elimination.
        if let Some(k) = pos.king(s) {
            if pos.in_check(s) {
                let escapes = (attacks::king(k) & !pos.pieces_of(s) & !enemy_attacks[s.index()])
                    .count() as i32;
                v -= match escapes {
                    0 => 250,
                    1 => 120,
                    2 => 50,
                    _ => 20,
                };
            }
        }
        value[s.index()] = v;
    }
    let partner = pos.partner(root);
    let (opponents, n) = enemies_of(pos, root);
    let mut score = value[root.index()];
    if let Some(p) = partner {
        score += value[p.index()] / 2;
    }
    if n > 0 {
        let sum: i32 = opponents[..n].iter().map(|o| value[o.index()]).sum();
        score -= sum / n as i32;
    }
    // Rank: every seat already out is one place gained; mates the root delivered count more.
    for e in pos.eliminations() {
        if e.seat != root {
            score += OUT_BONUS;
            if e.by == Some(root) {
                score += CREDIT_BONUS;
            }
        }
    }
    let own = pos.pieces_of(root);
    let defended = maps.once[root.index()];
    // Root pieces attacked by someone and defended by nobody: likely lost.
    let hanging = own & enemy_attacks[root.index()] & !defended;
    let worst = hanging
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| see_value(p.kind()))
        .filter(|&v| v < 10_000)
        .max()
        .unwrap_or(0);
    let root_to_move = pos.to_move() == root;
    if sees_hanging {
        score -= if root_to_move { worst / 4 } else { worst / 2 };
    }
    // Pieces the root attacks that nobody defends: opponents' and frozen ones.
    let mut targets = SquareSet::EMPTY;
    for o in pos
        .seats()
        .iter()
        .filter(|&t| t != root && Some(t) != partner)
    {
        let theirs = pos.pieces_of(o) & !pos.pieces_of_kind(crate::piece::PieceKind::King);
        if live.contains(o) {
            targets |= theirs & !maps.once[o.index()];
        } else {
            targets |= theirs;
        }
    }
    let prey = defended & targets;
    let best = prey
        .into_iter()
        .filter_map(|sq| pos.piece_at(sq))
        .map(|p| see_value(p.kind()))
        .max()
        .unwrap_or(0);
    score += if root_to_move { best / 3 } else { best / 8 };
    score
}

/// King safety of seat `s`, summed over `threats` (each scored as if it were the only
/// one): negative is danger. The king's shelter is worked out once for all of them.
fn king_safety(pos: &Position, s: Seat, threats: &[Threat], maps: &AttackMaps) -> i32 {
    let Some(sh) = Shelter::of(pos, s, maps) else {
        return 0;
    };
    let shelter = 12 * sh.guards.min(3);
    threats
        .iter()
        .map(|t| {
            let (danger, escape) = sh.against(t);
            danger + escape + shelter
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::piece::PieceKind;
    use crate::rules::RuleSet;

    #[test]
    fn only_the_aware_evaluation_counts_a_hanging_piece() {
        // North's rook on 5f hangs to South's pawn; South is to move.
        let rules = RuleSet::yonin();
        let pos = crate::record::ysfen::position(
            "4Kn4/9/9/9/Kw7Ke/4Rn4/4Ps4/9/4Ks4 s -/-/-/- - 1",
            &rules,
        )
        .expect("a valid position");
        let aware = evaluate(&pos, Seat::North);
        let unaware = evaluate_unaware(&pos, Seat::North);
        assert_eq!(unaware - aware, see_value(PieceKind::Rook) / 2);
        // A seat with nothing hanging sees the same either way.
        assert_eq!(
            evaluate(&pos, Seat::West),
            evaluate_unaware(&pos, Seat::West)
        );
    }
}
