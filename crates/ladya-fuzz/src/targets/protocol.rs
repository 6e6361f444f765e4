//! The protocol targets: scripts of UCI, XBoard or UCCI lines, grammatical and mutated, run
//! through the whole engine ([`ladya_protocol::run`]) over an in-memory reader and writer.

use std::io::{BufRead, Read, Write};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use ladya_protocol::{Output, run};
use ladya_search::SearchOptions;

use crate::games::{Subject, random_game, random_position};
use crate::mutate::mutate;
use crate::rng::Rng;
use ladya_games::{Dialect, EngineGame, GameKind, with_game};

/// The protocols.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI, for every game through `UCI_Variant`.
    Uci,
    /// XBoard (CECP), for every game through `variant`.
    Xboard,
    /// UCCI, for xiangqi.
    Ucci,
}

/// How long a script may run before it counts as a hang.
const HANG: Duration = Duration::from_secs(30);

/// How long the script waits, once all is sent, for the answers to its ending (as a GUI waits
/// for a move) before it closes the input.
const WAIT: Duration = Duration::from_secs(10);

/// The number the final `ping` of an XBoard script carries.
const LAST_PING: u32 = 424_242;

/// A writer whose bytes the check reads back.
#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).extend_from_slice(bytes);
        Ok(bytes.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A position of one of the games and moves from it, in the protocol's move form.
struct Line {
    fen: String,
    moves: Vec<String>,
}

fn line_of<G: Subject + EngineGame>(rng: &mut Rng, dialect: Dialect) -> Line {
    let mut pos = random_position::<G>(rng, G::SEEDS, |s| G::from_fen(s).ok());
    let fen = pos.fen();
    let plies = rng.below(12);
    let mut moves = Vec::new();
    for m in random_game(rng, &mut pos.clone(), plies) {
        moves.push(pos.dialect_move_text(m, dialect));
        pos.make(m);
    }
    Line { fen, moves }
}

fn random_line(rng: &mut Rng, game: GameKind, protocol: Protocol) -> Line {
    let dialect = match protocol {
        Protocol::Uci => Dialect::Uci,
        Protocol::Xboard => Dialect::Xboard,
        Protocol::Ucci => Dialect::Ucci,
    };
    with_game!(game, line_of(rng, dialect))
}

/// One grammatical line of `protocol` for `game` (which a `variant` line may change, making
/// later positions foreign: all the better).
fn grammar(rng: &mut Rng, protocol: Protocol, game: GameKind) -> String {
    let line = random_line(rng, game, protocol);
    let moves = line.moves.join(" ");
    let small = rng.range(1, 3);
    match protocol {
        Protocol::Uci => match rng.below(16) {
            0 => "isready".into(),
            1 => "ucinewgame".into(),
            2 => "stop".into(),
            3 => "ponderhit".into(),
            4 => "d".into(),
            5 => format!("go perft {}", rng.range(1, 2)),
            6 => format!(
                "setoption name {}",
                rng.pick(&[
                    "Hash value 1",
                    "Threads value 2",
                    "MultiPV value 3",
                    "Ponder value true",
                    "Move Overhead value 0",
                    "Clear Hash",
                    "UCI_Variant value xiangqi",
                    "UCI_Variant value ugolki",
                    "UCI_Variant value chess",
                    "UCI_Chess960 value true",
                ])
            ),
            7 => format!("position startpos moves {moves}"),
            8 | 9 => format!("position fen {} moves {moves}", line.fen),
            10 => format!("go depth {small}"),
            11 => format!("go nodes {}", rng.range(1, 2000)),
            12 => format!("go movetime {}", rng.range(1, 20)),
            13 => format!("go wtime {} btime {} winc 1 binc 1 movestogo 5", rng.range(0, 200), rng.range(0, 200)),
            14 => format!("go searchmoves {} depth {small}", line.moves.first().map_or("e2e4", String::as_str)),
            _ => rng.pick(&["go infinite", "go ponder depth 2", "go mate 1", "go depth 2 nodes 300"]).to_string(),
        },
        Protocol::Xboard => match rng.below(16) {
            0 => "new".into(),
            1 => "force".into(),
            2 => format!("variant {}", rng.pick(&["normal", "fischerandom", "xiangqi", "ugolki"])),
            3 => format!("setboard {}", line.fen),
            4 => format!("usermove {}", line.moves.first().map_or("e2e4", String::as_str)),
            5 => line.moves.first().cloned().unwrap_or_default(),
            6 => format!("sd {small}"),
            7 => format!("st {}", rng.pick(&["0.01", "0.02", "1"])),
            8 => format!("level 40 0:0{} 0", rng.range(1, 2)),
            9 => format!("time {}", rng.range(0, 100)),
            10 => format!("otim {}", rng.range(0, 100)),
            11 => "go".into(),
            12 => format!("ping {}", rng.range(1, 100)),
            13 => rng.pick(&["undo", "remove", "post", "nopost", "hard", "easy", "?", "hint", "cores 2"]).to_string(),
            14 => {
                rng.pick(&["analyze", "exit", ".", "playother", "result 1-0 {x}", "protover 2", "memory 1"]).to_string()
            }
            _ => format!("usermove {moves}"),
        },
        Protocol::Ucci => match rng.below(12) {
            0 => "isready".into(),
            1 => "stop".into(),
            2 => "ponderhit".into(),
            3 => format!("setoption {}", rng.pick(&["hashsize 1", "threads 2", "newgame", "usemillisec true"])),
            4 => format!("position startpos moves {moves}"),
            5 | 6 => format!("position fen {} moves {moves}", line.fen),
            7 => format!("banmoves {moves}"),
            8 => format!("go depth {small}"),
            9 => format!("go nodes {}", rng.range(1, 2000)),
            10 => format!("go time {} increment 1 movestogo 3", rng.range(1, 200)),
            _ => rng.pick(&["go ponder depth 2", "go draw depth 1", "probe", "go depth infinite"]).to_string(),
        },
    }
}

/// Lines a mutation may not produce: they would only make the run slow or big (a deep perft,
/// a gigabyte table, a benchmark), which is no bug.
fn costly(line: &[u8]) -> bool {
    let line = String::from_utf8_lossy(line).to_lowercase();
    ["perft", "hash", "memory", "bench"].iter().any(|w| line.contains(w))
}

/// The first word of a line, as the protocols split it.
fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// A script: the protocol's first command, 5 to 30 lines of which a third are mutated, then a
/// fixed ending the check expects answers to.
pub fn generate(rng: &mut Rng, protocol: Protocol) -> Vec<u8> {
    let game = match protocol {
        Protocol::Ucci => GameKind::Xiangqi,
        _ => *rng.pick(&[GameKind::Chess, GameKind::Chess, GameKind::Xiangqi, GameKind::Ugolki]),
    };
    let mut lines: Vec<Vec<u8>> = match protocol {
        Protocol::Uci if game != GameKind::Chess => {
            vec![b"uci".to_vec(), format!("setoption name UCI_Variant value {game}").into()]
        }
        Protocol::Uci => vec![b"uci".to_vec()],
        Protocol::Xboard if game != GameKind::Chess => vec![b"xboard".to_vec(), format!("variant {game}").into()],
        Protocol::Xboard => vec![b"xboard".to_vec(), b"protover 2".to_vec()],
        Protocol::Ucci => vec![b"ucci".to_vec()],
    };
    let count = rng.range(5, 30);
    let grammatical: Vec<String> = (0..count).map(|_| grammar(rng, protocol, game)).collect();
    let donors: Vec<&str> = grammatical.iter().map(String::as_str).collect();
    for line in &grammatical {
        let mut bytes = line.clone().into_bytes();
        if rng.one_in(3) {
            let mutated = mutate(rng, &bytes, &donors);
            if !costly(&mutated) {
                bytes = mutated;
            }
        }
        if first_word(&String::from_utf8_lossy(&bytes)) != "quit" {
            lines.push(bytes);
        }
    }
    lines.extend(ending(protocol).into_iter().map(String::into_bytes));
    lines.join(&b'\n')
}

/// The lines of the fixed ending of a script.
fn ending(protocol: Protocol) -> Vec<String> {
    match protocol {
        Protocol::Uci | Protocol::Ucci => vec!["position startpos".into(), "go depth 2".into(), "isready".into()],
        // `exit` leaves analyze mode, where `go` does not play.
        Protocol::Xboard => vec!["exit".into(), "new".into(), "sd 2".into(), "go".into(), format!("ping {LAST_PING}")],
    }
}

/// Whether `text`, the output since the ending began, answers the ending.
fn answers_ending(protocol: Protocol, text: &str) -> Result<(), String> {
    let has = |line: &str| text.lines().any(|l| l == line);
    match protocol {
        Protocol::Uci | Protocol::Ucci => {
            if !text.lines().any(|l| matches!(first_word(l), "bestmove" | "nobestmove")) {
                return Err("unanswered go: no bestmove after the final go".into());
            }
            if !has("readyok") {
                return Err("unanswered isready: no readyok to the final isready".into());
            }
        }
        Protocol::Xboard => {
            if !has(&format!("pong {LAST_PING}")) {
                return Err("unanswered ping: no pong to the final ping".into());
            }
            if !text.lines().any(|l| l.starts_with("move ")) {
                return Err("unanswered go: no move after the final go".into());
            }
        }
    }
    Ok(())
}

/// The engine's input, as a GUI gives it: the script line by line, and once the last line is
/// sent, end of input only when the ending is answered or [`WAIT`] has passed.
struct Script {
    lines: std::vec::IntoIter<Vec<u8>>,
    current: Vec<u8>,
    read: usize,
    /// The lines of the ending, which the script marks the start of.
    ending: usize,
    /// The output's length when the ending began.
    mark: Arc<Mutex<usize>>,
    sink: Sink,
    protocol: Protocol,
    waited: bool,
}

impl Read for Script {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let available = self.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Script {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        if self.read >= self.current.len() {
            self.current.clear();
            self.read = 0;
            if let Some(mut line) = self.lines.next() {
                if self.lines.len() + 1 == self.ending {
                    *self.mark.lock().unwrap_or_else(|e| e.into_inner()) = self.sink.len();
                }
                line.push(b'\n');
                self.current = line;
            } else if !self.waited {
                self.waited = true;
                let start = Instant::now();
                let mark = *self.mark.lock().unwrap_or_else(|e| e.into_inner());
                while start.elapsed() < WAIT && answers_ending(self.protocol, &self.sink.text_from(mark)).is_err() {
                    thread::sleep(Duration::from_millis(2));
                }
            }
        }
        Ok(&self.current[self.read..])
    }

    fn consume(&mut self, n: usize) {
        self.read += n;
    }
}

impl Sink {
    fn len(&self) -> usize {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn text_from(&self, start: usize) -> String {
        String::from_utf8_lossy(&self.0.lock().unwrap_or_else(|e| e.into_inner())[start..]).into_owned()
    }
}

/// Runs the script through the engine, as a GUI would (see [`Script`]), and checks its
/// answers: the engine ends within [`HANG`], and unless the script quits, UCI and UCCI answer
/// every `go` (but `go perft`) with `bestmove` (UCCI also `nobestmove`), and the ending is
/// answered: the final `go` and `isready` (UCI, UCCI), or the final `go` and `ping` (XBoard).
///
/// # Errors
/// A hang or a missing answer.
pub fn check(input: &[u8], protocol: Protocol) -> Result<(), String> {
    let sink = Sink::default();
    let lines: Vec<Vec<u8>> = input.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
    let mark = Arc::new(Mutex::new(0));
    let ending = ending(protocol).len().min(lines.len());
    let script = Script {
        lines: lines.into_iter(),
        current: Vec::new(),
        read: 0,
        ending,
        mark: mark.clone(),
        sink: sink.clone(),
        protocol,
        waited: false,
    };
    let (done_tx, done_rx) = mpsc::channel();
    let output = Output::new(sink.clone());
    thread::spawn(move || {
        run(script, output, SearchOptions::default());
        let _ = done_tx.send(());
    });
    if done_rx.recv_timeout(HANG).is_err() {
        return Err(format!("hang: the engine did not end within {} s", HANG.as_secs()));
    }
    let script = String::from_utf8_lossy(input);
    if script.lines().any(|l| first_word(l) == "quit") {
        return Ok(());
    }
    let text = sink.text_from(0);
    if protocol != Protocol::Xboard {
        let gos =
            script.lines().filter(|l| first_word(l) == "go" && l.split_whitespace().nth(1) != Some("perft")).count();
        let answers = text.lines().filter(|l| matches!(first_word(l), "bestmove" | "nobestmove")).count();
        if answers < gos {
            return Err(format!("unanswered go: {gos} go commands, {answers} answers"));
        }
    }
    let mark = *mark.lock().unwrap_or_else(|e| e.into_inner());
    answers_ending(protocol, &sink.text_from(mark))
}
