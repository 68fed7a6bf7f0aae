//! The naive reference move generator for both variants (the notes on what it shares with
//! the engine — nothing — are in `common`). Seats are numbers in clockwise order (0 S, 1 W, 2 N, 3 E);
//! squares are `(file, rank)` with both in 1..=9 and rank 1 = `a`.

use super::*;
use yonin_core::PieceKind;

pub const S: usize = 0;
pub const W: usize = 1;
pub const N: usize = 2;
pub const E: usize = 3;

/// Unpromoted kinds; the index is also the hand index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    P = 0,
    L = 1,
    N = 2,
    S = 3,
    G = 4,
    B = 5,
    R = 6,
    K = 7,
}
const HAND_KINDS: [Kind; 7] = [
    Kind::P,
    Kind::L,
    Kind::N,
    Kind::S,
    Kind::G,
    Kind::B,
    Kind::R,
];

impl Kind {
    fn letter(self) -> char {
        match self {
            Kind::P => 'P',
            Kind::L => 'L',
            Kind::N => 'N',
            Kind::S => 'S',
            Kind::G => 'G',
            Kind::B => 'B',
            Kind::R => 'R',
            Kind::K => 'K',
        }
    }
    fn can_promote(self) -> bool {
        !matches!(self, Kind::G | Kind::K)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pc {
    pub kind: Kind,
    pub promoted: bool,
    pub owner: u8,
    pub facing: u8,
}

// ---- docs/rules.md §1: geometry per seat, written out ----

/// Forward as (dfile, drank): South toward rank a, West toward file 1, North toward
/// rank i, East toward file 9.
const FORWARD: [(i32, i32); 4] = [(0, -1), (-1, 0), (0, 1), (1, 0)];
/// The seat's right hand as it looks forward: South's right is file 1, West's is rank i,
/// North's is file 9, East's is rank a.
const RIGHT: [(i32, i32); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// How many lines the square is from `seat`'s last line (0 = on it).
fn from_last_line(seat: usize, (f, r): (i32, i32)) -> i32 {
    match seat {
        S => r - 1, // last line rank a
        W => f - 1, // last line file 1
        N => 9 - r, // last line rank i
        _ => 9 - f, // East: last line file 9
    }
}
/// Promotion zone: the three far lines.
fn in_zone(seat: usize, sq: (i32, i32)) -> bool {
    from_last_line(seat, sq) <= 2
}
/// Nifu line: the file for South and North, the rank for West and East.
fn nifu_line(seat: usize, (f, r): (i32, i32)) -> i32 {
    if seat == S || seat == N {
        f
    } else {
        r
    }
}

// ---- docs/rules.md §2: movement, for a South piece as (right, forward) ----

const KING: &[(i32, i32)] = &[
    (-1, 1),
    (0, 1),
    (1, 1),
    (-1, 0),
    (1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];
const GOLD: &[(i32, i32)] = &[(0, 1), (-1, 1), (1, 1), (-1, 0), (1, 0), (0, -1)];
const SILVER: &[(i32, i32)] = &[(0, 1), (-1, 1), (1, 1), (-1, -1), (1, -1)];
const KNIGHT: &[(i32, i32)] = &[(-1, 2), (1, 2)];
const PAWN: &[(i32, i32)] = &[(0, 1)];
const ORTHO: &[(i32, i32)] = &[(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAG: &[(i32, i32)] = &[(1, 1), (1, -1), (-1, 1), (-1, -1)];
const NONE: &[(i32, i32)] = &[];

/// A list of vectors in a piece's own frame (x to its right, y forward).
type Vectors = &'static [(i32, i32)];

/// (one-step moves, sliding directions) for a piece.
fn pattern(p: Pc) -> (Vectors, Vectors) {
    match (p.kind, p.promoted) {
        (Kind::K, _) => (KING, NONE),
        (Kind::G, _) | (Kind::S | Kind::N | Kind::L | Kind::P, true) => (GOLD, NONE),
        (Kind::S, false) => (SILVER, NONE),
        (Kind::N, false) => (KNIGHT, NONE),
        (Kind::L, false) => (NONE, PAWN),
        (Kind::P, false) => (PAWN, NONE),
        (Kind::B, false) => (NONE, DIAG),
        (Kind::B, true) => (ORTHO, DIAG),
        (Kind::R, false) => (NONE, ORTHO),
        (Kind::R, true) => (DIAG, ORTHO),
    }
}

/// A vector in the seat's frame (x to its right, y forward) as a board vector.
fn turn(seat: usize, (x, y): (i32, i32)) -> (i32, i32) {
    let (fx, fy) = FORWARD[seat];
    let (rx, ry) = RIGHT[seat];
    (x * rx + y * fx, x * ry + y * fy)
}

fn on_board((f, r): (i32, i32)) -> bool {
    (1..=9).contains(&f) && (1..=9).contains(&r)
}

fn name((f, r): (i32, i32)) -> String {
    format!("{f}{}", (b'a' + r as u8 - 1) as char)
}

/// A move in the reference: board move or drop, written as USI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NMove {
    pub from: Option<(i32, i32)>,
    pub to: (i32, i32),
    pub promote: bool,
    pub drop: Option<Kind>,
}

impl NMove {
    pub fn usi(&self) -> String {
        match (self.from, self.drop) {
            (Some(f), _) => {
                format!(
                    "{}{}{}",
                    name(f),
                    name(self.to),
                    if self.promote { "+" } else { "" }
                )
            }
            (None, Some(k)) => format!("{}*{}", k.letter(), name(self.to)),
            (None, None) => unreachable!(),
        }
    }
}

/// The house rules, as the reference reads them.
#[derive(Clone, Copy, Debug)]
pub struct NRules {
    pub yonin: bool,
    /// Opposite seats are partners: they do not attack each other, may not land on each
    /// other's pieces or leave each other in check, and the first elimination ends the game.
    pub teams: bool,
    pub pawn_last_two: bool,
    pub dead_king_drop_ok: bool,
    pub mate_now: bool,
    pub army_to_mater: bool,
    pub hand_to_mater: bool,
}

impl NRules {
    pub fn from(r: &RuleSet) -> NRules {
        let yonin = r.variant == Variant::Yonin;
        NRules {
            yonin,
            teams: yonin && r.teams,
            pawn_last_two: yonin && r.pawn_promotion == PawnPromotion::LastTwoLines,
            dead_king_drop_ok: r.dead_king_pawn_drop == DeadKingPawnDrop::Allowed,
            mate_now: yonin && r.mate_timing == MateTiming::Immediately,
            army_to_mater: yonin && r.mated_army == MatedArmy::PassesToMater,
            hand_to_mater: yonin && r.mated_hand == MatedHand::ToMater,
        }
    }
}

/// One elimination: seat, seat credited, checkmate (else stalemate).
pub type Out = (usize, Option<usize>, bool);

#[derive(Clone, Debug)]
pub struct NPos {
    /// `board[file][rank]`, both 1-based (index 0 unused).
    pub board: [[Option<Pc>; 10]; 10],
    pub hands: [[u8; 7]; 4],
    pub to_move: usize,
    pub in_play: [bool; 4],
    pub live: [bool; 4],
    pub out: Vec<Out>,
    pub rules: NRules,
}

fn kind_of(k: PieceKind) -> Kind {
    match k.unpromoted() {
        PieceKind::Pawn => Kind::P,
        PieceKind::Lance => Kind::L,
        PieceKind::Knight => Kind::N,
        PieceKind::Silver => Kind::S,
        PieceKind::Gold => Kind::G,
        PieceKind::Bishop => Kind::B,
        PieceKind::Rook => Kind::R,
        _ => Kind::K,
    }
}
fn hand_kind(k: Kind) -> PieceKind {
    match k {
        Kind::P => PieceKind::Pawn,
        Kind::L => PieceKind::Lance,
        Kind::N => PieceKind::Knight,
        Kind::S => PieceKind::Silver,
        Kind::G => PieceKind::Gold,
        Kind::B => PieceKind::Bishop,
        Kind::R => PieceKind::Rook,
        Kind::K => PieceKind::King,
    }
}

impl NPos {
    /// Reads the engine's position through its public accessors.
    pub fn from_engine(pos: &Position, rules: &RuleSet) -> NPos {
        let mut board = [[None; 10]; 10];
        for f in 1..=9u8 {
            for r in 1..=9u8 {
                let s = Square::from_file_rank(f, r).unwrap();
                if let Some(p) = pos.piece_at(s) {
                    board[f as usize][r as usize] = Some(Pc {
                        kind: kind_of(p.kind()),
                        promoted: p.kind().is_promoted(),
                        owner: p.owner().index() as u8,
                        facing: p.facing().index() as u8,
                    });
                }
            }
        }
        let mut hands = [[0u8; 7]; 4];
        for (s, hand) in hands.iter_mut().enumerate() {
            for k in HAND_KINDS {
                hand[k as usize] = pos.hand(Seat::from_index(s)).count(hand_kind(k));
            }
        }
        let in_play = std::array::from_fn(|s| pos.seats().contains(Seat::from_index(s)));
        let live = std::array::from_fn(|s| pos.is_live(Seat::from_index(s)));
        let out = pos
            .eliminations()
            .map(|e| {
                (
                    e.seat.index(),
                    e.by.map(|b| b.index()),
                    e.reason == yonin_core::EliminationReason::Checkmate,
                )
            })
            .collect();
        NPos {
            board,
            hands,
            to_move: pos.to_move().index(),
            in_play,
            live,
            out,
            rules: NRules::from(rules),
        }
    }

    /// A copy for trying a move (without the elimination list, which moves never read).
    fn scratch(&self) -> NPos {
        NPos {
            board: self.board,
            hands: self.hands,
            to_move: self.to_move,
            in_play: self.in_play,
            live: self.live,
            out: Vec::new(),
            rules: self.rules,
        }
    }

    fn at(&self, (f, r): (i32, i32)) -> Option<Pc> {
        self.board[f as usize][r as usize]
    }
    fn set(&mut self, (f, r): (i32, i32), p: Option<Pc>) {
        self.board[f as usize][r as usize] = p;
    }

    fn squares() -> impl Iterator<Item = (i32, i32)> {
        (1..=9).flat_map(|f| (1..=9).map(move |r| (f, r)))
    }

    fn king_of(&self, seat: usize) -> Option<(i32, i32)> {
        Self::squares().find(|&s| {
            self.at(s)
                .is_some_and(|p| p.kind == Kind::K && p.owner as usize == seat)
        })
    }

    pub fn live_count(&self) -> usize {
        self.live.iter().filter(|&&l| l).count()
    }

    pub fn is_over(&self) -> bool {
        self.rules.yonin && (self.live_count() <= 1 || (self.rules.teams && self.live_count() < 4))
    }

    /// The live partner of `seat` (teams only).
    fn partner_of(&self, seat: usize) -> Option<usize> {
        let p = (seat + 2) % 4;
        (self.rules.teams && self.live[p]).then_some(p)
    }

    /// Is `other` an enemy of `seat` (another seat, and not its partner in teams)?
    fn enemies(&self, seat: usize, other: usize) -> bool {
        other != seat && !(self.rules.teams && other == (seat + 2) % 4)
    }

    /// The squares a piece on `from` moves to or attacks: its steps, and its slides up to
    /// and including the first occupied square.
    fn targets(&self, p: Pc, from: (i32, i32)) -> Vec<(i32, i32)> {
        let (steps, slides) = pattern(p);
        let mut v = Vec::new();
        for &st in steps {
            let (df, dr) = turn(p.facing as usize, st);
            let to = (from.0 + df, from.1 + dr);
            if on_board(to) {
                v.push(to);
            }
        }
        for &dir in slides {
            let (df, dr) = turn(p.facing as usize, dir);
            let mut to = (from.0 + df, from.1 + dr);
            while on_board(to) {
                v.push(to);
                if self.at(to).is_some() {
                    break;
                }
                to = (to.0 + df, to.1 + dr);
            }
        }
        v
    }

    /// Does the piece `p` on `from` attack `to`? (The same patterns as `targets`, asked
    /// the other way round: the vector `from → to` in the piece's own frame.)
    fn attacks(&self, p: Pc, from: (i32, i32), to: (i32, i32)) -> bool {
        let (df, dr) = (to.0 - from.0, to.1 - from.1);
        let (fx, fy) = FORWARD[p.facing as usize];
        let (rx, ry) = RIGHT[p.facing as usize];
        let v = (df * rx + dr * ry, df * fx + dr * fy);
        let (steps, slides) = pattern(p);
        if steps.contains(&v) {
            return true;
        }
        for &(ux, uy) in slides {
            let k = if ux != 0 { v.0 / ux } else { v.1 / uy };
            if k >= 1 && (ux * k, uy * k) == v {
                // Every square strictly between must be empty.
                let (bf, br) = turn(p.facing as usize, (ux, uy));
                return (1..k).all(|i| self.at((from.0 + bf * i, from.1 + br * i)).is_none());
            }
        }
        false
    }

    /// Is `target` attacked by a piece of a live enemy of `seat`?
    fn attacked_by_enemy_of(&self, seat: usize, target: (i32, i32)) -> bool {
        Self::squares().any(|s| match self.at(s) {
            Some(p) if self.enemies(seat, p.owner as usize) && self.live[p.owner as usize] => {
                self.attacks(p, s, target)
            }
            _ => false,
        })
    }

    /// RULES §4: a live seat whose king is attacked by a piece of another live seat.
    pub fn in_check(&self, seat: usize) -> bool {
        self.live[seat]
            && self
                .king_of(seat)
                .is_some_and(|k| self.attacked_by_enemy_of(seat, k))
    }

    /// Plays the pieces of `m` for `me` (no turn change).
    fn apply(&mut self, me: usize, m: NMove) {
        match m.from {
            None => {
                let k = m.drop.unwrap();
                self.hands[me][k as usize] -= 1;
                self.set(
                    m.to,
                    Some(Pc {
                        kind: k,
                        promoted: false,
                        owner: me as u8,
                        facing: me as u8,
                    }),
                );
            }
            Some(from) => {
                if let Some(c) = self.at(m.to) {
                    self.hands[me][c.kind as usize] += 1;
                }
                let mut p = self.at(from).unwrap();
                p.promoted |= m.promote;
                self.set(from, None);
                self.set(m.to, Some(p));
            }
        }
    }

    /// Every legal move of `seat`, passed to `f` until it returns `true` (stop).
    /// Returns whether it stopped.
    fn each_legal(&self, me: usize, f: &mut dyn FnMut(NMove) -> bool) -> bool {
        if !self.live[me] || self.is_over() {
            return false;
        }
        let mut pseudo = Vec::new();
        // Board moves.
        for from in Self::squares() {
            let Some(p) = self.at(from) else { continue };
            if p.owner as usize != me {
                continue;
            }
            for to in self.targets(p, from) {
                if let Some(q) = self.at(to) {
                    // Never onto one's own piece, never onto any king (live or turned over).
                    let partner = self.partner_of(me) == Some(q.owner as usize);
                    if q.owner as usize == me || partner || q.kind == Kind::K {
                        continue;
                    }
                }
                let can = p.kind.can_promote()
                    && !p.promoted
                    && (in_zone(p.facing as usize, from) || in_zone(p.facing as usize, to));
                let left = from_last_line(p.facing as usize, to);
                let must = match p.kind {
                    Kind::P if self.rules.pawn_last_two => left <= 1,
                    Kind::P | Kind::L => left == 0,
                    Kind::N => left <= 1,
                    _ => false,
                };
                if can {
                    pseudo.push(NMove {
                        from: Some(from),
                        to,
                        promote: true,
                        drop: None,
                    });
                }
                if !(can && must) {
                    pseudo.push(NMove {
                        from: Some(from),
                        to,
                        promote: false,
                        drop: None,
                    });
                }
            }
        }
        // Drops: empty squares, facing the dropper.
        // Nifu: the lines holding an own unpromoted pawn (facing the dropper).
        let mut pawn_lines = [false; 10];
        for s in Self::squares() {
            if let Some(q) = self.at(s) {
                if q.kind == Kind::P
                    && !q.promoted
                    && q.owner as usize == me
                    && q.facing as usize == me
                {
                    pawn_lines[nifu_line(me, s) as usize] = true;
                }
            }
        }
        for k in HAND_KINDS {
            if self.hands[me][k as usize] == 0 {
                continue;
            }
            for to in Self::squares() {
                if self.at(to).is_some() {
                    continue;
                }
                let left = from_last_line(me, to);
                let dead_end = match k {
                    Kind::P | Kind::L => left == 0,
                    Kind::N => left <= 1,
                    _ => false,
                };
                if dead_end {
                    continue;
                }
                if k == Kind::P {
                    if pawn_lines[nifu_line(me, to) as usize] {
                        continue;
                    }
                    let (df, dr) = FORWARD[me];
                    let front = (to.0 + df, to.1 + dr);
                    if on_board(front) && !self.rules.dead_king_drop_ok {
                        if let Some(q) = self.at(front) {
                            if q.kind == Kind::K && !self.live[q.owner as usize] {
                                continue;
                            }
                        }
                    }
                }
                pseudo.push(NMove {
                    from: None,
                    to,
                    promote: false,
                    drop: Some(k),
                });
            }
        }
        // A drop only adds a blocker, so it can leave the king attacked only when it is
        // attacked already: drops are tested for king safety only when in check.
        let in_check = self.in_check(me);
        for m in pseudo {
            let mut after = self.scratch();
            after.apply(me, m);
            // Own king safety.
            if (m.drop.is_none() || in_check)
                && after
                    .king_of(me)
                    .is_some_and(|k| after.attacked_by_enemy_of(me, k))
            {
                continue;
            }
            // Teams: the partner's king may not be left in check either.
            if self.partner_of(me).is_some_and(|pt| after.in_check(pt)) {
                continue;
            }
            // Uchifuzume: a pawn drop that checks the live enemy king in front of it, whose
            // seat then has no legal move.
            if m.drop == Some(Kind::P) {
                let (df, dr) = FORWARD[me];
                let front = (m.to.0 + df, m.to.1 + dr);
                if on_board(front) {
                    if let Some(q) = after.at(front) {
                        if q.kind == Kind::K
                            && self.enemies(me, q.owner as usize)
                            && after.live[q.owner as usize]
                            && !after.has_legal_move(q.owner as usize)
                        {
                            continue;
                        }
                    }
                }
            }
            if f(m) {
                return true;
            }
        }
        false
    }

    pub fn legal_moves_of(&self, seat: usize) -> Vec<NMove> {
        let mut v = Vec::new();
        self.each_legal(seat, &mut |m| {
            v.push(m);
            false
        });
        v
    }

    pub fn legal_moves(&self) -> Vec<NMove> {
        self.legal_moves_of(self.to_move)
    }

    /// Sorted USI texts of the legal moves of the seat to move.
    pub fn legal_usi(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal_moves().iter().map(|m| m.usi()).collect();
        v.sort();
        v
    }

    pub fn has_legal_move(&self, seat: usize) -> bool {
        self.each_legal(seat, &mut |_| true)
    }

    fn eliminate(&mut self, seat: usize, by: Option<usize>, mate: bool) {
        self.live[seat] = false;
        self.out.push((seat, by, mate));
        if let Some(b) = by.filter(|&b| self.live[b]) {
            if self.rules.army_to_mater {
                for s in Self::squares() {
                    if let Some(mut p) = self.at(s) {
                        if p.owner as usize == seat && p.kind != Kind::K {
                            p.owner = b as u8;
                            self.set(s, Some(p));
                        }
                    }
                }
            }
            if self.rules.hand_to_mater {
                for k in 0..7 {
                    self.hands[b][k] += self.hands[seat][k];
                    self.hands[seat][k] = 0;
                }
            }
        }
    }

    /// RULES §4 "Turn order" (and plain alternation for standard shogi).
    fn advance(&mut self, mover: usize) {
        if !self.rules.yonin {
            self.to_move = (mover + 2) % 4;
            return;
        }
        if self.rules.mate_now {
            loop {
                let found = (1..4)
                    .map(|i| (mover + i) % 4)
                    .find(|&s| self.live[s] && self.in_check(s) && !self.has_legal_move(s));
                match found {
                    Some(s) => {
                        self.eliminate(s, Some(mover), true);
                        if self.is_over() {
                            break;
                        }
                    }
                    None => break,
                }
            }
        }
        loop {
            if self.is_over() {
                // The survivor is shown to move (in teams, the seat that moved).
                self.to_move = if self.live_count() == 1 {
                    (0..4).find(|&s| self.live[s]).unwrap_or(mover)
                } else {
                    mover
                };
                return;
            }
            let after: Vec<usize> = (1..4).map(|i| (mover + i) % 4).collect();
            let checked = after.iter().copied().find(|&s| self.in_check(s));
            let cand = checked
                .or_else(|| after.iter().copied().find(|&s| self.live[s]))
                .unwrap();
            if self.has_legal_move(cand) {
                self.to_move = cand;
                return;
            }
            let mate = self.in_check(cand);
            self.eliminate(cand, Some(mover), mate);
        }
    }

    /// Plays a legal move of the seat to move and finds the next seat.
    pub fn play(&mut self, m: NMove) {
        let me = self.to_move;
        self.apply(me, m);
        self.advance(me);
    }

    /// Plays the legal move with this USI text.
    pub fn play_usi(&mut self, usi: &str) {
        let m = self
            .legal_moves()
            .into_iter()
            .find(|m| m.usi() == usi)
            .unwrap_or_else(|| panic!("reference: {usi} is not legal"));
        self.play(m);
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .into_iter()
            .map(|m| {
                let mut c = self.clone();
                c.play(m);
                c.perft(depth - 1)
            })
            .sum()
    }

    /// Describes where the engine's position differs from this one (empty if nowhere).
    pub fn diff(&self, pos: &Position) -> String {
        let mut d = String::new();
        for f in 1..=9u8 {
            for r in 1..=9u8 {
                let s = Square::from_file_rank(f, r).unwrap();
                let theirs = pos.piece_at(s).map(|p| Pc {
                    kind: kind_of(p.kind()),
                    promoted: p.kind().is_promoted(),
                    owner: p.owner().index() as u8,
                    facing: p.facing().index() as u8,
                });
                if theirs != self.board[f as usize][r as usize] {
                    d += &format!(
                        "square {s}: engine {theirs:?}, reference {:?}\n",
                        self.board[f as usize][r as usize]
                    );
                }
            }
        }
        for s in 0..4 {
            for k in HAND_KINDS {
                let e = pos.hand(Seat::from_index(s)).count(hand_kind(k));
                if e != self.hands[s][k as usize] {
                    d += &format!(
                        "hand {s} {k:?}: engine {e}, reference {}\n",
                        self.hands[s][k as usize]
                    );
                }
            }
            if pos.is_live(Seat::from_index(s)) != self.live[s] {
                d += &format!(
                    "seat {s} live: engine {}\n",
                    pos.is_live(Seat::from_index(s))
                );
            }
        }
        let out: Vec<Out> = pos
            .eliminations()
            .map(|e| {
                (
                    e.seat.index(),
                    e.by.map(|b| b.index()),
                    e.reason == yonin_core::EliminationReason::Checkmate,
                )
            })
            .collect();
        if out != self.out {
            d += &format!("eliminations: engine {out:?}, reference {:?}\n", self.out);
        }
        if !self.is_over() && pos.to_move().index() != self.to_move {
            d += &format!(
                "to move: engine {}, reference {}\n",
                pos.to_move(),
                self.to_move
            );
        }
        if self.is_over() && pos.to_move().index() != self.to_move {
            d += &format!(
                "survivor shown: engine {}, reference {}\n",
                pos.to_move(),
                self.to_move
            );
        }
        d
    }
}
