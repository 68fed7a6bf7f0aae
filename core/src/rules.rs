//! The rule set a game is created with: variant, handicap and every house rule of docs/rules.md.

use crate::seat::{Seat, SeatSet};
use serde::{Deserialize, Serialize};

/// Which game is played.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Variant {
    /// Two-player shogi: South (Sente) against North (Gote).
    #[default]
    Standard,
    /// Four-player shogi 四人将棋.
    Yonin,
}

impl Variant {
    /// The variant's number for indexes and stored data: 0 standard, 1 Yonin. Stores keep it,
    /// so it never changes.
    pub const fn number(self) -> u8 {
        match self {
            Variant::Standard => 0,
            Variant::Yonin => 1,
        }
    }

    /// The seats that play.
    pub const fn seats(self) -> SeatSet {
        match self {
            Variant::Standard => SeatSet::STANDARD,
            Variant::Yonin => SeatSet::ALL,
        }
    }
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Standard => "standard",
            Variant::Yonin => "yonin",
        }
    }
}

/// Standard-shogi handicap 駒落ち (the giver is Gote and moves first).
#[doc(alias = "komaochi")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Handicap {
    #[default]
    Even,
    Lance,
    Bishop,
    Rook,
    RookLance,
    TwoPieces,
    FourPieces,
    SixPieces,
    EightPieces,
}

impl Handicap {
    pub const ALL: [Handicap; 9] = [
        Handicap::Even,
        Handicap::Lance,
        Handicap::Bishop,
        Handicap::Rook,
        Handicap::RookLance,
        Handicap::TwoPieces,
        Handicap::FourPieces,
        Handicap::SixPieces,
        Handicap::EightPieces,
    ];

    /// The start position as SFEN.
    pub const fn sfen(self) -> &'static str {
        match self {
            Handicap::Even => "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1",
            Handicap::Lance => "lnsgkgsn1/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Bishop => "lnsgkgsnl/1r7/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::Rook => "lnsgkgsnl/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::RookLance => "lnsgkgsn1/7b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::TwoPieces => "lnsgkgsnl/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::FourPieces => "1nsgkgsn1/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::SixPieces => "2sgkgs2/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
            Handicap::EightPieces => "3gkg3/9/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 1",
        }
    }

    /// The KIF 手合割 name.
    pub const fn kif_name(self) -> &'static str {
        match self {
            Handicap::Even => "平手",
            Handicap::Lance => "香落ち",
            Handicap::Bishop => "角落ち",
            Handicap::Rook => "飛車落ち",
            Handicap::RookLance => "飛香落ち",
            Handicap::TwoPieces => "二枚落ち",
            Handicap::FourPieces => "四枚落ち",
            Handicap::SixPieces => "六枚落ち",
            Handicap::EightPieces => "八枚落ち",
        }
    }
}

/// How an impasse declaration 入玉宣言 is judged.
#[doc(alias = "nyugyoku")]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImpasseRule {
    /// Wins with 28 points (Sente) or 27 (Gote).
    #[default]
    Points27,
    /// JSA: wins with 31 points, draw with 24–30.
    Points24,
}

/// What happens to a mated seat's pieces on the board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatedArmy {
    /// Frozen where they stand, capturable by any live seat.
    #[default]
    Frozen,
    /// They pass to the mating seat, keeping their facing.
    PassesToMater,
}

/// What happens to a mated seat's pieces in hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatedHand {
    #[default]
    Sealed,
    ToMater,
}

/// May a pawn be dropped on the square directly in front of a turned-over king?
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DeadKingPawnDrop {
    #[default]
    Forbidden,
    Allowed,
}

/// When a seat without a legal move is eliminated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MateTiming {
    /// When the turn reaches the checked seat.
    #[default]
    OnTurn,
    /// Right after every move, for every seat in check without a legal move.
    Immediately,
}

/// Where a pawn must promote.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PawnPromotion {
    #[default]
    LastLine,
    LastTwoLines,
}

/// Who moves first in Yonin.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FirstSeat {
    Fixed(Seat),
    /// Drawn by the server when the game starts.
    Random,
}

impl Default for FirstSeat {
    fn default() -> Self {
        FirstSeat::Fixed(Seat::South)
    }
}

/// Everything about a game's rules that players agree on before it starts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RuleSet {
    pub variant: Variant,
    /// Standard only.
    pub handicap: Handicap,
    /// Standard only.
    pub impasse: ImpasseRule,
    /// A draw (standard) or shared places (Yonin) after this many plies.
    pub move_limit: Option<u32>,
    pub mated_army: MatedArmy,
    pub mated_hand: MatedHand,
    pub dead_king_pawn_drop: DeadKingPawnDrop,
    pub mate_timing: MateTiming,
    pub pawn_promotion: PawnPromotion,
    pub first_seat: FirstSeat,
    /// Yonin: opposite seats are partners (South + North against West + East).
    pub teams: bool,
}

impl RuleSet {
    pub fn standard() -> RuleSet {
        RuleSet::default()
    }
    pub fn yonin() -> RuleSet {
        RuleSet {
            variant: Variant::Yonin,
            ..RuleSet::default()
        }
    }

    /// The rules the move generator and turn order need, in a few bytes.
    pub(crate) fn play_rules(&self) -> PlayRules {
        let yonin = self.variant == Variant::Yonin;
        PlayRules {
            check_priority: yonin,
            pawn_forced_depth: if yonin && self.pawn_promotion == PawnPromotion::LastTwoLines {
                7
            } else {
                8
            },
            pawn_drop_before_dead_king: self.dead_king_pawn_drop == DeadKingPawnDrop::Allowed,
            mate_immediately: yonin && self.mate_timing == MateTiming::Immediately,
            army_to_mater: yonin && self.mated_army == MatedArmy::PassesToMater,
            hand_to_mater: yonin && self.mated_hand == MatedHand::ToMater,
            teams: yonin && self.teams,
        }
    }

    /// Every house rule that differs from the default, in plain English (for the rules screen
    /// and record headers).
    pub fn house_rules(&self) -> Vec<&'static str> {
        let mut v = Vec::new();
        if self.variant == Variant::Standard && self.impasse == ImpasseRule::Points24 {
            v.push("impasse: JSA 24-point rule");
        }
        if self.variant == Variant::Yonin {
            if self.mated_army == MatedArmy::PassesToMater {
                v.push("a mated army passes to the mating seat");
            }
            if self.mated_hand == MatedHand::ToMater {
                v.push("a mated hand goes to the mating seat");
            }
            if self.dead_king_pawn_drop == DeadKingPawnDrop::Allowed {
                v.push("pawn drops in front of a turned-over king are allowed");
            }
            if self.mate_timing == MateTiming::Immediately {
                v.push("mate is judged immediately after every move");
            }
            if self.pawn_promotion == PawnPromotion::LastTwoLines {
                v.push("pawns must promote on the last two lines");
            }
            match self.first_seat {
                FirstSeat::Fixed(Seat::South) => {}
                FirstSeat::Fixed(_) => v.push("another seat moves first"),
                FirstSeat::Random => v.push("a random seat moves first"),
            }
            if self.teams {
                v.push("teams: South and North against West and East");
            }
        }
        if self.move_limit.is_some() {
            v.push("move limit");
        }
        v
    }
}

/// The part of the rule set that move generation and the turn order consult.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct PlayRules {
    /// Yonin's turn order (checked seats answer first, eliminations); else plain alternation.
    pub check_priority: bool,
    /// The smallest depth at which a pawn must promote (8 = last line).
    pub pawn_forced_depth: i32,
    pub pawn_drop_before_dead_king: bool,
    pub mate_immediately: bool,
    pub army_to_mater: bool,
    pub hand_to_mater: bool,
    pub teams: bool,
}
