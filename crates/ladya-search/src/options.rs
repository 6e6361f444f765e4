//! Search settings: threads, MultiPV, overhead, and a switch for every technique so that each
//! one's worth can be measured by turning it off.

use std::sync::Arc;
use std::time::Duration;

use ladya_games::EngineGame;
use ladya_nnue::Network;

use crate::tablebase::TablebaseOptions;
use crate::{Params, Strength};

/// Switches for the search techniques, all on by default but those under trial. Turning one
/// off is for measuring what it brings (`ladya bench --without NAME`, `ladya analyze --without
/// NAME`). A search of one game uses [`Features::for_game`]: the techniques a game switches off
/// ([`EngineGame::TECHNIQUES_OFF`]) are off in it unless switched on by name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Features {
    /// Aspiration windows around the previous iteration's score.
    pub aspiration: bool,
    /// Cutoffs from transposition-table entries.
    pub tt_cutoffs: bool,
    /// Static exchange evaluation to order and prune captures.
    pub see: bool,
    /// Killer moves.
    pub killers: bool,
    /// History heuristic for quiet moves.
    pub history: bool,
    /// Counter-move heuristic.
    pub counter_moves: bool,
    /// Null-move pruning.
    pub null_move: bool,
    /// A null move that fails high at `NmpVerifyDepth` ([`Params`](crate::Params)) or deeper
    /// is trusted only once a search of the node a few plies shallower, with no null move of
    /// the same side in its first plies, fails high too: a side in zugzwang, which passing
    /// hides, is found in time.
    pub null_move_verification: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Late-move pruning (skipping late quiet moves at shallow depth).
    pub late_move_pruning: bool,
    /// Futility pruning of quiet moves near the leaves.
    pub futility: bool,
    /// Reverse futility (static null-move) pruning.
    pub reverse_futility: bool,
    /// Searching one ply deeper when in check.
    pub check_extension: bool,
    /// Mate-distance pruning.
    pub mate_distance: bool,
    /// Continuation histories: quiet moves ordered (and reduced) by how they fared after the
    /// moves one and two plies before. On in chess, with razoring, correction history and the
    /// clock shared over 20 moves: together +27.9 ± 16.1 Elo at 3+0.03; on alone in xiangqi
    /// (SPRT at 25,000 nodes a move, `docs/matches.md`); off in ugolki
    /// ([`EngineGame::TECHNIQUES_OFF`]).
    pub continuation_history: bool,
    /// Correction history: the static evaluation is corrected by how far it missed the
    /// search's score in positions of the same structure (for games that name one). On in
    /// chess only.
    pub correction_history: bool,
    /// Piece correction: the static evaluation corrected, too, by how far it missed in
    /// positions where one side's pieces other than the structure's stand the same
    /// ([`Game::piece_keys`](ladya_core::Game::piece_keys)), a table for each side. SPRT at
    /// 25,000 nodes a move: chess +13.8 ± 10.2 Elo, xiangqi +13.6 ± 10.4, both H1
    /// (`docs/matches.md`); on in chess and xiangqi.
    pub piece_correction: bool,
    /// Continuation correction history: the static evaluation corrected, too, by how far it
    /// missed after the move that led to the position (by side to move and that move's
    /// piece and target), each of the two tables learning what the other leaves of the miss.
    /// SPRT at 25,000 nodes a move in chess: +9.8 ± 8.6 Elo after 3,957 games, LLR 2.39,
    /// unsettled (`docs/matches.md`); on in chess only.
    pub continuation_correction: bool,
    /// Singular extensions: the hash move is searched one ply deeper when every other move
    /// falls well short of its score (and the node is cut at once when several beat beta).
    pub singular_extensions: bool,
    /// A clock's time budget scaled by the search's confidence: less while the best move holds
    /// and takes most of the nodes, more when it changes, shares them or its score falls.
    pub time_scaling: bool,
    /// The histories (quiet moves, counter moves, continuations, corrections) kept from one
    /// search to the next, with the transposition table, until it is cleared, instead of
    /// starting empty at every move (SPRT at 25,000 nodes a move: chess +53.8 ± 24.0 Elo,
    /// xiangqi +85.7 ± 31.0, `docs/matches.md`).
    pub kept_histories: bool,
    /// Internal iterative reductions: a node deep enough to matter that the table knows no
    /// move for is searched one ply shallower (its first search finds the move to start from).
    /// SPRT at 25,000 nodes a move in chess: +24.4 ± 15.5 Elo (`docs/matches.md`).
    pub iir: bool,
    /// Quiet moves that lose material by static exchange (and give no check) left out near
    /// the leaves. SPRT at 25,000 nodes a move in chess: +52.9 ± 23.0 Elo (`docs/matches.md`).
    pub quiet_see: bool,
    /// A node near the leaves whose evaluation is far below alpha is settled by a quiescence
    /// search when that confirms it fails low. On in chess only.
    pub razoring: bool,
    /// After a move raises alpha, the moves after it are searched a ply shallower (at depths
    /// 3 to 11, scores short of mate). SPRT at 25,000 nodes a move in xiangqi: +16.6 ± 11.7
    /// Elo (`docs/matches.md`); off in chess and ugolki.
    pub alpha_raise_reduction: bool,
    /// Staged move ordering: the hash move is searched before the other moves are scored, and
    /// the quiet moves are scored by their histories, as they stand then, only when the first
    /// of them is due, so that an early cutoff spares the work. Off, every move is scored
    /// once the hash move is found. On in chess and xiangqi, off in ugolki
    /// (`docs/performance.md`).
    pub staged_ordering: bool,
    /// The static evaluation drawn towards zero as the game's draw-by-count rule
    /// ([`Game::draw_count`](ladya_core::Game::draw_count)) nears its end: times
    /// `(2 limit - count) / 2 limit`, half of it on the ply the rule would draw, so that a
    /// side ahead makes progress rather than shuffle. SPRT at 25,000 nodes a move in xiangqi:
    /// +12.9 ± 9.8 Elo (`docs/matches.md`); off in chess, where it lost (−5.8 ± 12.3 Elo after
    /// 2,030 games).
    pub progress_scaling: bool,
    /// Futility pruning and the static-exchange pruning of quiet moves judged at the depth a
    /// move would be searched to after its late-move reduction, rather than the node's depth.
    /// SPRT at 25,000 nodes a move in chess: +28.3 ± 16.3 Elo (`docs/matches.md`); off in
    /// xiangqi (+3.1 ± 15.9 after 1,112 games) and ugolki (untried).
    pub reduced_depth_pruning: bool,
    /// A root search that failed high is searched again a ply shallower for each failure in a
    /// row, up to `AspFailHighPlies` ([`Params`](crate::Params)). SPRT at 25,000 nodes a move
    /// in chess: +16.1 ± 11.3 Elo, in xiangqi: +10.6 ± 8.8 (`docs/matches.md`); off in ugolki
    /// (+10.7 ± 19.8 after 714 games, unsettled).
    pub fail_high_reduction: bool,
    /// The table's score stands in for the static evaluation in reverse futility, razoring and
    /// the null move where its bound lies beyond the evaluation (a lower bound above it, an
    /// upper bound below it) and its search was at most a ply shallower than the node's: a
    /// bound from a much shallower search, blind to a quiet mate, would prune the node at
    /// every later iteration, since a pruned node stores nothing to replace it. With
    /// `history-pruning` and `double-extensions`, SPRT at 25,000 nodes a move in xiangqi:
    /// +19.7 ± 13.1 Elo; in chess +3.3 ± 13.3 after 1,800 games, so off in chess and ugolki
    /// (`docs/matches.md`).
    pub tt_eval: bool,
    /// Quiet moves with a history below `HistPruneMargin` per ply of depth against them left
    /// out near the leaves (at depths up to `HistPruneDepth`, [`Params`](crate::Params)). On in
    /// xiangqi only, as `tt-eval`.
    pub history_pruning: bool,
    /// Two plies of singular extension, off the principal variation, when every other move
    /// falls `SeDoubleMargin` further short; at most `SeDoubleMax` on one line. On in xiangqi
    /// only, as `tt-eval`.
    pub double_extensions: bool,
    /// The quiescence search stands pat on the table's score, rather than the static
    /// evaluation, where the entry's bound lies beyond the evaluation (a lower bound above it,
    /// an upper bound below it). SPRT at 25,000 nodes a move in xiangqi: +30.1 ± 17.1 Elo, in
    /// chess +14.7 ± 11.0 (`docs/matches.md`); off in ugolki (untried).
    pub qs_table_score: bool,
    /// The quiet move that led to a position moved in its side's history by ten times the
    /// rise (or fall) of the static evaluation across it, from that side's view, within the
    /// largest history bonus. SPRT at 25,000 nodes a move in chess: +26.2 ± 15.7 Elo
    /// (`docs/matches.md`); off in xiangqi (−11.5 ± 20.5 after 787 games) and ugolki (untried).
    pub eval_history: bool,
    /// The techniques switched by name with [`Features::set`] (bit `i` for `NAMES[i]`), which
    /// keep that setting in every game.
    named: u64,
}

impl Default for Features {
    fn default() -> Self {
        Features {
            aspiration: true,
            tt_cutoffs: true,
            see: true,
            killers: true,
            history: true,
            counter_moves: true,
            null_move: true,
            null_move_verification: true,
            lmr: true,
            late_move_pruning: true,
            futility: true,
            reverse_futility: true,
            check_extension: true,
            mate_distance: true,
            continuation_history: true,
            correction_history: true,
            continuation_correction: true,
            singular_extensions: true,
            time_scaling: true,
            kept_histories: true,
            iir: true,
            quiet_see: true,
            razoring: true,
            alpha_raise_reduction: true,
            staged_ordering: true,
            progress_scaling: true,
            reduced_depth_pruning: true,
            fail_high_reduction: true,
            tt_eval: true,
            history_pruning: true,
            double_extensions: true,
            qs_table_score: true,
            eval_history: true,
            piece_correction: true,
            named: 0,
        }
    }
}

impl Features {
    /// The names [`Features::set`] accepts.
    pub const NAMES: [&'static str; 34] = [
        "aspiration",
        "tt-cutoffs",
        "see",
        "killers",
        "history",
        "counter-moves",
        "null-move",
        "lmr",
        "late-move-pruning",
        "futility",
        "reverse-futility",
        "check-extension",
        "mate-distance",
        "continuation-history",
        "correction-history",
        "singular-extensions",
        "time-scaling",
        "kept-histories",
        "iir",
        "quiet-see",
        "razoring",
        "alpha-raise-reduction",
        "staged-ordering",
        "progress-scaling",
        "reduced-depth-pruning",
        "fail-high-reduction",
        "tt-eval",
        "history-pruning",
        "double-extensions",
        "qs-table-score",
        "null-move-verification",
        "continuation-correction",
        "eval-history",
        "piece-correction",
    ];

    /// These switches as a search of `G` uses them: the techniques of
    /// [`EngineGame::TECHNIQUES_OFF`] are off unless switched on by name.
    ///
    /// ```
    /// use ladya_search::Features;
    ///
    /// let xiangqi = Features::default().for_game::<ladya_xiangqi::Position>();
    /// assert_eq!((xiangqi.razoring, xiangqi.lmr, xiangqi.alpha_raise_reduction), (false, true, true));
    /// let chess = Features::default().for_game::<ladya_chess::Position>();
    /// assert_eq!((chess.razoring, chess.alpha_raise_reduction), (true, false));
    /// ```
    pub fn for_game<G: EngineGame>(self) -> Features {
        let mut features = self;
        for name in G::TECHNIQUES_OFF {
            if let (false, Some(switch)) = (self.is_named(name), features.switch(name)) {
                *switch = false;
            }
        }
        features
    }

    /// Turns the technique called `name` (one of [`Features::NAMES`]) on or off, in every game.
    ///
    /// # Errors
    /// An unknown name, with the list of known ones.
    pub fn set(&mut self, name: &str, on: bool) -> Result<(), String> {
        let bit = Features::bit(name);
        match (self.switch(name), bit) {
            (Some(switch), Some(bit)) => {
                *switch = on;
                self.named |= 1 << bit;
                Ok(())
            }
            _ => Err(format!("unknown search technique '{name}'; known: {}", Features::NAMES.join(", "))),
        }
    }

    /// Whether the technique called `name` is on; `None` for a name not in [`Features::NAMES`].
    pub fn is_on(&self, name: &str) -> Option<bool> {
        let mut copy = *self;
        copy.switch(name).map(|on| *on)
    }

    /// Whether the technique called `name` was switched by name.
    fn is_named(&self, name: &str) -> bool {
        Features::bit(name).is_some_and(|bit| self.named & 1 << bit != 0)
    }

    /// The bit of the technique called `name` in `named`: its place in [`Features::NAMES`].
    fn bit(name: &str) -> Option<usize> {
        Features::NAMES.iter().position(|&known| known == name)
    }

    /// The switch of the technique called `name`, if there is one.
    fn switch(&mut self, name: &str) -> Option<&mut bool> {
        Some(match name {
            "aspiration" => &mut self.aspiration,
            "tt-cutoffs" => &mut self.tt_cutoffs,
            "see" => &mut self.see,
            "killers" => &mut self.killers,
            "history" => &mut self.history,
            "counter-moves" => &mut self.counter_moves,
            "null-move" => &mut self.null_move,
            "null-move-verification" => &mut self.null_move_verification,
            "continuation-correction" => &mut self.continuation_correction,
            "piece-correction" => &mut self.piece_correction,
            "lmr" => &mut self.lmr,
            "late-move-pruning" => &mut self.late_move_pruning,
            "futility" => &mut self.futility,
            "reverse-futility" => &mut self.reverse_futility,
            "check-extension" => &mut self.check_extension,
            "mate-distance" => &mut self.mate_distance,
            "continuation-history" => &mut self.continuation_history,
            "correction-history" => &mut self.correction_history,
            "singular-extensions" => &mut self.singular_extensions,
            "time-scaling" => &mut self.time_scaling,
            "kept-histories" => &mut self.kept_histories,
            "iir" => &mut self.iir,
            "quiet-see" => &mut self.quiet_see,
            "razoring" => &mut self.razoring,
            "alpha-raise-reduction" => &mut self.alpha_raise_reduction,
            "staged-ordering" => &mut self.staged_ordering,
            "progress-scaling" => &mut self.progress_scaling,
            "reduced-depth-pruning" => &mut self.reduced_depth_pruning,
            "fail-high-reduction" => &mut self.fail_high_reduction,
            "tt-eval" => &mut self.tt_eval,
            "history-pruning" => &mut self.history_pruning,
            "double-extensions" => &mut self.double_extensions,
            "qs-table-score" => &mut self.qs_table_score,
            "eval-history" => &mut self.eval_history,
            _ => return None,
        })
    }
}

/// How to search, beyond the limits of one search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Search threads (lazy SMP); at least one, and no more than the machine runs at once
    /// ([`search_threads`](crate::search_threads)).
    pub threads: usize,
    /// Best lines to report (MultiPV); at least one.
    pub multipv: usize,
    /// Time kept in reserve per move for communication lags.
    pub move_overhead: Duration,
    /// The techniques in use.
    pub features: Features,
    /// The static evaluation: by default the network built in for the game.
    pub evaluation: Evaluation,
    /// Play at a rating below full strength (`UCI_Elo`); `None` plays as well as it can.
    pub strength: Option<Strength>,
    /// The search's tunable numbers ([`Params`]).
    pub params: Params,
    /// How the game's endgame tablebases are used, where it has some loaded.
    pub tablebase: TablebaseOptions,
}

/// Which static evaluation the search uses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Evaluation {
    /// The network built into Ladya for the game ([`EngineGame::built_in_network`]), or the game's
    /// hand-written evaluation where it has none.
    #[default]
    BuiltIn,
    /// The game's hand-written evaluation.
    Classic,
    /// Networks by game: the one for the game searched, or the hand-written evaluation if
    /// none is for it.
    Networks(Vec<Arc<Network>>),
}

impl Evaluation {
    /// The network a search of `G` uses, if any.
    pub fn network_for<G: EngineGame>(&self) -> Option<Arc<Network>> {
        match self {
            Evaluation::BuiltIn => G::built_in_network(),
            Evaluation::Classic => None,
            Evaluation::Networks(networks) => networks.iter().find(|net| net.fits::<G>()).cloned(),
        }
    }
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            threads: 1,
            multipv: 1,
            move_overhead: Duration::from_millis(30),
            features: Features::default(),
            evaluation: Evaluation::BuiltIn,
            strength: None,
            params: Params::default(),
            tablebase: TablebaseOptions::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_name_switches_one_technique() {
        let all = Features {
            continuation_history: true,
            correction_history: true,
            kept_histories: true,
            razoring: true,
            reduced_depth_pruning: true,
            fail_high_reduction: true,
            ..Features::default()
        };
        let none = Features::NAMES.iter().fold(all, |mut f, name| {
            f.set(name, false).unwrap();
            f
        });
        for name in Features::NAMES {
            let (mut one_off, mut one_on) = (all, none);
            one_off.set(name, false).unwrap();
            one_on.set(name, true).unwrap();
            for other in Features::NAMES {
                assert_eq!(one_off.is_on(other), Some(other != name), "{name} {other}");
                assert_eq!(one_on.is_on(other), Some(other == name), "{name} {other}");
            }
        }
        assert_eq!(all.is_on("magic"), None);
        assert!(Features::default().set("magic", true).unwrap_err().contains("lmr"));
    }

    /// `asked` as a search of `G` uses it, after the same `asked` with razoring named on and
    /// LMR named off.
    fn in_game<G: EngineGame>(asked: Features) -> (Features, Features) {
        let mut named = asked;
        named.set("razoring", true).unwrap();
        named.set("lmr", false).unwrap();
        (asked.for_game::<G>(), named.for_game::<G>())
    }

    #[test]
    fn techniques_a_game_switches_off_are_off_there_unless_named() {
        let defaults = Features::default();
        let chess = defaults.for_game::<ladya_chess::Position>();
        let chess_off = Features {
            alpha_raise_reduction: false,
            progress_scaling: false,
            tt_eval: false,
            history_pruning: false,
            double_extensions: false,
            ..defaults
        };
        assert_eq!(chess, chess_off);
        assert!(chess.qs_table_score);
        for (f, named) in [in_game::<ladya_xiangqi::Position>(defaults), in_game::<ladya_ugolki::Position>(defaults)] {
            assert!(!f.razoring && !f.correction_history);
            assert!(f.singular_extensions && f.iir && f.lmr);
            assert!(named.razoring && !named.lmr && !named.correction_history);
        }
        let (xiangqi, ugolki) =
            (defaults.for_game::<ladya_xiangqi::Position>(), defaults.for_game::<ladya_ugolki::Position>());
        assert!(xiangqi.alpha_raise_reduction && !ugolki.alpha_raise_reduction);
        assert!(xiangqi.continuation_history && !ugolki.continuation_history);
        assert!(chess.staged_ordering && xiangqi.staged_ordering && !ugolki.staged_ordering);
        assert!(chess.fail_high_reduction && xiangqi.fail_high_reduction && !ugolki.fail_high_reduction);
        assert!(xiangqi.tt_eval && xiangqi.history_pruning && xiangqi.double_extensions && xiangqi.qs_table_score);
        assert!(!ugolki.tt_eval && !ugolki.history_pruning && !ugolki.double_extensions && !ugolki.qs_table_score);
        let mut off = defaults;
        off.set("continuation-history", false).unwrap();
        assert!(!off.for_game::<ladya_chess::Position>().continuation_history);
    }
}
