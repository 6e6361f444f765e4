//! A match or tournament: the schedule of games (each opening twice with colours reversed,
//! for two engines, a gauntlet or a round robin), games played `concurrency` at a time by
//! worker threads that own their engine processes, a progress line per game, PGN written as
//! games finish, the SPRT that ends the match at a bound, and cutechess-cli's summary lines.

use std::collections::{HashMap, VecDeque};
use std::fs::File;
use std::io::Write;
use std::path::PathBuf;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;

use ladya_core::Side;
use ladya_games::GameKind;

use crate::clock::Limits;
use crate::engine::{Engine, EngineSpec};
use crate::openings::Opening;
use crate::pgn::{PgnHeader, today, write_pgn};
use crate::referee::{GameRecord, GameSetup, Termination, Unfinished, play_game, side_name};
use crate::stats::{Hypothesis, Pentanomial, Sprt, Wdl};
use ladya_games::adjudication::Adjudication;

/// The most games of a match (`--games` times `--rounds` times the encounters).
const MAX_GAMES: usize = 1_000_000;

/// Who plays whom when there are more than two engines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentKind {
    /// The first engine against each of the others.
    Gauntlet,
    /// Every engine against every other.
    RoundRobin,
}

impl FromStr for TournamentKind {
    type Err = MatchError;

    fn from_str(text: &str) -> Result<TournamentKind, MatchError> {
        match text {
            "gauntlet" => Ok(TournamentKind::Gauntlet),
            "round-robin" => Ok(TournamentKind::RoundRobin),
            _ => Err(MatchError::Config(format!("unknown tournament '{text}' (gauntlet or round-robin)"))),
        }
    }
}

/// What stops a match before its end.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The match is set up wrongly.
    #[error("{0}")]
    Config(String),
    /// An engine could not be started or cannot play (without `--recover`).
    #[error("{0}")]
    Engine(String),
    /// The PGN file cannot be written.
    #[error("cannot write the PGN file {path}: {reason}")]
    Pgn {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

/// Everything a match needs.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The game.
    pub game: GameKind,
    /// The engines; the first is the one results are given for.
    pub engines: Vec<EngineSpec>,
    /// Who plays whom with more than two engines.
    pub tournament: TournamentKind,
    /// Games per encounter in each round.
    pub games: usize,
    /// Rounds.
    pub rounds: usize,
    /// The start positions, in the order they are used; each is played twice in a row, with
    /// colours reversed.
    pub openings: Vec<Opening>,
    /// The limits of each move.
    pub limits: Limits,
    /// Adjudication by score.
    pub adjudication: Adjudication,
    /// The SPRT, for a match of two engines.
    pub sprt: Option<Sprt>,
    /// Games played at once.
    pub concurrency: usize,
    /// The PGN file games are appended to.
    pub pgn_out: Option<PathBuf>,
    /// An engine that cannot be (re)started loses its games instead of ending the match.
    pub recover: bool,
    /// The PGN `Event` tag.
    pub event: String,
}

/// One encounter: engine `first` against engine `second`, results given for `first`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PairingResult {
    /// The first engine's name.
    pub first: String,
    /// The second engine's name.
    pub second: String,
    /// The first engine's results.
    pub wdl: Wdl,
    /// Its results with White (Red).
    pub as_white: Wdl,
    /// Its results with Black.
    pub as_black: Wdl,
    /// White's results against Black, whoever played them.
    pub white_vs_black: Wdl,
    /// The pentanomial counts of finished game pairs.
    pub pairs: Pentanomial,
}

/// What a match played.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MatchSummary {
    /// Results per encounter.
    pub pairings: Vec<PairingResult>,
    /// Every finished game, in the order they finished: its number, the White and Black
    /// engines, and the record.
    pub games: Vec<(usize, String, String, GameRecord)>,
    /// The SPRT's log-likelihood ratio and verdict, if there is an SPRT.
    pub sprt: Option<(f64, Option<Hypothesis>)>,
    /// Whether the match was stopped (Ctrl-C) before its end.
    pub interrupted: bool,
}

/// A game to play.
#[derive(Clone, Debug)]
struct Job {
    /// Its number in the match, from 1.
    number: usize,
    /// The encounter it belongs to.
    pairing: usize,
    /// Its pair of games (one opening, both colours) within the encounter.
    pair: usize,
    /// The engines with White and Black.
    players: [usize; 2],
    /// The opening.
    opening: Arc<Opening>,
}

/// What workers report.
enum Report {
    /// A finished game, and where to say that it has been taken into account.
    Game(Job, Box<GameRecord>, Sender<()>),
    Fatal(String),
}

/// The encounters of a tournament among `count` engines.
fn pairings(count: usize, kind: TournamentKind) -> Vec<(usize, usize)> {
    match kind {
        TournamentKind::Gauntlet => (1..count).map(|j| (0, j)).collect(),
        TournamentKind::RoundRobin => (0..count).flat_map(|i| (i + 1..count).map(move |j| (i, j))).collect(),
    }
}

/// The games in order: pair by pair, each encounter in turn.
fn schedule(config: &MatchConfig, encounters: &[(usize, usize)]) -> VecDeque<Job> {
    let per_encounter = config.games * config.rounds;
    let openings: Vec<Arc<Opening>> = config.openings.iter().cloned().map(Arc::new).collect();
    let mut jobs = VecDeque::new();
    for pair in 0..per_encounter.div_ceil(2) {
        for (pairing, &(first, second)) in encounters.iter().enumerate() {
            for game in 2 * pair..(2 * pair + 2).min(per_encounter) {
                let players = if game % 2 == 0 { [first, second] } else { [second, first] };
                let opening = Arc::clone(&openings[pair % openings.len()]);
                jobs.push_back(Job { number: jobs.len() + 1, pairing, pair, players, opening });
            }
        }
    }
    jobs
}

/// cutechess-cli's `%.3g`-like form of a number: three significant digits, no trailing zeros.
fn three_digits(x: f64) -> String {
    if !x.is_finite() {
        return finite_or_word(x, 0);
    }
    if x == 0.0 {
        return "0".into();
    }
    let exponent = x.abs().log10().floor() as i32;
    let decimals = (2 - exponent).max(0) as usize;
    let text = format!("{x:.decimals$}");
    if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.').to_string() } else { text }
}

/// `x` with `decimals` decimals, or `inf`, `-inf`, `nan` as cutechess-cli prints them.
fn finite_or_word(x: f64, decimals: usize) -> String {
    if x.is_nan() {
        "nan".into()
    } else if x.is_infinite() {
        if x > 0.0 { "inf".into() } else { "-inf".into() }
    } else {
        // Adding zero turns -0.0 into 0.0.
        format!("{:.decimals$}", x + 0.0)
    }
}

/// `W - L - D  [score] N`, as cutechess-cli writes a score.
fn score_line(wdl: &Wdl) -> String {
    format!("{} - {} - {}  [{}] {}", wdl.wins, wdl.losses, wdl.draws, finite_or_word(wdl.score(), 3), wdl.games())
}

impl PairingResult {
    /// The summary lines of the encounter, as cutechess-cli prints them, with the pentanomial
    /// counts.
    pub fn summary_lines(&self) -> Vec<String> {
        let elo = self.wdl.elo();
        vec![
            format!("Score of {} vs {}: {}", self.first, self.second, score_line(&self.wdl)),
            format!("...      {} playing White: {}", self.first, score_line(&self.as_white)),
            format!("...      {} playing Black: {}", self.first, score_line(&self.as_black)),
            format!("...      White vs Black: {}", score_line(&self.white_vs_black)),
            format!(
                "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
                finite_or_word(elo.elo, 1),
                finite_or_word(elo.margin, 1),
                finite_or_word(100.0 * self.wdl.los(), 1),
                finite_or_word(100.0 * self.wdl.draw_ratio(), 1)
            ),
            format!("Ptnml(0-2): {}", self.pairs.0.map(|c| c.to_string()).join(", ")),
        ]
    }
}

/// cutechess-cli's SPRT line.
pub fn sprt_line(sprt: &Sprt, llr: f64, verdict: Option<Hypothesis>) -> String {
    let mut line = format!(
        "SPRT: llr {} ({}%), lbound {}, ubound {}",
        three_digits(llr),
        finite_or_word(100.0 * llr / sprt.upper_bound(), 1),
        three_digits(sprt.lower_bound()),
        three_digits(sprt.upper_bound())
    );
    match verdict {
        Some(Hypothesis::H0) => line += " - H0 was accepted",
        Some(Hypothesis::H1) => line += " - H1 was accepted",
        None => {}
    }
    line
}

/// Plays the match, writing progress and the summary to `out`. It ends early when the SPRT
/// crosses a bound or `stop` is set (Ctrl-C); the games finished until then are kept.
///
/// # Errors
/// A bad configuration, an engine that cannot be started or cannot play (without `recover`),
/// or a PGN file that cannot be written.
pub fn run_match(
    config: &MatchConfig,
    stop: &Arc<AtomicBool>,
    out: &mut dyn Write,
) -> Result<MatchSummary, MatchError> {
    if config.engines.len() < 2 {
        return Err(MatchError::Config("a match needs at least two engines".into()));
    }
    if config.openings.is_empty() || config.games == 0 || config.rounds == 0 {
        return Err(MatchError::Config("a match needs an opening and at least one game".into()));
    }
    if let Some(spec) = config.engines.iter().find(|spec| !config.limits.with(&spec.limits).is_limited()) {
        return Err(MatchError::Config(format!("{} has no limit: give --tc, --st, --nodes or --depth", spec.name)));
    }
    if config.sprt.is_some() && config.engines.len() != 2 {
        return Err(MatchError::Config("--sprt is for a match of two engines".into()));
    }
    let mut specs = config.engines.clone();
    for i in 1..specs.len() {
        let mut n = 2;
        while specs[..i].iter().any(|s| s.name == specs[i].name) {
            specs[i].name = format!("{}-{n}", config.engines[i].name);
            n += 1;
        }
    }
    let specs: Vec<Arc<EngineSpec>> = specs.into_iter().map(Arc::new).collect();
    let encounters = pairings(specs.len(), config.tournament);
    let total = config.games.checked_mul(config.rounds).and_then(|n| n.checked_mul(encounters.len()));
    if total.is_none_or(|n| n > MAX_GAMES) {
        return Err(MatchError::Config(format!(
            "at most {MAX_GAMES} games in a match (--games times --rounds times encounters)"
        )));
    }
    let jobs = schedule(config, &encounters);
    let planned = jobs.len();
    let mut pgn = match &config.pgn_out {
        Some(path) => Some(
            File::options()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| MatchError::Pgn { path: path.display().to_string(), reason: e.to_string() })?,
        ),
        None => None,
    };
    let mut summary = MatchSummary {
        pairings: encounters
            .iter()
            .map(|&(a, b)| PairingResult {
                first: specs[a].name.clone(),
                second: specs[b].name.clone(),
                ..Default::default()
            })
            .collect(),
        ..Default::default()
    };
    let queue = Arc::new(Mutex::new(jobs));
    let halt = Arc::new(AtomicBool::new(false));
    let (reports, results) = channel();
    let workers: Vec<_> = (0..config.concurrency.clamp(1, planned.max(1)))
        .map(|_| {
            let worker = Worker {
                config: config.clone(),
                specs: specs.clone(),
                queue: Arc::clone(&queue),
                stop: Arc::clone(&halt),
                reports: reports.clone(),
            };
            thread::spawn(move || worker.run())
        })
        .collect();
    drop(reports);

    let mut pending_pairs: HashMap<(usize, usize), f64> = HashMap::new();
    let mut fatal = None;
    let mut write_failure = None;
    loop {
        if stop.load(Ordering::Relaxed) {
            summary.interrupted = true;
            halt.store(true, Ordering::Relaxed);
        }
        let report = match results.recv_timeout(std::time::Duration::from_millis(50)) {
            Ok(report) => report,
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => continue,
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => break,
        };
        let (job, record, seen) = match report {
            Report::Game(job, record, seen) => (job, *record, seen),
            Report::Fatal(message) => {
                fatal.get_or_insert(message);
                halt.store(true, Ordering::Relaxed);
                continue;
            }
        };
        let [white, black] = job.players.map(|p| specs[p].name.clone());
        let _ = writeln!(
            out,
            "Finished game {} ({white} vs {black}): {} {{{}}}",
            job.number,
            record.result(),
            record.reason
        );
        if let Some(file) = pgn.as_mut() {
            let [white_clock, black_clock] = job
                .players
                .map(|p| config.limits.with(&specs[p].limits).clock.map_or("-".to_string(), |c| c.to_string()));
            let header = PgnHeader {
                event: config.event.clone(),
                date: today(),
                round: job.number,
                white: white.clone(),
                black: black.clone(),
                time_control: [white_clock, black_clock],
            };
            if let Err(e) = file.write_all(write_pgn(&record, &header).as_bytes()).and_then(|()| file.flush()) {
                write_failure.get_or_insert(e.to_string());
                halt.store(true, Ordering::Relaxed);
            }
        }
        let result = &mut summary.pairings[job.pairing];
        let first_is_white = job.players[0] == encounters[job.pairing].0;
        let white_points = match record.winner {
            Some(Side::White) => 1.0,
            Some(Side::Black) => 0.0,
            None => 0.5,
        };
        let points = if first_is_white { white_points } else { 1.0 - white_points };
        result.wdl.add(points);
        result.white_vs_black.add(white_points);
        if first_is_white {
            result.as_white.add(points)
        } else {
            result.as_black.add(points)
        }
        if let Some(other) = pending_pairs.remove(&(job.pairing, job.pair)) {
            result.pairs.add(other + points);
        } else {
            pending_pairs.insert((job.pairing, job.pair), points);
        }
        let _ = writeln!(out, "Score of {} vs {}: {}", result.first, result.second, score_line(&result.wdl));
        if let Some(sprt) = &config.sprt {
            let llr = sprt.llr(&result.pairs);
            let verdict = sprt.verdict(llr);
            let _ = writeln!(out, "{}", sprt_line(sprt, llr, verdict));
            summary.sprt = Some((llr, verdict));
            if verdict.is_some() {
                halt.store(true, Ordering::Relaxed);
            }
        }
        summary.games.push((job.number, white, black, record));
        // The worker starts its next game only now, once a crossed SPRT bound has stopped the match.
        let _ = seen.send(());
    }
    for worker in workers {
        let _ = worker.join();
    }
    if let Some(reason) = write_failure {
        let path = config.pgn_out.as_ref().map(|p| p.display().to_string()).unwrap_or_default();
        return Err(MatchError::Pgn { path, reason });
    }
    for result in &summary.pairings {
        for line in result.summary_lines() {
            let _ = writeln!(out, "{line}");
        }
    }
    if let (Some(sprt), Some((llr, verdict))) = (&config.sprt, summary.sprt) {
        let _ = writeln!(out, "{}", sprt_line(sprt, llr, verdict));
    }
    let games = summary.games.len() as u64;
    let _ = writeln!(out, "{games} of {} finished.", ladya_games::counted(planned as u64, "game"));
    if summary.interrupted {
        let _ = writeln!(out, "Interrupted: every engine stopped, {} kept.", ladya_games::counted(games, "game"));
    }
    match fatal {
        Some(message) => Err(MatchError::Engine(message)),
        None => Ok(summary),
    }
}

/// A thread that plays games with its own engine processes.
struct Worker {
    config: MatchConfig,
    specs: Vec<Arc<EngineSpec>>,
    queue: Arc<Mutex<VecDeque<Job>>>,
    stop: Arc<AtomicBool>,
    reports: Sender<Report>,
}

impl Worker {
    fn run(self) {
        let mut engines: HashMap<usize, Engine> = HashMap::new();
        let (seen, taken_into_account) = channel();
        while !self.stop.load(Ordering::Relaxed) {
            let Some(job) = self.queue.lock().unwrap_or_else(|e| e.into_inner()).pop_front() else { break };
            let report = match self.play(&job, &mut engines) {
                Ok(record) => Report::Game(job, Box::new(record), seen.clone()),
                Err(Unfinished::Stopped) => break,
                Err(Unfinished::Impossible(message)) => {
                    let _ = self.reports.send(Report::Fatal(message));
                    break;
                }
            };
            if self.reports.send(report).is_err() || taken_into_account.recv().is_err() {
                break;
            }
        }
        for (_, engine) in engines.drain() {
            engine.quit();
        }
    }

    /// Plays `job`, starting (or restarting) its engines as needed.
    fn play(&self, job: &Job, engines: &mut HashMap<usize, Engine>) -> Result<GameRecord, Unfinished> {
        for (index, &player) in job.players.iter().enumerate() {
            if engines.contains_key(&player) {
                continue;
            }
            match Engine::start(Arc::clone(&self.specs[player]), self.config.game, Arc::clone(&self.stop)) {
                Ok(engine) => {
                    engines.insert(player, engine);
                }
                Err(crate::engine::EngineError::Process(crate::process::ProcessError::Stopped)) => {
                    return Err(Unfinished::Stopped);
                }
                Err(error) if self.config.recover => {
                    let side = Side::BOTH[index];
                    return Ok(GameRecord {
                        game: self.config.game,
                        start_fen: job.opening.fen.clone(),
                        moves: Vec::new(),
                        opening_plies: 0,
                        winner: Some(side.opponent()),
                        reason: format!("{} disconnects: {error}", side_name(self.config.game, side)),
                        termination: Termination::Abandoned,
                        last_words: None,
                        broken: Some(side),
                    });
                }
                Err(error) => {
                    return Err(Unfinished::Impossible(format!("engine '{}': {error}", self.specs[player].name)));
                }
            }
        }
        let [white, black] = job.players;
        let (Some(mut white_engine), Some(mut black_engine)) = (engines.remove(&white), engines.remove(&black)) else {
            return Err(Unfinished::Impossible("an engine plays itself".into()));
        };
        let setup = GameSetup {
            game: self.config.game,
            opening: &job.opening,
            limits: job.players.map(|p| self.config.limits.with(&self.specs[p].limits)),
            adjudication: &self.config.adjudication,
        };
        let result = play_game(&setup, [&mut white_engine, &mut black_engine]);
        let broken = result.as_ref().ok().and_then(|r| r.broken);
        // A crashed or hung engine is dropped (its process killed) and restarted for its next game.
        if broken != Some(Side::White) {
            engines.insert(white, white_engine);
        }
        if broken != Some(Side::Black) {
            engines.insert(black, black_engine);
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::EloModel;

    #[test]
    fn numbers_print_as_cutechess() {
        assert_eq!(three_digits(2.9444389791664403), "2.94");
        assert_eq!(three_digits(-2.9444), "-2.94");
        assert_eq!(three_digits(3.1), "3.1");
        assert_eq!(three_digits(12.345), "12.3");
        assert_eq!(three_digits(0.0), "0");
        let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: EloModel::Normalized };
        assert_eq!(
            sprt_line(&sprt, 2.96, Some(Hypothesis::H1)),
            "SPRT: llr 2.96 (100.5%), lbound -2.94, ubound 2.94 - H1 was accepted"
        );
        assert_eq!(sprt_line(&sprt, -0.5, None), "SPRT: llr -0.5 (-17.0%), lbound -2.94, ubound 2.94");
        let result = PairingResult {
            first: "A".into(),
            second: "B".into(),
            wdl: Wdl { wins: 30, draws: 40, losses: 20 },
            ..Default::default()
        };
        let lines = result.summary_lines();
        assert_eq!(lines[0], "Score of A vs B: 30 - 20 - 40  [0.556] 90");
        assert_eq!(lines[4], "Elo difference: 38.8 +/- 54.0, LOS: 92.1 %, DrawRatio: 44.4 %");
        assert_eq!(lines[1], "...      A playing White: 0 - 0 - 0  [nan] 0");
    }

    #[test]
    fn gauntlets_and_round_robins() {
        assert_eq!(pairings(3, TournamentKind::Gauntlet), [(0, 1), (0, 2)]);
        assert_eq!(pairings(3, TournamentKind::RoundRobin), [(0, 1), (0, 2), (1, 2)]);
    }
}
