//! One game between two engines, refereed by Ladya's rules: every move is checked against the
//! legal moves, every ending comes from the game's own rules (the strict counts), and an
//! illegal move, a crash, a hang, a false claim or a move over the clock loses, recorded with
//! the engine's last words.

use std::time::Duration;

use ladya_core::Side;
use ladya_games::{Dialect, EngineGame, GameKind, outcome_words, with_game};

use crate::clock::{Limits, SideClock};
use crate::engine::{Answer, Engine, EngineError, MoveRequest};
use crate::openings::Opening;
use crate::process::ProcessError;
use ladya_games::adjudication::{Adjudication, Adjudicator, Verdict};

/// How a game ended, as PGN's `Termination` tag says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// By the rules of the game, or a resignation.
    Normal,
    /// By the draw or resign adjudication.
    Adjudication,
    /// A side overran its clock or did not answer.
    TimeForfeit,
    /// A side played an illegal move, refused a legal one, or made a false claim.
    RulesInfraction,
    /// A side's engine crashed or could not be restarted.
    Abandoned,
}

impl Termination {
    /// The PGN `Termination` tag's value.
    pub fn pgn_tag(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::Adjudication => "adjudication",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Abandoned => "abandoned",
        }
    }
}

/// A move of a finished game, in the PGN's form, with the engine's score and time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    /// SAN for chess, coordinates (xiangqi ranks 1-10) for the other games.
    pub text: String,
    /// The engine's `score/depth time` for the move; `None` for an opening move.
    pub comment: Option<String>,
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    /// The game played.
    pub game: GameKind,
    /// The start position, when not the game's standard start.
    pub start_fen: Option<String>,
    /// The moves, opening moves first.
    pub moves: Vec<PlayedMove>,
    /// How many of the moves came from the opening.
    pub opening_plies: usize,
    /// The winner, `None` for a draw.
    pub winner: Option<Side>,
    /// The ending in words: `White wins by checkmate`, `Black loses on time`.
    pub reason: String,
    /// The ending's kind.
    pub termination: Termination,
    /// The last words of the engine that forfeited, if one did.
    pub last_words: Option<String>,
    /// A side whose engine must be restarted before its next game (it crashed or hung).
    pub broken: Option<Side>,
}

impl GameRecord {
    /// The result in PGN form.
    pub fn result(&self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// Why a game was not finished.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unfinished {
    /// The match was stopped.
    #[error("the match was stopped")]
    Stopped,
    /// The match cannot go on: an engine cannot play this game or these limits.
    #[error("{0}")]
    Impossible(String),
}

/// What a game needs besides its engines.
#[derive(Clone, Copy, Debug)]
pub struct GameSetup<'a> {
    /// The game.
    pub game: GameKind,
    /// The start position and opening moves.
    pub opening: &'a Opening,
    /// The limits of White's and of Black's moves.
    pub limits: [Limits; 2],
    /// Adjudication by score.
    pub adjudication: &'a Adjudication,
}

/// What people call `side` in `game` (xiangqi's first player is Red).
pub fn side_name(game: GameKind, side: Side) -> &'static str {
    with_game!(game, side_name_of(side))
}

fn side_name_of<G: EngineGame>(side: Side) -> &'static str {
    G::side_name(side)
}

/// Plays a game, `engines[0]` with White (Red) and `engines[1]` with Black.
///
/// # Errors
/// The match was stopped, or an engine cannot play under this setup.
pub fn play_game(setup: &GameSetup, engines: [&mut Engine; 2]) -> Result<GameRecord, Unfinished> {
    with_game!(setup.game, play(setup, engines))
}

/// A game under way: the position, what each engine has been told, and the record.
struct Table<G: EngineGame> {
    pos: G,
    game: GameKind,
    dialects: [Dialect; 2],
    engine_moves: [Vec<String>; 2],
    moves: Vec<PlayedMove>,
}

impl<G: EngineGame> Table<G> {
    fn make(&mut self, m: G::Move, comment: Option<String>) {
        let text = if self.game == GameKind::Chess {
            self.pos.human_move_text(m)
        } else {
            self.pos.dialect_move_text(m, Dialect::Uci)
        };
        for side in 0..2 {
            self.engine_moves[side].push(self.pos.dialect_move_text(m, self.dialects[side]));
        }
        self.moves.push(PlayedMove { text, comment });
        self.pos.make(m);
    }
}

fn play<G: EngineGame>(setup: &GameSetup, engines: [&mut Engine; 2]) -> Result<GameRecord, Unfinished> {
    let opening = setup.opening;
    let pos = match &opening.fen {
        Some(fen) => G::from_fen(fen).map_err(|e| Unfinished::Impossible(format!("opening FEN {fen}: {e}")))?,
        None => G::start(),
    };
    let start_fen = pos.fen();
    let dialects = [engines[0].spec().dialect(), engines[1].spec().dialect()];
    let mut table =
        Table { pos, game: setup.game, dialects, engine_moves: [Vec::new(), Vec::new()], moves: Vec::new() };
    for text in &opening.moves {
        let m = table.pos.parse_move(text).map_err(|e| Unfinished::Impossible(format!("opening move {text}: {e}")))?;
        table.make(m, None);
    }
    let opening_plies = table.moves.len();
    let finish = |table: Table<G>, winner, reason: String, termination, last_words, broken| GameRecord {
        game: setup.game,
        start_fen: opening.fen.as_ref().map(|_| start_fen.clone()),
        moves: table.moves,
        opening_plies,
        winner,
        reason,
        termination,
        last_words,
        broken,
    };
    let side_name = G::side_name;
    let mut engines = engines;
    for (index, engine) in engines.iter_mut().enumerate() {
        let side = Side::BOTH[index];
        match fail_safe(engine.new_game(&setup.limits[index]))? {
            Ok(()) => {}
            Err(error) => {
                let reason = format!("{} disconnects: {error}", side_name(side));
                return Ok(finish(
                    table,
                    Some(side.opponent()),
                    reason,
                    Termination::Abandoned,
                    Some(engine.last_words()),
                    Some(side),
                ));
            }
        }
    }
    let mut clocks = setup.limits.map(|l| SideClock::new(l.clock));
    let mut adjudicator = Adjudicator::new(*setup.adjudication);
    loop {
        if let Some(outcome) = table.pos.outcome() {
            let reason = outcome_words(outcome, side_name);
            return Ok(finish(table, outcome.winner, reason, Termination::Normal, None, None));
        }
        let side = table.pos.side_to_move();
        let index = side.index();
        let engine = &mut engines[index];
        let loses = |table, reason: String, termination, broken: bool, words: String| {
            Ok(finish(
                table,
                Some(side.opponent()),
                format!("{} {reason}", side_name(side)),
                termination,
                Some(words),
                broken.then_some(side),
            ))
        };
        let request = MoveRequest {
            start_fen: &start_fen,
            standard_start: opening.fen.is_none(),
            moves: &table.engine_moves[index],
            limits: &setup.limits[index],
            clocks,
            white_to_move: side == Side::White,
            allowed: setup.limits[index].allowed(&clocks[index]),
        };
        let reply = match fail_safe(engine.think(&request))? {
            Ok(reply) => reply,
            Err(error) => {
                return loses(
                    table,
                    format!("disconnects: {error}"),
                    Termination::Abandoned,
                    true,
                    engine.last_words(),
                );
            }
        };
        let text = match reply.answer {
            Answer::Move(text) => text,
            Answer::Timeout => {
                let reason = format!("loses on time: no move in {}", seconds(request.allowed));
                return loses(table, reason, Termination::TimeForfeit, true, engine.last_words());
            }
            Answer::Resign(words) => return loses(table, "resigns".into(), Termination::Normal, false, words),
            Answer::Claim(words) => {
                return loses(
                    table,
                    format!("makes a false claim: {words}"),
                    Termination::RulesInfraction,
                    false,
                    engine.last_words(),
                );
            }
            Answer::Refused(words) => {
                return loses(
                    table,
                    format!("refuses a legal move: {words}"),
                    Termination::RulesInfraction,
                    false,
                    engine.last_words(),
                );
            }
        };
        if !clocks[index].charge(reply.used, setup.limits[index].margin) {
            let reason = format!("loses on time: {} used, {} allowed", seconds(reply.used), seconds(request.allowed));
            return loses(table, reason, Termination::TimeForfeit, false, engine.last_words());
        }
        let m = match table.pos.parse_dialect_move(&text, dialects[index]) {
            Ok(m) => m,
            Err(error) => {
                let reason = format!("makes an illegal move: {}: {error}", ladya_games::clip(&text));
                return loses(table, reason, Termination::RulesInfraction, false, engine.last_words());
            }
        };
        let comment = match reply.eval {
            Some(eval) => format!("{eval} {}", seconds(reply.used)),
            None => seconds(reply.used),
        };
        let move_number = (table.moves.len() / 2 + 1) as u32;
        table.make(m, Some(comment));
        match adjudicator.after_move(side, move_number, reply.eval) {
            None => {}
            Some(Verdict::Draw) => {
                return Ok(finish(table, None, "Draw by adjudication".into(), Termination::Adjudication, None, None));
            }
            Some(Verdict::Loss(loser)) => {
                let reason = format!("{} loses by adjudication", side_name(loser));
                return Ok(finish(table, Some(loser.opponent()), reason, Termination::Adjudication, None, None));
            }
        }
    }
}

/// Splits an engine's failure into what ends the match (stopped, impossible) and what only
/// loses the game (a process failure, returned inside).
fn fail_safe<T>(result: Result<T, EngineError>) -> Result<Result<T, ProcessError>, Unfinished> {
    match result {
        Ok(value) => Ok(Ok(value)),
        Err(EngineError::Process(ProcessError::Stopped)) => Err(Unfinished::Stopped),
        Err(EngineError::Process(error)) => Ok(Err(error)),
        Err(EngineError::Unable(message)) => Err(Unfinished::Impossible(message)),
    }
}

/// A duration in seconds, as PGN comments give it: `0.512s`.
fn seconds(time: Duration) -> String {
    format!("{:.3}s", time.as_secs_f64())
}
