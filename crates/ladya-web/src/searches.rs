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

/// The analyses a client on another machine may run at once, with `count` slots: all but one
/// slot (at least one), so that no such client takes the whole engine.
pub fn analyses_per_remote_client(count: usize) -> usize {
    count.saturating_sub(1).max(1)
}

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
    /// The analyses running or waiting for each client on another machine.
    remote_analyses: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// A remote client's place among its analyses, given back when dropped.
pub struct AnalysisPlace {
    client: IpAddr,
    analyses: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl Drop for AnalysisPlace {
    fn drop(&mut self) {
        let mut analyses = self.analyses.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = analyses.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                analyses.remove(&self.client);
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
            remote_analyses: Arc::default(),
        }
    }

    /// A place for one more analysis of `client`: always for this machine (or an unknown
    /// client, in-process), and for a client on another machine while it runs fewer than
    /// [`analyses_per_remote_client`]; else 429.
    pub fn analysis_place(&self, client: Option<IpAddr>) -> Result<Option<AnalysisPlace>, ApiError> {
        let Some(client) = client.filter(|ip| !ip.is_loopback()) else {
            return Ok(None);
        };
        let most = analyses_per_remote_client(self.count);
        let mut analyses = self.remote_analyses.lock().unwrap_or_else(|e| e.into_inner());
        let count = analyses.entry(client).or_insert(0);
        if *count >= most {
            let these = if most == 1 { "an analysis".to_string() } else { format!("{most} analyses") };
            return Err(ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("this client already runs {these}, its most at once; stop one first"),
            ));
        }
        *count += 1;
        Ok(Some(AnalysisPlace { client, analyses: self.remote_analyses.clone() }))
    }

    /// A slot for one search, held until dropped: at once if one is free, else after waiting
    /// in line (first come, first served) for at most `most`. 503 when the line is full or
    /// no slot frees in time.
    pub async fn wait(&self, most: Duration) -> Result<OwnedSemaphorePermit, ApiError> {
        if let Ok(slot) = self.running.clone().try_acquire_owned() {
            return Ok(slot);
        }
        let _place = self.line.try_acquire().map_err(|_| busy(line_full(self.count)))?;
        tokio::time::timeout(most, self.running.clone().acquire_owned())
            .await
            .ok()
            .and_then(Result::ok)
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
pub async fn run_to_end(job: SearchJob, slot: OwnedSemaphorePermit, cap: Duration) -> Result<Value, ApiError> {
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
pub async fn solve_to_end(job: SolveJob, slot: OwnedSemaphorePermit, most: Duration) -> Result<Value, ApiError> {
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
    fn a_client_on_another_machine_runs_fewer_analyses_than_there_are_slots() {
        assert_eq!((analyses_per_remote_client(1), analyses_per_remote_client(2)), (1, 1));
        assert_eq!(analyses_per_remote_client(8), 7);
        let slots = SearchSlots::new();
        let most = analyses_per_remote_client(slots.count);
        let remote: IpAddr = "192.168.1.20".parse().unwrap();
        let places: Vec<_> = (0..most).map(|_| slots.analysis_place(Some(remote)).unwrap()).collect();
        assert!(places.iter().all(Option::is_some));
        let refused = slots.analysis_place(Some(remote)).err().unwrap().to_json();
        assert!(refused["error"].as_str().unwrap().contains("this client already runs"), "{refused}");
        // Another client, and this machine, are not held back by it.
        assert!(slots.analysis_place(Some("192.168.1.21".parse().unwrap())).unwrap().is_some());
        for own in ["127.0.0.1", "::1"] {
            assert!(slots.analysis_place(Some(own.parse().unwrap())).unwrap().is_none());
        }
        // An analysis that ends gives its place back.
        drop(places);
        assert!(slots.analysis_place(Some(remote)).unwrap().is_some());
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
