//! Adjudication by the engines' own scores, as cutechess-cli's `-draw` and `-resign`: a draw
//! when both sides have scored near zero for a while, a loss for a side whose score has stayed
//! hopeless. No tablebases. `ladya match` offers it; self-play ends its games by it
//! ([`EndingRules`], each game's [`EngineGame::SELF_PLAY_ENDING`](crate::EngineGame)).

use std::fmt;

use ladya_core::Side;

/// An engine's score and depth for the move it played, in its own view.
///
/// ```
/// use ladya_games::adjudication::{Eval, MATE_SCORE};
///
/// assert_eq!(Eval { score: 35, depth: 12 }.to_string(), "+0.35/12");
/// assert_eq!(Eval { score: -(MATE_SCORE - 2), depth: 5 }.to_string(), "-M2/5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    /// Centipawns for the engine; a mate in n is ±(`MATE_SCORE` − n).
    pub score: i32,
    /// The search depth.
    pub depth: u32,
}

/// The score standing for a mate.
pub const MATE_SCORE: i32 = 100_000;

impl fmt::Display for Eval {
    /// cutechess-cli's form: `+0.35/12`, `+M3/9`, `-M2/5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.score < 0 { "-" } else { "+" };
        if self.score.abs() > MATE_SCORE - 1000 {
            write!(f, "{sign}M{}/{}", MATE_SCORE - self.score.abs(), self.depth)
        } else {
            write!(f, "{sign}{:.2}/{}", f64::from(self.score.abs()) / 100.0, self.depth)
        }
    }
}

/// When a game of self-play ends early to save time: adjudication by score, a win only when
/// the winner's own last score agrees, and a cap on plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EndingRules {
    /// The score rules: `resign` wins for the side whose opponent scored at most −score for
    /// `move_count` of its moves in a row (and who itself last scored at least +score);
    /// `draw` draws a game whose scores stayed near zero.
    pub adjudication: Adjudication,
    /// Plies from the start position after which the game is scored a draw.
    pub max_plies: usize,
}

/// `--draw movenumber=N movecount=M score=S`: from move N on, a draw once both engines scored
/// within ±S centipawns for M consecutive moves each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first full move at which a draw may be adjudicated.
    pub move_number: u32,
    /// Consecutive moves of each side within the score.
    pub move_count: u32,
    /// The score bound in centipawns.
    pub score: i32,
}

/// `--resign movecount=M score=S`: a loss for a side whose engine scored −S centipawns or
/// worse for M consecutive moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves at or below the score.
    pub move_count: u32,
    /// The score bound in centipawns (a positive number).
    pub score: i32,
}

/// The adjudication rules of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Adjudication {
    /// Draw adjudication, if any.
    pub draw: Option<DrawRule>,
    /// Resign adjudication, if any.
    pub resign: Option<ResignRule>,
}

/// What adjudication decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The game is drawn.
    Draw,
    /// This side loses.
    Loss(Side),
}

/// The adjudication state of one game.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    rules: Adjudication,
    /// Consecutive plies (both sides) with a score near zero.
    quiet_plies: u32,
    /// Consecutive own moves with a hopeless score, per side.
    hopeless_moves: [u32; 2],
}

impl Adjudicator {
    /// A new game's state.
    pub fn new(rules: Adjudication) -> Adjudicator {
        Adjudicator { rules, ..Adjudicator::default() }
    }

    /// Takes note of a move by `side`, at full move `move_number`, with the engine's `eval`
    /// (its own view); a move without a score breaks every run.
    pub fn after_move(&mut self, side: Side, move_number: u32, eval: Option<Eval>) -> Option<Verdict> {
        let score = eval.map(|e| e.score);
        if let Some(rule) = self.rules.resign {
            let run = &mut self.hopeless_moves[side.index()];
            *run = if score.is_some_and(|s| s <= -rule.score) { run.saturating_add(1) } else { 0 };
            if *run >= rule.move_count.max(1) {
                return Some(Verdict::Loss(side));
            }
        }
        if let Some(rule) = self.rules.draw {
            self.quiet_plies =
                if score.is_some_and(|s| s.abs() <= rule.score) { self.quiet_plies.saturating_add(1) } else { 0 };
            if move_number >= rule.move_number && self.quiet_plies >= rule.move_count.max(1).saturating_mul(2) {
                return Some(Verdict::Draw);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(score: i32) -> Option<Eval> {
        Some(Eval { score, depth: 5 })
    }

    #[test]
    fn a_hopeless_side_loses_and_a_quiet_game_is_drawn() {
        let resign = Adjudication { resign: Some(ResignRule { move_count: 2, score: 600 }), draw: None };
        let mut judge = Adjudicator::new(resign);
        assert_eq!(judge.after_move(Side::White, 10, eval(-700)), None);
        assert_eq!(judge.after_move(Side::Black, 10, eval(700)), None);
        assert_eq!(judge.after_move(Side::White, 11, eval(-650)), Some(Verdict::Loss(Side::White)));

        let draw = Adjudication { draw: Some(DrawRule { move_number: 3, move_count: 1, score: 10 }), resign: None };
        let mut judge = Adjudicator::new(draw);
        assert_eq!(judge.after_move(Side::White, 1, eval(5)), None);
        assert_eq!(judge.after_move(Side::Black, 1, eval(-5)), None);
        assert_eq!(judge.after_move(Side::White, 2, None), None);
        assert_eq!(judge.after_move(Side::Black, 2, eval(0)), None);
        assert_eq!(judge.after_move(Side::White, 3, eval(0)), Some(Verdict::Draw));
    }
}
