//! Searches for the API: a cap on how many run at once (and a short line of requests waiting
//! for one), a search of a game chosen at run time as one boxed job, and the JSON of its
//! reports and result.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::http::StatusCode;
use ladya_core::Game;
use ladya_search::tt::Bound;
use ladya_search::{Limits, Report, SearchControl, SearchOptions, SearchResult, TranspositionTable, search};
use ladya_solver::{
    Aim, Cooperative, LinesReport, Options as SolveOptions, SolutionReport, Stipulation, Table, human, human_lines,
    solve_lines, solve_shortest,
};
use serde::Serialize;
use serde_json::{Value, json};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::error::ApiError;
use crate::page::{PageGame, PositionRequest, line, line_texts, score_json};

/// Megabytes of table per search or solve.
const TABLE_MB: usize = 16;

/// The most requests that wait in line for a slot; one more is refused at once.
const LINE_MAX: usize = 16;

/// What a client on another machine may hold at once, with `count` slots: searches running
/// or waiting in line, at most `count`; analyses among them (which run until stopped), all but
/// one slot (at least one). No such client takes the whole engine or the whole line.
pub fn remote_client_caps(count: usize) -> RemoteCaps {
    RemoteCaps { searches: count, analyses: count.saturating_sub(1).max(1) }
}

/// The caps of one client on another machine: see [`remote_client_caps`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RemoteCaps {
    /// Searches running or waiting.
    pub searches: usize,
    /// Analyses among them.
    pub analyses: usize,
}

/// What a search is, for the caps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// A search that ends by itself within its cap (best move, solve, review).
    Bounded,
    /// An analysis, which runs until stopped (or its bound).
    Analysis,
}

/// The searches (and analyses among them) each client on another machine holds.
type Held = Arc<Mutex<HashMap<IpAddr, (usize, usize)>>>;

/// The searches running at once: at most as many as the machine has cores, and a line of at
/// most [`LINE_MAX`] requests waiting for one of them.
#[derive(Clone)]
pub struct SearchSlots {
    /// How many slots there are.
    count: usize,
    /// One permit per slot, held while a search runs.
    running: Arc<Semaphore>,
    /// One permit per place in line, held while a request waits for a slot.
    line: Arc<Semaphore>,
    /// What each client on another machine holds.
    remote: Held,
}

/// A running search's slot, and its client's share of the caps, given back when dropped.
pub struct Slot {
    _running: OwnedSemaphorePermit,
    _client: Option<ClientShare>,
}

/// A client's share of the caps: one search, maybe an analysis.
struct ClientShare {
    client: IpAddr,
    kind: SearchKind,
    held: Held,
}

impl Drop for ClientShare {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some((searches, analyses)) = held.get_mut(&self.client) {
            *searches -= 1;
            *analyses -= usize::from(self.kind == SearchKind::Analysis);
            if *searches == 0 {
                held.remove(&self.client);
            }
        }
    }
}

impl SearchSlots {
    /// As many slots as the machine runs threads at once.
    pub fn new() -> SearchSlots {
        let count = ladya_search::search_threads(usize::MAX);
        SearchSlots {
            count,
            running: Arc::new(Semaphore::new(count)),
            line: Arc::new(Semaphore::new(LINE_MAX)),
            remote: Arc::default(),
        }
    }

    /// `client`'s share for one more search of `kind`: none needed for this machine (or an
    /// unknown client, in-process); for a client on another machine, 429 when it already holds
    /// its most (see [`remote_client_caps`]).
    fn share(&self, client: Option<IpAddr>, kind: SearchKind) -> Result<Option<ClientShare>, ApiError> {
        let Some(client) = client.filter(|ip| !ip.is_loopback()) else {
            return Ok(None);
        };
        let caps = remote_client_caps(self.count);
        let mut held = self.remote.lock().unwrap_or_else(|e| e.into_inner());
        let (searches, analyses) = held.entry(client).or_insert((0, 0));
        let full = if *searches >= caps.searches {
            Some(format!("{} searches", caps.searches))
        } else if kind == SearchKind::Analysis && *analyses >= caps.analyses {
            Some(if caps.analyses == 1 { "an analysis".to_string() } else { format!("{} analyses", caps.analyses) })
        } else {
            None
        };
        if let Some(these) = full {
            if *searches == 0 {
                held.remove(&client);
            }
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("this client already has {these} running or waiting, its most at once; wait for one to end"),
            ));
        }
        *searches += 1;
        *analyses += usize::from(kind == SearchKind::Analysis);
        Ok(Some(ClientShare { client, kind, held: self.remote.clone() }))
    }

    /// A slot for one search of `kind` asked by `client`, held until dropped: at once if one is
    /// free, else after waiting in line (first come, first served) for at most `most`. 429 when
    /// the client holds its most already, 503 when the line is full or no slot frees in time.
    pub async fn wait(&self, most: Duration, client: Option<IpAddr>, kind: SearchKind) -> Result<Slot, ApiError> {
        let share = self.share(client, kind)?;
        let slot = |running| Slot { _running: running, _client: share };
        if let Ok(running) = self.running.clone().try_acquire_owned() {
            return Ok(slot(running));
        }
        let _place = self.line.try_acquire().map_err(|_| busy(line_full(self.count)))?;
        tokio::time::timeout(most, self.running.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
            .map(slot)
            .ok_or_else(|| busy(waited_in_vain(self.count, most)))
    }
}

/// Why a request that finds the line full is refused, with `count` slots.
fn line_full(count: usize) -> String {
    let slots =
        if count == 1 { "the only search slot".to_string() } else { format!("one of the {count} search slots") };
    format!("{LINE_MAX} requests already wait for {slots}; try again later")
}

/// Why a request that waited `most` in vain is refused, with `count` slots.
fn waited_in_vain(count: usize, most: Duration) -> String {
    let slots = if count == 1 { "the only search slot".to_string() } else { format!("all {count} search slots") };
    format!("{slots} stayed taken for {} s; try again later", most.as_secs())
}

/// 503 with `busy: ` and why.
fn busy(why: String) -> ApiError {
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("busy: {why}"))
}

/// A search ready to run on a blocking thread: stopped through the control, telling each
/// report (as JSON) to the sink, and answering the result as `/api/bestmove` writes it.
pub type SearchJob = Box<dyn FnOnce(&SearchControl, &mut dyn FnMut(Value)) -> Result<Value, ApiError> + Send>;

/// A single-threaded search of the position `request` describes, with `options` (their
/// threads aside); 400 for a bad position or one without a legal move.
pub fn search_job<G: PageGame>(
    request: &PositionRequest,
    limits: Limits,
    options: SearchOptions,
) -> Result<SearchJob, ApiError> {
    let pos = line::<G>(request)?.now;
    if pos.count_legal_moves() == 0 {
        return Err(ApiError::bad("the game is over: there is no legal move to search"));
    }
    Ok(Box::new(move |control, sink| {
        let table = TranspositionTable::try_new(TABLE_MB)
            .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no memory for a search: {e}")))?;
        let options = SearchOptions { threads: 1, ..options };
        let result = search(&pos, &limits, &options, &table, control, &mut |report| sink(report_json(&pos, report)));
        Ok(result_json(&pos, &result))
    }))
}

/// A search report as `/api/analyze` sends it.
fn report_json<G: Game>(pos: &G, report: &Report<G::Move>) -> Value {
    let (pv, pv_text) = line_texts(pos, &report.pv);
    json!({
        "depth": report.depth,
        "seldepth": report.seldepth,
        "multipv": report.multipv,
        "score": score_json(report.score),
        "bound": report.bound.map(|b| if b == Bound::Lower { "lower" } else { "upper" }),
        "nodes": report.nodes,
        "nps": report.nps(),
        "time": report.time.as_millis() as u64,
        "pv": pv,
        "pv_text": pv_text,
    })
}

/// A finished search as `/api/bestmove` answers it.
fn result_json<G: Game>(pos: &G, result: &SearchResult<G::Move>) -> Value {
    let (pv, pv_text) = line_texts(pos, &result.pv);
    json!({
        "bestmove": result.best.map(|m| pos.move_text(m)),
        "text": result.best.map(|m| pos.human_move_text(m)),
        "score": score_json(result.score),
        "pv": pv,
        "pv_text": pv_text,
        "depth": result.depth,
        "nodes": result.nodes,
    })
}

/// Stops a search or a solve when dropped: held by whatever waits for it (a request, an event
/// stream), so that a client going away stops it.
pub struct StopOnDrop(Option<Box<dyn FnOnce() + Send + Sync>>);

impl StopOnDrop {
    /// A guard that calls `stop` when dropped.
    pub fn new(stop: impl FnOnce() + Send + Sync + 'static) -> StopOnDrop {
        StopOnDrop(Some(Box::new(stop)))
    }
}

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        if let Some(stop) = self.0.take() {
            stop();
        }
    }
}

/// Runs `job` on a blocking thread, holding `slot` until it ends, and waits for its answer.
/// The search is stopped if the waiting is abandoned (the client went away), and after `cap`
/// whatever its limits.
pub async fn run_to_end(job: SearchJob, slot: Slot, cap: Duration) -> Result<Value, ApiError> {
    let control = Arc::new(SearchControl::new());
    let stop = control.clone();
    let _stop = StopOnDrop::new(move || stop.stop());
    // Whatever its limits (a long clock), the search ends by `cap`.
    let timer = control.clone();
    let cap = tokio::spawn(async move {
        tokio::time::sleep(cap).await;
        timer.stop();
    });
    let task = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        job(&control, &mut |_| {})
    });
    let answer = task.await;
    cap.abort();
    answer.map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("the search failed: {e}")))?
}

/// A solve ready to run on a blocking thread, stopped through the flag.
pub type SolveJob = Box<dyn FnOnce(Arc<AtomicBool>) -> Result<Value, ApiError> + Send>;

/// A solve of `stipulation` in the position `request` describes, as `/api/solve` answers it;
/// 400 for a game the solver does not take or a bad position.
pub fn solve_job<G: PageGame>(request: &PositionRequest, stipulation: Stipulation) -> Result<SolveJob, ApiError> {
    if !G::SOLVER {
        return Err(ApiError::bad(format!("the solver does not take {}", G::NAME)));
    }
    let pos = line::<G>(request)?.now;
    Ok(Box::new(move |stop| {
        let table = Table::try_new(TABLE_MB)
            .map_err(|e| ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no memory for the solver: {e}")))?;
        let options = SolveOptions { stop: Some(stop), ..SolveOptions::default() };
        let answer = match stipulation {
            Stipulation::Forced { aim, moves } => forced_json(&pos, aim, moves, options, &table),
            Stipulation::Cooperative(play) => lines_json(&pos, play, &options, &table),
        };
        answer.unwrap_or_else(|| {
            Err(ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "the solver was stopped: it took too long"))
        })
    }))
}

/// The answer of `/api/solve`: the solver's report (as `ladya solve --json` prints it), whether
/// it holds a solution, and the solution laid out as `ladya solve` prints it.
#[derive(Serialize)]
struct SolveAnswer<R> {
    solved: bool,
    text: String,
    #[serde(flatten)]
    report: R,
}

impl<R: Serialize> SolveAnswer<R> {
    fn json(self) -> Result<Value, ApiError> {
        serde_json::to_value(self).map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.to_string()))
    }
}

/// The shortest solution of a forced stipulation (`aim` within `moves`), with its keys; none
/// when stopped.
fn forced_json<G: Game>(
    pos: &G,
    aim: Aim,
    moves: u32,
    options: SolveOptions,
    table: &Table,
) -> Option<Result<Value, ApiError>> {
    let options = SolveOptions { aim, ..options };
    let mut nodes = 0;
    let solution = solve_shortest(pos, moves, &options, table, &mut |miss| nodes += miss.nodes);
    if solution.stopped {
        return None;
    }
    let mut report = SolutionReport::new(pos, &solution);
    // The shorter lengths tried before count too.
    report.nodes += nodes;
    Some(SolveAnswer { solved: !report.keys.is_empty(), text: human(pos, &solution), report }.json())
}

/// Every solution of a help- or series-play stipulation, each move written in the position
/// it is played in; none when stopped.
fn lines_json<G: Game>(
    pos: &G,
    play: Cooperative,
    options: &SolveOptions,
    table: &Table,
) -> Option<Result<Value, ApiError>> {
    let lines = solve_lines(pos, play, options, table);
    if lines.stopped {
        return None;
    }
    let report = LinesReport::new(pos, &lines);
    Some(SolveAnswer { solved: !report.solutions.is_empty(), text: human_lines(pos, &lines), report }.json())
}

/// Runs `job` on a blocking thread, holding `slot` until it ends, and waits at most `most`
/// for its answer (503 after that). The solve is stopped if the waiting ends first.
pub async fn solve_to_end(job: SolveJob, slot: Slot, most: Duration) -> Result<Value, ApiError> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    let _stop = StopOnDrop::new(move || flag.store(true, Relaxed));
    let task = tokio::task::spawn_blocking(move || {
        let _slot = slot;
        job(stop)
    });
    match tokio::time::timeout(most, task).await {
        Ok(answer) => {
            answer.map_err(|e| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, format!("the solver failed: {e}")))?
        }
        Err(_) => Err(ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the solver was stopped after {} s, the server's limit", most.as_secs()),
        )),
    }
}

/// A move time in milliseconds, capped at `most`, with `default` when missing.
pub fn capped_millis(asked: Option<u64>, default: u64, most: u64) -> Duration {
    Duration::from_millis(asked.unwrap_or(default).min(most))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_client_on_another_machine_holds_at_most_its_share() {
        assert_eq!(remote_client_caps(1), RemoteCaps { searches: 1, analyses: 1 });
        assert_eq!(remote_client_caps(2), RemoteCaps { searches: 2, analyses: 1 });
        assert_eq!(remote_client_caps(8), RemoteCaps { searches: 8, analyses: 7 });
        let slots = SearchSlots::new();
        let caps = remote_client_caps(slots.count);
        let remote: Option<IpAddr> = Some("192.168.1.20".parse().unwrap());
        let share = |client, kind| slots.share(client, kind);
        let analyses: Vec<_> = (0..caps.analyses).map(|_| share(remote, SearchKind::Analysis).unwrap()).collect();
        assert!(analyses.iter().all(Option::is_some));
        let refused = share(remote, SearchKind::Analysis).err().unwrap().to_json();
        assert!(refused["error"].as_str().unwrap().contains("this client already has"), "{refused}");
        // Bounded searches fill the rest of its share, then it is refused those too.
        let bounded: Vec<_> =
            (caps.analyses..caps.searches).map(|_| share(remote, SearchKind::Bounded).unwrap()).collect();
        assert!(share(remote, SearchKind::Bounded).is_err());
        // Another client, and this machine, are not held back by it.
        assert!(share(Some("192.168.1.21".parse().unwrap()), SearchKind::Analysis).unwrap().is_some());
        for own in ["127.0.0.1", "::1"] {
            assert!(share(Some(own.parse().unwrap()), SearchKind::Analysis).unwrap().is_none());
        }
        // Searches that end give their share back.
        drop((analyses, bounded));
        assert!(share(remote, SearchKind::Analysis).unwrap().is_some());
        assert!(slots.remote.lock().unwrap().is_empty(), "every share given back");
    }

    #[test]
    fn busy_messages_count_the_slots_in_words() {
        let most = Duration::from_secs(30);
        assert_eq!(waited_in_vain(1, most), "the only search slot stayed taken for 30 s; try again later");
        assert_eq!(waited_in_vain(4, most), "all 4 search slots stayed taken for 30 s; try again later");
        assert_eq!(line_full(1), "16 requests already wait for the only search slot; try again later");
        assert_eq!(line_full(2), "16 requests already wait for one of the 2 search slots; try again later");
        for count in [1, 2, 64] {
            assert!(!waited_in_vain(count, most).contains("all 1 ") && !line_full(count).contains(" 1 search"));
        }
    }
}
