//! Ladya's problem solver: an exhaustive proof that the side to move mates in N moves, for
//! any [`Game`](ladya_core::Game).
//!
//! [`solve`] finds every key (so a second solution, a cook, shows), each with its length (a
//! short solution mates in fewer moves than asked), its threat or zugzwang, and every defence
//! with all the shortest mates that answer it (so duals show); with [`Options::tries`], also
//! the first moves that a single defence refutes. The answer is a proof over the whole move
//! tree, never a search score: no time limit, no pruning that could lose a solution.
//!
//! [`human`] and [`human_lines`] lay a solution out for people; [`SolutionReport`] and
//! [`LinesReport`] write it out for programs, every move in coordinates and in notation, and
//! the `serde` feature derives `Serialize` on them (`ladya solve --json` prints them).
//!
//! # Solving a mate in two
//!
//! ```
//! use ladya_chess::Position;
//! use ladya_solver::{After, Options, Table, Threat, human, solve};
//!
//! let problem: Position = "kb3Q2/pn6/p1Q5/p7/P7/8/p1pPP3/rbK5 w - - 0 1".parse()?;
//! let table = Table::try_new(16)?;
//! let solution = solve(&problem, 2, &Options::default(), &table);
//! assert_eq!(solution.keys.len(), 1); // sound: one key, no cook
//! let key = &solution.keys[0];
//! assert_eq!(problem.human_move(key.mv), "Qff3");
//! let Some(After::Play(play)) = &key.after else { panic!("the key is not mate itself") };
//! let Threat::Mate { length: 1, moves } = &play.threat else { panic!("a threat of mate") };
//! assert_eq!(moves.iter().map(|&m| m.to_string()).collect::<Vec<_>>(), ["c6b7"]);
//! // The problem-book layout `ladya solve` prints:
//! let text = human(&problem, &solution);
//! assert!(text.starts_with("Mate in 2: 1 key\n1.Qff3! (2.Qxb7#)\n  1...Bh2 2.Qxb7#\n"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules of the proof
//!
//! - The attacker wins when the defender, to move, has no legal move and the game counts that
//!   as a loss ([`Game::no_moves_outcome`](ladya_core::Game::no_moves_outcome)): checkmate in
//!   chess; checkmate or stalemate in xiangqi. A chess stalemate is no mate.
//! - Repetition: a line ends, without mate, where a position occurs for the third time in the
//!   game, counting the history the problem position carries, and the game's rules end the
//!   game there ([`Game::rule_outcome`](ladya_core::Game::rule_outcome) with the strict
//!   count): a draw in chess; in xiangqi a draw, or a loss for the side that checked with every
//!   move of the cycle (perpetual check) or chased one piece with all of them (perpetual
//!   chase). No ruling on a repetition is a mate, so such a line
//!   never proves one: a "mate" that needs perpetual check is not a mate, and neither is one
//!   whose defender could repeat the position instead.
//! - The move-count rules (chess fifty moves, xiangqi sixty) are not applied, as in
//!   chess-problem convention: the stipulation sets its own limit.
//!
//! Without history these rules never change which first moves are keys: if the attacker can
//! mate at all it can do so with every position it meets strictly nearer to mate than the one
//! before, so no position can occur three times. Repetition decides only when the problem
//! position comes with moves played before it (or deep in non-shortest lines of the solution
//! tree). The same argument makes the table sound: while no position on the line repeats an
//! earlier one, a position's result is the same as without repetition rules, a fact about
//! the position alone, so only such results are stored and read.
//!
//! # Speed
//!
//! Checks are tried first and, where only a check can mate ([`Game::ONLY_CHECKS_MATE`]:
//! chess, not xiangqi where stalemate also wins), only checks as the last move; each attack
//! first looks for mate at once. The move that mated or refuted last at the same depth is
//! tried first (most defences fall to the threat, most non-keys to the same refutation).
//! The table ([`Table`]) holds, per position, the fewest moves a mate is proven within and
//! the most it is proven impossible within. First moves are shared out among threads.
//!
//! [`Game::ONLY_CHECKS_MATE`]: ladya_core::Game::ONLY_CHECKS_MATE

mod lines;
mod prover;
mod render;
pub mod report;
mod solution;
mod stipulation;
mod table;

pub use lines::{Lines, MAX_SOLUTIONS, replay, solve_lines};
pub use render::{human, human_lines};
pub use report::{LinesReport, SolutionReport};
pub use solution::{After, Defence, Key, Options, Play, Solution, Threat, Try, solve, solve_shortest};
pub use stipulation::{Aim, Cooperative, MAX_MOVES, Stipulation, StipulationError};
pub use table::Table;
