//! The ugolki evaluation, in hundredths of a move (a tempo is worth about 100, so the generic
//! search's margins keep their meaning), from the side to move's point of view. All weights
//! are in [`WEIGHTS`].
//!
//! In order:
//! 1. **Own-home deadline, exactly.** A move moves one piece, so a side with more pieces at
//!    home than moves left up to its 40th has lost: a known result.
//! 2. **Races, exactly** ([`crate::race`]): once the armies can no longer meet, the fewest
//!    moves of each side decide the game under the rules of ending.
//! 3. **Otherwise, for each side** (seen from White's side of the board, so both sides are
//!    scored by the same code):
//!    - the least total cost of bringing the pieces outside the target to the free target
//!      squares, as an assignment (Hungarian algorithm), each piece-square pair costing
//!      [`Weights::square`] a square of distance and [`Weights::parity`] for each of the file
//!      and the rank whose parity differs (jumps keep parity, so only steps fix it: a piece of
//!      the right colour can cover the distance in jumps);
//!    - stragglers: a piece outside the target with no own piece within two squares cannot
//!      jump soon ([`Weights::isolated`]), within four it is stranded ([`Weights::stranded`]);
//!    - jump bridges: pieces outside the target that can jump forward now, over either
//!      colour's pieces ([`Weights::bridge`]); blocked pieces that can neither step nor jump
//!      forward ([`Weights::blocked`]);
//!    - the own-home deadline: pieces at home, more as the 40th move nears
//!      ([`Weights::home_late`]), more still when they cannot move ([`Weights::home_trapped`]);
//!    - the move-limit count: pieces in the target, more as the 80th move nears
//!      ([`Weights::limit_piece`]).
//!
//!    The side to move gets [`Weights::tempo`].

use std::cell::RefCell;

use ladya_core::{Score, Side};

use crate::assignment::{self, Costs};
use crate::board::{Bitboard, JumpGraph, RINGS, STEPS, block, file_of, parity_steps, rank_of, squares};
use crate::position::Position;
use crate::race;
use crate::rules::{MOVE_LIMIT, OWN_HOME_MOVE};
use crate::solo::oriented;
use crate::weights::{KNOWN_WIN, WEIGHTS};

/// The a-file: a square there has no square to its west.
const FILE_A: Bitboard = block((0, 0), (0, 7));

/// The least total cost of sending the pieces on `outside` to the squares `free` (as many),
/// one piece to a square, where `target` is White's target (a block in the a8 corner).
///
/// Pieces on or beyond both the target's last file and its first rank (south-east of it) have
/// the same total distance to the free squares however they are matched (each distance is
/// `(file - rank)` of the piece plus `(rank - file)` of the square), so when all pieces are
/// there only the parities need matching, a transport on the four classes. Otherwise the
/// Hungarian algorithm matches them.
fn assignment_cost(outside: Bitboard, free: Bitboard, target: Bitboard) -> Score {
    let first_rank = rank_of(target.trailing_zeros() as u8);
    let last_file = file_of(63 - target.leading_zeros() as u8);
    if outside & !block((last_file, 7), (0, first_rank)) == 0 {
        let diagonal = |s: u8| file_of(s) as Score - rank_of(s) as Score;
        let distance: Score =
            squares(outside).map(diagonal).sum::<Score>() - squares(free).map(diagonal).sum::<Score>();
        return WEIGHTS.square * distance + WEIGHTS.parity * parity_steps(outside, free) as Score;
    }
    let mut costs: Costs = [[0; assignment::MAX]; assignment::MAX];
    for (row, p) in squares(outside).take(assignment::MAX).enumerate() {
        for (col, t) in squares(free).take(assignment::MAX).enumerate() {
            let (files, ranks) = (file_of(p).abs_diff(file_of(t)), rank_of(p).abs_diff(rank_of(t)));
            costs[row][col] =
                WEIGHTS.square * (files + ranks) as Score + WEIGHTS.parity * ((files & 1) + (ranks & 1)) as Score;
        }
    }
    assignment::min_cost(outside.count_ones() as usize, &costs)
}

/// The part of a side's value that depends on its own pieces alone (seen from White's side,
/// `target` White's target): the assignment cost and the stragglers. Cached per thread by
/// configuration, since most nodes share one side's pieces with their parent.
fn own_value(own: Bitboard, target: Bitboard) -> Score {
    const SLOTS: usize = 1 << 14;
    thread_local! {
        static CACHE: RefCell<Box<[(Bitboard, Score)]>> = RefCell::new(vec![(0, 0); SLOTS].into_boxed_slice());
    }
    let slot = (own.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOTS.trailing_zeros())) as usize;
    if let Some(value) = CACHE.with_borrow(|cache| (cache[slot].0 == own).then_some(cache[slot].1)) {
        return value;
    }
    let outside = own & !target;
    let mut value = -assignment_cost(outside, target & !own, target);
    for p in squares(outside) {
        let rings = &RINGS[p as usize];
        if own & (rings[1] | rings[2]) == 0 {
            value -= WEIGHTS.isolated;
            if own & (rings[3] | rings[4]) == 0 {
                value -= WEIGHTS.stranded;
            }
        }
    }
    CACHE.with_borrow_mut(|cache| cache[slot] = (own, value));
    value
}

impl Position {
    /// The evaluation from the side to move's point of view.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// // Black answers with the mirror image of White's move (a half turn of the board): the
    /// // position is as balanced as the start, and so is its evaluation.
    /// let mut pos = Position::start();
    /// pos.play_text("e3-e4")?;
    /// pos.play_text("d6-d5")?;
    /// assert_eq!(pos.evaluate(), Position::start().evaluate());
    /// # Ok::<(), ladya_ugolki::UgolkiError>(())
    /// ```
    pub fn evaluate(&self) -> Score {
        self.known_score()
            .unwrap_or_else(|| self.side_value(self.side) - self.side_value(self.side.opponent()) + WEIGHTS.tempo)
    }

    /// The score when it is known exactly, from the side to move's point of view: a side
    /// that cannot empty its home in time, or a race (steps 1 and 2 above).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::Position;
    ///
    /// assert_eq!(Position::start().known_score(), None);
    /// // Move 39 with every piece at home: White cannot empty its home by its 40th move.
    /// let late = Position::from_fen("BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 39")?;
    /// assert!(late.known_score().is_some_and(|s| s < 0));
    /// assert_eq!(late.evaluate(), late.known_score().unwrap());
    /// # Ok::<(), ladya_ugolki::FenError>(())
    /// ```
    pub fn known_score(&self) -> Option<Score> {
        self.deadline_score().or_else(|| race::race_score(self))
    }

    /// The moves `side` can still make up to and including its move number `last`.
    fn moves_until(&self, side: Side, last: u8) -> Score {
        let next = self.number as Score + (side == Side::White && self.side == Side::Black) as Score;
        (last as Score + 1 - next).max(0)
    }

    /// The result when a side has more pieces at home than moves to take them out before its
    /// own-home deadline (after it, one move to take out the last one).
    fn deadline_score(&self) -> Option<Score> {
        let mut first: Option<(Side, Score)> = None;
        for side in Side::BOTH {
            let at_home = (self.pieces(side) & self.layout.home(side)).count_ones() as Score;
            let moves = self.moves_until(side, OWN_HOME_MOVE).max(1);
            if at_home > moves {
                // Its last move in time is its `moves`-th from now; it loses right after.
                let plies = 2 * moves - if side == self.side { 1 } else { 0 };
                if first.is_none_or(|(_, p)| plies < p) {
                    first = Some((side, plies));
                }
            }
        }
        let (loser, plies) = first?;
        let score = KNOWN_WIN - plies;
        Some(if loser == self.side { -score } else { score })
    }

    /// What `side` has, seen from White's side of the board; higher is better for it.
    fn side_value(&self, side: Side) -> Score {
        let w = &WEIGHTS;
        let own = oriented(side, self.pieces(side));
        let opp = oriented(side, self.pieces(side.opponent()));
        let target = self.layout.target(Side::White);
        let home = self.layout.home(Side::White);
        let empty = !(own | opp);
        let outside = own & !target;
        let graph = JumpGraph::new(own | opp);

        let mut value = own_value(own, target);
        let forward_jumps = graph.forward_sources();
        let forward_steps = (empty >> 8) | ((empty << 1) & !FILE_A);
        value += w.bridge * (outside & forward_jumps).count_ones() as Score;
        value -= w.blocked * (outside & !(forward_jumps | forward_steps)).count_ones() as Score;

        let at_home = own & home;
        if at_home != 0 {
            let urgency = (w.home_horizon - self.moves_until(side, OWN_HOME_MOVE)).max(0);
            let trapped =
                squares(at_home).filter(|&p| STEPS[p as usize] & empty == 0 && graph.reach(p) == 0).count() as Score;
            value -= urgency * (w.home_late * at_home.count_ones() as Score + w.home_trapped * trapped);
        }
        let urgency = (w.limit_horizon - self.moves_until(side, MOVE_LIMIT)).max(0);
        value + urgency * w.limit_piece * (own & target).count_ones() as Score
    }
}
