//! Every number the xiangqi evaluation uses, in one place, ready for tuning.
//!
//! Values are centipawns: an uncrossed soldier is worth 100. Each weight is a [`Tapered`], a
//! middlegame and an endgame value that the evaluation blends by the game phase (the rooks,
//! horses and cannons left on the board). Piece-square tables are drawn as Red sees the board:
//! the first row is rank 9 (Black's back rank), the last row rank 0 (Red's); Black reads them
//! with the ranks turned round.
//!
//! The weights the evaluation sums are `static`s: [`Position::evaluation_terms`] names each
//! one it applies, by reference, which is how the tuner (`examples/tune.rs`, fitting them to a
//! reference engine's scores) tells them apart. The `const`s shape the terms and are not tuned.
//!
//! [`Position::evaluation_terms`]: crate::Position::evaluation_terms

use ladya_core::{Score, Side, Tapered};

use crate::board::{SQUARES, Square};
use crate::piece::Piece;

/// Shorthand for a [`Tapered`].
pub(crate) const fn t(mg: Score, eg: Score) -> Tapered {
    Tapered::new(mg, eg)
}

/// Material, general to soldier, in the order of [`Kind`](crate::Kind). The cannon and the
/// horse start equal; [`CANNON_PER_PIECE`] and [`HORSE_PER_PIECE`] move them apart as pieces come
/// off.
pub static MATERIAL: [Tapered; 7] =
    [t(0, 0), t(290, 137), t(201, 138), t(418, 447), t(981, 942), t(595, 560), t(81, 103)];

/// Phase weight of a rook, a horse and a cannon (indexed by kind; the others count nothing).
pub const PHASE_WEIGHT: [Score; 7] = [0, 0, 0, 1, 2, 1, 0];
/// The phase with every rook, horse and cannon on the board: pure middlegame.
pub const PHASE_FULL: Score = 16;

/// Cannon bonus per piece on the board above [`SCREENS_BALANCED`] (below, a malus): the more
/// pieces, the more screens to jump over.
pub static CANNON_PER_PIECE: Tapered = t(6, 13);
/// Horse bonus per piece on the board above [`SCREENS_BALANCED`]: a horse gains as the board
/// empties and its legs are freed.
pub static HORSE_PER_PIECE: Tapered = t(-5, 3);
/// The number of pieces on the board (both sides, generals included) at which a cannon and a
/// horse are worth the same.
pub const SCREENS_BALANCED: Score = 22;

/// Horse mobility by the number of squares it can jump to (legs free, not onto its own pieces).
pub static HORSE_MOBILITY: [Tapered; 9] =
    [t(-60, -70), t(-32, -40), t(-14, -18), t(-2, -4), t(6, 6), t(12, 14), t(16, 20), t(19, 24), t(22, 27)];
/// Rook bonus per reachable square, counted from [`ROOK_MOBILITY_BASE`].
pub static ROOK_MOBILITY: Tapered = t(10, 5);
/// The rook mobility worth nothing.
pub const ROOK_MOBILITY_BASE: Score = 6;
/// Cannon bonus per quiet move or capture, counted from [`CANNON_MOBILITY_BASE`].
pub static CANNON_MOBILITY: Tapered = t(3, 1);
/// The cannon mobility worth nothing.
pub const CANNON_MOBILITY_BASE: Score = 6;

/// "Missing advisors fear two rooks": the malus per missing advisor, by the number of enemy
/// rooks (0, 1, 2).
pub static MISSING_ADVISOR: [Tapered; 3] = [t(0, 0), t(15, 15), t(45, 35)];
/// "Missing elephants fear cannons": the malus per missing elephant, by the number of enemy
/// cannons (0, 1, 2).
pub static MISSING_ELEPHANT: [Tapered; 3] = [t(0, 0), t(20, 10), t(40, 20)];
/// Malus per missing advisor or elephant for each enemy horse (horses break into a bare palace).
pub static MISSING_DEFENDER_VS_HORSE: Tapered = t(6, 12);

/// Attack units of an enemy rook, horse, cannon and soldier standing in the palace zone (files
/// c-g, ranks 0-3 from the defender's side), indexed by kind.
pub const ZONE_ATTACK_UNITS: [Score; 7] = [0, 0, 0, 3, 4, 2, 2];

/// Malus by the attack units in the palace zone, growing faster than the units do.
pub static ZONE_DANGER: [Tapered; 16] = [
    t(0, 0),
    t(0, 0),
    t(4, 2),
    t(10, 5),
    t(18, 9),
    t(28, 14),
    t(40, 20),
    t(54, 27),
    t(70, 35),
    t(88, 44),
    t(108, 54),
    t(130, 65),
    t(154, 77),
    t(180, 90),
    t(208, 104),
    t(238, 119),
];

/// An enemy cannon facing the general along a line with nothing between ("hollow cannon"): no
/// defender may step onto the line without becoming a screen.
pub static HOLLOW_CANNON: Tapered = t(90, 40);
/// An enemy cannon facing the general with two pieces between: move either and it checks.
pub static CANNON_TWO_SCREENS: Tapered = t(20, 10);
/// Malus per enemy rook when no own piece stands in front of the general on its file.
pub static OPEN_GENERAL_FILE: Tapered = t(62, 51);

/// Divisor of the score of a side that leads but has nothing left to attack with (no rook,
/// horse, cannon or soldier): it cannot give mate.
pub const NO_ATTACKER_DIVISOR: Score = 16;

/// Piece-square bonuses of the general: safest at home in the middlegame.
#[rustfmt::skip]
pub static GENERAL_PST: [Tapered; 90] = [
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(-30, -10), t(-35, -10), t(-30, -10), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(-15,  -5), t(-20,   0), t(-15,  -5), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t( -5,   0), t( 10,   5), t( -5,   0), t(  0,   0), t(  0,   0), t(  0,   0),
];

/// Piece-square bonuses of the advisor.
#[rustfmt::skip]
pub static ADVISOR_PST: [Tapered; 90] = [
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t( -5,  -5), t(  0,   0), t( -5,  -5), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t( 10,  10), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
];

/// Piece-square bonuses of the elephant.
#[rustfmt::skip]
pub static ELEPHANT_PST: [Tapered; 90] = [
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t( -5,  -5), t(  0,   0), t(  0,   0), t(  0,   0), t( -5,  -5), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t( -5,  -5), t(  0,   0), t(  0,   0), t(  0,   0), t( 10,  10), t(  0,   0), t(  0,   0), t(  0,   0), t( -5,  -5),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
];

/// Piece-square bonuses of the horse: forward and central, strongest beside the enemy palace;
/// poor on the edges and the home rank.
#[rustfmt::skip]
pub static HORSE_PST: [Tapered; 90] = [
    t(  0,   0), t( -5,   5), t(  5,  10), t( 10,  15), t( -5,   5), t( 10,  15), t(  5,  10), t( -5,   5), t(  0,   0),
    t(  5,   5), t( 20,  15), t( 40,  25), t( 30,  25), t( 10,  20), t( 30,  25), t( 40,  25), t( 20,  15), t(  5,   5),
    t( 10,  10), t( 25,  20), t( 30,  25), t( 40,  30), t( 30,  30), t( 40,  30), t( 30,  25), t( 25,  20), t( 10,  10),
    t( 10,  10), t( 30,  20), t( 35,  25), t( 40,  30), t( 35,  30), t( 40,  30), t( 35,  25), t( 30,  20), t( 10,  10),
    t(  5,   5), t( 20,  15), t( 25,  20), t( 30,  25), t( 30,  25), t( 30,  25), t( 25,  20), t( 20,  15), t(  5,   5),
    t(  0,   0), t( 10,  10), t( 20,  15), t( 20,  20), t( 15,  20), t( 20,  20), t( 20,  15), t( 10,  10), t(  0,   0),
    t(  0,   0), t(  5,   5), t( 15,  10), t( 10,  10), t( 15,  10), t( 10,  10), t( 15,  10), t(  5,   5), t(  0,   0),
    t( -5,  -5), t(  0,   0), t( 10,   5), t(  5,   5), t(  0,   5), t(  5,   5), t( 10,   5), t(  0,   0), t( -5,  -5),
    t(-10, -10), t( -5,  -5), t(  0,   0), t(  0,   0), t(-15,   0), t(  0,   0), t(  0,   0), t( -5,  -5), t(-10, -10),
    t(-15, -15), t(-10, -10), t( -5,  -5), t(-10,  -5), t(-15,  -5), t(-10,  -5), t( -5,  -5), t(-10, -10), t(-15, -15),
];

/// Piece-square bonuses of the rook: the enemy's second rank and the palace files, and out of
/// the corner.
#[rustfmt::skip]
pub static ROOK_PST: [Tapered; 90] = [
    t( 10,  10), t( 10,  10), t( 10,  10), t( 20,  20), t( 20,  20), t( 20,  20), t( 10,  10), t( 10,  10), t( 10,  10),
    t( 15,  15), t( 20,  20), t( 20,  20), t( 30,  30), t( 35,  35), t( 30,  30), t( 20,  20), t( 20,  20), t( 15,  15),
    t( 10,  10), t( 15,  15), t( 15,  15), t( 25,  25), t( 25,  25), t( 25,  25), t( 15,  15), t( 15,  15), t( 10,  10),
    t( 10,  10), t( 15,  15), t( 15,  15), t( 20,  20), t( 20,  20), t( 20,  20), t( 15,  15), t( 15,  15), t( 10,  10),
    t( 10,  10), t( 15,  15), t( 15,  15), t( 20,  20), t( 20,  20), t( 20,  20), t( 15,  15), t( 15,  15), t( 10,  10),
    t(  5,   5), t( 10,  10), t( 10,  10), t( 15,  15), t( 15,  15), t( 15,  15), t( 10,  10), t( 10,  10), t(  5,   5),
    t(  0,   0), t(  5,   5), t(  5,   5), t( 10,  10), t( 10,  10), t( 10,  10), t(  5,   5), t(  5,   5), t(  0,   0),
    t( -5,  -5), t(  5,   5), t(  0,   0), t( 10,  10), t(  5,   5), t( 10,  10), t(  0,   0), t(  5,   5), t( -5,  -5),
    t( -5,  -5), t(  0,   0), t(  0,   0), t(  5,   5), t(  0,   0), t(  5,   5), t(  0,   0), t(  0,   0), t( -5,  -5),
    t(-10, -10), t(  0,   0), t( -5,  -5), t(  5,   5), t(  0,   0), t(  5,   5), t( -5,  -5), t(  0,   0), t(-10, -10),
];

/// Piece-square bonuses of the cannon: the central file, and the enemy's back ranks from the
/// side.
#[rustfmt::skip]
pub static CANNON_PST: [Tapered; 90] = [
    t( 10,   0), t( 10,   0), t(  5,   0), t( -5,   0), t(-10,   0), t( -5,   0), t(  5,   0), t( 10,   0), t( 10,   0),
    t(  5,   0), t(  5,   0), t(  0,   0), t( -5,   0), t(-10,   0), t( -5,   0), t(  0,   0), t(  5,   0), t(  5,   0),
    t(  5,   0), t(  5,   0), t(  0,   0), t( -5,   0), t(  0,   0), t( -5,   0), t(  0,   0), t(  5,   0), t(  5,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t( 10,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t( 10,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t( 10,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t( 10,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  5,   0), t(  5,   0), t(  5,   5), t( 20,  10), t(  5,   5), t(  5,   0), t(  5,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   5), t(  5,  10), t(  0,   5), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  5,   0), t(  5,   5), t(  5,  10), t(  5,   5), t(  5,   0), t(  0,   0), t(  0,   0),
];

/// Piece-square bonuses of the soldier: worth about double once across the river, more near
/// the enemy palace, little on the last rank ("old soldier").
#[rustfmt::skip]
pub static SOLDIER_PST: [Tapered; 90] = [
    t(  0,  10), t(  0,  10), t(  0,  10), t( 10,  20), t( 20,  30), t( 10,  20), t(  0,  10), t(  0,  10), t(  0,  10),
    t( 40,  60), t( 60,  80), t( 90, 110), t(120, 140), t(140, 160), t(120, 140), t( 90, 110), t( 60,  80), t( 40,  60),
    t( 40,  60), t( 60,  80), t( 80, 100), t(100, 120), t(110, 130), t(100, 120), t( 80, 100), t( 60,  80), t( 40,  60),
    t( 30,  50), t( 45,  65), t( 60,  80), t( 70,  90), t( 75,  95), t( 70,  90), t( 60,  80), t( 45,  65), t( 30,  50),
    t( 20,  40), t( 30,  50), t( 40,  60), t( 50,  70), t( 50,  70), t( 50,  70), t( 40,  60), t( 30,  50), t( 20,  40),
    t(  0,   0), t(  0,   0), t( 10,   5), t(  0,   0), t( 15,  10), t(  0,   0), t( 10,   5), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t( -5,   0), t(  0,   0), t(  5,   5), t(  0,   0), t( -5,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
    t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0), t(  0,   0),
];

/// Material plus placement of every piece (indexed by [`Piece::index`]) on every square, as
/// Red sees it: Black's pieces count negative.
pub(crate) static PSQT: [[Tapered; SQUARES]; 14] = build_psqt();

/// The piece-square table of each kind.
pub(crate) static PST: [&[Tapered; SQUARES]; 7] =
    [&GENERAL_PST, &ADVISOR_PST, &ELEPHANT_PST, &HORSE_PST, &ROOK_PST, &CANNON_PST, &SOLDIER_PST];

/// The index in its kind's table (drawn with rank 9 on top, as Red sees the board) of the point
/// a piece of `side` stands on: Black sees the board turned round, which puts its square's own
/// index on the same point of the drawing.
pub(crate) const fn table_index(side: Side, square: usize) -> usize {
    match side {
        Side::White => (9 - square / 9) * 9 + square % 9,
        Side::Black => square,
    }
}

const fn build_psqt() -> [[Tapered; SQUARES]; 14] {
    let mut table = [[t(0, 0); SQUARES]; 14];
    let mut kind = 0;
    while kind < 7 {
        let m = MATERIAL[kind];
        let mut s = 0;
        while s < SQUARES {
            let red = PST[kind][table_index(Side::White, s)];
            let black = PST[kind][table_index(Side::Black, s)];
            table[kind][s] = m.plus(red);
            table[kind + 7][s] = m.plus(black).negated();
            s += 1;
        }
        kind += 1;
    }
    table
}

/// The material and placement value of `piece` on `square`, Red's view.
#[inline(always)]
pub(crate) fn piece_square_value(piece: Piece, square: Square) -> Tapered {
    PSQT[piece.index()][square as usize]
}
