//! Races: positions where the two armies can no longer meet, decided by counting each side's
//! fewest moves alone ([`crate::solo`]) and applying the rules of ending to the counts.
//!
//! **When the armies can no longer meet.** Number the diagonals from h1 to a8 by
//! `rank - file`: White's target lies on diagonals 2 to 7 and its home on -7 to -2, Black's
//! the other way round, so White's progress is up the diagonals and Black's down. A side's
//! *zone* is its pieces and the squares of its target it has not filled. The position is a
//! race when every square of White's zone lies at least two diagonals above every square of
//! Black's. Then no piece stands next to an enemy piece (neighbours lie on adjacent
//! diagonals), none can jump one or be jumped, no piece stands in a square the other side
//! still has to fill (in particular no piece is in its own home, so the own-home rule cannot
//! strike), and for any of this to change a piece would have to move back behind its own
//! army's rearmost diagonal. The race count assumes that no piece does: each side then plays
//! alone, and its fewest moves are those of its pieces alone on the board.
//!
//! **Deciding a race.** With `a` and `b` the fewest moves of White and Black, the rules give:
//! whoever fills his target first wins, except that after White fills his, Black has one more
//! move and draws if it fills his; and after Black's 80th move the fuller target wins (equal
//! is a draw), each side having packed as many pieces into it as its remaining moves allow.
//! When the counts are only known within bounds (see [`crate::solo`]), the race is decided if
//! both ends of the bounds give the same result; otherwise an estimate from the bounds stands
//! in, and when no solution is known at all the ordinary evaluation does.

use ladya_core::{Score, Side};

use crate::board::{Bitboard, bit};
use crate::moves::Move;
use crate::position::Position;
use crate::race_cache::Fewest;
use crate::rules::MOVE_LIMIT;
use crate::solo::{self, PERIMETER};
use crate::weights::KNOWN_WIN;

/// Exact searches are tried for counts whose lower bound is at most this: beyond it the
/// search rarely closes within its budget.
const EXACT_UP_TO: u8 = PERIMETER + 3;

/// The move-limit count is searched only with at most this many moves left to the side.
const COUNT_MOVES_UP_TO: u8 = 6;

/// A side with at most this many pieces outside its target is *late*.
const LATE_OUTSIDE: u32 = 6;

/// Whether both sides are late and neither has a piece at home (in the other's target):
/// their race counts, taken alone, then estimate the position better than the general
/// evaluation, even while the armies still touch.
fn is_late(pos: &Position) -> bool {
    Side::BOTH.into_iter().all(|side| {
        let pieces = pos.pieces(side);
        (pieces & !pos.layout.target(side)).count_ones() <= LATE_OUTSIDE && pieces & pos.layout.home(side) == 0
    })
}

/// The diagonals `rank - file = k` for `k = -7..=7`, at index `k + 7`.
const DIAGONALS: [Bitboard; 15] = {
    let mut table = [0; 15];
    let mut sq = 0;
    while sq < 64 {
        table[(sq / 8 + 7 - sq % 8) as usize] |= 1 << sq;
        sq += 1;
    }
    table
};

/// The lowest and highest diagonal index of a non-empty set of squares.
fn diagonal_span(squares: Bitboard) -> (usize, usize) {
    let low = DIAGONALS.iter().position(|&d| d & squares != 0).unwrap_or(0);
    let high = DIAGONALS.iter().rposition(|&d| d & squares != 0).unwrap_or(0);
    (low, high)
}

/// Whether the armies can no longer meet (see the module documentation).
pub(crate) fn is_race(pos: &Position) -> bool {
    let zone = |side: Side| {
        let pieces = pos.pieces(side);
        pieces | (pos.layout.target(side) & !pieces)
    };
    let (white_low, _) = diagonal_span(zone(Side::White));
    let (_, black_high) = diagonal_span(zone(Side::Black));
    white_low >= black_high + 2
}

/// A decided game: the winner (none for a draw) and the plies from now until it ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Verdict {
    pub(crate) winner: Option<Side>,
    pub(crate) plies: u32,
}

/// When the side to move and the other side make their moves.
#[derive(Clone, Copy, Debug)]
struct Clock {
    mover: Side,
    /// Plies until the game ends by the move limit (after Black's 80th move).
    plies_left: u32,
}

impl Clock {
    fn of(pos: &Position) -> Clock {
        let full = 2 * (MOVE_LIMIT as u32 + 1).saturating_sub(pos.number as u32);
        let plies_left = if pos.side == Side::White { full } else { full.saturating_sub(1) };
        Clock { mover: pos.side, plies_left }
    }

    /// The ply, counted from 0 for the next move, of `side`'s `k`-th move from now; for
    /// `k == 0` the ply before the next (a side that has already filled its target).
    fn ply_of(self, side: Side, k: u8) -> i64 {
        2 * k as i64 - if side == self.mover { 2 } else { 1 }
    }

    /// The moves `side` has left before the move limit.
    fn moves_left(self, side: Side) -> u8 {
        let own_first = if side == self.mover { 0 } else { 1 };
        (self.plies_left.saturating_sub(own_first).div_ceil(2)).min(u8::MAX as u32) as u8
    }

    /// The result when White needs `white` moves and Black `black`, or `None` when neither
    /// can fill its target before the move limit (the count decides).
    fn completion(self, white: u8, black: u8) -> Option<Verdict> {
        let end = self.plies_left as i64;
        let tw = self.ply_of(Side::White, white);
        let tb = self.ply_of(Side::Black, black);
        let (white_done, black_done) = (tw < end, tb < end);
        if black_done && (!white_done || tb < tw) {
            return Some(Verdict { winner: Some(Side::Black), plies: (tb + 1) as u32 });
        }
        if white_done {
            // Black's equalising move follows White's completing one.
            let plies = (tw + 2) as u32;
            let winner = if tb == tw + 1 { None } else { Some(Side::White) };
            return Some(Verdict { winner, plies });
        }
        None
    }
}

/// The race's result if the race is decided, else an estimate of the race in evaluation units
/// (100 a move), both from the side to move's point of view; `None` if the position is not a
/// race or no solution is known for a side.
pub(crate) fn race_score(pos: &Position) -> Option<Score> {
    let race = is_race(pos);
    if !race && !is_late(pos) {
        return None;
    }
    let clock = Clock::of(pos);
    let layout = pos.layout;
    let configs = Side::BOTH.map(|side| solo::oriented(side, pos.pieces(side)));
    let mut counts = configs.map(|c| solo::fewest_bounds(&pos.race_cache, layout, c));
    if !race {
        return estimate(clock, counts);
    }
    let mut verdict = decide(clock, counts, pos);
    if verdict.is_none() {
        for side in Side::BOTH {
            let known = counts[side.index()];
            if !known.is_exact() && known.low <= EXACT_UP_TO {
                counts[side.index()] = solo::fewest_exact(&pos.race_cache, layout, configs[side.index()]);
            }
        }
        verdict = decide(clock, counts, pos);
    }
    match verdict {
        Some(v) => Some(match v.winner {
            None => 0,
            Some(w) if w == pos.side => KNOWN_WIN - v.plies as Score,
            Some(_) => -KNOWN_WIN + v.plies as Score,
        }),
        None => estimate(clock, counts),
    }
}

/// Move-ordering bonus of a race move that brings its side one move nearer to filling its
/// target ([`race_order`]).
pub(crate) const RACE_ORDER: i32 = 1 << 13;

/// In a race, [`RACE_ORDER`] for a move of the side to move whose result is known (from the
/// shared table or the perimeter, never searched here) to need one move fewer than its
/// position; else zero. IDA* stores the counts of every configuration along the solutions it
/// finds, so the move that continues a known solution is found first.
pub(crate) fn race_order(pos: &Position, m: Move) -> i32 {
    if m.is_pass() || !is_race(pos) {
        return 0;
    }
    let side = pos.side;
    let before = solo::oriented(side, pos.pieces(side));
    let after = solo::oriented(side, pos.pieces(side) ^ bit(m.from()) ^ bit(m.to()));
    match (solo::known(&pos.race_cache, pos.layout, before), solo::known(&pos.race_cache, pos.layout, after)) {
        (Some(b), Some(a)) if a < b => RACE_ORDER,
        _ => 0,
    }
}

/// The result of a race whose counts lie within `counts` (by side), if every count within
/// them gives the same.
fn decide(clock: Clock, counts: [Fewest; 2], pos: &Position) -> Option<Verdict> {
    let [white, black] = counts;
    let moves_left = Side::BOTH.map(|side| clock.moves_left(side));
    let never = |side: Side, count: u8| count > moves_left[side.index()];
    // Filling later only ever helps the other side, so the extremes bound every case.
    let best_for_white = (white.low, black.high);
    let worst_for_white = (white.high, black.low);
    let at = |(w, b): (u8, u8)| match clock.completion(w, b) {
        Some(v) => Some(v),
        None if never(Side::White, white.low) && never(Side::Black, black.low) => count_verdict(clock, pos),
        None => None,
    };
    let (best, worst) = (at(best_for_white)?, at(worst_for_white)?);
    if best.winner != worst.winner {
        return None;
    }
    // The winner's slowest case (a draw's length does not matter).
    Some(if best.winner == Some(Side::Black) { best } else { worst })
}

/// The move-limit verdict when neither side can fill its target in time: the most pieces
/// each can have in its target after its last move.
fn count_verdict(clock: Clock, pos: &Position) -> Option<Verdict> {
    let mut best = [0u8; 2];
    for side in Side::BOTH {
        let moves = clock.moves_left(side);
        if moves > COUNT_MOVES_UP_TO {
            return None;
        }
        best[side.index()] =
            solo::most_in_target(&pos.race_cache, pos.layout, solo::oriented(side, pos.pieces(side)), moves)?;
    }
    let winner = match best[0].cmp(&best[1]) {
        std::cmp::Ordering::Greater => Some(Side::White),
        std::cmp::Ordering::Less => Some(Side::Black),
        std::cmp::Ordering::Equal => None,
    };
    Some(Verdict { winner, plies: clock.plies_left })
}

/// An undecided race's value for the side to move, from each side's best known solution (the
/// upper bounds: the beam search's solutions are within a fraction of a move of the fewest on
/// average, far closer than the lower bounds): half a move a ply of lead, zero where the counts
/// would draw (White to move and equal).
fn estimate(clock: Clock, counts: [Fewest; 2]) -> Option<Score> {
    // Without a solution for a side, or with the move limit in the way, the general
    // evaluation (which weighs the target counts as the limit nears) is better.
    if Side::BOTH.into_iter().any(|side| counts[side.index()].high > clock.moves_left(side)) {
        return None;
    }
    let ply = |side: Side| clock.ply_of(side, counts[side.index()].high);
    // White to move with equal counts: Black completes one ply after White, a draw.
    let white_lead = (ply(Side::Black) - ply(Side::White) - 1) as Score * 50;
    Some(if clock.mover == Side::White { white_lead } else { -white_lead })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    #[test]
    fn diagonals_cover_the_board_once() {
        assert_eq!(DIAGONALS.iter().fold(0, |all, d| all | d), !0);
        assert_eq!(DIAGONALS.iter().map(|d| d.count_ones()).sum::<u32>(), 64);
        // h1 is on the lowest, a8 on the highest.
        assert_eq!(diagonal_span(1 << 7), (0, 0));
        assert_eq!(diagonal_span(1 << 56), (14, 14));
    }

    #[test]
    fn races_need_a_gap_of_two_diagonals() {
        // The start is no race; nor is a position where the armies touch.
        assert!(!is_race(&Position::start()));
        // White all in its target but one on e6 (diagonal 1); Black all home but one on f5,
        // diagonal -1: two apart.
        let race = pos("WWWW4/WWWW4/WWW1W3/5B2/8/4BBBB/4BBBB/4BBB1 w 30");
        assert!(is_race(&race));
        // Black on f6 (diagonal 0) is only one diagonal below e6.
        assert!(!is_race(&pos("WWWW4/WWWW4/WWW1WB2/8/8/4BBBB/4BBBB/4BBB1 w 30")));
    }

    #[test]
    fn the_clock_counts_plies_to_the_move_limit() {
        // White to move at move 80: White's 80th and Black's 80th move remain.
        let c = Clock::of(&pos("WWWW4/WWWW4/WWW1W3/5B2/8/4BBBB/4BBBB/4BBB1 w 80"));
        assert_eq!((c.plies_left, c.moves_left(Side::White), c.moves_left(Side::Black)), (2, 1, 1));
        let c = Clock::of(&pos("WWWW4/WWWW4/WWW1W3/5B2/8/4BBBB/4BBBB/4BBB1 b 80"));
        assert_eq!((c.plies_left, c.moves_left(Side::White), c.moves_left(Side::Black)), (1, 0, 1));
        let c = Clock::of(&pos("WWWW4/WWWW4/WWW1W3/5B2/8/4BBBB/4BBBB/4BBB1 b 30"));
        assert_eq!((c.moves_left(Side::White), c.moves_left(Side::Black)), (50, 51));
    }

    #[test]
    fn completion_follows_the_rules() {
        let white = Clock { mover: Side::White, plies_left: 100 };
        let black = Clock { mover: Side::Black, plies_left: 99 };
        let v = |winner, plies| Some(Verdict { winner, plies });
        // White to move: equal counts draw by Black's equalising move.
        assert_eq!(white.completion(3, 3), v(None, 6));
        assert_eq!(white.completion(3, 4), v(Some(Side::White), 6));
        assert_eq!(white.completion(4, 3), v(Some(Side::Black), 6));
        // Black to move: Black wins equal counts, draws one behind.
        assert_eq!(black.completion(3, 3), v(Some(Side::Black), 5));
        assert_eq!(black.completion(3, 4), v(None, 7));
        assert_eq!(black.completion(3, 5), v(Some(Side::White), 7));
        // White has already filled its target: Black's last move.
        assert_eq!(black.completion(0, 1), v(None, 1));
        assert_eq!(black.completion(0, 2), v(Some(Side::White), 1));
        // Near the move limit: White to move at move 80 has one move, Black one.
        let last = Clock { mover: Side::White, plies_left: 2 };
        assert_eq!(last.completion(1, 1), v(None, 2));
        assert_eq!(last.completion(2, 1), v(Some(Side::Black), 2));
        assert_eq!(last.completion(1, 2), v(Some(Side::White), 2));
        assert_eq!(last.completion(2, 2), None);
    }
}
