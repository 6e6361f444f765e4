//! Playing Ladya in a terminal: the board, moves typed in the game's notation or as
//! coordinates, and the commands `undo`, `hint`, `new`, `flip`, `help` and `quit`.

use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::sync::Arc;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;

use ladya_core::Side;
use ladya_search::{Limits, SearchControl, SearchOptions, Strength, TranspositionTable};

use crate::runner::DEFAULT_HASH;
use crate::session::{Session, TextResult, new_session};
use ladya_games::Dialect;
use ladya_games::GameKind;
use ladya_games::View;
use ladya_games::outcome_words;

/// How a terminal game is set up.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// The game's name.
    pub game: GameKind,
    /// The starting position (the standard one if `None`).
    pub fen: Option<String>,
    /// The side the person plays.
    pub human: Side,
    /// The engine's time per move.
    pub movetime: Duration,
    /// The engine's level below full strength, if any (hints are always at full strength).
    pub strength: Option<Strength>,
    /// How to draw the board.
    pub view: View,
}

const HELP: &str = "Type a move (Nf3, e2e4, C2.5, h2e2, e3-e4, e3:e5), or: undo, hint, new, flip, help, quit";

/// Plays a game with a person reading `out` and typing on `input`, until `quit` or the end of
/// input. The input is read while Ladya thinks: a `quit` typed then ends the game at once.
///
/// # Errors
/// A bad FEN, before the game starts, or a failure to write to `out`.
pub fn play(options: &PlayOptions, input: impl BufRead + Send + 'static, out: &mut impl Write) -> Result<(), String> {
    let mut session = new_session(options.game, Dialect::Human);
    session.reset(options.fen.as_deref())?;
    let mut game = TerminalGame {
        start: session.boxed_clone(),
        session,
        tt: Arc::new(TranspositionTable::try_new(DEFAULT_HASH).map_err(|e| e.to_string())?),
        options: options.clone(),
        view: options.view,
        news: vec![format!("You play {} against {}. {HELP}", options_side_name(options), opponent_name(options))],
    };
    let (sender, lines) = channel();
    // The reader ends with the input; if the game ends first, the thread is left blocked on
    // its read until the process exits.
    std::thread::spawn(move || {
        for line in input.lines() {
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut input = Input { lines, pending: VecDeque::new(), ended: false };
    game.run(&mut input, out).map_err(|e| format!("terminal: {e}"))
}

/// The lines the person typed, read on a thread of their own, and those typed ahead of time.
struct Input {
    lines: Receiver<std::io::Result<String>>,
    /// Lines read while Ladya thought, to carry out in order.
    pending: VecDeque<String>,
    /// The input has ended (or failed).
    ended: bool,
}

impl Input {
    /// The next line, waiting for it; `None` at the end of the input.
    fn next(&mut self) -> Option<std::io::Result<String>> {
        if let Some(line) = self.pending.pop_front() {
            return Some(Ok(line));
        }
        if self.ended {
            return None;
        }
        let line = self.lines.recv().ok();
        self.ended = line.is_none();
        line
    }

    /// Takes in what was typed within `wait`; true if the next line to carry out is a quit.
    fn quit_typed(&mut self, wait: Duration) -> bool {
        if !self.ended {
            match self.lines.recv_timeout(wait) {
                Ok(Ok(line)) => self.pending.push_back(line),
                Ok(Err(_)) | Err(RecvTimeoutError::Disconnected) => self.ended = true,
                Err(RecvTimeoutError::Timeout) => {}
            }
        } else {
            std::thread::sleep(wait);
        }
        self.pending.front().is_some_and(|line| is_quit(line.trim()))
    }
}

/// Whether `command` ends the game.
fn is_quit(command: &str) -> bool {
    matches!(command, "quit" | "exit" | "q")
}

/// Ladya, with its rating when it plays below full strength.
fn opponent_name(options: &PlayOptions) -> String {
    options.strength.map_or("Ladya".to_string(), |s| format!("Ladya {}", s.elo()))
}

fn options_side_name(options: &PlayOptions) -> &'static str {
    new_session(options.game, Dialect::Human).side_name(options.human)
}

struct TerminalGame {
    session: Box<dyn Session>,
    start: Box<dyn Session>,
    tt: Arc<TranspositionTable>,
    options: PlayOptions,
    view: View,
    /// Messages to show with the next board.
    news: Vec<String>,
}

impl TerminalGame {
    fn run(&mut self, input: &mut Input, out: &mut impl Write) -> std::io::Result<()> {
        loop {
            self.show(out)?;
            let over = self.session.outcome().is_some();
            if !over && self.session.side_to_move() != self.options.human {
                if !self.engine_move(input) {
                    return Ok(());
                }
                continue;
            }
            write!(out, "{}> ", if over { "game over (new, undo, quit)" } else { "your move" })?;
            out.flush()?;
            let Some(line) = input.next() else {
                writeln!(out)?;
                return Ok(());
            };
            let line = line?;
            if !self.command(line.trim(), input) {
                return Ok(());
            }
        }
    }

    fn show(&mut self, out: &mut impl Write) -> std::io::Result<()> {
        writeln!(out)?;
        writeln!(out, "{}", self.session.render(&self.view))?;
        for message in self.news.drain(..) {
            writeln!(out, "{message}")?;
        }
        match self.session.outcome() {
            Some(outcome) => {
                let words = outcome_words(outcome, |side| self.session.side_name(side));
                writeln!(out, "Game over: {} ({words})", outcome.result_text())?;
            }
            None => {
                let side = self.session.side_name(self.session.side_to_move());
                writeln!(out, "{side} to move")?;
            }
        }
        Ok(())
    }

    /// Carries out one line typed by the person; false to leave.
    fn command(&mut self, line: &str, input: &mut Input) -> bool {
        match line {
            "" => {}
            quit if is_quit(quit) => return false,
            "help" | "?" => self.news.push(HELP.to_string()),
            "flip" => self.view.flipped = !self.view.flipped,
            "new" => {
                self.session = self.start.boxed_clone();
                self.tt.clear();
                self.news.push("New game.".to_string());
            }
            "undo" => {
                // Take back to the person's previous turn: the engine's reply and their move.
                let mut undone = 0;
                while self.session.undo() {
                    undone += 1;
                    if self.session.side_to_move() == self.options.human {
                        break;
                    }
                }
                if undone == 0 {
                    self.news.push("No move to take back.".to_string());
                }
            }
            "hint" => {
                if self.session.outcome().is_some() {
                    self.news.push("The game is over.".to_string());
                } else {
                    let Some(result) = self.think(self.options.movetime / 2, None, input) else {
                        return false;
                    };
                    if let Some(best) = &result.best {
                        let name = self.session.human_move(best).unwrap_or_else(|_| best.clone());
                        self.news.push(format!("Hint: {name}"));
                    }
                }
            }
            text if self.session.outcome().is_some() => {
                self.news.push(format!("The game is over; '{text}' is not possible. Type new, undo or quit."));
            }
            text => {
                let name = self.session.human_move(text);
                match (name, self.session.play(text)) {
                    (Ok(name), Ok(())) => self.news.push(format!("You played {name}.")),
                    (_, Err(e)) | (Err(e), _) => self.news.push(format!("Not a legal move: {e}. {HELP}")),
                }
            }
        }
        true
    }

    /// Ladya's search of the position for `time`, at `strength` (a new draw at every move);
    /// `None` if the person typed `quit` meanwhile, which stops it.
    fn think(&self, time: Duration, strength: Option<Strength>, input: &mut Input) -> Option<TextResult> {
        let limits = Limits::movetime(time.max(Duration::from_millis(10)));
        let strength = strength.map(Strength::with_fresh_seed);
        let options = SearchOptions { move_overhead: Duration::ZERO, strength, ..SearchOptions::default() };
        let control = Arc::new(SearchControl::new());
        let handle = self.session.start_search(
            limits,
            options,
            Arc::clone(&self.tt),
            Arc::clone(&control),
            Box::new(|_| {}),
            Box::new(|| {}),
        );
        let mut quit = false;
        while !handle.is_finished() {
            if input.quit_typed(Duration::from_millis(10)) {
                control.stop();
                quit = true;
                break;
            }
        }
        let result =
            handle.join().unwrap_or(TextResult { best: None, ponder: None, score: 0, human_pv: String::new() });
        (!quit).then_some(result)
    }

    /// Ladya moves; false if the person typed `quit` while it thought.
    fn engine_move(&mut self, input: &mut Input) -> bool {
        let Some(result) = self.think(self.options.movetime, self.options.strength, input) else {
            return false;
        };
        let Some(best) = result.best else { return true };
        let name = self.session.human_move(&best).unwrap_or_else(|_| best.clone());
        if self.session.play(&best).is_ok() {
            let score = ladya_core::score::human_text(result.score);
            self.news.push(format!("Ladya plays {name} ({score}; expects {})", result.human_pv));
        }
        true
    }
}
