//! Scores: centipawn-like evaluations and mate distances in one `i32`.
//!
//! A score is always from the point of view of the side to move. Mates are encoded as
//! `MATE - plies` for a win and `-(MATE - plies)` for a loss, so shorter mates score higher.

/// An evaluation or search result, from the side to move's point of view.
pub type Score = i32;

/// The score of giving mate right now (zero plies away).
pub const MATE: Score = 32_000;
/// Larger than any real score: the bounds of a full alpha-beta window.
pub const INFINITE: Score = 32_001;
/// Scores at least this far from zero are mates; evaluations stay below it.
pub const MATE_BOUND: Score = MATE - 1_000;
/// The score of a drawn position.
pub const DRAW: Score = 0;

/// Score of winning with mate delivered `ply` plies from the root.
///
/// # Examples
///
/// ```
/// use ladya_core::score::{MATE, mate_in};
///
/// assert_eq!(mate_in(3), MATE - 3);
/// assert!(mate_in(1) > mate_in(3)); // the shorter mate scores higher
/// ```
#[inline]
pub const fn mate_in(ply: usize) -> Score {
    MATE - ply as Score
}

/// Score of being mated `ply` plies from the root.
///
/// # Examples
///
/// ```
/// use ladya_core::score::{mate_in, mated_in};
///
/// assert_eq!(mated_in(4), -mate_in(4));
/// assert!(mated_in(4) > mated_in(2)); // being mated later is better
/// ```
#[inline]
pub const fn mated_in(ply: usize) -> Score {
    -MATE + ply as Score
}

/// Whether `score` reports a forced mate for either side.
///
/// # Examples
///
/// ```
/// use ladya_core::score::{is_mate, mate_in, mated_in};
///
/// assert!(is_mate(mate_in(9)) && is_mate(mated_in(2)));
/// assert!(!is_mate(950)); // a large evaluation, not a mate
/// ```
#[inline]
pub const fn is_mate(score: Score) -> bool {
    score >= MATE_BOUND || score <= -MATE_BOUND
}

/// Moves (not plies) to the mate a score reports: positive when the side to move mates,
/// negative when it is mated; `None` for a score that is not a mate.
///
/// # Examples
///
/// ```
/// use ladya_core::score::{mate_in, mate_moves, mated_in};
///
/// assert_eq!(mate_moves(mate_in(5)), Some(3)); // mate on the fifth ply: White's third move
/// assert_eq!(mate_moves(mated_in(4)), Some(-2));
/// assert_eq!(mate_moves(35), None);
/// ```
pub const fn mate_moves(score: Score) -> Option<i32> {
    if score >= MATE_BOUND {
        Some((MATE - score + 1) / 2)
    } else if score <= -MATE_BOUND {
        // Rounded up, as the mating side's count is: a score turned to the other side's point
        // of view (an odd number of plies) still names the mate's move.
        Some(-((MATE + score + 1) / 2))
    } else {
        None
    }
}

/// A score for people: `+0.35`, `-1.20`, `#3` (mate in 3 moves), `-#2` (mated in 2).
///
/// # Examples
///
/// ```
/// use ladya_core::score::{human_text, mate_in, mated_in};
///
/// assert_eq!(human_text(35), "+0.35");
/// assert_eq!(human_text(-120), "-1.20");
/// assert_eq!(human_text(mate_in(5)), "#3");
/// assert_eq!(human_text(mated_in(4)), "-#2");
/// ```
pub fn human_text(score: Score) -> String {
    match mate_moves(score) {
        Some(m) if m > 0 => format!("#{m}"),
        Some(m) => format!("-#{}", -m),
        None => format!("{:+.2}", score as f64 / 100.0),
    }
}

/// Converts a score relative to the root into one relative to a node `ply` plies deep,
/// as a transposition table must store mate scores.
///
/// # Examples
///
/// ```
/// use ladya_core::score::{from_table, mate_in, to_table};
///
/// // Mate in 7 plies from the root, found 4 plies deep: mate in 3 from that node.
/// assert_eq!(to_table(mate_in(7), 4), mate_in(3));
/// assert_eq!(to_table(42, 4), 42); // evaluations are stored as they are
/// assert_eq!(from_table(to_table(mate_in(7), 4), 4), mate_in(7));
/// ```
#[inline]
pub const fn to_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score + ply as Score
    } else if score <= -MATE_BOUND {
        score - ply as Score
    } else {
        score
    }
}

/// Inverse of [`to_table`]: a stored node-relative score seen from `ply` plies below the root.
///
/// # Examples
///
/// ```
/// use ladya_core::score::{from_table, mate_in};
///
/// // A node's mate in 3 plies, met 6 plies below the root: mate in 9 from the root.
/// assert_eq!(from_table(mate_in(3), 6), mate_in(9));
/// ```
#[inline]
pub const fn from_table(score: Score, ply: usize) -> Score {
    if score >= MATE_BOUND {
        score - ply as Score
    } else if score <= -MATE_BOUND {
        score + ply as Score
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(mate_moves(mate_in(1)), Some(1));
        assert_eq!(mate_moves(mate_in(3)), Some(2));
        assert_eq!(mate_moves(mated_in(0)), Some(0));
        assert_eq!(mate_moves(mated_in(2)), Some(-1));
        // A mate in one seen from the mated side (one ply, not two): still mated in one.
        assert_eq!(mate_moves(-mate_in(1)), Some(-1));
        assert_eq!(mate_moves(-mate_in(3)), Some(-2));
        assert_eq!(mate_moves(150), None);
        assert!(is_mate(mate_in(40)) && is_mate(mated_in(40)) && !is_mate(-400));
    }

    #[test]
    fn scores_read_like_chess_books() {
        assert_eq!(human_text(35), "+0.35");
        assert_eq!(human_text(-120), "-1.20");
        assert_eq!(human_text(mate_in(5)), "#3");
        assert_eq!(human_text(mated_in(4)), "-#2");
    }

    #[test]
    fn table_conversion_round_trips() {
        for ply in [0usize, 1, 7, 60] {
            for s in [mate_in(ply + 3), mated_in(ply + 4), 35, -120, DRAW] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
        // A mate found 5 plies below the root at ply 2 is a mate in 3 plies from that node.
        assert_eq!(to_table(mate_in(5), 2), mate_in(3));
    }
}
