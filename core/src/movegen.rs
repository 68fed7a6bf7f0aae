//! Legal move generation for any seat: pins and checks from every live enemy, promotions,
//! drops with nifu, dead-end squares, uchifuzume and the turned-over-king pawn rule.

use crate::attacks;
use crate::moves::{Move, MoveList};
use crate::piece::PieceKind;
use crate::position::Position;
use crate::seat::Seat;
use crate::square::Square;
use crate::square_set::SquareSet;

/// Squares where a piece of `kind` facing `seat` still has a move after a drop.
const fn drop_zone_table() -> [[u128; 3]; 4] {
    // [seat][0 = pawn/lance (not the last line), 1 = knight (not the last two), 2 = any]
    let mut t = [[0u128; 3]; 4];
    let mut s = 0;
    while s < 4 {
        let mut sq = 0;
        while sq < 81 {
            let depth = Square::from_index_unchecked(sq as u8).depth(Seat::from_index(s));
            if depth < 8 {
                t[s][0] |= 1u128 << sq;
            }
            if depth < 7 {
                t[s][1] |= 1u128 << sq;
            }
            t[s][2] |= 1u128 << sq;
            sq += 1;
        }
        s += 1;
    }
    t
}
static DROP_ZONE: [[u128; 3]; 4] = drop_zone_table();

const fn lane_table() -> [[u128; 81]; 4] {
    let mut t = [[0u128; 81]; 4];
    let mut s = 0;
    while s < 4 {
        let seat = Seat::from_index(s);
        let mut a = 0;
        while a < 81 {
            let la = Square::from_index_unchecked(a as u8).lane(seat);
            let mut b = 0;
            while b < 81 {
                if Square::from_index_unchecked(b as u8).lane(seat) == la {
                    t[s][a] |= 1u128 << b;
                }
                b += 1;
            }
            a += 1;
        }
        s += 1;
    }
    t
}
/// The nifu line (file or rank, by facing) through a square.
static LANE: [[u128; 81]; 4] = lane_table();

const fn depth_table() -> [[u128; 10]; 4] {
    let mut t = [[0u128; 10]; 4];
    let mut s = 0;
    while s < 4 {
        let mut sq = 0;
        while sq < 81 {
            let depth = Square::from_index_unchecked(sq as u8).depth(Seat::from_index(s));
            let mut d = 0;
            while d <= depth {
                t[s][d as usize] |= 1u128 << sq;
                d += 1;
            }
            sq += 1;
        }
        s += 1;
    }
    t
}
/// Squares at least `d` lines deep (0..=9) for a piece facing a seat.
static DEPTH_AT_LEAST: [[u128; 10]; 4] = depth_table();

/// Squares at least `depth` lines deep for a piece facing `facing` (none beyond 8).
#[inline(always)]
fn at_least(facing: Seat, depth: i32) -> SquareSet {
    SquareSet(DEPTH_AT_LEAST[facing.index()][depth.clamp(0, 9) as usize])
}

/// One step forward for every pawn of `pawns` facing `facing` (none may stand on its last
/// line): a shift, since a forward step is ±1 (along a file) or ±9 (along a rank) in index.
#[inline(always)]
fn pawn_pushes(facing: Seat, pawns: SquareSet) -> SquareSet {
    let p = pawns.0 & !DEPTH_AT_LEAST[facing.index()][8];
    SquareSet(match facing {
        Seat::South => p >> 1,
        Seat::North => p << 1,
        Seat::West => p >> 9,
        Seat::East => p << 9,
    })
}

/// The index difference from a pawn's square to the square in front of it.
#[inline(always)]
const fn pawn_delta(facing: Seat) -> i32 {
    match facing {
        Seat::South => -1,
        Seat::North => 1,
        Seat::West => -9,
        Seat::East => 9,
    }
}

#[inline(always)]
fn drop_zone(seat: Seat, kind: PieceKind) -> SquareSet {
    let i = match kind {
        PieceKind::Pawn | PieceKind::Lance => 0,
        PieceKind::Knight => 1,
        _ => 2,
    };
    SquareSet(DROP_ZONE[seat.index()][i])
}

/// Everything the generator works out once per position and seat.
struct Context {
    me: Seat,
    king: Square,
    enemies: SquareSet,
    occ: SquareSet,
    /// Squares a non-king move may end on (not own, not a king, and answering a check).
    target: SquareSet,
    /// Empty squares a drop may use.
    drop_target: SquareSet,
    pinned: SquareSet,
    double_check: bool,
}

#[inline(always)]
fn context(pos: &Position, me: Seat) -> Option<Context> {
    let king = pos.kings[me.index()]?;
    let enemies = pos.enemy_pieces(me);
    let occ = pos.occupied;
    let checkers = if pos.checked_known && !pos.checked.contains(me) {
        SquareSet::EMPTY
    } else {
        pos.attackers_of(king, occ, enemies)
    };
    let not_own = !(pos.friendly_pieces(me) | pos.by_kind[PieceKind::King.index()]);
    let (target, drop_target) = match checkers.first() {
        None => (not_own, !occ),
        Some(c) => {
            let between = attacks::between(king, c);
            ((between | SquareSet::from_square(c)) & not_own, between)
        }
    };
    Some(Context {
        me,
        king,
        enemies,
        occ,
        target,
        drop_target,
        pinned: pinned(pos, me, king, enemies),
        double_check: checkers.more_than_one(),
    })
}

/// `me`'s pieces that stand alone between `me`'s king and an enemy slider.
#[inline(always)]
fn pinned(pos: &Position, me: Seat, king: Square, enemies: SquareSet) -> SquareSet {
    use PieceKind::*;
    let k = &pos.by_kind;
    let mut snipers = ((attacks::rook_pseudo(king) & (k[Rook as usize] | k[Dragon as usize]))
        | (attacks::bishop_pseudo(king) & (k[Bishop as usize] | k[Horse as usize])))
        & enemies;
    let lances = k[Lance as usize] & enemies;
    if lances.any() {
        for f in pos.seats.iter() {
            snipers |= attacks::lance_ray(f.opposite(), king) & lances & pos.by_facing[f.index()];
        }
    }
    let mine = pos.by_owner[me.index()];
    let mut pinned = SquareSet::EMPTY;
    for s in snipers {
        let b = attacks::between(king, s) & pos.occupied;
        if !b.more_than_one() && (b & mine).any() {
            pinned |= b;
        }
    }
    pinned
}

/// Adds a move from `from` to each square of `to_set`: with and without promotion where the
/// piece may promote, without only where it must.
#[inline(always)]
fn push_piece_moves(
    list: &mut MoveList,
    from: Square,
    to_set: SquareSet,
    zone: SquareSet,
    forced: SquareSet,
) {
    let promoting = if zone.contains(from) {
        to_set
    } else {
        to_set & zone
    };
    for to in promoting {
        list.push(Move::normal(from, to, true));
    }
    for to in to_set & !forced {
        list.push(Move::normal(from, to, false));
    }
}

/// Adds a plain move from `from` to each square of `to_set` (pieces that cannot promote).
#[inline(always)]
fn push_plain_moves(list: &mut MoveList, from: Square, to_set: SquareSet) {
    for to in to_set {
        list.push(Move::normal(from, to, false));
    }
}

/// All legal moves of `me` (live, with a king) into `list`, appended.
pub(crate) fn generate(pos: &Position, me: Seat, list: &mut MoveList) {
    generate_some(pos, me, list, !SquareSet::EMPTY, true);
}

/// The legal moves of `me` whose board moves land on `aim`, with the drops or without.
#[inline(always)]
fn generate_some(pos: &Position, me: Seat, list: &mut MoveList, aim: SquareSet, with_drops: bool) {
    let Some(mut cx) = context(pos, me) else {
        return;
    };
    for to in safe_king_steps(pos, &cx) {
        if aim.contains(to) {
            list.push(Move::normal(cx.king, to, false));
        }
    }
    if cx.double_check {
        return;
    }
    cx.target &= aim;
    board_moves(pos, &cx, list);
    if with_drops && !pos.hands[me.index()].is_empty() {
        drops(pos, &cx, list);
    }
    if pos.rules.teams {
        // A move may not leave the partner's king in check either: rare, so checked by playing.
        filter_partner_safety(pos, me, list);
    }
}

/// Squares the king can step to without being attacked (it no longer blocks sliders there).
fn safe_king_steps<'a>(pos: &'a Position, cx: &'a Context) -> impl Iterator<Item = Square> + 'a {
    let occ = cx.occ ^ SquareSet::from_square(cx.king);
    let targets = attacks::king(cx.king)
        & !(pos.friendly_pieces(cx.me) | pos.by_kind[PieceKind::King.index()]);
    targets.filter(move |&to| !pos.is_attacked(to, occ, cx.enemies))
}

/// Board moves, for each facing among the mover's pieces (a facing other than the mover's own
/// comes only from an army passed on by a house rule).
fn board_moves(pos: &Position, cx: &Context, list: &mut MoveList) {
    // The mover's own facing first: usually every piece has it and the loop ends there.
    let mut rest = pos.by_owner[cx.me.index()];
    let mut facing = cx.me;
    for _ in 0..4 {
        let ours = rest & pos.by_facing[facing.index()];
        if ours.any() {
            rest ^= ours;
            facing_moves(pos, cx, facing, ours, list);
        }
        if rest.is_empty() {
            break;
        }
        facing = facing.clockwise();
    }
}

/// Board moves of `ours`, the mover's pieces facing `f`, a kind at a time.
#[inline(always)]
fn facing_moves(pos: &Position, cx: &Context, f: Seat, ours: SquareSet, list: &mut MoveList) {
    use PieceKind::*;
    let k = &pos.by_kind;
    let zone = at_least(f, 6);
    let pawns = ours & k[Pawn as usize];
    let pawn_forced = at_least(f, pos.rules.pawn_forced_depth);
    let (occ, target) = (cx.occ, cx.target);
    // Unpinned pieces go anywhere they reach; pinned ones are left to the last loop.
    let free = ours & !cx.pinned;
    let pushes = pawn_pushes(f, pawns & free) & target;
    let back = pawn_delta(f);
    for to in pushes & zone {
        let from = Square::from_index_unchecked((to.index() as i32 - back) as u8);
        list.push(Move::normal(from, to, true));
    }
    for to in pushes & !pawn_forced {
        let from = Square::from_index_unchecked((to.index() as i32 - back) as u8);
        list.push(Move::normal(from, to, false));
    }
    for from in free & k[Lance as usize] {
        let to_set = attacks::lance(f, from, occ) & target;
        push_piece_moves(list, from, to_set, zone, at_least(f, 8));
    }
    for from in free & k[Knight as usize] {
        let to_set = attacks::knight(f, from) & target;
        push_piece_moves(list, from, to_set, zone, at_least(f, 7));
    }
    for from in free & k[Silver as usize] {
        let to_set = attacks::silver(f, from) & target;
        push_piece_moves(list, from, to_set, zone, SquareSet::EMPTY);
    }
    for from in free & pos.gold_movers() {
        push_plain_moves(list, from, attacks::gold(f, from) & target);
    }
    for from in free & k[Bishop as usize] {
        let to_set = attacks::bishop(from, occ) & target;
        push_piece_moves(list, from, to_set, zone, SquareSet::EMPTY);
    }
    for from in free & k[Rook as usize] {
        let to_set = attacks::rook(from, occ) & target;
        push_piece_moves(list, from, to_set, zone, SquareSet::EMPTY);
    }
    for from in free & k[Horse as usize] {
        let reach = attacks::bishop(from, occ) | attacks::king(from);
        push_plain_moves(list, from, reach & target);
    }
    for from in free & k[Dragon as usize] {
        let reach = attacks::rook(from, occ) | attacks::king(from);
        push_plain_moves(list, from, reach & target);
    }
    for from in ours & cx.pinned {
        pinned_moves(pos, cx, f, from, pawn_forced, list);
    }
}

/// Moves of a pinned piece facing `f`: only along the line through it and its king.
#[inline(never)]
fn pinned_moves(
    pos: &Position,
    cx: &Context,
    f: Seat,
    from: Square,
    pawn_forced: SquareSet,
    list: &mut MoveList,
) {
    use PieceKind::*;
    let Some(p) = pos.board[from.index()] else {
        return;
    };
    let kind = p.kind();
    let to_set = attacks::piece(kind, f, from, cx.occ) & cx.target & attacks::line(cx.king, from);
    let forced = match kind {
        Pawn => pawn_forced,
        Lance => at_least(f, 8),
        Knight => at_least(f, 7),
        _ => SquareSet::EMPTY,
    };
    if kind.can_promote() {
        push_piece_moves(list, from, to_set, at_least(f, 6), forced);
    } else {
        push_plain_moves(list, from, to_set);
    }
}

fn drops(pos: &Position, cx: &Context, list: &mut MoveList) {
    let hand = pos.hands[cx.me.index()];
    if hand.is_empty() || cx.drop_target.is_empty() {
        return;
    }
    for kind in PieceKind::HAND {
        if hand.count(kind) == 0 {
            continue;
        }
        let mut squares = cx.drop_target & drop_zone(cx.me, kind);
        if kind == PieceKind::Pawn {
            squares &= !pawn_drop_forbidden(pos, cx.me);
            for to in squares {
                if !is_pawn_drop_mate(pos, cx.me, to) {
                    list.push(Move::drop(kind, to));
                }
            }
        } else {
            for to in squares {
                list.push(Move::drop(kind, to));
            }
        }
    }
}

/// Squares where `me` may never drop a pawn: nifu lines, and (by default) the square in front
/// of a turned-over king.
fn pawn_drop_forbidden(pos: &Position, me: Seat) -> SquareSet {
    let own_pawns =
        pos.by_kind[PieceKind::Pawn.index()] & pos.by_owner[me.index()] & pos.by_facing[me.index()];
    let mut forbidden = SquareSet::EMPTY;
    for sq in own_pawns {
        forbidden |= SquareSet(LANE[me.index()][sq.index()]);
    }
    if !pos.rules.pawn_drop_before_dead_king {
        for dead in pos.seats.iter().filter(|s| !pos.live.contains(*s)) {
            if let Some(k) = pos.kings[dead.index()] {
                if let Some(sq) = k.step(me, 0, -1) {
                    forbidden.insert(sq);
                }
            }
        }
    }
    forbidden
}

/// Would a pawn dropped by `me` on `to` checkmate the live enemy king directly in front of it?
#[doc(alias = "uchifuzume")]
pub(crate) fn is_pawn_drop_mate(pos: &Position, me: Seat, to: Square) -> bool {
    let Some(front) = to.step(me, 0, 1) else {
        return false;
    };
    let Some(victim) = pos.board[front.index()] else {
        return false;
    };
    if victim.kind() != PieceKind::King {
        return false;
    }
    let seat = victim.owner();
    if !pos.enemy_seats(me).contains(seat) {
        return false;
    }
    let mut after = pos.clone();
    after.hand_remove(me, PieceKind::Pawn);
    after.put(to, crate::piece::Piece::of(PieceKind::Pawn, me));
    !has_legal_move(&after, seat, false)
}

/// Does `seat` have any legal move? `known_safe` says the caller already knows `seat` is not
/// in check, which allows a shortcut that finds a move in most positions without the pins.
pub(crate) fn has_legal_move(pos: &Position, seat: Seat, known_safe: bool) -> bool {
    if known_safe && !pos.rules.teams && has_unpinned_move(pos, seat) {
        return true;
    }
    let Some(cx) = context(pos, seat) else {
        return false;
    };
    if pos.rules.teams {
        // Partner safety needs each move played out: take the slow, exact path.
        let mut list = MoveList::new();
        generate(pos, seat, &mut list);
        return !list.is_empty();
    }
    // Stop at the first legal move found, cheapest kinds first.
    if safe_king_steps(pos, &cx).next().is_some() {
        return true;
    }
    if cx.double_check {
        return false;
    }
    // A board move needs only one reachable target: promotion choice never removes the last
    // option (a forced promotion is still a move).
    let mine = pos.by_owner[cx.me.index()] & !pos.by_kind[PieceKind::King.index()];
    for from in mine {
        let Some(p) = pos.board[from.index()] else {
            continue;
        };
        let mut to_set = attacks::piece(p.kind(), p.facing(), from, cx.occ) & cx.target;
        if cx.pinned.contains(from) {
            to_set &= attacks::line(cx.king, from);
        }
        if to_set.any() {
            return true;
        }
    }
    let hand = pos.hands[cx.me.index()];
    if hand.is_empty() || cx.drop_target.is_empty() {
        return false;
    }
    for kind in PieceKind::HAND {
        if hand.count(kind) == 0 || kind == PieceKind::Pawn {
            continue;
        }
        if (cx.drop_target & drop_zone(cx.me, kind)).any() {
            return true;
        }
    }
    let mut list = MoveList::new();
    drops(pos, &cx, &mut list);
    !list.is_empty()
}

/// For a seat not in check: can a piece that is not pinned move, or a piece other than a pawn
/// be dropped? Either is then a legal move. Pieces off every line through the king are tried
/// before the pins are worked out. `false` proves nothing.
fn has_unpinned_move(pos: &Position, me: Seat) -> bool {
    let Some(king) = pos.kings[me.index()] else {
        return false;
    };
    let kings = pos.by_kind[PieceKind::King.index()];
    let not_own = !(pos.friendly_pieces(me) | kings);
    let can_move = |from: Square| {
        pos.board[from.index()].is_some_and(|p| {
            (attacks::piece(p.kind(), p.facing(), from, pos.occupied) & not_own).any()
        })
    };
    let army = pos.by_owner[me.index()] & !kings;
    let lines = attacks::rook_pseudo(king) | attacks::bishop_pseudo(king);
    // A pawn off every line through the king, or on the king's own file (rank, for a side
    // seat) where its step keeps it on that line, pushes without exposing the king.
    let pawns = army & pos.by_kind[PieceKind::Pawn.index()] & pos.by_facing[me.index()];
    let axis = attacks::lance_ray(me, king) | attacks::lance_ray(me.opposite(), king);
    if (pawn_pushes(me, pawns & !(lines & !axis)) & not_own).any() {
        return true;
    }
    if Iterator::any(&mut (army & !lines), can_move) {
        return true;
    }
    let hand = pos.hands[me.index()];
    if hand.is_empty() {
        let pinned = pinned(pos, me, king, pos.enemy_pieces(me));
        return Iterator::any(&mut (army & lines & !pinned), can_move);
    }
    let empty = !pos.occupied;
    [
        PieceKind::Lance,
        PieceKind::Knight,
        PieceKind::Silver,
        PieceKind::Gold,
        PieceKind::Bishop,
        PieceKind::Rook,
    ]
    .into_iter()
    .any(|k| hand.count(k) > 0 && (empty & drop_zone(me, k)).any())
}

/// Removes moves that would leave `me`'s live partner in check (teams mode).
fn filter_partner_safety(pos: &Position, me: Seat, list: &mut MoveList) {
    let Some(partner) = pos.partner(me) else {
        return;
    };
    let moves = list.to_vec();
    list.clear();
    for m in moves {
        let mut after = pos.clone();
        after.apply_raw(me, m);
        if after.checkers(partner).is_empty() {
            list.push(m);
        }
    }
}

impl Position {
    /// Moves the pieces of `m` for `me` without touching the turn (for look-ahead checks).
    pub(crate) fn apply_raw(&mut self, me: Seat, m: Move) {
        let to = m.to();
        match m.from() {
            None => {
                if let Some(k) = m.drop_kind() {
                    self.hand_remove(me, k);
                    self.put(to, crate::piece::Piece::of(k, me));
                }
            }
            Some(from) => {
                if let Some(c) = self.take(to) {
                    self.hand_add(me, c.kind());
                }
                if let Some(p) = self.board[from.index()].take() {
                    self.shift_piece(p, from, to, m.promotes());
                }
            }
        }
    }
}

/// The legal moves of a position, as its users ask for them.
impl Position {
    /// The legal moves of the seat to move (none once the game is decided).
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        if !self.is_decided_by_elimination() {
            generate(self, self.to_move, &mut list);
        }
        list
    }

    /// Fills `list` with the legal moves of the seat to move.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if !self.is_decided_by_elimination() {
            generate(self, self.to_move, list);
        }
    }

    /// The legal captures of the seat to move (board moves onto a live enemy's piece or a
    /// frozen one), in the order of [`Position::legal_moves_into`], into `list` (cleared first).
    pub fn legal_captures_into(&self, list: &mut MoveList) {
        list.clear();
        if !self.is_decided_by_elimination() {
            generate_some(self, self.to_move, list, self.occupied, false);
        }
    }

    /// At least every legal capture and promotion on the board of the seat to move, in the
    /// order of [`Position::legal_moves_into`], into `list` (cleared first): the board moves
    /// onto an occupied square or into the promotion zone, or all of them when an unpromoted
    /// silver, bishop or rook stands in the zone (it may promote on the way out) or a piece
    /// faces another seat. So a quiescence search is spared most of the quiet moves.
    pub fn legal_tactical_board_moves_into(&self, list: &mut MoveList) {
        list.clear();
        if self.is_decided_by_elimination() {
            return;
        }
        use PieceKind::*;
        let me = self.to_move;
        let own = self.by_owner[me.index()];
        let zone = at_least(me, 6);
        let k = &self.by_kind;
        let leaving = k[Silver.index()] | k[Bishop.index()] | k[Rook.index()];
        let aim = if (own & !self.by_facing[me.index()]).any() || (own & leaving & zone).any() {
            !SquareSet::EMPTY
        } else {
            self.occupied | zone
        };
        generate_some(self, me, list, aim, false);
    }

    /// The legal board moves of the seat to move that land on a square of `aim`, in the order
    /// of [`Position::legal_moves_into`], into `list` (cleared first).
    pub fn legal_board_moves_onto_into(&self, list: &mut MoveList, aim: SquareSet) {
        list.clear();
        if !self.is_decided_by_elimination() {
            generate_some(self, self.to_move, list, aim, false);
        }
    }

    /// Does `seat` (live) have at least one legal move in this position?
    pub fn has_legal_move(&self, seat: Seat) -> bool {
        has_legal_move(self, seat, false)
    }
}

#[cfg(test)]
#[path = "movegen_tests.rs"]
mod tests;
