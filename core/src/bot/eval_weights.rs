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

/// The standard evaluation's weights: material and placement fitted in two rounds, each
/// `tune fit --ridge 0.01 --scale 1.6 --keep tempo,mobility,danger,escape,guards,lane,hanging`
/// from the weights before: first to 27 359 quiet positions from self-play labelled by
/// Fairy-Stockfish at depth 8, then to 63 908 fresh ones (`tune positions --games 1500 --nodes
/// 6000`, seeds 101 and 202) labelled at depth 9. The king safety, mobility, hanging and tempo
/// weights are still the hand-set ones.
#[rustfmt::skip]
pub(crate) const STD: StdWeights = StdWeights {
    piece_depth: [
        [78, 85, 86, 113, 127, 202, 180, 142, 90], // pawn
        [317, 244, 214, 289, 301, 305, 297, 290, 315], // lance
        [285, 309, 285, 298, 270, 332, 360, 405, 405], // knight
        [510, 549, 552, 570, 561, 570, 543, 554, 504], // silver
        [591, 612, 621, 586, 547, 544, 524, 574, 497], // gold
        [637, 718, 734, 741, 688, 713, 914, 958, 778], // bishop
        [894, 854, 868, 883, 888, 936, 1020, 1046, 1046], // rook
        [48, 63, -54, -62, -71, -57, -46, -12, 17], // king
        [540, 540, 540, 545, 554, 551, 618, 605, 485], // tokin
        [540, 540, 540, 545, 551, 560, 527, 552, 441], // promoted lance
        [540, 540, 540, 545, 553, 558, 578, 555, 455], // promoted knight
        [540, 540, 540, 545, 558, 547, 555, 596, 515], // promoted silver
        [977, 1052, 1124, 1264, 1171, 1106, 1079, 1134, 1109], // horse
        [1449, 1506, 1444, 1436, 1459, 1418, 1498, 1512, 1527], // dragon
    ],
    knight_edge: -10,
    hand: [103, 296, 354, 529, 689, 803, 1104],
    pawn_excess: -7,
    hand_kinds: 50,
    danger: 32,
    escape: 32,
    guards: 384,
    lane: 32,
    mobility: 80,
    hanging: 4,
    tempo: 20,
};
