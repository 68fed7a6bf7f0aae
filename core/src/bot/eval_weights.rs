//! The standard evaluation's weights: the numbers `tune fit` (tests/src/bin/tune.rs) prints,
//! pasted in whole.

/// Weights of the standard evaluation's terms (see `tuning::standard_terms` for each term).
pub(crate) struct StdWeights {
    /// A board piece by kind and depth from its own back line (value and placement).
    pub piece_depth: [[i32; 9]; 14],
    /// A knight on an edge lane.
    pub knight_edge: i32,
    /// A piece in hand, by hand kind.
    pub hand: [i32; 7],
    /// Each pawn in hand beyond the third.
    pub pawn_excess: i32,
    /// Each kind held in hand.
    pub hand_kinds: i32,
    /// Sixteenths of a centipawn: king danger (negative, squared attack units). Set by hand
    /// with the escape, guard and lane weights as "king safety ×2" (self-play at 100 ms a move:
    /// ×2 beat ×1.5 by 60 % of 30 games, ×1.5 beat ×1 by 57 %, ×2.5 and ×3 no better; 48
    /// instead of 32 scored 46 of 96 at 10 ms against the fitted weights).
    pub danger: i32,
    /// Sixteenths: the penalty for a king with at most one escape square.
    pub escape: i32,
    /// Sixteenths: each guard next to the king, up to three.
    pub guards: i32,
    /// Sixteenths: the king's file (castled on a wing is safer than the centre).
    pub lane: i32,
    /// Sixteenths: each square a rook, bishop, dragon or horse reaches (by hand: 4 cp beat 2 by
    /// 57 % of 30 games, 6 beat 4 by 57 %; the labels' 21 cp lost 32 of 96, 8 cp was even).
    pub mobility: i32,
    /// Sixteenths: the exchange value of the best enemy piece attacked and undefended (a whole
    /// piece instead of a quarter: 60 of 96 at 10 ms a move, 42 of 96 at 100 ms).
    pub hanging: i32,
    /// The side to move's bonus.
    pub tempo: i32,
}

/// The standard evaluation's weights: material and placement fitted to 27 359 quiet positions
/// from self-play labelled by Fairy-Stockfish at depth 8 (`tune fit --ridge 0.01 --scale 1.6
/// --keep tempo,mobility,danger,escape,guards,lane,hanging`, from the hand-set weights before);
/// the king safety, mobility, hanging and tempo weights are still the hand-set ones.
#[rustfmt::skip]
pub(crate) const STD: StdWeights = StdWeights {
    piece_depth: [
        [49, 27, 88, 108, 122, 201, 180, 89, 90], // pawn
        [313, 267, 235, 287, 273, 303, 320, 313, 315], // lance
        [326, 341, 301, 303, 322, 381, 430, 405, 405], // knight
        [496, 537, 534, 558, 566, 547, 528, 534, 517], // silver
        [601, 611, 627, 554, 528, 519, 511, 542, 503], // gold
        [673, 729, 730, 739, 698, 749, 900, 947, 841], // bishop
        [946, 873, 903, 915, 892, 964, 1003, 986, 1021], // rook
        [44, 59, -40, -86, -60, -61, -40, -10, 19], // king
        [540, 540, 540, 545, 550, 561, 585, 619, 516], // tokin
        [540, 540, 540, 545, 550, 561, 490, 552, 502], // promoted lance
        [540, 540, 540, 545, 553, 555, 551, 528, 535], // promoted knight
        [540, 540, 540, 545, 559, 556, 546, 578, 546], // promoted silver
        [976, 1025, 1053, 1214, 1149, 1089, 1081, 1094, 1085], // horse
        [1415, 1432, 1410, 1395, 1435, 1412, 1438, 1445, 1462], // dragon
    ],
    knight_edge: -10,
    hand: [94, 298, 344, 528, 625, 813, 1093],
    pawn_excess: -34,
    hand_kinds: 32,
    danger: 32,
    escape: 32,
    guards: 384,
    lane: 32,
    mobility: 80,
    hanging: 4,
    tempo: 20,
};
