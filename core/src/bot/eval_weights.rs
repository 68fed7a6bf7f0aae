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
    /// Sixteenths of a centipawn: king danger (negative, squared attack units).
    pub danger: i32,
    /// Sixteenths: the penalty for a king with at most one escape square.
    pub escape: i32,
    /// Sixteenths: each guard next to the king, up to three.
    pub guards: i32,
    /// Sixteenths: the king's file (castled on a wing is safer than the centre).
    pub lane: i32,
    /// Sixteenths: each square a rook, bishop, dragon or horse reaches.
    pub mobility: i32,
    /// Sixteenths: the exchange value of the best enemy piece attacked and undefended.
    pub hanging: i32,
    /// The side to move's bonus.
    pub tempo: i32,
}

/// The standard evaluation's weights.
#[rustfmt::skip]
pub(crate) const STD: StdWeights = StdWeights {
    piece_depth: [
        [90, 90, 90, 90, 96, 102, 108, 112, 90], // pawn
        [315, 315, 315, 315, 315, 315, 315, 315, 315], // lance
        [395, 400, 405, 413, 419, 421, 415, 405, 405], // knight
        [487, 501, 507, 505, 501, 499, 503, 501, 495], // silver
        [546, 550, 546, 540, 532, 528, 532, 530, 525], // gold
        [855, 855, 855, 855, 855, 855, 855, 855, 855], // bishop
        [990, 990, 990, 990, 990, 990, 1000, 1000, 1000], // rook
        [12, 6, -12, -35, -55, -60, -40, -10, 20], // king
        [540, 540, 540, 545, 550, 560, 568, 564, 556], // tokin
        [540, 540, 540, 545, 550, 558, 564, 560, 554], // promoted lance
        [540, 540, 540, 545, 550, 558, 564, 560, 554], // promoted knight
        [540, 540, 540, 545, 550, 558, 564, 560, 554], // promoted silver
        [945, 945, 945, 945, 945, 945, 945, 945, 945], // horse
        [1395, 1395, 1395, 1395, 1395, 1395, 1400, 1405, 1405], // dragon
    ],
    knight_edge: -10,
    hand: [105, 350, 450, 560, 610, 950, 1100],
    pawn_excess: -20,
    hand_kinds: 12,
    danger: 32,
    escape: 32,
    guards: 384,
    lane: 32,
    mobility: 80,
    hanging: 4,
    tempo: 20,
};
