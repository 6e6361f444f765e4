//! UCCI, the Chinese chess engine protocol, for xiangqi GUIs.

use std::sync::mpsc::Sender;
use std::time::Duration;

use ladya_core::score::{MATE_BOUND, mate_moves};
use ladya_search::{Clock, Limits, SearchOptions};

use crate::evaluation::{BUILT_IN, evaluation_for};
use crate::output::Output;
use crate::position::{Grammar, PositionCommand};
use crate::runner::{DEFAULT_HASH, Event, Flow, Frontend, Runner};
use crate::session::{Session, TextReport, TextResult, new_session};
use crate::strength;
use crate::text::time_units;
use ladya_games::Dialect;
use ladya_games::GameKind;
use ladya_games::clip;

/// Accept a draw offer when at least this far behind (centipawns, side to move's view).
const ACCEPT_DRAW_BELOW: i32 = -150;

/// The UCCI front end.
pub(crate) struct Ucci {
    out: Output,
    runner: Runner,
    session: Box<dyn Session>,
    options: SearchOptions,
    banned: Vec<String>,
    /// Times in milliseconds (`usemillisec`) rather than seconds.
    millis: bool,
    /// The opponent offered a draw with the running search's `go draw` or `ponderhit draw`.
    draw_offered: bool,
}

impl Ucci {
    pub(crate) fn new(out: Output, events: Sender<Event>, options: SearchOptions) -> Ucci {
        let ucci = Ucci {
            out,
            runner: Runner::new(events),
            session: new_session(GameKind::Xiangqi, Dialect::Ucci),
            options,
            banned: Vec::new(),
            millis: false,
            draw_offered: false,
        };
        ucci.identify();
        ucci
    }

    fn identify(&self) {
        let out = &self.out;
        out.line(format!("id name Ladya {}", env!("CARGO_PKG_VERSION")));
        out.line("id copyright the Ladya developers");
        out.line("id author the Ladya developers");
        out.line("option usemillisec type check default false");
        out.line("option ponder type check default false");
        out.line(format!("option hashsize type spin min 1 max 65536 default {DEFAULT_HASH}"));
        out.line("option threads type spin min 1 max 256 default 1");
        out.line("option newgame type button");
        out.line(format!("option evalfile type string default {BUILT_IN}"));
        for line in strength::declarations(Dialect::Ucci) {
            out.line(line);
        }
        out.line("ucciok");
    }

    fn error(&self, message: impl AsRef<str>) {
        self.out.line(format!("info error {}", clip(message.as_ref())));
    }

    fn finish_search(&mut self) {
        if let Some(result) = self.runner.stop_and_wait() {
            self.print_bestmove(&result);
        }
    }

    fn print_bestmove(&self, result: &TextResult) {
        let Some(best) = &result.best else {
            return self.out.line("nobestmove");
        };
        let mut line = format!("bestmove {best}");
        if let Some(ponder) = &result.ponder {
            line += &format!(" ponder {ponder}");
        }
        if result.score <= -MATE_BOUND {
            line += " resign";
        } else if self.draw_offered && result.score <= ACCEPT_DRAW_BELOW {
            line += " draw";
        }
        self.out.line(line);
    }

    /// A time in the unit `usemillisec` chose, read by [`time_units`].
    fn time(&self, text: &str) -> Option<Duration> {
        let value = time_units(text)?;
        Some(if self.millis { Duration::from_millis(value) } else { Duration::from_secs(value) })
    }

    fn set_option(&mut self, words: &[&str]) {
        let (name, value) = match words {
            [name] => (*name, ""),
            [name, value, ..] => (*name, *value),
            [] => return self.error("expected 'setoption NAME [VALUE]'"),
        };
        self.finish_search();
        // `Skill Level` has a space: its value is the word after `Level`.
        let (name, value) = match words {
            [skill, level, value, ..] if skill.eq_ignore_ascii_case("skill") && level.eq_ignore_ascii_case("level") => {
                ("Skill Level", *value)
            }
            _ => (name, value),
        };
        if let Some(taken) = self.runner.strength.set(name, value) {
            return taken.unwrap_or_else(|e| self.error(e));
        }
        let on = matches!(value, "true" | "on");
        match name {
            "usemillisec" => self.millis = on,
            "ponder" | "batch" | "debug" | "usebook" | "bookfiles" | "promotion" | "style" | "idle" => {}
            "hashsize" => match value.parse() {
                Ok(mb) if (1..=65_536).contains(&mb) => {
                    if let Err(e) = self.runner.resize(mb) {
                        self.error(format!("hashsize: {e}"));
                    }
                }
                _ => self.error(format!("hashsize must be 1 to 65536, not '{value}'")),
            },
            "threads" => match value.parse() {
                Ok(n) if (1..=256).contains(&n) => self.options.threads = n,
                _ => self.error(format!("threads must be 1 to 256, not '{value}'")),
            },
            "evalfile" => match evaluation_for(&words[1..].join(" "), self.session.game()) {
                Ok(evaluation) => self.options.evaluation = evaluation,
                Err(e) => self.error(format!("evalfile: {e}")),
            },
            "newgame" => {
                self.runner.tt.clear();
                let _ = self.session.reset(None);
            }
            other => self.error(format!("unknown option '{other}'")),
        }
    }

    fn set_position(&mut self, words: &[&str]) {
        self.finish_search();
        self.banned.clear();
        match PositionCommand::parse(words, Grammar::Ucci).and_then(|p| p.set_up(self.session.as_ref())) {
            Ok(next) => self.session = next,
            Err(e) => self.error(e),
        }
    }

    /// `banmoves`: every legal move of the list is banned; each bad one is reported and
    /// passed over, so one typo does not lift the other bans.
    fn ban(&mut self, moves: &[&str]) {
        self.banned.clear();
        for &text in moves {
            match self.session.move_codes(&[text]) {
                Ok(_) => self.banned.push(text.to_string()),
                Err(e) => self.error(format!("banmoves: {e}; '{text}' is not banned")),
            }
        }
    }

    fn go(&mut self, words: &[&str]) {
        self.finish_search();
        let mut limits = Limits::default();
        let mut clock = Clock::default();
        let mut timed = false;
        let mut ponder = false;
        self.draw_offered = false;
        let mut i = 0;
        while i < words.len() {
            let arg = words.get(i + 1).copied().unwrap_or("");
            let ok = match words[i] {
                "ponder" => {
                    ponder = true;
                    i += 1;
                    continue;
                }
                "draw" => {
                    self.draw_offered = true;
                    i += 1;
                    continue;
                }
                "depth" if arg == "infinite" => {
                    limits.infinite = true;
                    true
                }
                "depth" => arg.parse().map(|d| limits.depth = Some(d)).is_ok(),
                "nodes" => arg.parse().map(|n| limits.nodes = Some(n)).is_ok(),
                "time" => self
                    .time(arg)
                    .map(|t| {
                        clock.time_left = t;
                        timed = true;
                    })
                    .is_some(),
                "increment" => self.time(arg).map(|t| clock.increment = t).is_some(),
                "movestogo" => arg.parse().map(|n| clock.moves_to_go = Some(n)).is_ok(),
                "opptime" | "oppmovestogo" | "oppincrement" => true,
                other => {
                    // Reported and passed over: a `go` always gets its `bestmove`.
                    self.error(format!("unknown go parameter '{other}'"));
                    i += 1;
                    continue;
                }
            };
            if !ok {
                self.error(format!("bad value '{arg}' for '{}'", words[i]));
            }
            i += 2;
        }
        if timed {
            limits.clock = Some(clock);
        }
        let banned: Vec<&str> = self.banned.iter().map(String::as_str).collect();
        match self.session.move_codes(&banned) {
            Ok(codes) => limits.banned_moves = codes,
            Err(e) => self.error(format!("banmoves: {e}; searching every move")),
        }
        let out = self.out.clone();
        let report = Box::new(move |r: &TextReport| {
            if r.bound.is_none() && r.multipv == 1 {
                let score = match mate_moves(r.score) {
                    // UCCI has no mate syntax; GUIs read large scores as mates.
                    Some(m) if m > 0 => 30_000 - m,
                    Some(m) => -30_000 - m,
                    None => r.score,
                };
                out.line(format!("info depth {} score {score} pv {}", r.depth, r.pv.join(" ")));
                out.line(format!("info nodes {} time {}", r.nodes, r.time.as_millis()));
            }
        });
        self.runner.start(self.session.as_ref(), limits, self.options.clone(), ponder, report);
    }
}

impl Frontend for Ucci {
    fn line(&mut self, text: &str) -> Flow {
        let words: Vec<&str> = text.split_whitespace().collect();
        let Some((&command, args)) = words.split_first() else { return Flow::Continue };
        match command {
            "ucci" => self.identify(),
            "isready" => self.out.line("readyok"),
            "setoption" => self.set_option(args),
            "position" => self.set_position(args),
            "banmoves" => self.ban(args),
            "go" => self.go(args),
            "stop" => self.runner.control.stop(),
            "ponderhit" => {
                if args.first() == Some(&"draw") {
                    self.draw_offered = true;
                }
                self.runner.control.ponderhit();
            }
            "probe" => {}
            "quit" => {
                self.finish_search();
                self.out.line("bye");
                return Flow::Quit;
            }
            other => self.error(format!("unknown command '{other}'")),
        }
        Flow::Continue
    }

    fn search_finished(&mut self, id: u64) {
        if let Some(result) = self.runner.collect(id) {
            self.print_bestmove(&result);
        }
    }

    fn end(&mut self) {
        self.finish_search();
    }
}
