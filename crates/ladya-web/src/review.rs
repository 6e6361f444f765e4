//! `/api/review` and `/api/pgn/*`: a game's review ([`ladya_search::review`]) as server-sent
//! events, and games in and out of PGN ([`ladya_core::pgn`]) for every game.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering::SeqCst};

use axum::http::StatusCode;
use axum::response::sse::Event;
use ladya_core::Game;
use ladya_core::pgn::{GameText, PgnGame, RESULTS, read_games, variant_is, write};
use ladya_games::{EngineGame, GameKind, with_game};
use ladya_search::review::{Judgement, MoveReview, PositionReview, ReviewEvent, ReviewSummary, review};
use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use tokio::sync::mpsc::UnboundedSender;

use crate::error::ApiError;
use crate::page::{PageGame, PositionRequest, line, line_texts, score_json};
use crate::searches::StopOnDrop;

/// Megabytes of the table a review searches every position with.
const TABLE_MB: usize = 16;

/// A side as the API names it: `white`, `black`, or xiangqi's `red`.
fn side_word<G: EngineGame>(side: ladya_core::Side) -> String {
    G::side_name(side).to_ascii_lowercase()
}

/// A percentage to one decimal.
fn tenths(value: f64) -> f64 {
    (value * 10.0).round() / 10.0
}

/// A review ready to run on a blocking thread: it sends its events to the sender, and stops
/// when the [`StopOnDrop`] it comes with is dropped.
pub type ReviewJob = Box<dyn FnOnce(&UnboundedSender<Event>) + Send>;

/// The review of the game `request` describes, `limits` for each position, and the guard that
/// stops it when dropped; 400 for a bad position or move.
pub fn review_job<G: PageGame>(request: &PositionRequest, limits: Limits) -> Result<(ReviewJob, StopOnDrop), ApiError> {
    let line = line::<G>(request)?;
    let control = Arc::new(SearchControl::new());
    let cancel = Arc::new(AtomicBool::new(false));
    let (stop_control, stop_cancel) = (control.clone(), cancel.clone());
    let stop = StopOnDrop::new(move || {
        stop_cancel.store(true, SeqCst);
        stop_control.stop();
    });
    let job: ReviewJob = Box::new(move |sender| {
        let table = match TranspositionTable::try_new(TABLE_MB) {
            Ok(table) => table,
            Err(e) => {
                let error = ApiError::new(StatusCode::SERVICE_UNAVAILABLE, format!("no memory for a review: {e}"));
                let _ = sender.send(Event::default().event("error").data(error.to_json().to_string()));
                return;
            }
        };
        // The position before each move, and the last.
        let mut positions = Vec::with_capacity(line.moves.len() + 1);
        let mut walk = line.start.clone();
        positions.push(walk.clone());
        for &m in &line.moves {
            walk.make(m);
            positions.push(walk.clone());
        }
        let options = SearchOptions { threads: 1, ..SearchOptions::default() };
        let summary = review(&line.start, &line.moves, &limits, &options, &table, &control, &cancel, &mut |event| {
            let event = match event {
                ReviewEvent::Position(p) => {
                    Event::default().event("position").data(position_json(&positions[p.ply], &p).to_string())
                }
                ReviewEvent::Move(m) => {
                    Event::default().event("move").data(move_json(&positions[m.ply - 1], &m).to_string())
                }
            };
            let _ = sender.send(event);
        });
        if let Some(summary) = summary {
            let _ = sender.send(Event::default().event("done").data(done_json::<G>(&summary).to_string()));
        }
    });
    Ok((job, stop))
}

/// A reviewed position as `/api/review`'s `position` event sends it.
fn position_json<G: Game>(pos: &G, review: &PositionReview<G::Move>) -> Value {
    let (pv, pv_text) = line_texts(pos, &review.pv);
    json!({
        "ply": review.ply,
        "eval": review.score.map(score_json),
        "win": tenths(review.win),
        "best": review.best.map(|m| pos.move_text(m)),
        "best_text": review.best.map(|m| pos.human_move_text(m)),
        "pv": pv,
        "pv_text": pv_text,
    })
}

/// A judged move as `/api/review`'s `move` event sends it; `pos` is the position before it.
fn move_json<G: EngineGame>(pos: &G, review: &MoveReview<G::Move>) -> Value {
    json!({
        "ply": review.ply,
        "move": pos.move_text(review.played),
        "text": pos.human_move_text(review.played),
        "side": side_word::<G>(review.side),
        "win_before": tenths(review.win_before),
        "win_after": tenths(review.win_after),
        "loss": tenths(review.loss),
        "judgement": review.judgement.map(Judgement::name),
        "best": review.best.map(|m| pos.move_text(m)),
        "best_text": review.best.map(|m| pos.human_move_text(m)),
        "accuracy": tenths(review.accuracy),
    })
}

/// The totals as `/api/review`'s `done` event sends them.
fn done_json<G: EngineGame>(summary: &ReviewSummary) -> Value {
    let mut accuracy = Map::new();
    let mut judgements = Map::new();
    for side in ladya_core::Side::BOTH {
        let word = side_word::<G>(side);
        accuracy.insert(word.clone(), json!(summary.accuracy[side.index()].map(tenths)));
        let counts: Map<String, Value> = Judgement::ALL
            .iter()
            .map(|&j| (j.name().to_string(), json!(summary.judgements[side.index()][j as usize])))
            .collect();
        judgements.insert(word, Value::Object(counts));
    }
    json!({ "accuracy": accuracy, "judgements": judgements })
}

/// The body of `/api/pgn/export`.
#[derive(Deserialize)]
pub struct ExportRequest {
    #[serde(flatten)]
    position: PositionRequest,
    result: Option<String>,
    #[serde(default)]
    tags: BTreeMap<String, String>,
    white: Option<String>,
    black: Option<String>,
}

impl ExportRequest {
    /// The game's kind, or 400.
    pub fn game(&self) -> Result<GameKind, ApiError> {
        crate::page::game_kind(&self.position.game)
    }
}

/// The PGN of the game `request` describes, as `/api/pgn/export` answers it.
pub fn export<G: PageGame>(request: ExportRequest) -> Result<Value, ApiError> {
    let line = line::<G>(&request.position)?;
    let result = match request.result {
        Some(result) if RESULTS.contains(&result.as_str()) => result,
        Some(result) => return Err(ApiError::bad(format!("bad result '{result}': 1-0, 0-1, 1/2-1/2 or *"))),
        None => line.now.outcome().map_or("*", |o| o.result_text()).to_string(),
    };
    let mut game = PgnGame::<G> { start: line.start, moves: line.moves, result: Some(result), ..PgnGame::default() };
    for (name, value) in request.tags {
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(ApiError::bad(format!("bad tag name '{name}': letters, digits and _ only")));
        }
        game.set_tag(&name, value);
    }
    for (name, value) in [("White", request.white), ("Black", request.black)] {
        if let Some(value) = value
            && game.tag(name).is_none()
        {
            game.set_tag(name, value);
        }
    }
    Ok(json!({ "pgn": write(&game) }))
}

/// The body of `/api/pgn/import`.
#[derive(Deserialize)]
pub struct ImportRequest {
    pgn: String,
    game: Option<String>,
}

/// The first game of a PGN text, as `/api/pgn/import` answers it: read as the game asked for,
/// else the one its `Variant` tag names, else chess.
pub fn import(request: ImportRequest) -> Result<Value, ApiError> {
    let bad = |e: ladya_core::pgn::PgnError| ApiError::bad(format!("bad PGN: {e}"));
    let games = read_games(&request.pgn).map_err(bad)?;
    let text = &games[0];
    let kind = match (&request.game, text.tag("Variant")) {
        (Some(name), _) => crate::page::game_kind(name)?,
        (None, Some(variant)) => GameKind::ALL
            .iter()
            .copied()
            .find(|&kind| with_game!(kind, names_variant(variant)))
            .ok_or_else(|| ApiError::bad(format!("bad PGN: unknown Variant '{variant}'")))?,
        (None, None) => GameKind::Chess,
    };
    with_game!(kind, imported(text)).map_err(bad)
}

fn names_variant<G: Game>(variant: &str) -> bool {
    variant_is::<G>(variant)
}

fn imported<G: Game>(text: &GameText) -> Result<Value, ladya_core::pgn::PgnError> {
    let game = text.replay::<G>()?;
    let (moves, _) = line_texts(&game.start, &game.moves);
    let tags: Map<String, Value> = game.tags.into_iter().map(|(name, value)| (name, Value::String(value))).collect();
    Ok(json!({ "game": G::NAME, "fen": game.start.fen(), "moves": moves, "tags": tags, "result": game.result }))
}
