//! The standard evaluation's king-relative weights, written by `tune fit`: sixteenths
//! of a centipawn by own/enemy piece, kind, rank offset (−8 to +8 ahead of the king) and
//! file offset (0 to 8 across).
//!
// Not fitted yet.
#[rustfmt::skip]
pub(crate) static KING_REL: [i16; super::eval_king_rel::KING_REL_TERMS] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own pawn +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own lance +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own knight +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own silver +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own gold +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own bishop +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own rook +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own king +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own tokin +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted lance +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted knight +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own promoted silver +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own horse +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // own dragon +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy pawn +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy lance +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy knight +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy silver +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy gold +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy bishop +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy rook +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy king +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy tokin +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted lance +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted knight +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy promoted silver +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy horse +8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -8
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon -1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +0
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +1
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +2
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +3
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +4
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +5
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +6
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +7
    0, 0, 0, 0, 0, 0, 0, 0, 0, // enemy dragon +8
];
