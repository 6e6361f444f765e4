//! The web API called in-process: requests sent to `ladya_web::router` with `oneshot`, no
//! socket, and the answers checked against the rules crates (legal moves, engine answers,
//! positions, analysis, the solver, PGN of every game, levels and clocks, game review
//! streamed), the page's files, every kind of bad request answered with its 4xx and a JSON
//! error, and requests from other sites refused. `crates/ladya/tests/cli/serve.rs` checks what needs the real process and socket.

mod errors;
mod guard;
mod page;
mod pgn;
mod positions;
mod review;
mod search;
mod solve;

use std::collections::BTreeSet;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Method, Request, Response, header};
use http_body_util::BodyExt;
use ladya_core::{Game, MoveList};
use serde_json::Value;
use tower::ServiceExt;

/// The longest a request may take, stream included, before the test fails.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The router of `ladya serve` and a runtime to call it on.
struct App {
    router: Router,
    runtime: tokio::runtime::Runtime,
}

impl App {
    /// The router with the page's files compiled in.
    fn new() -> App {
        App::with(&ladya_web::Config::default())
    }

    fn with(config: &ladya_web::Config) -> App {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        App { router: ladya_web::router(config), runtime }
    }

    /// The output of `future`, run on the runtime; the test fails if it takes over [`TIMEOUT`].
    fn run<F: Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(async { tokio::time::timeout(TIMEOUT, future).await.expect("an answer in time") })
    }

    /// The response to `request`; its body is still to read.
    fn send(&self, request: Request<Body>) -> Response<Body> {
        match self.run(self.router.clone().oneshot(request)) {
            Ok(response) => response,
            Err(never) => match never {},
        }
    }

    /// Status, content type and the whole body of a `method` request to `path` with `body`.
    fn call(&self, method: Method, path: &str, body: &str) -> (u16, String, Vec<u8>) {
        let post = method == Method::POST;
        let mut request = Request::builder().method(method).uri(format!("/{}", path.trim_start_matches('/')));
        if post || !body.is_empty() {
            request = request.header(header::CONTENT_TYPE, "application/json");
        }
        let response = self.send(request.body(Body::from(body.to_string())).unwrap());
        let status = response.status().as_u16();
        let kind = content_type(&response);
        let bytes = self.run(response.into_body().collect()).expect("a body").to_bytes();
        (status, kind, bytes.to_vec())
    }

    /// Status and body (`null` if not JSON) of a `method` request.
    fn json(&self, method: Method, path: &str, body: &str) -> (u16, Value) {
        let (status, _, bytes) = self.call(method, path, body);
        (status, serde_json::from_slice(&bytes).unwrap_or(Value::Null))
    }

    /// Status and body (`null` if not JSON) of a GET.
    fn get(&self, path: &str) -> (u16, Value) {
        self.json(Method::GET, path, "")
    }

    /// Status and body of a POST of `body` as JSON.
    fn post(&self, path: &str, body: &str) -> (u16, Value) {
        self.json(Method::POST, path, body)
    }

    /// A POST that must succeed.
    fn post_ok(&self, path: &str, body: Value) -> Value {
        let (status, answer) = self.post(path, &body.to_string());
        assert_eq!(status, 200, "{path} {body}: {answer}");
        answer
    }

    /// The legal moves of a position, in coordinate form.
    fn legal(&self, game: &str, fen: &str) -> Vec<Value> {
        let (status, answer) = self.get(&format!("api/legal?game={game}&fen={}", encode(fen)));
        assert_eq!(status, 200, "{game} {fen}: {answer}");
        answer["moves"].as_array().unwrap().clone()
    }

    /// Every event of a stream of server-sent events at `path`, each event's name and data,
    /// read frame by frame up to `done`; the stream must end there.
    fn events(&self, path: &str) -> Vec<(String, Value)> {
        let response = self.send(Request::get(format!("/{path}")).body(Body::empty()).unwrap());
        assert_eq!(response.status(), 200, "{path}");
        assert!(content_type(&response).starts_with("text/event-stream"), "{path}");
        let mut body = response.into_body();
        let read = async {
            let mut events = Vec::new();
            let mut text = String::new();
            let mut name = String::new();
            // Each complete line, as frames bring them, until the data of `done`.
            while let Some(frame) = body.frame().await {
                let frame = frame.expect("a frame");
                let Some(data) = frame.data_ref() else { continue };
                text.push_str(std::str::from_utf8(data).expect("UTF-8 events"));
                while let Some(end) = text.find('\n') {
                    let line: String = text.drain(..=end).collect();
                    let line = line.trim_end();
                    if let Some(n) = line.strip_prefix("event: ") {
                        name = n.to_string();
                    } else if let Some(data) = line.strip_prefix("data: ") {
                        events.push((name.clone(), serde_json::from_str(data).unwrap()));
                        if name == "done" {
                            // The end of the stream: nothing but the blank line closing `done`.
                            while let Some(frame) = body.frame().await {
                                if let Some(data) = frame.expect("a frame").data_ref() {
                                    text.push_str(std::str::from_utf8(data).unwrap());
                                }
                            }
                            assert_eq!(text.trim(), "", "the stream ends after `done`");
                            return events;
                        }
                    }
                }
            }
            panic!("the stream ended without `done`: {events:?}");
        };
        self.run(read)
    }
}

/// The content type of `response`, empty if none.
fn content_type(response: &Response<Body>) -> String {
    response.headers().get(header::CONTENT_TYPE).map_or(String::new(), |v| v.to_str().unwrap().to_string())
}

/// `text` escaped for a query string.
fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-_.".contains(&b) { (b as char).to_string() } else { format!("%{b:02X}") }
        })
        .collect()
}

/// The library's legal moves of `fen`, in coordinate form, with the notation for people.
fn library_moves<G: Game>(fen: &str) -> BTreeSet<(String, String)> {
    let pos = G::from_fen(fen).unwrap();
    let mut moves = MoveList::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(|&m| (pos.move_text(m), pos.human_move_text(m))).collect()
}

/// The served moves as the library writes them: coordinate form and notation for people.
fn served_moves(moves: &[Value]) -> BTreeSet<(String, String)> {
    moves.iter().map(|m| (m["move"].as_str().unwrap().to_string(), m["text"].as_str().unwrap().to_string())).collect()
}

const CHESS: [&str; 5] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1r5k/P7/8/8/8/8/8/K7 w - - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
];
const XIANGQI: [&str; 3] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakabr1/9/1cn3nc1/p1p1C1p1p/9/9/P1P1P1P1P/1C2B4/9/RN1AKABNR b - - 0 3",
    "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1",
];
const UGOLKI: [&str; 2] =
    ["BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1", "BBBB4/BBB5/BBBB4/3B4/4W3/4W1WW/4WWWW/4WWWW w 3"];
