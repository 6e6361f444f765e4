//! One game of self-play: a random opening, then a fixed-node search for every move, until
//! the game's rules or the adjudication end it; the positions worth learning from are kept
//! with their scores and, at the end, the result.

use ladya_core::rng::Rng;
use ladya_core::score::{MATE_BOUND, Score};
use ladya_core::{Game, MoveList, Side};
use ladya_games::EngineGame;
use ladya_games::adjudication::{Adjudicator, EndingRules, Eval, Verdict};
use ladya_nnue::data::{GameResult, Sample};
use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable, search};

/// How many random openings are tried before giving up on finding one where the game goes on.
const OPENING_TRIES: u32 = 1000;

/// What a game of self-play needs besides its seed and table.
#[derive(Clone, Debug)]
pub struct SelfPlay {
    /// Nodes searched for every move.
    pub nodes: u64,
    /// Random legal moves played from the start position before the search takes over.
    pub random_plies: usize,
    /// The search's settings (the evaluation among them); it runs single-threaded whatever
    /// `threads` says, so that a game repeats exactly.
    pub options: SearchOptions,
    /// When to end a game early.
    pub ending: EndingRules,
}

/// A finished game of self-play.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The positions kept, each with the game's result.
    pub samples: Vec<Sample>,
    /// How the game ended.
    pub result: GameResult,
}

/// Why a game of self-play could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no opening of {0} random plies found in {OPENING_TRIES} tries where the game goes on; ask for fewer")]
pub struct NoOpening(pub usize);

/// The seed of game number `game` of a run seeded with `seed`.
pub fn game_seed(seed: u64, game: u64) -> u64 {
    Rng::new(Rng::new(seed).next_u64() ^ game).next_u64()
}

impl SelfPlay {
    /// Plays one game from the opening `seed` chooses, searching with `table` (cleared first,
    /// so that the game depends on nothing else).
    ///
    /// # Errors
    /// No opening of the asked length leaves the game going.
    pub fn play<G: EngineGame>(&self, seed: u64, table: &TranspositionTable) -> Result<PlayedGame, NoOpening> {
        let mut pos = self.opening::<G>(seed)?;
        table.clear();
        let limits = Limits::nodes(self.nodes);
        let options = SearchOptions { threads: 1, multipv: 1, ..self.options.clone() };
        let mut judge = Adjudicator::new(self.ending.adjudication);
        let mut last_scores: [Option<Score>; 2] = [None, None];
        let mut samples = Vec::new();
        let result = loop {
            if let Some(outcome) = pos.outcome() {
                break GameResult::from_winner(outcome.winner);
            }
            if pos.ply() >= self.ending.max_plies {
                break GameResult::Draw;
            }
            let found = search(&pos, &limits, &options, table, &SearchControl::new(), &mut |_| {});
            let Some(best) = found.best else {
                // Not reached: a game that is not over has a legal move.
                break GameResult::from_winner(pos.no_moves_outcome().winner);
            };
            if worth_learning(&pos, best, found.score) {
                let score = found.score.clamp(-Score::from(i16::MAX), Score::from(i16::MAX)) as i16;
                samples.push(Sample::of(&pos, score, GameResult::Draw));
            }
            let side = pos.side_to_move();
            let move_number = (pos.ply() / 2 + 1) as u32;
            pos.make(best);
            last_scores[side.index()] = Some(found.score);
            match judge.after_move(side, move_number, Some(Eval { score: found.score, depth: found.depth })) {
                Some(Verdict::Draw) => break GameResult::Draw,
                Some(Verdict::Loss(loser)) if self.winner_agrees(loser.opponent(), last_scores) => {
                    break GameResult::from_winner(Some(loser.opponent()));
                }
                _ => {}
            }
        };
        for sample in &mut samples {
            sample.result = result;
        }
        Ok(PlayedGame { samples, result })
    }

    /// The start position after `random_plies` random legal moves drawn from `seed`, with the
    /// game still going; openings where it ends are drawn again.
    fn opening<G: Game>(&self, seed: u64) -> Result<G, NoOpening> {
        let mut random = Rng::new(seed);
        let mut moves = MoveList::new();
        'tries: for _ in 0..OPENING_TRIES {
            let mut pos = G::start();
            for _ in 0..self.random_plies {
                if pos.outcome().is_some() {
                    continue 'tries;
                }
                moves.clear();
                pos.legal_moves(&mut moves);
                pos.make(moves[random.below(moves.len())]);
            }
            if pos.outcome().is_none() {
                return Ok(pos);
            }
        }
        Err(NoOpening(self.random_plies))
    }

    /// Whether `winner`'s own last score also says the game is won (adjudication wants both
    /// sides' reports to agree).
    fn winner_agrees(&self, winner: Side, last_scores: [Option<Score>; 2]) -> bool {
        let threshold = self.ending.adjudication.resign.map_or(Score::MAX, |rule| rule.score);
        last_scores[winner.index()].is_some_and(|score| score >= threshold)
    }
}

/// Whether a position searched to `score` with `best` teaches the evaluation something:
/// not in check, not about to capture (a static evaluation cannot see either through),
/// not a mate, and not a position the game scores exactly without one (a learned
/// evaluation defers to [`Game::known_score`]).
fn worth_learning<G: Game>(pos: &G, best: G::Move, score: Score) -> bool {
    !pos.in_check() && !pos.is_noisy(best) && score.abs() < MATE_BOUND && pos.known_score().is_none()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ladya_ugolki::Position;

    fn self_play(random_plies: usize) -> SelfPlay {
        SelfPlay { nodes: 300, random_plies, options: SearchOptions::default(), ending: Position::SELF_PLAY_ENDING }
    }

    #[test]
    fn a_game_repeats_from_its_seed_and_its_samples_carry_its_result() {
        let table = TranspositionTable::try_new(1).unwrap();
        let play = self_play(6);
        let game = play.play::<Position>(game_seed(7, 3), &table).unwrap();
        assert_eq!(game, play.play::<Position>(game_seed(7, 3), &table).unwrap());
        assert_ne!(game.samples, play.play::<Position>(game_seed(7, 4), &table).unwrap().samples);
        assert!(!game.samples.is_empty());
        assert!(game.samples.iter().all(|s| s.result == game.result));
    }

    #[test]
    fn openings_that_cannot_be_had_are_an_error() {
        let table = TranspositionTable::try_new(1).unwrap();
        // Ugolki ends by rule by Black's 80th move: no random line of 500 plies goes on.
        assert_eq!(self_play(500).play::<Position>(1, &table), Err(NoOpening(500)));
    }
}
