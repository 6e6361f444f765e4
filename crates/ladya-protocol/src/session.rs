//! A game in progress behind a trait object: the protocols pick the game at run time
//! (`UCI_Variant`, `variant`), and everything they do to it goes through [`Session`], in text.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use ladya_core::score::Score;
use ladya_core::{MoveCode, MoveList, Outcome, Side};
use ladya_search::tt::Bound;
use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable, search};

use ladya_games::GameKind;
use ladya_games::View;
use ladya_games::with_game;
use ladya_games::{Dialect, EngineGame};

/// A search report with moves already written in the session's dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextReport {
    /// Iteration depth.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// MultiPV line number, from 1.
    pub multipv: usize,
    /// Score for the side to move.
    pub score: Score,
    /// Set when the score is only a bound.
    pub bound: Option<Bound>,
    /// Nodes searched.
    pub nodes: u64,
    /// Nodes per second.
    pub nps: u64,
    /// Time since the search started.
    pub time: Duration,
    /// Transposition table use, permille.
    pub hashfull: u32,
    /// Endgame tablebase probes that gave a verdict.
    pub tbhits: u64,
    /// The principal variation.
    pub pv: Vec<String>,
}

/// What a finished search found, in the session's dialect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextResult {
    /// The move to play, if there is a legal one.
    pub best: Option<String>,
    /// The expected reply.
    pub ponder: Option<String>,
    /// The score for the side to move.
    pub score: Score,
    /// The principal variation, in the game's notation for people.
    pub human_pv: String,
}

/// Callback for progress reports of a search running in its own thread.
pub type ReportSink = Box<dyn FnMut(&TextReport) + Send>;

/// A game in progress, whatever the game.
pub trait Session: Send {
    /// The game's name (`chess`, `xiangqi`, `ugolki`).
    fn game(&self) -> &'static str;
    /// The game's XBoard variant name.
    fn xboard_variant(&self) -> &'static str;
    /// Whether the game has a Chess960 form.
    fn has_chess960(&self) -> bool;
    /// The number of the first rank in the dialect's coordinates (1, or 0 in xiangqi unless
    /// under plain UCI).
    fn first_rank(&self) -> u8;
    /// The dialect moves are read and written in.
    fn dialect(&self) -> Dialect;
    /// Reads and writes moves in `dialect` from now on; the position stays.
    fn set_dialect(&mut self, dialect: Dialect);
    /// Sets up the start position, or `fen`, forgetting the moves played.
    ///
    /// # Errors
    /// A bad FEN; the position is then unchanged.
    fn reset(&mut self, fen: Option<&str>) -> Result<(), String>;
    /// Switches Chess960 rules (castling from any start, FEN castling fields in X-FEN or
    /// Shredder-FEN, UCI castling moves king-takes-rook) on or off and goes back to the start
    /// position.
    ///
    /// # Errors
    /// A game without Chess960 rules; nothing changes.
    fn set_chess960(&mut self, on: bool) -> Result<(), String>;
    /// Plays a move given as text.
    ///
    /// # Errors
    /// An illegal or unreadable move, which changes nothing.
    fn play(&mut self, text: &str) -> Result<(), String>;
    /// Takes back the last move; false if there is none.
    fn undo(&mut self) -> bool;
    /// Moves played since the position was set up.
    fn moves_played(&self) -> usize;
    /// The side to move.
    fn side_to_move(&self) -> Side;
    /// The result if the game is over under the strict rules.
    fn outcome(&self) -> Option<Outcome>;
    /// The position in FEN.
    fn fen(&self) -> String;
    /// The position's hash key.
    fn key(&self) -> u64;
    /// The legal moves, as text.
    fn legal_moves(&self) -> Vec<String>;
    /// A move written for people (`Nf3`, `C2.5`, `e3-e5`).
    ///
    /// # Errors
    /// `text` is not a legal move here.
    fn human_move(&self, text: &str) -> Result<String, String>;
    /// Perft split by root move, moves as text, counted on a copy of the position; `None`
    /// once `stop` is set.
    fn divide(&self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>>;
    /// The codes of moves given as text (for `searchmoves` and `banmoves`).
    ///
    /// # Errors
    /// The first text that is not a legal move here.
    fn move_codes(&self, texts: &[&str]) -> Result<Vec<u16>, String>;
    /// Starts searching the current position in a new thread; `report` receives progress
    /// and `finished` is called once the result is ready.
    fn start_search(
        &self,
        limits: Limits,
        options: SearchOptions,
        tt: Arc<TranspositionTable>,
        control: Arc<SearchControl>,
        report: ReportSink,
        finished: Box<dyn FnOnce() + Send>,
    ) -> JoinHandle<TextResult>;
    /// A copy of the session, to work on without disturbing this one.
    fn boxed_clone(&self) -> Box<dyn Session>;
    /// The board drawn for a terminal.
    fn render(&self, view: &View) -> String;
    /// What people call a side in this game (xiangqi's first player is Red).
    fn side_name(&self, side: Side) -> &'static str;
}

/// The [`Session`] of one game type.
#[derive(Clone)]
pub struct GameSession<G: EngineGame> {
    pos: G,
    dialect: Dialect,
    chess960: bool,
}

impl<G: EngineGame> GameSession<G> {
    /// A session at the start position, reading and writing moves in `dialect`.
    pub fn new(dialect: Dialect) -> Self {
        GameSession { pos: G::start(), dialect, chess960: false }
    }

    /// The current position.
    pub fn position(&self) -> &G {
        &self.pos
    }

    fn parse(&self, text: &str) -> Result<G::Move, String> {
        self.pos.parse_dialect_move(text, self.dialect).map_err(|e| e.to_string())
    }
}

impl<G: EngineGame> Session for GameSession<G> {
    fn has_chess960(&self) -> bool {
        G::CHESS960
    }

    fn first_rank(&self) -> u8 {
        G::first_rank(self.dialect)
    }

    fn game(&self) -> &'static str {
        G::NAME
    }

    fn xboard_variant(&self) -> &'static str {
        G::XBOARD_VARIANT
    }

    fn dialect(&self) -> Dialect {
        self.dialect
    }

    fn set_dialect(&mut self, dialect: Dialect) {
        self.dialect = dialect;
    }

    fn reset(&mut self, fen: Option<&str>) -> Result<(), String> {
        self.pos = G::setup(fen, self.chess960)?;
        Ok(())
    }

    fn set_chess960(&mut self, on: bool) -> Result<(), String> {
        self.pos = G::setup(None, on)?;
        self.chess960 = on;
        Ok(())
    }

    fn play(&mut self, text: &str) -> Result<(), String> {
        if self.outcome().is_some_and(|_| self.pos.count_legal_moves() == 0) {
            return Err(format!("the game is over: no move '{text}' is possible"));
        }
        let m = self.parse(text)?;
        self.pos.make(m);
        Ok(())
    }

    fn undo(&mut self) -> bool {
        if self.pos.ply() == 0 {
            return false;
        }
        self.pos.unmake();
        true
    }

    fn moves_played(&self) -> usize {
        self.pos.ply()
    }

    fn side_to_move(&self) -> Side {
        self.pos.side_to_move()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    fn fen(&self) -> String {
        self.pos.fen()
    }

    fn key(&self) -> u64 {
        self.pos.hash()
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        moves.iter().map(|&m| self.pos.dialect_move_text(m, self.dialect)).collect()
    }

    fn human_move(&self, text: &str) -> Result<String, String> {
        Ok(self.pos.human_move_text(self.parse(text)?))
    }

    fn divide(&self, depth: u32, stop: &AtomicBool) -> Option<Vec<(String, u64)>> {
        let mut pos = self.pos.clone();
        let split = ladya_core::perft::divide_until(&mut pos, depth, stop)?;
        Some(split.into_iter().map(|(m, nodes)| (self.pos.dialect_move_text(m, self.dialect), nodes)).collect())
    }

    fn move_codes(&self, texts: &[&str]) -> Result<Vec<u16>, String> {
        texts.iter().map(|t| self.parse(t).map(MoveCode::code)).collect()
    }

    fn start_search(
        &self,
        limits: Limits,
        options: SearchOptions,
        tt: Arc<TranspositionTable>,
        control: Arc<SearchControl>,
        mut report: ReportSink,
        finished: Box<dyn FnOnce() + Send>,
    ) -> JoinHandle<TextResult> {
        let pos = self.pos.clone();
        let dialect = self.dialect;
        thread::spawn(move || {
            let text_line = |line: &[G::Move]| {
                let mut walk = pos.clone();
                line.iter()
                    .map(|&m| {
                        let text = walk.dialect_move_text(m, dialect);
                        walk.make(m);
                        text
                    })
                    .collect::<Vec<_>>()
            };
            let result = search(&pos, &limits, &options, &tt, &control, &mut |r| {
                report(&TextReport {
                    depth: r.depth,
                    seldepth: r.seldepth,
                    multipv: r.multipv,
                    score: r.score,
                    bound: r.bound,
                    nodes: r.nodes,
                    nps: r.nps(),
                    time: r.time,
                    hashfull: r.hashfull,
                    tbhits: r.tbhits,
                    pv: text_line(&r.pv),
                });
            });
            let mut human = Vec::new();
            let mut walk = pos.clone();
            for &m in &result.pv {
                human.push(walk.human_move_text(m));
                walk.make(m);
            }
            let text = TextResult {
                best: result.best.map(|m| pos.dialect_move_text(m, dialect)),
                ponder: result.best.and(result.ponder).map(|p| {
                    let mut after = pos.clone();
                    if let Some(b) = result.best {
                        after.make(b);
                    }
                    after.dialect_move_text(p, dialect)
                }),
                score: result.score,
                human_pv: human.join(" "),
            };
            finished();
            text
        })
    }

    fn boxed_clone(&self) -> Box<dyn Session> {
        Box::new(self.clone())
    }

    fn render(&self, view: &View) -> String {
        self.pos.render(view)
    }

    fn side_name(&self, side: Side) -> &'static str {
        G::side_name(side)
    }
}

/// A new session of `game`.
pub fn new_session(game: GameKind, dialect: Dialect) -> Box<dyn Session> {
    with_game!(game, boxed_session(dialect))
}

fn boxed_session<G: EngineGame>(dialect: Dialect) -> Box<dyn Session> {
    Box::new(GameSession::<G>::new(dialect))
}

/// XBoard's name for Chess960 (Fischer random chess).
pub const FISCHER_RANDOM: &str = "fischerandom";
