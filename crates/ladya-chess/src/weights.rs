//! Every weight of the chess evaluation, in one place, ready for tuning.
//!
//! Most weights are a [`Tapered`]: a middlegame and an endgame value, blended by the game phase.
//! Scores are in centipawns from White's point of view; the evaluation negates Black's terms.
//! The material and piece-square values are those of PeSTO (Ronald Friederich's texel-tuned
//! tables, published on the Chess Programming Wiki); the other weights are Ladya's own first
//! guesses, to be tuned.

use ladya_core::{Score, Tapered};

use crate::board::Square;
use crate::piece::Piece;

/// The phase of a position with all its pieces (or more, after promotions: the phase is
/// capped here).
pub const PHASE_MAX: Score = 24;

/// The weights of the chess evaluation. Arrays indexed by piece kind follow [`Kind`]'s order
/// (pawn, knight, bishop, rook, queen, king); arrays indexed by rank use the rank as seen
/// from the pawn's or piece's own side (0 = its first rank, 7 = its eighth).
///
/// [`Kind`]: crate::Kind
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Material value of each kind (the king's is zero: it is never traded).
    pub material: [Tapered; 6],
    /// Exchange value of each kind for static exchange evaluation and capture ordering: one
    /// round value per kind, so that trading a knight for a bishop counts as even and the
    /// search's SEE margins (multiples of 100) mean pawns (the king's entry is unused).
    pub exchange: [Score; 6],
    /// Piece-square bonus of each kind on each square, listed like a diagram from White's
    /// side: index 0 is a8, index 63 is h1. Black's pieces read the table mirrored.
    pub piece_square: [[Tapered; 64]; 6],
    /// Contribution of each kind to the game phase (whose full value is [`PHASE_MAX`]).
    pub phase: [Score; 6],
    /// Bonus of a knight by the number of squares it attacks that are safe to go to: not
    /// holding a pawn or the king of its side and not attacked by an enemy pawn.
    pub knight_mobility: [Tapered; 9],
    /// Bonus of a bishop by the number of its safe squares (as for knights).
    pub bishop_mobility: [Tapered; 14],
    /// Bonus of a rook by the number of its safe squares.
    pub rook_mobility: [Tapered; 15],
    /// Bonus of a queen by the number of its safe squares.
    pub queen_mobility: [Tapered; 28],
    /// Each pawn with another pawn of its side in front of it on its file.
    pub doubled_pawn: Tapered,
    /// Each pawn with no pawn of its side on a neighbouring file.
    pub isolated_pawn: Tapered,
    /// Each pawn that no pawn of its side on a neighbouring file can ever defend (none is
    /// level with it or behind it) and whose next square an enemy pawn attacks.
    pub backward_pawn: Tapered,
    /// Each pawn defended by a pawn or standing beside one, by its rank.
    pub connected_pawn: [Tapered; 8],
    /// Each passed pawn (no enemy pawn in front of it on its file or the neighbouring ones),
    /// by its rank.
    pub passed_pawn: [Tapered; 8],
    /// A passed pawn whose way to the eighth rank is empty, by its rank.
    pub passed_free_path: [Tapered; 8],
    /// A passed pawn, per square of distance from its own king to the square in front of
    /// it, by its rank (a negative weight: the king should escort it).
    pub passed_own_king_distance: [Tapered; 8],
    /// A passed pawn, per square of distance from the enemy king to the square in front of
    /// it, by its rank (the further the enemy king, the better).
    pub passed_enemy_king_distance: [Tapered; 8],
    /// A passed pawn that the enemy king cannot catch ("rule of the square") when the enemy
    /// has nothing but king and pawns and the pawn's way is empty; counted once per side.
    pub unstoppable_passer: Tapered,
    /// Own pawn cover on the king's file and each neighbouring file, by how far in front of
    /// the king the nearest own pawn stands (index 0: no pawn within three ranks).
    pub king_shield: [Tapered; 4],
    /// Enemy pawns storming the king's file and each neighbouring file, by how far in front
    /// of the king the nearest enemy pawn stands (index 0: none within four ranks).
    pub king_storm: [Tapered; 5],
    /// Attack units against the enemy king, per square of its zone (the king's square, its
    /// neighbours and the rank in front of those) that a piece of each kind attacks.
    pub king_zone_attack: [Score; 6],
    /// Attack units when a piece of each kind can give a safe check (from a square the
    /// defender does not attack).
    pub safe_check: [Score; 6],
    /// A king attacked by at least two pieces loses `units^2 / 256` times this (units
    /// capped at [`Weights::king_danger_cap`]).
    pub king_danger: Tapered,
    /// The largest number of attack units that counts.
    pub king_danger_cap: Score,
    /// Both bishops.
    pub bishop_pair: Tapered,
    /// A rook on a file without pawns.
    pub rook_open_file: Tapered,
    /// A rook on a file with enemy pawns but none of its own side.
    pub rook_half_open_file: Tapered,
    /// Each enemy knight, bishop, rook or queen that a pawn attacks.
    pub pawn_threat: Tapered,
    /// The side to move's bonus for having the move.
    pub tempo: Tapered,
    /// Endgame scale (out of 64) when each side has one bishop, on squares of different
    /// colours, and nothing else but pawns.
    pub opposite_bishops_scale: Score,
    /// Endgame scale (out of 64) when the stronger side has no pawns and is ahead by no more
    /// than a minor piece (it can rarely force mate).
    pub pawnless_scale: Score,
}

/// Builds a table of pairs from a middlegame and an endgame table.
const fn pairs<const N: usize>(mg: [Score; N], eg: [Score; N]) -> [Tapered; N] {
    let mut out = [Tapered::ZERO; N];
    let mut i = 0;
    while i < N {
        out[i] = Tapered::new(mg[i], eg[i]);
        i += 1;
    }
    out
}

const fn p(mg: Score, eg: Score) -> Tapered {
    Tapered::new(mg, eg)
}

#[rustfmt::skip]
const PAWN_MG: [Score; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
     98, 134,  61,  95,  68, 126,  34, -11,
     -6,   7,  26,  31,  65,  56,  25, -20,
    -14,  13,   6,  21,  23,  12,  17, -23,
    -27,  -2,  -5,  12,  17,   6,  10, -25,
    -26,  -4,  -4, -10,   3,   3,  33, -12,
    -35,  -1, -20, -23, -15,  24,  38, -22,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const PAWN_EG: [Score; 64] = [
      0,   0,   0,   0,   0,   0,   0,   0,
    178, 173, 158, 134, 147, 132, 165, 187,
     94, 100,  85,  67,  56,  53,  82,  84,
     32,  24,  13,   5,  -2,   4,  17,  17,
     13,   9,  -3,  -7,  -7,  -8,   3,  -1,
      4,   7,  -6,   1,   0,  -5,  -1,  -8,
     13,   8,   8,  10,  13,   0,   2,  -7,
      0,   0,   0,   0,   0,   0,   0,   0,
];
#[rustfmt::skip]
const KNIGHT_MG: [Score; 64] = [
    -167, -89, -34, -49,  61, -97, -15, -107,
     -73, -41,  72,  36,  23,  62,   7,  -17,
     -47,  60,  37,  65,  84, 129,  73,   44,
      -9,  17,  19,  53,  37,  69,  18,   22,
     -13,   4,  16,  13,  28,  19,  21,   -8,
     -23,  -9,  12,  10,  19,  17,  25,  -16,
     -29, -53, -12,  -3,  -1,  18, -14,  -19,
    -105, -21, -58, -33, -17, -28, -19,  -23,
];
#[rustfmt::skip]
const KNIGHT_EG: [Score; 64] = [
    -58, -38, -13, -28, -31, -27, -63, -99,
    -25,  -8, -25,  -2,  -9, -25, -24, -52,
    -24, -20,  10,   9,  -1,  -9, -19, -41,
    -17,   3,  22,  22,  22,  11,   8, -18,
    -18,  -6,  16,  25,  16,  17,   4, -18,
    -23,  -3,  -1,  15,  10,  -3, -20, -22,
    -42, -20, -10,  -5,  -2, -20, -23, -44,
    -29, -51, -23, -15, -22, -18, -50, -64,
];
#[rustfmt::skip]
const BISHOP_MG: [Score; 64] = [
    -29,   4, -82, -37, -25, -42,   7,  -8,
    -26,  16, -18, -13,  30,  59,  18, -47,
    -16,  37,  43,  40,  35,  50,  37,  -2,
     -4,   5,  19,  50,  37,  37,   7,  -2,
     -6,  13,  13,  26,  34,  12,  10,   4,
      0,  15,  15,  15,  14,  27,  18,  10,
      4,  15,  16,   0,   7,  21,  33,   1,
    -33,  -3, -14, -21, -13, -12, -39, -21,
];
#[rustfmt::skip]
const BISHOP_EG: [Score; 64] = [
    -14, -21, -11,  -8,  -7,  -9, -17, -24,
     -8,  -4,   7, -12,  -3, -13,  -4, -14,
      2,  -8,   0,  -1,  -2,   6,   0,   4,
     -3,   9,  12,   9,  14,  10,   3,   2,
     -6,   3,  13,  19,   7,  10,  -3,  -9,
    -12,  -3,   8,  10,  13,   3,  -7, -15,
    -14, -18,  -7,  -1,   4,  -9, -15, -27,
    -23,  -9, -23,  -5,  -9, -16,  -5, -17,
];
#[rustfmt::skip]
const ROOK_MG: [Score; 64] = [
     32,  42,  32,  51,  63,   9,  31,  43,
     27,  32,  58,  62,  80,  67,  26,  44,
     -5,  19,  26,  36,  17,  45,  61,  16,
    -24, -11,   7,  26,  24,  35,  -8, -20,
    -36, -26, -12,  -1,   9,  -7,   6, -23,
    -45, -25, -16, -17,   3,   0,  -5, -33,
    -44, -16, -20,  -9,  -1,  11,  -6, -71,
    -19, -13,   1,  17,  16,   7, -37, -26,
];
#[rustfmt::skip]
const ROOK_EG: [Score; 64] = [
     13,  10,  18,  15,  12,  12,   8,   5,
     11,  13,  13,  11,  -3,   3,   8,   3,
      7,   7,   7,   5,   4,  -3,  -5,  -3,
      4,   3,  13,   1,   2,   1,  -1,   2,
      3,   5,   8,   4,  -5,  -6,  -8, -11,
     -4,   0,  -5,  -1,  -7, -12,  -8, -16,
     -6,  -6,   0,   2,  -9,  -9, -11,  -3,
     -9,   2,   3,  -1,  -5, -13,   4, -20,
];
#[rustfmt::skip]
const QUEEN_MG: [Score; 64] = [
    -28,   0,  29,  12,  59,  44,  43,  45,
    -24, -39,  -5,   1, -16,  57,  28,  54,
    -13, -17,   7,   8,  29,  56,  47,  57,
    -27, -27, -16, -16,  -1,  17,  -2,   1,
     -9, -26,  -9, -10,  -2,  -4,   3,  -3,
    -14,   2, -11,  -2,  -5,   2,  14,   5,
    -35,  -8,  11,   2,   8,  15,  -3,   1,
     -1, -18,  -9,  10, -15, -25, -31, -50,
];
#[rustfmt::skip]
const QUEEN_EG: [Score; 64] = [
     -9,  22,  22,  27,  27,  19,  10,  20,
    -17,  20,  32,  41,  58,  25,  30,   0,
    -20,   6,   9,  49,  47,  35,  19,   9,
      3,  22,  24,  45,  57,  40,  57,  36,
    -18,  28,  19,  47,  31,  34,  39,  23,
    -16, -27,  15,   6,   9,  17,  10,   5,
    -22, -23, -30, -16, -16, -23, -36, -32,
    -33, -28, -22, -43,  -5, -32, -20, -41,
];
#[rustfmt::skip]
const KING_MG: [Score; 64] = [
    -65,  23,  16, -15, -56, -34,   2,  13,
     29,  -1, -20,  -7,  -8,  -4, -38, -29,
     -9,  24,   2, -16, -20,   6,  22, -22,
    -17, -20, -12, -27, -30, -25, -14, -36,
    -49,  -1, -27, -39, -46, -44, -33, -51,
    -14, -14, -22, -46, -44, -30, -15, -27,
      1,   7,  -8, -64, -43, -16,   9,   8,
    -15,  36,  12, -54,   8, -28,  24,  14,
];
#[rustfmt::skip]
const KING_EG: [Score; 64] = [
    -74, -35, -18, -18, -11,  15,   4, -17,
    -12,  17,  14,  17,  17,  38,  23,  11,
     10,  17,  23,  15,  20,  45,  44,  13,
     -8,  22,  24,  27,  26,  33,  26,   3,
    -18,  -4,  21,  24,  27,  23,   9, -11,
    -19,  -3,  11,  21,  23,  16,   7,  -9,
    -27, -11,   4,  13,  14,   4,  -5, -17,
    -53, -34, -21, -11, -28, -14, -24, -43,
];

/// The weights [`Position::evaluate`](crate::Position::evaluate) uses.
#[rustfmt::skip]
pub const WEIGHTS: Weights = Weights {
    material: [p(82, 94), p(337, 281), p(365, 297), p(477, 512), p(1025, 936), p(0, 0)],
    exchange: [100, 320, 330, 500, 900, 0],
    piece_square: [
        pairs(PAWN_MG, PAWN_EG),
        pairs(KNIGHT_MG, KNIGHT_EG),
        pairs(BISHOP_MG, BISHOP_EG),
        pairs(ROOK_MG, ROOK_EG),
        pairs(QUEEN_MG, QUEEN_EG),
        pairs(KING_MG, KING_EG),
    ],
    phase: [0, 1, 1, 2, 4, 0],
    knight_mobility: pairs(
        [-30, -16, -6, 0, 5, 10, 14, 17, 20],
        [-40, -20, -8, 0, 6, 11, 15, 18, 20],
    ),
    bishop_mobility: pairs(
        [-32, -18, -8, -2, 4, 9, 14, 18, 21, 24, 26, 28, 30, 32],
        [-42, -24, -12, -4, 3, 9, 14, 18, 22, 25, 28, 30, 32, 34],
    ),
    rook_mobility: pairs(
        [-24, -14, -8, -4, -1, 2, 5, 8, 10, 12, 14, 16, 18, 19, 20],
        [-44, -25, -12, -5, 2, 8, 14, 19, 24, 28, 32, 35, 38, 40, 42],
    ),
    queen_mobility: pairs(
        [-20, -12, -8, -5, -3, -1, 1, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 16, 17, 17, 18, 18, 19, 19, 20],
        [-36, -25, -18, -12, -7, -3, 0, 4, 8, 11, 14, 17, 20, 22, 24, 26, 28, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40],
    ),
    doubled_pawn: p(-8, -20),
    isolated_pawn: p(-10, -12),
    backward_pawn: p(-8, -8),
    connected_pawn: pairs([0, 4, 6, 10, 16, 28, 40, 0], [0, 2, 4, 8, 14, 24, 36, 0]),
    passed_pawn: pairs([0, 2, 4, 8, 18, 28, 36, 0], [0, 6, 10, 22, 40, 55, 60, 0]),
    passed_free_path: pairs([0, 0, 0, 2, 6, 12, 20, 0], [0, 0, 0, 6, 14, 28, 45, 0]),
    passed_own_king_distance: pairs([0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, -2, -4, -6, -8, 0]),
    passed_enemy_king_distance: pairs([0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 4, 8, 12, 14, 0]),
    unstoppable_passer: p(0, 400),
    king_shield: pairs([-20, 14, 8, 0], [0, 0, 0, 0]),
    king_storm: pairs([0, -4, -20, -12, -6], [0, 0, 0, 0, 0]),
    king_zone_attack: [0, 2, 2, 3, 5, 0],
    safe_check: [0, 8, 6, 9, 10, 0],
    king_danger: p(64, 16),
    king_danger_cap: 60,
    bishop_pair: p(28, 48),
    rook_open_file: p(24, 8),
    rook_half_open_file: p(10, 6),
    pawn_threat: p(40, 30),
    tempo: p(12, 6),
    opposite_bishops_scale: 32,
    pawnless_scale: 16,
};

/// Material plus piece-square value of each piece (by [`Piece::index`]) on each square, from
/// White's point of view (Black's pieces count negative).
static PSQT: [[Tapered; 64]; 12] = psqt_table(&WEIGHTS);

const fn psqt_table(w: &Weights) -> [[Tapered; 64]; 12] {
    let mut table = [[Tapered::ZERO; 64]; 12];
    let mut kind = 0;
    while kind < 6 {
        let mut square = 0;
        while square < 64 {
            // The tables are listed from a8, so White reads them mirrored and Black as listed.
            table[kind][square] = w.material[kind].plus(w.piece_square[kind][square ^ 56]);
            table[kind + 6][square] = w.material[kind].plus(w.piece_square[kind][square]).negated();
            square += 1;
        }
        kind += 1;
    }
    table
}

/// The material and piece-square value of `piece` on `square` (White's point of view).
#[inline(always)]
pub(crate) fn piece_square_value(piece: Piece, square: Square) -> Tapered {
    PSQT[piece.index()][square as usize]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_pack_and_unpack() {
        for (mg, eg) in [(0, 0), (82, 94), (-167, -58), (-1, 1), (1, -1), (20_000, -20_000), (-32_000, 32_000)] {
            let pair = Tapered::new(mg, eg);
            assert_eq!((pair.mg(), pair.eg()), (mg, eg));
            assert_eq!(((-pair).mg(), (-pair).eg()), (-mg, -eg));
        }
        let sum = p(10, -20) + p(-30, 5) - p(1, 1);
        assert_eq!((sum.mg(), sum.eg()), (-21, -16));
        let scaled = p(-7, 3) * 5;
        assert_eq!((scaled.mg(), scaled.eg()), (-35, 15));
        assert_eq!(p(100, 20).taper(PHASE_MAX, PHASE_MAX), 100);
        assert_eq!(p(100, 20).taper(0, PHASE_MAX), 20);
        assert_eq!(p(100, 20).taper(PHASE_MAX / 2, PHASE_MAX), 60);
    }
}
