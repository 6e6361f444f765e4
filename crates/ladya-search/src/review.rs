//! Game review, as lichess does it: every position of a game searched, each score turned into
//! the first player's winning chance, each move judged by the chance its mover lost, and an
//! accuracy per move and per side.
//!
//! - **Winning chance** ([`win_percent`]): `50 + 50 * (2 / (1 + exp(-k * score)) - 1)`,
//!   lichess's published formula, with its `k = 0.00368208` in chess. Xiangqi and ugolki have
//!   evaluations on their own scales, so each takes `k = 1 / K`, where K is the sigmoid scale
//!   fitted to its self-play data (`scripts/fit_sigmoid_scale.py`, the evaluation at which a
//!   side scored about 73%): K = 443 in xiangqi (the data of the built-in generation 3
//!   network), K = 221 in ugolki (`docs/nnue.md`). A mate is 100% for the side that mates, 0%
//!   for the other; a finished game is 100, 0 or 50 by its result.
//! - **Judgement** ([`Judgement::of`]): the mover's winning chance lost by a move (before: the
//!   best move's score in the position before it; after: the score of the position it
//!   reaches), at least 10 points an inaccuracy, 20 a mistake, 30 a blunder (lichess's 0.1,
//!   0.2, 0.3 on its -1 to 1 scale); none for the move the search found best.
//! - **Accuracy** ([`move_accuracy`]): lichess's published `103.1668 * exp(-0.04354 * loss) -
//!   3.1669`, clamped to 0-100, for each move; a side's accuracy is the arithmetic mean of
//!   its moves'.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use std::time::Duration;
//!
//! use ladya_chess::Position;
//! use ladya_core::Game;
//! use ladya_search::review::{Judgement, ReviewEvent, review};
//! use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable};
//!
//! // 1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6?? 4. Qxf7#: the knight move loses at once.
//! let start = Position::start();
//! let mut pos = start.clone();
//! let mut moves = Vec::new();
//! for text in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"] {
//!     let m = pos.parse_move(text)?;
//!     pos.make(m);
//!     moves.push(m);
//! }
//! let table = TranspositionTable::try_new(16)?;
//! let (mut positions, mut judged) = (0, Vec::new());
//! let summary = review(
//!     &start,
//!     &moves,
//!     &Limits::depth(6),
//!     &SearchOptions::default(),
//!     &table,
//!     &SearchControl::new(),
//!     &AtomicBool::new(false),
//!     &mut |event| match event {
//!         ReviewEvent::Position(_) => positions += 1,
//!         ReviewEvent::Move(m) => judged.push(m.judgement),
//!     },
//! )
//! .expect("not stopped");
//! assert_eq!(positions, 8);
//! assert_eq!(judged[5], Some(Judgement::Blunder));
//! assert_eq!(summary.judgements[1][Judgement::Blunder as usize], 1);
//! assert!(summary.accuracy[1].unwrap() < summary.accuracy[0].unwrap());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::sync::atomic::{AtomicBool, Ordering::SeqCst};

use ladya_core::score::{self, Score};
use ladya_core::{Outcome, Side};
use ladya_games::EngineGame;

use crate::{Limits, SearchControl, SearchOptions, TranspositionTable, search};

/// The winning chance, in percent (0-100), of the side whose score in `G` is `score`: 100 and
/// 0 for mates, else `50 + 50 * (2 / (1 + exp(-k * score)) - 1)` with the game's [`EngineGame::WIN_K`].
pub fn win_percent<G: EngineGame>(score: Score) -> f64 {
    match score::mate_moves(score) {
        Some(moves) if moves > 0 => 100.0,
        Some(_) => 0.0,
        None => 50.0 + 50.0 * (2.0 / (1.0 + (-G::WIN_K * f64::from(score)).exp()) - 1.0),
    }
}

/// The accuracy of a move that lost `loss` points of winning chance: lichess's `103.1668 *
/// exp(-0.04354 * loss) - 3.1669`, clamped to 0-100.
pub fn move_accuracy(loss: f64) -> f64 {
    (103.1668 * (-0.04354 * loss.max(0.0)).exp() - 3.1669).clamp(0.0, 100.0)
}

/// What a move that lost winning chance is called.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judgement {
    /// At least 10 points lost.
    Inaccuracy = 0,
    /// At least 20 points lost.
    Mistake = 1,
    /// At least 30 points lost.
    Blunder = 2,
}

impl Judgement {
    /// The three, mildest first (their index is `as usize`).
    pub const ALL: [Judgement; 3] = [Judgement::Inaccuracy, Judgement::Mistake, Judgement::Blunder];

    /// The judgement of a move that lost `loss` points of its mover's winning chance: 10 an
    /// inaccuracy, 20 a mistake, 30 a blunder; none below 10.
    pub fn of(loss: f64) -> Option<Judgement> {
        match loss {
            l if l >= 30.0 => Some(Judgement::Blunder),
            l if l >= 20.0 => Some(Judgement::Mistake),
            l if l >= 10.0 => Some(Judgement::Inaccuracy),
            _ => None,
        }
    }

    /// Its name: `inaccuracy`, `mistake`, `blunder`.
    pub fn name(self) -> &'static str {
        ["inaccuracy", "mistake", "blunder"][self as usize]
    }

    /// Its PGN NAG: 6 (`?!`), 2 (`?`), 4 (`??`).
    pub fn nag(self) -> u8 {
        [6, 2, 4][self as usize]
    }
}

/// What the review found in one position of the game.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionReview<M> {
    /// Moves played before it: 0 for the start.
    pub ply: usize,
    /// The search's score from the first player's (White's, Red's) point of view; none when
    /// the game is over here.
    pub score: Option<Score>,
    /// How the game ended here, if it did.
    pub outcome: Option<Outcome>,
    /// The first player's winning chance in percent.
    pub win: f64,
    /// The best move found; none when the game is over.
    pub best: Option<M>,
    /// The principal variation, from the best move on.
    pub pv: Vec<M>,
    /// The depth the search completed.
    pub depth: u32,
}

impl<M> PositionReview<M> {
    /// The score as lichess's `[%eval]` writes it, from the first player's point of view:
    /// pawns with two decimals (`0.31`, `-1.50`; a hundred of the evaluation's units to the
    /// pawn in every game) or a mate in moves (`#3`, `#-3`). A finished game is `#0` when
    /// someone won (PGN's reading: the side to move has lost) and `0.00` when drawn.
    pub fn eval_text(&self) -> String {
        match (self.score, self.outcome) {
            (Some(score), _) => match score::mate_moves(score) {
                Some(moves) => format!("#{moves}"),
                None => format!("{:.2}", f64::from(score) / 100.0),
            },
            (None, Some(Outcome { winner: None, .. })) => "0.00".to_string(),
            (None, _) => "#0".to_string(),
        }
    }
}

/// The review of one move.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveReview<M> {
    /// Which move of the game, from 1.
    pub ply: usize,
    /// The move.
    pub played: M,
    /// The side that played it.
    pub side: Side,
    /// The mover's winning chance before it (the best move's), in percent.
    pub win_before: f64,
    /// The mover's winning chance after it, in percent.
    pub win_after: f64,
    /// The winning chance lost (0 or more).
    pub loss: f64,
    /// What the move is called; none for the best move found, or one that lost under 10.
    pub judgement: Option<Judgement>,
    /// The best move found in the position before it.
    pub best: Option<M>,
    /// The move's accuracy, 0-100 ([`move_accuracy`]).
    pub accuracy: f64,
}

/// A review's report, in the order found: position `k` (from 0), then move `k` (from 1) once
/// positions `k - 1` and `k` are known.
#[derive(Clone, Debug, PartialEq)]
pub enum ReviewEvent<M> {
    /// A position searched.
    Position(PositionReview<M>),
    /// A move judged.
    Move(MoveReview<M>),
}

/// The totals of a review, per side (index 0 the first player, 1 the second).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ReviewSummary {
    /// Each side's accuracy: the arithmetic mean of its moves'; none for a side that made no
    /// move.
    pub accuracy: [Option<f64>; 2],
    /// Each side's inaccuracies, mistakes and blunders (indexed by `Judgement as usize`).
    pub judgements: [[u32; 3]; 2],
}

/// `win`, the first player's chance, as `side`'s.
fn chance_of(side: Side, win: f64) -> f64 {
    if side == Side::White { win } else { 100.0 - win }
}

/// Reviews the game of `moves` from `start`: searches every position (the start, then the
/// position after each move) within `limits`, one search after the other on `table`, and
/// reports each position and each move to `report` as soon as it is known ([`ReviewEvent`]).
/// A finished game's position is scored by its result, without a search.
///
/// `control` is restarted for each search; setting `cancel` (and stopping `control`, to end
/// the search under way at once) ends the review. Returns the totals, or none when cancelled.
///
/// # Panics
/// When a move of `moves` is not legal in its position (callers read them with the game's
/// parser, which checks).
#[allow(clippy::too_many_arguments)]
pub fn review<G: EngineGame>(
    start: &G,
    moves: &[G::Move],
    limits: &Limits,
    options: &SearchOptions,
    table: &TranspositionTable,
    control: &SearchControl,
    cancel: &AtomicBool,
    report: &mut dyn FnMut(ReviewEvent<G::Move>),
) -> Option<ReviewSummary> {
    let mut pos = start.clone();
    let mut previous: Option<PositionReview<G::Move>> = None;
    let mut summary = ReviewSummary::default();
    let mut accuracy_sums = [(0.0, 0u32); 2];
    for ply in 0..=moves.len() {
        if ply > 0 {
            let m = moves[ply - 1];
            let mut legal = ladya_core::MoveList::new();
            pos.legal_moves(&mut legal);
            assert!(legal.contains(&m), "move {ply} is not legal");
            pos.make(m);
        }
        let here = analyse(&pos, ply, ply == moves.len(), limits, options, table, control, cancel)?;
        report(ReviewEvent::Position(here.clone()));
        if let Some(before) = &previous {
            let side = Side::BOTH[(start.side_to_move().index() + ply - 1) % 2];
            let played = moves[ply - 1];
            let (win_before, win_after) = (chance_of(side, before.win), chance_of(side, here.win));
            let loss = (win_before - win_after).max(0.0);
            let best_played = before.best.is_some_and(|b| b == played);
            let judgement = if best_played { None } else { Judgement::of(loss) };
            let accuracy = move_accuracy(loss);
            let totals = &mut accuracy_sums[side.index()];
            *totals = (totals.0 + accuracy, totals.1 + 1);
            if let Some(j) = judgement {
                summary.judgements[side.index()][j as usize] += 1;
            }
            report(ReviewEvent::Move(MoveReview {
                ply,
                played,
                side,
                win_before,
                win_after,
                loss,
                judgement,
                best: before.best,
                accuracy,
            }));
        }
        previous = Some(here);
    }
    summary.accuracy = accuracy_sums.map(|(sum, n)| (n > 0).then(|| sum / f64::from(n)));
    Some(summary)
}

/// Searches `pos` (or scores it by its result when the game ends there: the last position, or
/// one without a legal move; a repetition or move-rule draw the game went on past is
/// searched); none when cancelled.
#[allow(clippy::too_many_arguments)]
fn analyse<G: EngineGame>(
    pos: &G,
    ply: usize,
    last: bool,
    limits: &Limits,
    options: &SearchOptions,
    table: &TranspositionTable,
    control: &SearchControl,
    cancel: &AtomicBool,
) -> Option<PositionReview<G::Move>> {
    if let Some(outcome) = pos.outcome().filter(|_| last || !pos.has_legal_move()) {
        let win = match outcome.winner {
            Some(Side::White) => 100.0,
            Some(Side::Black) => 0.0,
            None => 50.0,
        };
        return Some(PositionReview {
            ply,
            score: None,
            outcome: Some(outcome),
            win,
            best: None,
            pv: Vec::new(),
            depth: 0,
        });
    }
    if cancel.load(SeqCst) {
        return None;
    }
    control.start(false);
    // A cancel that came while restarting would have been undone: look again.
    if cancel.load(SeqCst) {
        return None;
    }
    let result = search(pos, limits, options, table, control, &mut |_| {});
    if cancel.load(SeqCst) {
        return None;
    }
    let first = if pos.side_to_move() == Side::White { result.score } else { -result.score };
    Some(PositionReview {
        ply,
        score: Some(first),
        outcome: None,
        win: win_percent::<G>(first),
        best: result.best,
        pv: result.pv,
        depth: result.depth,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_chances_follow_the_published_formulas() {
        assert!((win_percent::<ladya_chess::Position>(0) - 50.0).abs() < 1e-9);
        // lichess: +100 centipawns is about 59.1%.
        let chess = win_percent::<ladya_chess::Position>(100);
        assert!((chess - 59.1).abs() < 0.05, "{chess}");
        assert!((win_percent::<ladya_chess::Position>(-100) + chess - 100.0).abs() < 1e-9);
        // At K a side scores 1 / (1 + e^-1), about 73.1%.
        let xiangqi = win_percent::<ladya_xiangqi::Position>(443);
        let ugolki = win_percent::<ladya_ugolki::Position>(221);
        assert!((xiangqi - 73.11).abs() < 0.01 && (ugolki - 73.11).abs() < 0.01, "{xiangqi} {ugolki}");
        assert_eq!(win_percent::<ladya_chess::Position>(score::mate_in(3)), 100.0);
        assert_eq!(win_percent::<ladya_chess::Position>(score::mated_in(0)), 0.0);
    }

    #[test]
    fn judgements_and_accuracy_follow_the_loss() {
        let judged: Vec<_> = [0.0, 9.9, 10.0, 19.9, 20.0, 29.9, 30.0, 80.0].map(Judgement::of).into();
        use Judgement::*;
        assert_eq!(
            judged,
            [
                None,
                None,
                Some(Inaccuracy),
                Some(Inaccuracy),
                Some(Mistake),
                Some(Mistake),
                Some(Blunder),
                Some(Blunder)
            ]
        );
        assert_eq!(Judgement::ALL.map(Judgement::nag), [6, 2, 4]);
        assert!(move_accuracy(0.0) > 99.99 && move_accuracy(0.0) <= 100.0);
        assert!((move_accuracy(10.0) - 63.5).abs() < 0.1, "{}", move_accuracy(10.0));
        assert_eq!(move_accuracy(100.0), 0.0);
    }

    #[test]
    fn eval_texts_are_lichess_s() {
        let at = |score, outcome| PositionReview::<u16> {
            ply: 0,
            score,
            outcome,
            win: 50.0,
            best: None,
            pv: Vec::new(),
            depth: 1,
        };
        assert_eq!(at(Some(31), None).eval_text(), "0.31");
        assert_eq!(at(Some(-150), None).eval_text(), "-1.50");
        assert_eq!(at(Some(score::mated_in(6)), None).eval_text(), "#-3");
        assert_eq!(at(Some(score::mate_in(1)), None).eval_text(), "#1");
        let draw = Outcome::draw(ladya_core::EndReason::Stalemate);
        let mate = Outcome::win(Side::White, ladya_core::EndReason::Checkmate);
        assert_eq!((at(None, Some(draw)).eval_text(), at(None, Some(mate)).eval_text()), ("0.00".into(), "#0".into()));
    }
}
