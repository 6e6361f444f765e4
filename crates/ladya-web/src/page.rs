//! What the page needs of a game beyond the rules: the squares a move passes through, whether
//! it captures or promotes, the king in check ([`PageGame`]); and the positions, moves and
//! endings of the API written as JSON.

use ladya_core::score::{Score, mate_moves};
use ladya_core::{EndReason, Game, MoveList, Outcome, Side};
use ladya_games::{EngineGame, GameKind, outcome_words};
use ladya_search::Strength;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::error::ApiError;

/// A game as the page shows it: what a move looks like on the board.
pub trait PageGame: EngineGame {
    /// Files of the board.
    const FILES: u8;
    /// Ranks of the board.
    const RANKS: u8;
    /// Whether the mate solver takes this game.
    const SOLVER: bool;

    /// The squares `m`, a legal move here, starts from and ends on; `None` for a move that
    /// moves no piece (the ugolki pass). By default the two squares of its coordinate form.
    fn move_squares(&self, m: Self::Move) -> Option<[String; 2]> {
        let text = self.move_text(m);
        match (text.get(0..2), text.get(2..4)) {
            (Some(from), Some(to)) => Some([from.to_string(), to.to_string()]),
            _ => None,
        }
    }

    /// Every square `m` passes through, start and end included. By default its two squares.
    fn move_path(&self, m: Self::Move) -> Vec<String> {
        self.move_squares(m).map(Vec::from).unwrap_or_default()
    }

    /// Whether `m` takes a piece.
    fn is_capture(&self, m: Self::Move) -> bool;

    /// The piece letter `m` promotes to (`q`, `r`, `b`, `n`), if it promotes.
    fn promotion(&self, _m: Self::Move) -> Option<char> {
        None
    }

    /// The square of the side to move's king (general) when it is in check.
    fn checked_square(&self) -> Option<String> {
        None
    }
}

impl PageGame for ladya_chess::Position {
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    const SOLVER: bool = true;

    fn is_capture(&self, m: Self::Move) -> bool {
        m.is_capture()
    }

    fn promotion(&self, m: Self::Move) -> Option<char> {
        m.promotion().map(|kind| kind.letter().to_ascii_lowercase())
    }

    fn checked_square(&self) -> Option<String> {
        self.in_check().then(|| ladya_core::board8::square_name(self.king_square(self.side_to_move())))
    }
}

impl PageGame for ladya_xiangqi::Position {
    const FILES: u8 = 9;
    const RANKS: u8 = 10;
    const SOLVER: bool = true;

    fn is_capture(&self, m: Self::Move) -> bool {
        !self.piece_at(m.to()).is_none()
    }

    fn checked_square(&self) -> Option<String> {
        self.in_check().then(|| ladya_xiangqi::board::square_name(self.general_square(self.side_to_move())))
    }
}

impl PageGame for ladya_ugolki::Position {
    const FILES: u8 = 8;
    const RANKS: u8 = 8;
    const SOLVER: bool = false;

    fn move_squares(&self, m: Self::Move) -> Option<[String; 2]> {
        (!m.is_pass()).then(|| [ladya_ugolki::square_name(m.from()), ladya_ugolki::square_name(m.to())])
    }

    /// A jump chain's every landing square.
    fn move_path(&self, m: Self::Move) -> Vec<String> {
        let squares = ladya_ugolki::Position::move_path(self, m).unwrap_or_default();
        squares.into_iter().map(ladya_ugolki::square_name).collect()
    }

    fn is_capture(&self, _m: Self::Move) -> bool {
        false
    }
}

/// The game called `name`, or 400.
pub fn game_kind(name: &str) -> Result<GameKind, ApiError> {
    name.parse().map_err(|e: ladya_games::UnknownGame| ApiError::bad(e.to_string()))
}

/// A position as requests give it: a game, a FEN (missing or empty: the start) and moves.
#[derive(Clone, Debug, Deserialize)]
pub struct PositionRequest {
    /// The game's name.
    pub game: String,
    /// The start position.
    #[serde(default)]
    pub fen: Option<String>,
    /// Moves played from it.
    #[serde(default)]
    pub moves: Option<Moves>,
}

/// Moves in a request: a list, or one string of moves separated by spaces or commas.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum Moves {
    /// One move per entry.
    List(Vec<String>),
    /// Moves separated by spaces or commas.
    Text(String),
}

impl PositionRequest {
    /// The moves, each as written.
    fn move_texts(&self) -> Vec<&str> {
        match &self.moves {
            None => Vec::new(),
            Some(Moves::List(list)) => list.iter().map(|m| m.trim()).collect(),
            Some(Moves::Text(text)) => text.split([' ', ',']).filter(|m| !m.is_empty()).collect(),
        }
    }
}

/// A game from its start: the start position, the moves and the position they reach.
pub struct Line<G: Game> {
    /// The position the moves are played from.
    pub start: G,
    /// The moves.
    pub moves: Vec<G::Move>,
    /// The position after them.
    pub now: G,
}

/// The position `request` describes, or 400 naming the bad FEN or move.
pub fn line<G: PageGame>(request: &PositionRequest) -> Result<Line<G>, ApiError> {
    let fen = request.fen.as_deref().map(str::trim).filter(|f| !f.is_empty());
    let start = G::setup(fen, false).map_err(|e| ApiError::bad(format!("bad {} FEN: {e}", G::NAME)))?;
    let mut now = start.clone();
    let mut moves = Vec::new();
    for (i, text) in request.move_texts().into_iter().enumerate() {
        let m = now.parse_move(text).map_err(|e| ApiError::bad(format!("move {} '{text}': {e}", i + 1)))?;
        now.make(m);
        moves.push(m);
    }
    Ok(Line { start, moves, now })
}

/// A legal move as the page shows it.
#[derive(Serialize)]
pub struct MoveJson {
    /// Coordinate form.
    #[serde(rename = "move")]
    pub coordinates: String,
    /// The start square.
    pub from: Option<String>,
    /// The end square.
    pub to: Option<String>,
    /// The game's notation for people.
    pub text: String,
    /// The piece promoted to.
    pub promotion: Option<String>,
    /// Every square passed through.
    pub path: Vec<String>,
    /// Whether it takes a piece.
    pub capture: bool,
}

/// `m`, legal in `pos`, as the page shows it.
pub fn move_json<G: PageGame>(pos: &G, m: G::Move) -> MoveJson {
    let [from, to] = pos.move_squares(m).map_or([None, None], |squares| squares.map(Some));
    MoveJson {
        coordinates: pos.move_text(m),
        from,
        to,
        text: pos.human_move_text(m),
        promotion: pos.promotion(m).map(String::from),
        path: pos.move_path(m),
        capture: pos.is_capture(m),
    }
}

/// Every legal move of `pos`, as the page shows them.
pub fn legal_json<G: PageGame>(pos: &G) -> Vec<MoveJson> {
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&m| move_json(pos, m)).collect()
}

/// A side as the API names it: `white`, `black`, or xiangqi's `red`.
fn side_word<G: EngineGame>(side: Side) -> String {
    G::side_name(side).to_ascii_lowercase()
}

/// Why a game ended, in one word of the API.
fn reason_word(reason: EndReason) -> &'static str {
    match reason {
        EndReason::Checkmate => "checkmate",
        EndReason::Stalemate => "stalemate",
        EndReason::Repetition => "repetition",
        EndReason::PerpetualCheck => "perpetual-check",
        EndReason::PerpetualChase => "perpetual-chase",
        EndReason::FiftyMoves | EndReason::NoCaptureLimit => "move-rule",
        EndReason::InsufficientMaterial => "material",
        EndReason::TargetFilled | EndReason::MoveLimit => "race",
        EndReason::OwnHome => "own-home",
    }
}

/// An ending: result, winner, reason and the sentence the terminal game prints.
fn outcome_json<G: EngineGame>(outcome: Outcome) -> Value {
    json!({
        "result": outcome.result_text(),
        "winner": outcome.winner.map(side_word::<G>),
        "reason": reason_word(outcome.reason),
        "text": outcome_words(outcome, G::side_name),
    })
}

/// Everything the page shows of a game: start, position, history, legal moves, check and
/// ending.
pub fn position_json<G: PageGame>(line: &Line<G>) -> Value {
    let mut walk = line.start.clone();
    let history: Vec<Value> = line
        .moves
        .iter()
        .map(|&m| {
            let (coordinates, text, path) = (walk.move_text(m), walk.human_move_text(m), walk.move_path(m));
            walk.make(m);
            json!({ "move": coordinates, "text": text, "path": path, "fen": walk.fen() })
        })
        .collect();
    let now = &line.now;
    json!({
        "game": G::NAME,
        "start": line.start.fen(),
        "fen": now.fen(),
        "turn": side_word::<G>(now.side_to_move()),
        "history": history,
        "legal": legal_json(now),
        "check": now.checked_square(),
        "outcome": now.outcome().map(outcome_json::<G>),
    })
}

/// A score as the API writes it: `{"cp": 34}` or `{"mate": 3}`.
pub fn score_json(score: Score) -> Value {
    match mate_moves(score) {
        Some(moves) => json!({ "mate": moves }),
        None => json!({ "cp": score }),
    }
}

/// A line of moves from `pos`: coordinate forms and the notation for people.
pub fn line_texts<G: Game>(pos: &G, moves: &[G::Move]) -> (Vec<String>, Vec<String>) {
    let mut walk = pos.clone();
    moves
        .iter()
        .map(|&m| {
            let texts = (walk.move_text(m), walk.human_move_text(m));
            walk.make(m);
            texts
        })
        .unzip()
}

/// The game's entry in `/api/games`.
pub fn game_json<G: PageGame>() -> Value {
    json!({
        "name": G::NAME,
        "start": G::start().fen(),
        "files": G::FILES,
        "ranks": G::RANKS,
        "solver": G::SOLVER,
        "elo": { "min": Strength::MIN_ELO, "max": Strength::MAX_ELO },
    })
}
