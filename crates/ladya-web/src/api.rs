//! The routes: the JSON API under `/api/` and the page's files everywhere else.

use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request, State};
use axum::http::{Method, StatusCode};
use axum::response::sse::{Event, KeepAlive, KeepAliveStream, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Extension, Json, Router};
use ladya_games::{GameKind, with_game};
use ladya_search::{Clock, Limits, SearchControl, SearchOptions, Strength};
use ladya_solver::Stipulation;
use serde::Deserialize;
use serde_json::{Value, json};
use tokio::sync::mpsc;

use crate::assets::Assets;
use crate::client::Client;
use crate::error::{ApiError, BODY_LIMIT, JsonBody, QueryParams};
use crate::log;
use crate::page::{Moves, PageGame, PositionRequest, game_json, game_kind, legal_json, line, position_json};
use crate::review::{ExportRequest, ImportRequest, export, import, review_job};
use crate::searches::{
    SearchJob, SearchKind, SearchSlots, StopOnDrop, capped_millis, run_to_end, search_job, solve_job, solve_to_end,
};

/// The longest move time `/api/bestmove` takes, in milliseconds.
const MOVETIME_MAX_MS: u64 = 60_000;
/// `/api/bestmove`'s move time when none is given, in milliseconds.
const MOVETIME_DEFAULT_MS: u64 = 1_000;
/// The longest analysis, in milliseconds: 15 minutes. The page starts a new one at will.
const ANALYSIS_MAX_MS: u64 = 15 * 60_000;
/// The most MultiPV lines of an analysis.
const MULTIPV_MAX: usize = 3;
/// The most moves of a forced stipulation (`#N`, `s#N`, `r#N`) `/api/solve` takes.
const SOLVE_MATE_MAX: u32 = 5;
/// The most moves of a help- or series-play solution `/api/solve` takes, both sides' counted.
const SOLVE_LINE_MAX: u32 = 10;
/// The longest solve.
const SOLVE_TIME_MAX: Duration = Duration::from_secs(60);
/// The longest `/api/bestmove` and `/api/solve` wait in line for a search slot.
const SEARCH_WAIT: Duration = Duration::from_secs(30);
/// The longest `/api/analyze` waits for a search slot: only long enough for a search just
/// stopped (an analysis the page closed to follow a new position) to give its slot back,
/// since the slots may all be taken by analyses that never end.
const ANALYSIS_WAIT: Duration = Duration::from_secs(5);

/// What every request can reach.
#[derive(Clone)]
struct AppState {
    assets: Arc<Assets>,
    slots: SearchSlots,
}

/// The server's routes over `assets`.
pub fn router(assets: Assets) -> Router {
    let state = AppState { assets: Arc::new(assets), slots: SearchSlots::new() };
    Router::new()
        .route("/api/games", get(games))
        .route("/api/legal", get(legal))
        .route("/api/position", post(position))
        .route("/api/bestmove", post(bestmove))
        .route("/api/analyze", get(analyze))
        .route("/api/solve", post(solve))
        .route("/api/review", get(review))
        .route("/api/pgn/export", post(pgn_export))
        .route("/api/pgn/import", post(pgn_import))
        .fallback(page_file)
        .method_not_allowed_fallback(|| async { ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "method not allowed") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .with_state(state)
}

/// Outside `/api/`: a file of the page (GET and HEAD only).
async fn page_file(State(state): State<AppState>, request: Request) -> Response {
    let path = request.uri().path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::new(StatusCode::NOT_FOUND, format!("no API endpoint {path}")).into_response();
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, "the page's files are read with GET").into_response();
    }
    state.assets.response(path).await
}

/// `GET /api/games`.
async fn games() -> Json<Value> {
    let games: Vec<Value> = GameKind::ALL.iter().map(|&kind| with_game!(kind, game_json())).collect();
    Json(json!({ "games": games }))
}

/// A position in a query string.
#[derive(Deserialize)]
struct PositionQuery {
    game: String,
    fen: Option<String>,
    moves: Option<String>,
}

impl PositionQuery {
    fn request(self) -> PositionRequest {
        PositionRequest { game: self.game, fen: self.fen, moves: self.moves.map(Moves::Text) }
    }
}

/// `GET /api/legal`.
async fn legal(QueryParams(query): QueryParams<PositionQuery>) -> Result<Json<Value>, ApiError> {
    let request = query.request();
    with_game!(game_kind(&request.game)?, legal_moves(&request)).map(Json)
}

fn legal_moves<G: PageGame>(request: &PositionRequest) -> Result<Value, ApiError> {
    Ok(json!({ "moves": legal_json(&line::<G>(request)?.now) }))
}

/// `POST /api/position`.
async fn position(JsonBody(request): JsonBody<PositionRequest>) -> Result<Json<Value>, ApiError> {
    with_game!(game_kind(&request.game)?, position_of(&request)).map(Json)
}

fn position_of<G: PageGame>(request: &PositionRequest) -> Result<Value, ApiError> {
    Ok(position_json(&line::<G>(request)?))
}

/// The body of `/api/bestmove`.
#[derive(Deserialize)]
struct BestMoveRequest {
    #[serde(flatten)]
    position: PositionRequest,
    movetime: Option<u64>,
    depth: Option<u32>,
    nodes: Option<u64>,
    /// A level below full strength, by rating.
    elo: Option<u32>,
    /// The side to move's clock, which the search budgets as in a game.
    clock: Option<ClockBody>,
}

/// A clock in `/api/bestmove`: milliseconds left and added after each move.
#[derive(Deserialize)]
struct ClockBody {
    time: u64,
    increment: Option<u64>,
}

/// The longest clock `/api/bestmove` takes: time left and increment, in milliseconds.
const CLOCK_MAX_MS: (u64, u64) = (6 * 3_600_000, 3_600_000);

/// `POST /api/bestmove`.
async fn bestmove(
    State(state): State<AppState>,
    client: Option<Extension<Client>>,
    JsonBody(request): JsonBody<BestMoveRequest>,
) -> Result<Json<Value>, ApiError> {
    // A depth or node limit alone may take up to the cap.
    let default =
        if request.depth.is_some() || request.nodes.is_some() { MOVETIME_MAX_MS } else { MOVETIME_DEFAULT_MS };
    let clock = match &request.clock {
        Some(ClockBody { time, increment }) if *time <= CLOCK_MAX_MS.0 && increment.unwrap_or(0) <= CLOCK_MAX_MS.1 => {
            Some(Clock {
                time_left: Duration::from_millis(*time),
                increment: Duration::from_millis(increment.unwrap_or(0)),
                moves_to_go: None,
            })
        }
        Some(_) => {
            return Err(ApiError::bad(format!(
                "clock: time must be at most {} ms and increment at most {} ms",
                CLOCK_MAX_MS.0, CLOCK_MAX_MS.1
            )));
        }
        None => None,
    };
    let limits = Limits {
        depth: request.depth,
        nodes: request.nodes,
        movetime: clock.is_none().then(|| capped_millis(request.movetime, default, MOVETIME_MAX_MS)),
        clock,
        ..Limits::default()
    };
    let strength =
        request.elo.map(Strength::from_elo).transpose().map_err(ApiError::bad)?.map(Strength::with_fresh_seed);
    let options = SearchOptions { strength, ..SearchOptions::default() };
    let kind = game_kind(&request.position.game)?;
    let job = with_game!(kind, search_job(&request.position, limits, options))?;
    let slot = state.slots.wait(SEARCH_WAIT, client_ip(client), SearchKind::Bounded).await?;
    let mut answer = run_to_end(job, slot, Duration::from_millis(MOVETIME_MAX_MS)).await?;
    answer["elo"] = json!(request.elo);
    Ok(Json(answer))
}

/// The address of the client a request came from, when it came over a connection.
fn client_ip(client: Option<Extension<Client>>) -> Option<std::net::IpAddr> {
    client.map(|Extension(Client(address))| address.ip())
}

/// The query of `/api/analyze`.
#[derive(Deserialize)]
struct AnalyzeQuery {
    #[serde(flatten)]
    position: PositionQuery,
    multipv: Option<usize>,
    movetime: Option<u64>,
}

/// `GET /api/analyze`: server-sent events until the search ends or the client goes away.
async fn analyze(
    State(state): State<AppState>,
    client: Option<Extension<Client>>,
    QueryParams(query): QueryParams<AnalyzeQuery>,
) -> Result<Sse<KeepAliveStream<AnalysisEvents>>, ApiError> {
    let client = client.map(|Extension(Client(address))| address);
    let multipv = query.multipv.unwrap_or(1);
    if !(1..=MULTIPV_MAX).contains(&multipv) {
        return Err(ApiError::bad(format!("multipv must be 1 to {MULTIPV_MAX}")));
    }
    let limits = Limits::movetime(capped_millis(query.movetime, ANALYSIS_MAX_MS, ANALYSIS_MAX_MS));
    let request = query.position.request();
    let options = SearchOptions { multipv, ..SearchOptions::default() };
    let job: SearchJob = with_game!(game_kind(&request.game)?, search_job(&request, limits, options))?;
    let slot = state.slots.wait(ANALYSIS_WAIT, client.map(|address| address.ip()), SearchKind::Analysis).await?;
    let control = Arc::new(SearchControl::new());
    let (sender, events) = mpsc::unbounded_channel();
    let search_control = control.clone();
    let stop = StopOnDrop::new(move || control.stop());
    let bounded = query.movetime.is_none_or(|asked| asked >= ANALYSIS_MAX_MS);
    tokio::task::spawn_blocking(move || {
        let _slot = slot;
        let started = std::time::Instant::now();
        let result = job(&search_control, &mut |info| {
            let _ = sender.send(Event::default().event("info").data(info.to_string()));
        });
        let at_bound = bounded && started.elapsed() >= Duration::from_millis(ANALYSIS_MAX_MS);
        let minutes = ANALYSIS_MAX_MS / 60_000;
        if at_bound {
            log::event(client, format_args!("an analysis ended at the bound of {minutes} minutes"));
        }
        let done = match result {
            Ok(mut answer) => {
                if at_bound {
                    answer["limit"] = json!(format!("an analysis runs at most {minutes} minutes"));
                }
                Event::default().event("done").data(answer.to_string())
            }
            Err(e) => Event::default().event("error").data(e.to_json().to_string()),
        };
        let _ = sender.send(done);
    });
    let stream = AnalysisEvents { events, _stop: stop };
    // The pings find a closed connection even while no new line comes.
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(1))))
}

/// The events of one analysis; dropping it (the client went away) stops the search.
struct AnalysisEvents {
    events: mpsc::UnboundedReceiver<Event>,
    _stop: StopOnDrop,
}

impl futures_core::Stream for AnalysisEvents {
    type Item = Result<Event, Infallible>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.events.poll_recv(cx).map(|event| event.map(Ok))
    }
}

/// The body of `/api/solve`: the stipulation as text (`stip`), or `mate` for a directmate.
#[derive(Deserialize)]
struct SolveRequest {
    #[serde(flatten)]
    position: PositionRequest,
    stip: Option<String>,
    mate: Option<u32>,
}

/// `POST /api/solve`: the shortest solution of a forced stipulation, or every solution of a
/// help- or series-play one.
async fn solve(
    State(state): State<AppState>,
    client: Option<Extension<Client>>,
    JsonBody(request): JsonBody<SolveRequest>,
) -> Result<Json<Value>, ApiError> {
    let stipulation = asked_stipulation(request.stip.as_deref(), request.mate)?;
    let job = with_game!(game_kind(&request.position.game)?, solve_job(&request.position, stipulation))?;
    let slot = state.slots.wait(SEARCH_WAIT, client_ip(client), SearchKind::Bounded).await?;
    solve_to_end(job, slot, SOLVE_TIME_MAX).await.map(Json)
}

/// The stipulation of a solve, `stip` or `mate` (exactly one of them), within the server's
/// limits.
fn asked_stipulation(stip: Option<&str>, mate: Option<u32>) -> Result<Stipulation, ApiError> {
    let stipulation = match (stip, mate) {
        (Some(text), None) => text.parse().map_err(|e: ladya_solver::StipulationError| ApiError::bad(e.to_string()))?,
        (None, Some(mate)) => Stipulation::mate(mate),
        _ => return Err(ApiError::bad("give either \"stip\" (\"#2\", \"s#3\", \"h#2.5\", ...) or \"mate\": N")),
    };
    match stipulation {
        Stipulation::Forced { moves, .. } if !(1..=SOLVE_MATE_MAX).contains(&moves) => {
            Err(ApiError::bad(format!("#N, s#N and r#N take N from 1 to {SOLVE_MATE_MAX}")))
        }
        Stipulation::Cooperative(play) if play.line_length() > SOLVE_LINE_MAX => Err(ApiError::bad(format!(
            "{play} has {} moves; help- and series-play take at most {SOLVE_LINE_MAX}, both sides' counted",
            play.line_length()
        ))),
        _ => Ok(stipulation),
    }
}

/// `POST /api/pgn/export`: the game as PGN, for every game.
async fn pgn_export(JsonBody(request): JsonBody<ExportRequest>) -> Result<Json<Value>, ApiError> {
    with_game!(request.game()?, export(request)).map(Json)
}

/// `POST /api/pgn/import`: the first game of a PGN text.
async fn pgn_import(JsonBody(request): JsonBody<ImportRequest>) -> Result<Json<Value>, ApiError> {
    import(request).map(Json)
}

/// The longest time `/api/review` searches each position, in milliseconds.
const REVIEW_MOVETIME_MAX_MS: u64 = 5_000;
/// `/api/review`'s time for each position when none is given, in milliseconds.
const REVIEW_MOVETIME_DEFAULT_MS: u64 = 300;

/// The query of `/api/review`.
#[derive(Deserialize)]
struct ReviewQuery {
    #[serde(flatten)]
    position: PositionQuery,
    movetime: Option<u64>,
}

/// `GET /api/review`: server-sent events, a position's and a move's verdict at a time, until
/// the game is reviewed or the client goes away.
async fn review(
    State(state): State<AppState>,
    client: Option<Extension<Client>>,
    QueryParams(query): QueryParams<ReviewQuery>,
) -> Result<Sse<KeepAliveStream<AnalysisEvents>>, ApiError> {
    let movetime = capped_millis(query.movetime, REVIEW_MOVETIME_DEFAULT_MS, REVIEW_MOVETIME_MAX_MS);
    let request = query.position.request();
    let (job, stop) = with_game!(game_kind(&request.game)?, review_job(&request, Limits::movetime(movetime)))?;
    let slot = state.slots.wait(SEARCH_WAIT, client_ip(client), SearchKind::Bounded).await?;
    let (sender, events) = mpsc::unbounded_channel();
    tokio::task::spawn_blocking(move || {
        let _slot = slot;
        job(&sender);
    });
    let stream = AnalysisEvents { events, _stop: stop };
    // The pings find a closed connection even while no event comes.
    Ok(Sse::new(stream).keep_alive(KeepAlive::new().interval(Duration::from_secs(1))))
}
