//! XBoard / WinBoard (CECP version 2), as seed 004's engine spoke it, for all three games.

use std::sync::mpsc::Sender;
use std::time::Duration;

use ladya_core::score::{Score, mate_moves};
use ladya_core::{EndReason, Outcome, Side};
use ladya_search::{Clock, Limits, SearchOptions};

use crate::evaluation::{BUILT_IN, evaluation};
use crate::output::Output;
use crate::runner::{Event, Flow, Frontend, Runner};
use crate::session::{FISCHER_RANDOM, Session, TextReport, TextResult, new_session};
use crate::strength;
use ladya_games::Dialect;
use ladya_games::GameKind;
use ladya_games::clip;

/// What the running search is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Purpose {
    /// Choosing the engine's move.
    Move,
    /// Thinking on the opponent's time, assuming it plays `expected`.
    Ponder { expected: String },
    /// Analysis mode: report lines, never move.
    Analyze,
}

/// The XBoard front end.
pub(crate) struct Xboard {
    out: Output,
    runner: Runner,
    session: Box<dyn Session>,
    options: SearchOptions,
    /// The side the engine plays; `None` in force mode.
    engine_side: Option<Side>,
    post: bool,
    ponder: bool,
    analyzing: bool,
    purpose: Option<Purpose>,
    /// `level`: moves per time control (0 for all), base time, increment.
    moves_per_control: u32,
    base: Duration,
    increment: Duration,
    /// `st`: fixed time per move.
    fixed_time: Option<Duration>,
    /// `sd`: depth limit.
    depth_limit: Option<u32>,
    /// `time`: the engine's clock.
    engine_clock: Option<Duration>,
}

/// XBoard's score: centipawns, or 100000 + N for a mate in N (negative when mated).
fn xboard_score(score: Score) -> i64 {
    match mate_moves(score) {
        Some(m) if m > 0 => 100_000 + m as i64,
        Some(m) => -100_000 + m as i64,
        None => score as i64,
    }
}

/// The comment of a result claim, such as `{White mates}`.
fn claim(outcome: Outcome) -> String {
    let name = |side: Side| if side == Side::White { "White" } else { "Black" };
    let comment = match (outcome.reason, outcome.winner) {
        (EndReason::Checkmate, Some(w)) => format!("{} mates", name(w)),
        (EndReason::Stalemate, None) => "Stalemate".to_string(),
        (EndReason::Stalemate, Some(w)) => format!("{} is stalemated", name(w.opponent())),
        (EndReason::Repetition, _) => "Draw by repetition".to_string(),
        (EndReason::PerpetualCheck, Some(w)) => format!("{} checks perpetually", name(w.opponent())),
        (EndReason::PerpetualChase, Some(w)) => format!("{} chases perpetually", name(w.opponent())),
        (EndReason::FiftyMoves, _) => "Draw by 50 move rule".to_string(),
        (EndReason::NoCaptureLimit, _) => "Draw: 60 moves without capture".to_string(),
        (EndReason::InsufficientMaterial, _) => "Insufficient material".to_string(),
        (reason, Some(w)) => format!("{} wins: {reason}", name(w)),
        (reason, None) => format!("Draw: {reason}"),
    };
    format!("{} {{{comment}}}", outcome.result_text())
}

/// Reads `MM`, `MM:SS` or fractional minutes into a duration; a time too long for one is
/// `None`, an error.
fn parse_minutes(text: &str) -> Option<Duration> {
    let seconds = match text.split_once(':') {
        Some((m, s)) => m.parse::<u64>().ok()?.checked_mul(60)?.checked_add(s.parse::<u64>().ok()?)? as f64,
        None => text.parse::<f64>().ok()? * 60.0,
    };
    Duration::try_from_secs_f64(seconds).ok()
}

/// Reads non-negative (possibly fractional) seconds; not a number, negative or too long for a
/// duration is `None`, an error.
fn parse_seconds(text: &str) -> Option<Duration> {
    Duration::try_from_secs_f64(text.parse::<f64>().ok()?).ok()
}

/// Reads a clock in centiseconds, as `time` and `otim` give it: below zero (a clock that ran
/// out) is zero, more than any clock holds is the most it holds.
fn parse_centiseconds(text: &str) -> Option<Duration> {
    let centiseconds: i128 = text.parse().ok()?;
    let centiseconds = u64::try_from(centiseconds.max(0)).unwrap_or(u64::MAX);
    Some(Duration::from_millis(centiseconds.saturating_mul(10)))
}

impl Xboard {
    pub(crate) fn new(out: Output, events: Sender<Event>, options: SearchOptions) -> Xboard {
        Xboard {
            out,
            runner: Runner::new(events),
            session: new_session(GameKind::Chess, Dialect::Xboard),
            options,
            engine_side: Some(Side::Black),
            post: false,
            ponder: false,
            analyzing: false,
            purpose: None,
            moves_per_control: 0,
            base: Duration::from_secs(300),
            increment: Duration::ZERO,
            fixed_time: None,
            depth_limit: None,
            engine_clock: None,
        }
    }

    fn error(&self, kind: &str, command: &str) {
        self.out.line(format!("Error ({kind}): {}", clip(command)));
    }

    /// Stops any search; a move search's result is dropped (the caller changes the game).
    fn halt(&mut self) {
        self.runner.stop_and_wait();
        self.purpose = None;
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits { depth: self.depth_limit, ..Limits::default() };
        if let Some(t) = self.fixed_time {
            limits.movetime = Some(t);
        } else {
            let moves_to_go = (self.moves_per_control > 0).then(|| {
                let done = (self.session.moves_played() / 2) as u32;
                self.moves_per_control - done % self.moves_per_control
            });
            let time_left = self.engine_clock.unwrap_or(self.base);
            limits.clock = Some(Clock { time_left, increment: self.increment, moves_to_go });
        }
        limits
    }

    fn reporter(&self, always: bool) -> Box<dyn FnMut(&TextReport) + Send> {
        let out = self.out.clone();
        let post = self.post || always;
        Box::new(move |r: &TextReport| {
            if post && r.multipv == 1 && r.bound.is_none() {
                out.line(format!(
                    "{} {} {} {} {}",
                    r.depth,
                    xboard_score(r.score),
                    r.time.as_millis() / 10,
                    r.nodes,
                    r.pv.join(" ")
                ));
            }
        })
    }

    /// Claims the result if the game is over; true if it is.
    fn claim_if_over(&self) -> bool {
        match self.session.outcome() {
            Some(outcome) => {
                self.out.line(claim(outcome));
                true
            }
            None => false,
        }
    }

    /// Starts thinking about the engine's move if it is the engine's turn.
    fn think_if_our_turn(&mut self) {
        if self.analyzing || self.engine_side != Some(self.session.side_to_move()) {
            return;
        }
        if self.session.legal_moves().is_empty() {
            self.claim_if_over();
            return;
        }
        let report = self.reporter(false);
        self.runner.start(self.session.as_ref(), self.limits(), self.options.clone(), false, report);
        self.purpose = Some(Purpose::Move);
    }

    /// After the engine moved: ponder on the expected reply if pondering is on.
    fn ponder_on(&mut self, expected: Option<String>) {
        let Some(expected) = expected.filter(|_| self.ponder && self.engine_side.is_some()) else { return };
        let mut assumed = self.session.boxed_clone();
        if assumed.play(&expected).is_err() || assumed.legal_moves().is_empty() {
            return;
        }
        let report = self.reporter(false);
        self.runner.start(assumed.as_ref(), self.limits(), self.options.clone(), true, report);
        self.purpose = Some(Purpose::Ponder { expected });
    }

    fn analyze(&mut self) {
        self.halt();
        if self.session.legal_moves().is_empty() {
            return;
        }
        let limits = Limits { infinite: true, ..Limits::default() };
        let report = self.reporter(true);
        self.runner.start(self.session.as_ref(), limits, self.options.clone(), false, report);
        self.purpose = Some(Purpose::Analyze);
    }

    /// Restarts analysis after the position changed, in analysis mode.
    fn position_changed(&mut self) {
        if self.analyzing {
            self.analyze();
        }
    }

    fn play_engine_move(&mut self, result: TextResult) {
        let Some(best) = result.best else {
            self.claim_if_over();
            return;
        };
        if self.session.play(&best).is_err() {
            return self.error("internal", &format!("search chose an unplayable move {best}"));
        }
        self.out.line(format!("move {best}"));
        if !self.claim_if_over() {
            self.ponder_on(result.ponder);
        }
    }

    fn user_move(&mut self, text: &str) {
        // A move the engine pondered on: the search goes on, now for real.
        if let Some(Purpose::Ponder { expected }) = &self.purpose
            && expected == text
            && self.session.play(text).is_ok()
        {
            self.runner.control.ponderhit();
            self.purpose = Some(Purpose::Move);
            return;
        }
        self.halt();
        if let Err(e) = self.session.play(text) {
            self.out.line(format!("Illegal move ({e}): {text}"));
            return;
        }
        if self.analyzing {
            return self.analyze();
        }
        if !self.claim_if_over() {
            self.think_if_our_turn();
        }
    }

    fn level(&mut self, args: &[&str]) {
        match args {
            [mps, base, inc] => match (mps.parse::<u32>(), parse_minutes(base), parse_seconds(inc)) {
                (Ok(mps), Some(base), Some(inc)) => {
                    self.moves_per_control = mps;
                    self.base = base;
                    self.increment = inc;
                    self.fixed_time = None;
                }
                _ => self.error("bad level", &args.join(" ")),
            },
            _ => self.error("bad level", &args.join(" ")),
        }
    }

    fn new_game(&mut self) {
        self.halt();
        self.session = new_session(GameKind::Chess, Dialect::Xboard);
        self.runner.tt.clear();
        self.engine_side = Some(Side::Black);
        self.depth_limit = None;
        self.engine_clock = None;
        self.position_changed();
    }

    fn features(&self) {
        let mut variants: Vec<&str> = GameKind::ALL.iter().map(|g| g.xboard_variant()).collect();
        variants.insert(1, FISCHER_RANDOM);
        self.out.line("feature done=0");
        self.out.line(format!(
            "feature ping=1 setboard=1 usermove=1 time=1 draw=0 sigint=0 sigterm=0 reuse=1 analyze=1 \
             colors=0 memory=1 smp=1 egt=\"syzygy\" myname=\"Ladya {}\" variants=\"{}\"",
            env!("CARGO_PKG_VERSION"),
            variants.join(",")
        ));
        self.out.line(format!("feature option=\"EvalFile -file {BUILT_IN}\""));
        for line in strength::declarations(Dialect::Xboard) {
            self.out.line(line);
        }
        self.out.line("feature done=1");
    }
}

impl Frontend for Xboard {
    fn line(&mut self, text: &str) -> Flow {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { return Flow::Continue };
        let arg = args.first().copied().unwrap_or("");
        match command {
            "xboard" | "accepted" | "rejected" | "random" | "computer" | "name" | "rating" | "ics" | "draw" => {}
            "protover" => self.features(),
            "new" => self.new_game(),
            "variant" => {
                let chess960 = arg.eq_ignore_ascii_case(FISCHER_RANDOM);
                match if chess960 { Some(GameKind::Chess) } else { GameKind::from_name(arg) } {
                    Some(game) => {
                        self.halt();
                        self.session = new_session(game, Dialect::Xboard);
                        if chess960 && let Err(e) = self.session.set_chess960(true) {
                            self.error(&e, arg);
                        }
                        self.runner.tt.clear();
                        self.position_changed();
                    }
                    None => self.error("unsupported variant", arg),
                }
            }
            "force" => {
                self.halt();
                self.engine_side = None;
            }
            "go" => {
                self.halt();
                self.engine_side = Some(self.session.side_to_move());
                self.think_if_our_turn();
            }
            "playother" => {
                self.halt();
                self.engine_side = Some(self.session.side_to_move().opponent());
            }
            "white" | "black" => {
                self.halt();
                self.engine_side = Some(if command == "white" { Side::Black } else { Side::White });
            }
            "level" => self.level(args),
            "st" => match parse_seconds(arg) {
                Some(t) => self.fixed_time = Some(t),
                None => self.error("bad st", arg),
            },
            "sd" => match arg.parse() {
                Ok(d) => self.depth_limit = Some(d),
                Err(_) => self.error("bad sd", arg),
            },
            "time" => match parse_centiseconds(arg) {
                Some(clock) => self.engine_clock = Some(clock),
                None => self.error("bad time", arg),
            },
            "otim" => {
                if parse_centiseconds(arg).is_none() {
                    self.error("bad otim", arg);
                }
            }
            "usermove" => self.user_move(arg),
            "?" => {
                if self.purpose == Some(Purpose::Move) {
                    self.runner.control.stop();
                }
            }
            "ping" => self.out.line(format!("pong {arg}")),
            "result" => {
                self.halt();
                self.engine_side = None;
            }
            "setboard" => {
                let fen = args.join(" ");
                self.halt();
                let mut next = self.session.boxed_clone();
                match next.reset(Some(&fen)) {
                    Ok(()) => {
                        self.session = next;
                        self.position_changed();
                    }
                    Err(e) => self.out.line(format!("tellusererror Illegal position: {e}")),
                }
            }
            "undo" | "remove" => {
                self.halt();
                let count = if command == "undo" { 1 } else { 2 };
                for _ in 0..count {
                    if !self.session.undo() {
                        self.error("no move to take back", command);
                        break;
                    }
                }
                self.position_changed();
            }
            "hard" => self.ponder = true,
            "easy" => {
                self.ponder = false;
                if matches!(self.purpose, Some(Purpose::Ponder { .. })) {
                    self.halt();
                }
            }
            "post" => self.post = true,
            "nopost" => self.post = false,
            "analyze" => {
                self.analyzing = true;
                self.engine_side = None;
                self.analyze();
            }
            "exit" => {
                self.analyzing = false;
                self.halt();
            }
            "." => {}
            "hint" => {}
            "memory" => match arg.parse::<usize>() {
                Ok(mb) if mb > 0 => {
                    if let Err(e) = self.runner.resize(mb) {
                        self.error(&e.to_string(), text.trim());
                    }
                }
                _ => self.error("bad memory", arg),
            },
            // The whole rest of the line: a name or value may have spaces (`Skill Level=5`).
            "option" => match text.trim().strip_prefix("option").unwrap_or("").trim().split_once('=') {
                Some(("EvalFile", value)) => match evaluation(value) {
                    Ok(evaluation) => self.options.evaluation = evaluation,
                    Err(e) => self.error(&e, text.trim()),
                },
                Some((name, value)) => match self.runner.strength.set(name, value) {
                    Some(Ok(())) => {}
                    Some(Err(e)) => self.error(&e, text.trim()),
                    None => self.error("unknown option", name),
                },
                None => self.error("unknown option", arg),
            },
            // `egtpath syzygy PATH`: chess's Syzygy tables (the path may hold spaces).
            "egtpath" => match text.trim().strip_prefix("egtpath").unwrap_or("").trim().split_once(char::is_whitespace)
            {
                Some(("syzygy", path)) => match ladya_games::syzygy::load(path.trim()) {
                    Ok(_) => {}
                    Err(e) => self.error(&e, text.trim()),
                },
                Some((kind, _)) => self.error("unknown tablebase kind (only syzygy)", kind),
                None => self.error("expected 'egtpath syzygy PATH'", text.trim()),
            },
            "cores" => match arg.parse::<usize>() {
                Ok(n) if n > 0 => self.options.threads = n,
                _ => self.error("bad cores", arg),
            },
            "quit" => {
                self.halt();
                return Flow::Quit;
            }
            // A bare move, from a GUI that ignored usermove=1.
            _ if self.session.legal_moves().iter().any(|m| m == command) => self.user_move(command),
            _ => self.error("unknown command", text.trim()),
        }
        Flow::Continue
    }

    fn search_finished(&mut self, id: u64) {
        let Some(result) = self.runner.collect(id) else { return };
        match self.purpose.take() {
            Some(Purpose::Move) => self.play_engine_move(result),
            // A ponder or analysis search that ended by itself (a depth limit, a forced line):
            // nothing to play; wait for the opponent or the next command.
            purpose => self.purpose = purpose.filter(|p| *p == Purpose::Analyze),
        }
    }

    fn end(&mut self) {
        self.halt();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ladya_core::score::{mate_in, mated_in};

    #[test]
    fn scores_and_claims() {
        assert_eq!(xboard_score(35), 35);
        assert_eq!(xboard_score(mate_in(3)), 100_002);
        assert_eq!(xboard_score(mated_in(2)), -100_001);
        assert_eq!(claim(Outcome::win(Side::Black, EndReason::Checkmate)), "0-1 {Black mates}");
        assert_eq!(claim(Outcome::draw(EndReason::Stalemate)), "1/2-1/2 {Stalemate}");
        assert_eq!(claim(Outcome::win(Side::White, EndReason::Stalemate)), "1-0 {Black is stalemated}");
        assert_eq!(claim(Outcome::draw(EndReason::Repetition)), "1/2-1/2 {Draw by repetition}");
        assert_eq!(claim(Outcome::win(Side::Black, EndReason::PerpetualChase)), "0-1 {White chases perpetually}");
    }

    #[test]
    fn level_times() {
        assert_eq!(parse_minutes("5"), Some(Duration::from_secs(300)));
        assert_eq!(parse_minutes("0:30"), Some(Duration::from_secs(30)));
        assert_eq!(parse_minutes("x"), None);
        assert_eq!(parse_seconds("0.5"), Some(Duration::from_millis(500)));
        assert_eq!(parse_seconds("-1"), None);
        for bad in ["1e300", "inf", "NaN", "-0.5"] {
            assert_eq!(parse_seconds(bad), None, "{bad}");
        }
        for bad in ["inf", "1e20", "99999999999999999999:00", "-1"] {
            assert_eq!(parse_minutes(bad), None, "{bad}");
        }
        assert_eq!(parse_centiseconds("-100"), Some(Duration::ZERO));
        assert_eq!(parse_centiseconds("1844674407370955162"), Some(Duration::from_millis(u64::MAX)));
        assert_eq!(parse_centiseconds("6000"), Some(Duration::from_secs(60)));
        assert_eq!(parse_centiseconds("soon"), None);
    }
}
