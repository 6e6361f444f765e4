//! An engine as the match sees it: how it is given on the command line ([`EngineSpec`],
//! cutechess-cli's `cmd=PATH proto=uci name=N option.Hash=16 ...`) and the dialog with it in
//! UCI, XBoard or UCCI ([`Engine`]): the handshake, a new game, and a move asked for under a
//! time limit.

use std::path::PathBuf;
use std::str::FromStr;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use ladya_games::{Dialect, GameKind};

use crate::clock::{ClockRule, Limits, OwnLimits, SideClock};
use crate::process::{EngineProcess, ProcessError};

/// How long an engine may take to start, to answer `isready` or `ping`, and to set up a game.
const SETUP_TIME: Duration = Duration::from_secs(10);

/// How long an XBoard engine may take to list its features before it is taken to have none
/// (XBoard itself waits 2 s, unless the engine says `done=0`; a loaded machine needs more).
const FEATURE_TIME: Duration = Duration::from_secs(5);

/// An engine protocol.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI (xiangqi moves with ranks 1-10, as Fairy-Stockfish, unless `ranks=0`).
    Uci,
    /// XBoard / CECP version 2.
    Xboard,
    /// UCCI, xiangqi only.
    Ucci,
}

impl Protocol {
    /// How moves are written to and read from an engine of this protocol.
    pub fn dialect(self) -> Dialect {
        match self {
            Protocol::Uci => Dialect::Uci,
            Protocol::Xboard => Dialect::Xboard,
            Protocol::Ucci => Dialect::Ucci,
        }
    }
}

impl FromStr for Protocol {
    type Err = SpecError;

    fn from_str(text: &str) -> Result<Protocol, SpecError> {
        match text {
            "uci" => Ok(Protocol::Uci),
            "xboard" | "cecp" => Ok(Protocol::Xboard),
            "ucci" => Ok(Protocol::Ucci),
            _ => Err(SpecError(format!("unknown protocol '{text}' (uci, xboard or ucci)"))),
        }
    }
}

/// A bad engine description.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

/// An engine as given on the command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name in results and PGN.
    pub name: String,
    /// The program.
    pub program: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// The directory it runs in, if not the current one.
    pub dir: Option<PathBuf>,
    /// Its protocol.
    pub protocol: Protocol,
    /// Options set at start, by name.
    pub options: Vec<(String, String)>,
    /// Its own limits, replacing the match's.
    pub limits: OwnLimits,
    /// `ranks=0|1`: the number of xiangqi's first rank in its moves, if not its protocol's
    /// (UCI 1, as Fairy-Stockfish; XBoard and UCCI 0). Pikafish speaks UCI with ranks 0-9.
    pub ranks: Option<u8>,
}

impl EngineSpec {
    /// Reads cutechess-cli's `KEY=VALUE` settings: `cmd=` (the program, with arguments after
    /// spaces unless the whole text names a file; `ladya` is the running program itself),
    /// `arg=` (one more argument), `proto=uci|xboard|ucci`, `name=`, `dir=` and
    /// `option.NAME=VALUE`, the engine's own limits `tc=`, `st=` (seconds), `nodes=` and
    /// `depth=`, and `ranks=0|1` (xiangqi's rank numbers in its moves). A later setting of the
    /// same key wins, so common settings (`--each`) go first.
    ///
    /// # Errors
    /// An unknown key, a setting without `=`, a bad protocol or rank number (ranks 1-10 outside
    /// UCI), or no `cmd`.
    pub fn parse(settings: &[String]) -> Result<EngineSpec, SpecError> {
        let mut command = None;
        let mut extra_args = Vec::new();
        let mut protocol = Protocol::Uci;
        let mut name = None;
        let mut dir = None;
        let mut options: Vec<(String, String)> = Vec::new();
        let mut limits = OwnLimits::default();
        let mut ranks = None;
        for setting in settings {
            let Some((key, value)) = setting.split_once('=') else {
                return Err(SpecError(format!("engine setting '{setting}' is not KEY=VALUE")));
            };
            match key {
                "cmd" => command = Some(value.to_string()),
                "arg" => extra_args.push(value.to_string()),
                "proto" => protocol = value.parse()?,
                "name" => name = Some(value.to_string()),
                "dir" => dir = Some(PathBuf::from(value)),
                "tc" => {
                    limits.clock =
                        Some(value.parse().map_err(|e: crate::clock::BadTimeControl| SpecError(e.to_string()))?)
                }
                "st" => limits.clock = Some(ClockRule::per_move(value).map_err(|e| SpecError(e.to_string()))?),
                "nodes" => limits.nodes = Some(value.parse().map_err(|_| SpecError(format!("bad nodes '{value}'")))?),
                "depth" => limits.depth = Some(value.parse().map_err(|_| SpecError(format!("bad depth '{value}'")))?),
                "ranks" => {
                    ranks = match value {
                        "0" => Some(0),
                        "1" => Some(1),
                        _ => {
                            return Err(SpecError(format!(
                                "ranks must be 0 or 1 (xiangqi ranks numbered 0-9 or 1-10), not '{value}'"
                            )));
                        }
                    }
                }
                _ => match key.strip_prefix("option.") {
                    Some(option) if !option.is_empty() => {
                        options.retain(|(n, _)| n != option);
                        options.push((option.to_string(), value.to_string()));
                    }
                    _ => {
                        return Err(SpecError(format!(
                            "unknown engine setting '{key}' (cmd, arg, proto, name, dir, option.NAME, tc, st, nodes, depth, ranks)"
                        )));
                    }
                },
            }
        }
        if ranks == Some(1) && protocol != Protocol::Uci {
            return Err(SpecError("ranks=1 is for UCI engines: XBoard and UCCI number xiangqi's ranks 0-9".into()));
        }
        let command =
            command.filter(|c| !c.trim().is_empty()).ok_or_else(|| SpecError("an engine needs cmd=PATH".into()))?;
        let mut words: Vec<String> = if std::path::Path::new(&command).is_file() {
            vec![command.clone()]
        } else {
            command.split_whitespace().map(str::to_string).collect()
        };
        let first = words.remove(0);
        let program = if first == "ladya" {
            std::env::current_exe()
                .map_err(|e| SpecError(format!("cmd=ladya: cannot find the running program: {e}")))?
        } else {
            PathBuf::from(&first)
        };
        words.extend(extra_args);
        let name = name.unwrap_or_else(|| {
            std::path::Path::new(&first).file_stem().map_or(first.clone(), |s| s.to_string_lossy().into_owned())
        });
        Ok(EngineSpec { name, program, args: words, dir, protocol, options, limits, ranks })
    }

    /// How moves are written to and read from this engine: its protocol's dialect, with
    /// xiangqi's ranks 0-9 under UCI when `ranks=0`.
    pub fn dialect(&self) -> Dialect {
        match (self.protocol, self.ranks) {
            (Protocol::Uci, Some(0)) => Dialect::UciRanks0,
            (protocol, _) => protocol.dialect(),
        }
    }
}

/// What goes wrong in the dialog with an engine.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EngineError {
    /// The process failed: it could not start, exited, or did not answer.
    #[error(transparent)]
    Process(#[from] ProcessError),
    /// The engine cannot play this game or this time control.
    #[error("{0}")]
    Unable(String),
}

pub use ladya_games::adjudication::{Eval, MATE_SCORE};

/// What an engine did when asked to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// It played this move (not yet checked).
    Move(String),
    /// It resigned (XBoard `resign`, UCCI `bestmove ... resign` or `nobestmove`).
    Resign(String),
    /// It claimed a result instead of moving (XBoard), with the claim.
    Claim(String),
    /// It refused a legal move sent to it (XBoard `Illegal move`), with its words.
    Refused(String),
    /// It gave no answer before its deadline.
    Timeout,
}

/// An engine's answer, the time it took, and its last reported score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// What it did.
    pub answer: Answer,
    /// From the `go` to the answer (to the deadline when there was none).
    pub used: Duration,
    /// Its last score, if it reported one.
    pub eval: Option<Eval>,
}

/// The position an engine is asked to move in.
pub struct MoveRequest<'a> {
    /// The position the game started from.
    pub start_fen: &'a str,
    /// Whether that is the game's standard start.
    pub standard_start: bool,
    /// The moves played since, in the engine's dialect.
    pub moves: &'a [String],
    /// The time limits.
    pub limits: &'a Limits,
    /// White's and Black's clocks (with a clock rule).
    pub clocks: [SideClock; 2],
    /// Whether White (Red) is to move.
    pub white_to_move: bool,
    /// How long the engine may take before it loses on time.
    pub allowed: Duration,
}

/// A running engine with its protocol state.
pub struct Engine {
    spec: Arc<EngineSpec>,
    game: GameKind,
    process: EngineProcess,
    /// XBoard: prefix moves with `usermove`.
    usermove: bool,
    /// XBoard: the engine answers `ping`.
    ping: bool,
    /// XBoard: the engine takes `setboard`.
    setboard: bool,
    /// UCCI: times in milliseconds (`usemillisec`) instead of seconds.
    millis: bool,
    /// The number of pings sent (XBoard).
    pings: u32,
    /// XBoard: the game's moves the engine already knows.
    known_moves: usize,
}

/// Reads the score and depth of a UCI or UCCI `info` line.
fn info_eval(line: &str, last: Option<Eval>) -> Option<Eval> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1));
    let depth = after("depth").and_then(|d| d.parse().ok()).or(last.map(|e| e.depth)).unwrap_or(0);
    let at = words.iter().position(|w| *w == "score")?;
    let score = match (words.get(at + 1), words.get(at + 2)) {
        (Some(&"cp"), Some(v)) => v.parse().ok()?,
        (Some(&"mate"), Some(v)) => {
            let n: i64 = v.parse::<i64>().ok()?.clamp(-999, 999);
            if n >= 0 { i64::from(MATE_SCORE) - n } else { -i64::from(MATE_SCORE) - n }
        }
        (Some(v), _) => v.parse().ok()?,
        _ => return None,
    };
    Some(Eval { score: clamp_score(score), depth })
}

/// A score an engine reported, kept within ±[`MATE_SCORE`].
fn clamp_score(score: i64) -> i32 {
    score.clamp(-i64::from(MATE_SCORE), i64::from(MATE_SCORE)) as i32
}

/// Reads XBoard thinking output: `DEPTH SCORE TIME NODES PV...`.
fn xboard_eval(line: &str) -> Option<Eval> {
    let mut words = line.split_whitespace();
    let depth = words.next()?.trim_end_matches(['.', '&']).parse().ok()?;
    let score: i64 = words.next()?.parse().ok()?;
    let _time: i64 = words.next()?.parse().ok()?;
    // XBoard engines write a mate in n moves as 100000 + n (or the negative).
    let score = if score.abs() > 99_000 {
        score.signum() * (i64::from(MATE_SCORE) - (score.abs() - 100_000) / 2)
    } else {
        score
    };
    Some(Eval { score: clamp_score(score), depth })
}

/// An option a UCI or UCCI engine declared in its handshake: `[name] NAME type TYPE [default
/// D] [min A] [max B] [var V]...`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct OfferedOption {
    name: String,
    kind: String,
    min: Option<i64>,
    max: Option<i64>,
    vars: Vec<String>,
}

impl OfferedOption {
    /// Reads the words after `option `.
    fn parse(rest: &str) -> OfferedOption {
        let rest = rest.trim_start_matches("name ");
        let (name, after) = rest.split_once(" type ").unwrap_or((rest, ""));
        let mut words = after.split_whitespace();
        let kind = words.next().unwrap_or_default().to_ascii_lowercase();
        // Each keyword's words, up to the next keyword (a combo's choices may have spaces).
        let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
        for word in words {
            match (word, fields.last_mut()) {
                ("default" | "min" | "max" | "var", _) => fields.push((word, Vec::new())),
                (_, Some((_, value))) => value.push(word),
                (_, None) => {}
            }
        }
        let number = |key| fields.iter().rev().find(|(k, _)| *k == key).and_then(|(_, v)| v.join(" ").parse().ok());
        let vars = fields.iter().filter(|(k, _)| *k == "var").map(|(_, v)| v.join(" ")).collect();
        OfferedOption { name: name.trim().to_string(), kind, min: number("min"), max: number("max"), vars }
    }

    /// Whether the engine can take `value` for this option: a whole number within the bounds
    /// of a spin, `true` or `false` for a check, one of a combo's choices.
    fn check(&self, value: &str) -> Result<(), String> {
        match self.kind.as_str() {
            "spin" => {
                let bounds = match (self.min, self.max) {
                    (Some(min), Some(max)) => format!(" from {min} to {max}"),
                    _ => String::new(),
                };
                let within = value
                    .parse::<i64>()
                    .is_ok_and(|n| self.min.is_none_or(|min| n >= min) && self.max.is_none_or(|max| n <= max));
                if within { Ok(()) } else { Err(format!("the engine's {} takes a whole number{bounds}", self.name)) }
            }
            "check" if !matches!(value, "true" | "false") => {
                Err(format!("the engine's {} takes true or false", self.name))
            }
            "combo" if !self.vars.is_empty() && !self.vars.iter().any(|v| v.eq_ignore_ascii_case(value)) => {
                Err(format!("the engine's {} takes one of {}", self.name, self.vars.join(", ")))
            }
            _ => Ok(()),
        }
    }
}

/// Whether a UCI or UCCI engine's line refuses something it was sent: `info string error ...`
/// (Ladya), `No such option: ...` (Stockfish, Pikafish) or `Unknown option ...`.
fn is_complaint(line: &str) -> bool {
    let line = line.to_ascii_lowercase();
    line.starts_with("info string error") || line.starts_with("no such option") || line.starts_with("unknown option")
}

/// Milliseconds, at least 1 (engines read 0 as "no time").
fn millis(time: Duration) -> u128 {
    time.as_millis().max(1)
}

impl Engine {
    /// Starts the engine and does the protocol's handshake for `game`; `stop` ends its waits
    /// when the match stops.
    ///
    /// # Errors
    /// The engine cannot be started, does not finish the handshake in time, or cannot play
    /// `game`.
    pub fn start(spec: Arc<EngineSpec>, game: GameKind, stop: Arc<AtomicBool>) -> Result<Engine, EngineError> {
        if spec.protocol == Protocol::Ucci && game != GameKind::Xiangqi {
            return Err(EngineError::Unable("UCCI is for xiangqi only".to_string()));
        }
        if spec.ranks == Some(0) && game != GameKind::Xiangqi {
            return Err(EngineError::Unable(format!(
                "ranks=0 is for xiangqi: {} numbers its ranks from 1",
                game.name()
            )));
        }
        let process = EngineProcess::spawn(&spec.program, &spec.args, spec.dir.as_deref(), stop)?;
        let mut engine = Engine {
            spec,
            game,
            process,
            usermove: false,
            ping: false,
            setboard: false,
            millis: false,
            pings: 0,
            known_moves: 0,
        };
        match engine.spec.protocol {
            Protocol::Uci | Protocol::Ucci => engine.uci_handshake()?,
            Protocol::Xboard => engine.xboard_handshake()?,
        }
        Ok(engine)
    }

    /// The engine's description.
    pub fn spec(&self) -> &EngineSpec {
        &self.spec
    }

    /// The engine's last lines of output, for the record.
    pub fn last_words(&self) -> String {
        self.process.last_words()
    }

    /// Asks the engine to quit and ends its process.
    pub fn quit(self) {
        self.process.quit("quit");
    }

    fn send(&mut self, line: &str) -> Result<(), EngineError> {
        Ok(self.process.send(line)?)
    }

    fn uci_handshake(&mut self) -> Result<(), EngineError> {
        let ucci = self.spec.protocol == Protocol::Ucci;
        self.send(if ucci { "ucci" } else { "uci" })?;
        let deadline = Instant::now() + SETUP_TIME;
        let done = if ucci { "ucciok" } else { "uciok" };
        let mut offered = Vec::new();
        loop {
            let (_, line) = self.process.read_line(deadline)?;
            let line = line.trim();
            if line == done {
                break;
            }
            if let Some(rest) = line.strip_prefix("option ") {
                offered.push(OfferedOption::parse(rest));
            }
        }
        for (name, value) in &self.spec.options {
            let Some(option) = offered.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
                let names: Vec<&str> = offered.iter().map(|o| o.name.as_str()).collect();
                return Err(EngineError::Unable(format!(
                    "option.{name}: the engine has no such option (it has: {})",
                    if names.is_empty() { "none".to_string() } else { names.join(", ") }
                )));
            };
            option.check(value).map_err(|why| EngineError::Unable(format!("option.{name}={value}: {why}")))?;
        }
        let offered: Vec<String> = offered.into_iter().map(|o| o.name.to_ascii_lowercase()).collect();
        let mut options = self.spec.options.clone();
        if ucci {
            if offered.iter().any(|o| o == "usemillisec") {
                self.millis = true;
                options.insert(0, ("usemillisec".into(), "true".into()));
            }
        } else if offered.iter().any(|o| o == "uci_variant") {
            // An engine without the option plays its one game (Pikafish: xiangqi).
            options.insert(0, ("UCI_Variant".into(), self.game.name().into()));
        }
        for (name, value) in options {
            let line = match (ucci, value.is_empty()) {
                (true, true) => format!("setoption {name}"),
                (true, false) => format!("setoption {name} {value}"),
                (false, true) => format!("setoption name {name}"),
                (false, false) => format!("setoption name {name} value {value}"),
            };
            self.send(&line)?;
        }
        // Whatever the engine says against its options before `readyok` ends the handshake.
        self.send("isready")?;
        let deadline = Instant::now() + SETUP_TIME;
        let answer = self.process.read_until(deadline, |l| l == "readyok" || is_complaint(l))?;
        if answer.trim() == "readyok" {
            Ok(())
        } else {
            Err(EngineError::Unable(format!("it answered its options with '{}'", answer.trim())))
        }
    }

    /// The engine's next line and when it came, or `None` if none came before `deadline`.
    fn line_before(&mut self, deadline: Instant) -> Result<Option<(Instant, String)>, EngineError> {
        match self.process.read_line(deadline) {
            Ok(read) => Ok(Some(read)),
            Err(ProcessError::Timeout) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    fn xboard_handshake(&mut self) -> Result<(), EngineError> {
        self.send("xboard")?;
        self.send("protover 2")?;
        let mut deadline = Instant::now() + FEATURE_TIME;
        let mut variants = None;
        while let Some((_, line)) = self.line_before(deadline)? {
            let Some(features) = line.trim().strip_prefix("feature ") else { continue };
            let mut done = None;
            for (name, value) in xboard_features(features) {
                match name.as_str() {
                    "usermove" => self.usermove = value == "1",
                    "ping" => self.ping = value == "1",
                    "setboard" => self.setboard = value == "1",
                    "variants" => variants = Some(value.clone()),
                    "done" => done = Some(value == "1"),
                    _ => {}
                }
                let verdict = if name == "san" && value == "1" { "rejected" } else { "accepted" };
                self.send(&format!("{verdict} {name}"))?;
            }
            match done {
                Some(true) => break,
                Some(false) => deadline = Instant::now() + SETUP_TIME,
                None => {}
            }
        }
        if self.game != GameKind::Chess {
            let wanted = self.game.name();
            if !variants.as_deref().is_some_and(|v| v.split(',').any(|v| v.trim() == wanted)) {
                return Err(EngineError::Unable(format!(
                    "it does not list the variant {wanted} (feature variants=\"{}\")",
                    variants.unwrap_or_default()
                )));
            }
        }
        for (name, value) in self.spec.options.clone() {
            self.send(&if value.is_empty() { format!("option {name}") } else { format!("option {name}={value}") })?;
        }
        self.sync()
    }

    /// Waits until the engine has read everything sent so far (`isready`, or XBoard's `ping`
    /// when it has it), dropping its output on the way: late or unsolicited moves included.
    fn sync(&mut self) -> Result<(), EngineError> {
        let deadline = Instant::now() + SETUP_TIME;
        match self.spec.protocol {
            Protocol::Uci | Protocol::Ucci => {
                self.send("isready")?;
                self.process.read_until(deadline, |l| l == "readyok")?;
            }
            Protocol::Xboard if self.ping => {
                self.pings += 1;
                let pong = format!("pong {}", self.pings);
                self.send(&format!("ping {}", self.pings))?;
                self.process.read_until(deadline, |l| l == pong)?;
            }
            Protocol::Xboard => {}
        }
        Ok(())
    }

    /// Sets the engine up for a new game under `limits`.
    ///
    /// # Errors
    /// The engine failed, or cannot play under these limits.
    pub fn new_game(&mut self, limits: &Limits) -> Result<(), EngineError> {
        match self.spec.protocol {
            Protocol::Uci => self.send("ucinewgame")?,
            Protocol::Ucci => {}
            Protocol::Xboard => {
                if limits.nodes.is_some() {
                    return Err(EngineError::Unable(format!("{}: XBoard engines take no node limit", self.spec.name)));
                }
                self.send("new")?;
                if self.game != GameKind::Chess {
                    self.send(&format!("variant {}", self.game.name()))?;
                }
                self.send("force")?;
                self.send("post")?;
                match limits.clock {
                    Some(ClockRule::Session { moves, base, increment }) => {
                        let seconds = base.as_secs().max(1);
                        let increment = format!("{:.3}", increment.as_secs_f64());
                        let increment = increment.trim_end_matches('0').trim_end_matches('.');
                        self.send(&format!(
                            "level {} {}:{:02} {increment}",
                            moves.unwrap_or(0),
                            seconds / 60,
                            seconds % 60
                        ))?;
                    }
                    Some(ClockRule::PerMove(time)) => {
                        self.send(&format!("st {}", time.as_secs_f64().ceil().max(1.0)))?
                    }
                    None => {}
                }
                if let Some(depth) = limits.depth {
                    self.send(&format!("sd {depth}"))?;
                }
                self.known_moves = 0;
            }
        }
        self.sync()
    }

    /// Asks for a move and waits for it until `request.allowed` has passed. The position is
    /// sent and the engine synchronised (`isready`, `ping`) before the `go`, so that whatever
    /// it said before, such as an unsolicited `bestmove`, is not taken for its answer.
    ///
    /// # Errors
    /// The engine failed (exited, or did not answer `isready`), or cannot set up the position.
    pub fn think(&mut self, request: &MoveRequest) -> Result<Reply, EngineError> {
        match self.spec.protocol {
            Protocol::Uci | Protocol::Ucci => self.think_uci(request),
            Protocol::Xboard => self.think_xboard(request),
        }
    }

    fn position_line(request: &MoveRequest) -> String {
        let mut line = if request.standard_start {
            "position startpos".to_string()
        } else {
            format!("position fen {}", request.start_fen)
        };
        if !request.moves.is_empty() {
            line += " moves ";
            line += &request.moves.join(" ");
        }
        line
    }

    fn go_line(&self, request: &MoveRequest) -> String {
        let limits = request.limits;
        let ucci = self.spec.protocol == Protocol::Ucci;
        let mut go = "go".to_string();
        let units = |t: Duration| if !ucci || self.millis { millis(t) } else { t.as_secs().max(1).into() };
        match limits.clock {
            Some(ClockRule::PerMove(time)) if ucci => go += &format!(" time {} movestogo 1", units(time)),
            Some(ClockRule::PerMove(time)) => go += &format!(" movetime {}", millis(time)),
            Some(ClockRule::Session { increment, .. }) => {
                let [white, black] = request.clocks;
                if ucci {
                    let (own, other) = if request.white_to_move { (white, black) } else { (black, white) };
                    go += &format!(
                        " time {} increment {} opptime {}",
                        units(own.left()),
                        units(increment),
                        units(other.left())
                    );
                } else {
                    let inc = increment.as_millis();
                    go += &format!(
                        " wtime {} btime {} winc {inc} binc {inc}",
                        millis(white.left()),
                        millis(black.left())
                    );
                }
                let own = if request.white_to_move { white } else { black };
                if let Some(n) = own.moves_to_go() {
                    go += &format!(" movestogo {n}");
                }
            }
            None => {}
        }
        if !(ucci && limits.clock.is_some()) {
            if let Some(depth) = limits.depth {
                go += &format!(" depth {depth}");
            }
            if let Some(nodes) = limits.nodes {
                go += &format!(" nodes {nodes}");
            }
        }
        go
    }

    fn think_uci(&mut self, request: &MoveRequest) -> Result<Reply, EngineError> {
        self.send(&Self::position_line(request))?;
        self.sync()?;
        let go = self.go_line(request);
        self.send(&go)?;
        let started = Instant::now();
        let deadline = started + request.allowed;
        let mut eval = None;
        loop {
            let Some((at, line)) = self.line_before(deadline)? else {
                return Ok(Reply { answer: Answer::Timeout, used: started.elapsed(), eval });
            };
            let used = at.saturating_duration_since(started);
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["info", ..] => eval = info_eval(&line, eval).or(eval),
                ["nobestmove", ..] => return Ok(Reply { answer: Answer::Resign(line.trim().into()), used, eval }),
                ["bestmove", rest @ ..] => {
                    let answer = match rest {
                        [.., "resign"] => Answer::Resign(line.trim().into()),
                        [best, ..] => Answer::Move((*best).to_string()),
                        [] => Answer::Move(String::new()),
                    };
                    return Ok(Reply { answer, used, eval });
                }
                _ => {}
            }
        }
    }

    fn think_xboard(&mut self, request: &MoveRequest) -> Result<Reply, EngineError> {
        if self.known_moves == 0 && !request.standard_start {
            if !self.setboard {
                return Err(EngineError::Unable(format!(
                    "{} cannot set up a position (no setboard): give it openings as moves from the start (PGN)",
                    self.spec.name
                )));
            }
            self.send(&format!("setboard {}", request.start_fen))?;
        }
        let new_moves = request.moves.get(self.known_moves..).unwrap_or_default().to_vec();
        for m in &new_moves {
            self.send(&if self.usermove { format!("usermove {m}") } else { m.clone() })?;
        }
        self.known_moves = request.moves.len();
        if self.ping {
            // Synchronise, and catch a refusal of the moves just sent.
            self.pings += 1;
            let pong = format!("pong {}", self.pings);
            self.send(&format!("ping {}", self.pings))?;
            let deadline = Instant::now() + SETUP_TIME;
            let refusal = |line: &str| refuses(line, &new_moves);
            let line = self.process.read_until(deadline, |l| l == pong || refusal(l))?;
            if refusal(line.trim()) {
                return Ok(Reply { answer: Answer::Refused(line.trim().into()), used: Duration::ZERO, eval: None });
            }
        }
        if let Some(ClockRule::Session { .. }) = request.limits.clock {
            let [white, black] = request.clocks;
            let (own, other) = if request.white_to_move { (white, black) } else { (black, white) };
            self.send(&format!("time {}", own.left().as_millis() / 10))?;
            self.send(&format!("otim {}", other.left().as_millis() / 10))?;
        }
        self.send("go")?;
        let started = Instant::now();
        let deadline = started + request.allowed;
        let mut eval = None;
        let answer = loop {
            let Some((at, line)) = self.line_before(deadline)? else {
                return Ok(Reply { answer: Answer::Timeout, used: started.elapsed(), eval });
            };
            let used = at.saturating_duration_since(started);
            let text = line.trim();
            let words: Vec<&str> = text.split_whitespace().collect();
            let answer = match words.as_slice() {
                ["move", m, ..] => Answer::Move((*m).to_string()),
                ["resign", ..] | ["tellics", "resign", ..] => Answer::Resign(text.into()),
                [result, ..] if ["1-0", "0-1", "1/2-1/2"].contains(result) => Answer::Claim(text.into()),
                _ if refuses(text, &new_moves) => Answer::Refused(text.into()),
                _ => {
                    if let Some(e) = xboard_eval(text) {
                        eval = Some(e);
                    }
                    continue;
                }
            };
            break Reply { answer, used, eval };
        };
        self.send("force")?;
        if matches!(answer.answer, Answer::Move(_)) {
            self.known_moves += 1;
        }
        Ok(answer)
    }
}

/// Whether an XBoard line refuses one of the moves just sent (`Illegal move: e2e4`).
fn refuses(line: &str, sent: &[String]) -> bool {
    line.get(..7).is_some_and(|w| w.eq_ignore_ascii_case("illegal")) && sent.iter().any(|m| line.contains(m.as_str()))
}

/// The `NAME=VALUE` pairs of an XBoard `feature` line (values may be quoted).
fn xboard_features(text: &str) -> Vec<(String, String)> {
    let mut pairs = Vec::new();
    let mut rest = text.trim();
    while let Some((name, after)) = rest.split_once('=') {
        let name = name.trim().to_string();
        let (value, next) = match after.strip_prefix('"') {
            Some(quoted) => quoted.split_once('"').unwrap_or((quoted, "")),
            None => after.split_once(char::is_whitespace).unwrap_or((after, "")),
        };
        pairs.push((name, value.to_string()));
        rest = next.trim_start();
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn engine_settings_read_as_cutechess() {
        let spec = EngineSpec::parse(&words(
            "proto=uci option.Hash=8 cmd=/usr/games/maxqi proto=xboard option.Hash=16 name=MaxQi",
        ))
        .unwrap();
        assert_eq!(spec.program, PathBuf::from("/usr/games/maxqi"));
        assert_eq!((spec.protocol, spec.name.as_str()), (Protocol::Xboard, "MaxQi"));
        assert_eq!(spec.options, vec![("Hash".to_string(), "16".to_string())]);
        let spec = EngineSpec::parse(&["cmd=/bin/engine --without lmr".to_string(), "arg=-x".to_string()]).unwrap();
        assert_eq!((spec.name.as_str(), spec.args.clone()), ("engine", words("--without lmr -x")));
        let spec = EngineSpec::parse(&words("cmd=ladya")).unwrap();
        assert_eq!(spec.program, std::env::current_exe().unwrap());
        let spec = EngineSpec::parse(&words("cmd=x tc=40/60 depth=3 nodes=1000")).unwrap();
        assert_eq!(
            (spec.limits.clock.map(|c| c.to_string()), spec.limits.depth, spec.limits.nodes),
            (Some("40/60".into()), Some(3), Some(1000))
        );
        assert_eq!(
            EngineSpec::parse(&words("cmd=x st=0.5")).unwrap().limits.clock.map(|c| c.to_string()),
            Some("0.5/move".into())
        );
        for bad in
            ["name=x", "cmd=x proto=uxi", "cmd=x tc=fast", "cmd=x depth=-1", "cmd=x foo=1", "cmd=x option.=1", "cmd"]
        {
            assert!(EngineSpec::parse(&words(bad)).is_err(), "{bad}");
        }
    }

    #[test]
    fn xiangqi_ranks_per_engine() {
        let dialect = |text: &str| EngineSpec::parse(&words(text)).map(|s| s.dialect());
        assert_eq!(dialect("cmd=x"), Ok(Dialect::Uci));
        assert_eq!(dialect("cmd=x ranks=1"), Ok(Dialect::Uci));
        assert_eq!(dialect("cmd=pikafish ranks=0"), Ok(Dialect::UciRanks0));
        assert_eq!(dialect("ranks=0 cmd=x ranks=1"), Ok(Dialect::Uci));
        assert_eq!(dialect("cmd=x proto=ucci ranks=0"), Ok(Dialect::Ucci));
        assert_eq!(dialect("cmd=x proto=xboard"), Ok(Dialect::Xboard));
        for (bad, why) in [
            ("cmd=x ranks=2", "ranks must be 0 or 1"),
            ("cmd=x ranks=", "ranks must be 0 or 1"),
            ("cmd=x ranks=10", "ranks must be 0 or 1"),
            ("cmd=x proto=ucci ranks=1", "ranks=1 is for UCI engines"),
            ("cmd=x proto=xboard ranks=1", "ranks=1 is for UCI engines"),
        ] {
            let error = EngineSpec::parse(&words(bad)).unwrap_err().to_string();
            assert!(error.starts_with(why), "{bad}: {error}");
        }
    }

    #[test]
    fn scores_from_info_and_thinking_lines() {
        assert_eq!(
            info_eval("info depth 7 seldepth 9 score cp -35 nodes 10 pv e2e4", None),
            Some(Eval { score: -35, depth: 7 })
        );
        assert_eq!(
            info_eval("info depth 9 score mate 3 pv a1a2", None),
            Some(Eval { score: MATE_SCORE - 3, depth: 9 })
        );
        assert_eq!(info_eval("info depth 9 score mate -2", None), Some(Eval { score: -MATE_SCORE + 2, depth: 9 }));
        assert_eq!(info_eval("info depth 4 score 120 pv h2e2", None), Some(Eval { score: 120, depth: 4 }));
        assert_eq!(info_eval("info string hello", None), None);
        assert_eq!(xboard_eval("10 -23 104 20311 e2e4 e7e5"), Some(Eval { score: -23, depth: 10 }));
        assert_eq!(xboard_eval("move e2e4"), None);
        assert_eq!(xboard_eval("3 100003 5 100 e2e4"), Some(Eval { score: MATE_SCORE - 1, depth: 3 }));
        assert_eq!(
            info_eval("info depth 2 score mate -2147483648", None),
            Some(Eval { score: -MATE_SCORE + 999, depth: 2 })
        );
        assert_eq!(info_eval("info score cp 99999999999", None), Some(Eval { score: MATE_SCORE, depth: 0 }));
        assert_eq!(Eval { score: 35, depth: 12 }.to_string(), "+0.35/12");
        assert_eq!(Eval { score: -MATE_SCORE + 2, depth: 5 }.to_string(), "-M2/5");
    }

    #[test]
    fn xboard_feature_lines() {
        let pairs = xboard_features(r#"ping=1 myname="Fairy-Max 5.0b" variants="normal,xiangqi" done=1"#);
        let names: Vec<&str> = pairs.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names, ["ping", "myname", "variants", "done"]);
        assert_eq!(pairs[1].1, "Fairy-Max 5.0b");
    }
}
