//! `ladya serve`'s review and PGN endpoints over real HTTP: `/api/review` streams a verdict
//! per position and per move and stops when the client goes away; `/api/pgn/export` and
//! `/api/pgn/import` carry every game and its tags both ways.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A `ladya serve` process on a free port, killed when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Server {
    fn start() -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
            .args(["serve", "--port", "0"])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ladya starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let base = first.trim().strip_prefix("Listening on ").expect("the Listening line").to_string();
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(120)))
            .build();
        Server { child, base, agent: config.into() }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path.trim_start_matches('/'))
    }

    /// Status and body of a POST of `body` as JSON.
    fn post(&self, path: &str, body: &Value) -> (u16, Value) {
        answer(self.agent.post(self.url(path)).header("content-type", "application/json").send(body.to_string()))
    }

    /// A POST that must succeed.
    fn post_ok(&self, path: &str, body: Value) -> Value {
        let (status, answer) = self.post(path, &body);
        assert_eq!(status, 200, "{path} {body}: {answer}");
        answer
    }

    /// Every event of a review, in order, the stream read to its end.
    fn review(&self, query: &str) -> Vec<(String, Value)> {
        let mut response = self.agent.get(self.url(&format!("api/review?{query}"))).call().unwrap();
        assert_eq!(response.status(), 200, "{query}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
        let mut reader = BufReader::new(response.body_mut().as_reader());
        let events = events(&mut reader);
        let mut rest = String::new();
        reader.read_to_string(&mut rest).unwrap();
        assert_eq!(rest.trim(), "", "the stream ends after `done`");
        events
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn answer(response: Result<ureq::http::Response<ureq::Body>, ureq::Error>) -> (u16, Value) {
    let mut response = response.expect("an HTTP answer");
    let status = response.status().as_u16();
    let text = response.body_mut().read_to_string().unwrap_or_default();
    (status, serde_json::from_str(&text).unwrap_or(Value::Null))
}

/// Reads server-sent events up to `done` or `error`: each event's name and data.
fn events(reader: &mut impl BufRead) -> Vec<(String, Value)> {
    let mut events = Vec::new();
    let mut name = String::new();
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap_or(0) > 0 {
        let text = line.trim_end();
        if let Some(n) = text.strip_prefix("event: ") {
            name = n.to_string();
        } else if let Some(data) = text.strip_prefix("data: ") {
            events.push((name.clone(), serde_json::from_str(data).unwrap()));
            if name == "done" || name == "error" {
                break;
            }
        }
        line.clear();
    }
    events
}

/// Checks the order of a review's events (position 0, then position k and move k for each
/// move, then `done`) and returns the positions and the moves.
fn split(events: &[(String, Value)], moves: usize) -> (Vec<&Value>, Vec<&Value>, &Value) {
    let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
    let mut expected = vec!["position"];
    for _ in 0..moves {
        expected.extend(["position", "move"]);
    }
    expected.push("done");
    assert_eq!(names, expected, "{events:?}");
    let of = |kind: &str| events.iter().filter(|(n, _)| n == kind).map(|(_, v)| v).collect::<Vec<_>>();
    let (positions, judged) = (of("position"), of("move"));
    for (k, position) in positions.iter().enumerate() {
        assert_eq!(position["ply"], k, "{position}");
        let win = position["win"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&win), "{position}");
    }
    for (k, judged) in judged.iter().enumerate() {
        assert_eq!(judged["ply"], k + 1, "{judged}");
        let (before, after, loss) = (
            judged["win_before"].as_f64().unwrap(),
            judged["win_after"].as_f64().unwrap(),
            judged["loss"].as_f64().unwrap(),
        );
        assert!(loss >= 0.0 && (loss - (before - after).max(0.0)).abs() < 0.11, "{judged}");
        let accuracy = judged["accuracy"].as_f64().unwrap();
        assert!((0.0..=100.0).contains(&accuracy), "{judged}");
    }
    (positions, judged, &events.last().unwrap().1)
}

#[test]
fn a_review_judges_every_move_and_finds_the_blunder() {
    let server = Server::start();
    // 4. Qg4?? leaves the queen to the bishop.
    let moves = "d2d4 d7d5 c1f4 g8f6 e2e3 c8f5 d1g4 f5g4";
    let events = server.review(&format!("game=chess&moves={}&movetime=200", moves.replace(' ', "%20")));
    let (positions, judged, done) = split(&events, 8);
    let blunder = judged[6];
    assert_eq!(
        (&blunder["move"], &blunder["text"], &blunder["side"]),
        (&json!("d1g4"), &json!("Qg4"), &json!("white"))
    );
    assert!(["blunder", "mistake"].contains(&blunder["judgement"].as_str().unwrap_or_default()), "{blunder}");
    assert_ne!(blunder["best"], "d1g4");
    // After it, the first player's evaluation has fallen by more than a few pawns.
    assert!(positions[7]["eval"]["cp"].as_i64().unwrap() < -300, "{}", positions[7]);
    assert!(positions[0]["best"].is_string() && positions[0]["pv"][0] == positions[0]["best"]);
    assert_eq!(positions[0]["pv_text"][0], positions[0]["best_text"]);
    for side in ["white", "black"] {
        assert!(done["accuracy"][side].is_number(), "{done}");
        for kind in ["inaccuracy", "mistake", "blunder"] {
            assert!(done["judgements"][side][kind].is_u64(), "{done}");
        }
    }
    let white_bad = done["judgements"]["white"]["mistake"].as_u64().unwrap()
        + done["judgements"]["white"]["blunder"].as_u64().unwrap();
    assert!(white_bad >= 1, "{done}");
}

#[test]
fn a_finished_game_is_scored_by_its_result_and_xiangqi_has_red() {
    let server = Server::start();
    let events = server.review("game=chess&moves=f2f3,e7e5,g2g4,d8h4&movetime=50");
    let (positions, judged, _) = split(&events, 4);
    let mate = positions[4];
    assert_eq!((&mate["eval"], &mate["best"], &mate["win"]), (&Value::Null, &Value::Null, &json!(0.0)), "{mate}");
    assert_eq!(judged[3]["side"], "black");
    assert_eq!(judged[3]["win_after"], 100.0);
    let events = server.review("game=xiangqi&moves=h2e2%20h9g7&movetime=50");
    let (_, judged, done) = split(&events, 2);
    assert_eq!((&judged[0]["side"], &judged[0]["text"]), (&json!("red"), &json!("C2.5")));
    assert!(done["accuracy"]["red"].is_number() && done["judgements"]["black"]["blunder"].is_u64(), "{done}");
    let events = server.review("game=ugolki&movetime=50");
    let (positions, _, done) = split(&events, 0);
    assert!(positions[0]["eval"]["cp"].is_i64());
    assert_eq!(done["accuracy"]["white"], Value::Null);
}

#[test]
fn bad_review_queries_are_refused_before_the_stream() {
    let server = Server::start();
    for (query, error) in [
        ("game=go", "unknown game"),
        ("game=chess&moves=e2e4%20e2e4", "move 2 'e2e4'"),
        ("game=xiangqi&fen=nonsense", "bad xiangqi FEN"),
        ("game=chess&movetime=soon", "bad query"),
        ("moves=e2e4", "bad query"),
    ] {
        let (status, body) = answer(server.agent.get(server.url(&format!("api/review?{query}"))).call());
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["error"].as_str().unwrap().contains(error), "{query}: {body}");
    }
}

#[test]
fn closing_a_review_stops_it_and_frees_its_slot() {
    let server = Server::start();
    let slots = std::thread::available_parallelism().map_or(1, |n| n.get());
    // Long reviews (five seconds a position, twenty positions) take every slot.
    let moves = "g1f3 g8f6 f3g1 f6g8 ".repeat(5);
    let query = format!("api/review?game=chess&movetime=5000&moves={}", moves.trim().replace(' ', "%20"));
    let mut open: Vec<_> = (0..slots)
        .map(|_| {
            let response = server.agent.get(server.url(&query)).call().unwrap();
            assert_eq!(response.status(), 200);
            response
        })
        .collect();
    let (agent, url) = (server.agent.clone(), server.url("api/bestmove"));
    let waiting = std::thread::spawn(move || {
        let asked = Instant::now();
        let answer = answer(
            agent.post(url).header("content-type", "application/json").send(r#"{"game": "chess", "movetime": 10}"#),
        );
        (answer, asked.elapsed())
    });
    std::thread::sleep(Duration::from_millis(1500));
    assert!(!waiting.is_finished(), "every slot is taken by a review");
    // Closing one review's connection stops it: its slot goes to the waiting request.
    drop(open.pop());
    let ((status, best), waited) = waiting.join().unwrap();
    assert_eq!(status, 200, "{best}");
    assert!(waited < Duration::from_secs(10), "the slot came free in {waited:?}");
    drop(open);
}

#[test]
fn pgn_carries_every_game_and_its_tags_both_ways() {
    let server = Server::start();
    let cases = [
        (
            "xiangqi",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
            "h2e2 h9g7 h0g2",
            "1. h3e3 h10g8 2. h1g3 *",
        ),
        ("ugolki", "BBBB4/BBB5/BBBB4/3B4/4W3/4W1WW/4WWWW/4WWWW b 3", "d5d4 e4e5", "3... d5d4 4. e4e5 *"),
        (
            "chess",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
            "e8c8 e1g1",
            "1... O-O-O 2. O-O *",
        ),
    ];
    for (game, fen, moves, movetext) in cases {
        let moves: Vec<&str> = moves.split(' ').collect();
        let tags =
            json!({"White": "Ladya \"L\"", "Black": "Someone", "Event": "Test", "Date": "2026.11.27", "ECO": "X00"});
        let exported =
            server.post_ok("api/pgn/export", json!({"game": game, "fen": fen, "moves": moves, "tags": tags}));
        let pgn = exported["pgn"].as_str().unwrap();
        assert!(pgn.starts_with("[Event \"Test\"]\n[Site \"?\"]\n[Date \"2026.11.27\"]\n"), "{pgn}");
        assert!(pgn.contains("[White \"Ladya \\\"L\\\"\"]\n[Black \"Someone\"]\n[Result \"*\"]\n"), "{pgn}");
        assert_eq!(pgn.contains(&format!("[Variant \"{game}\"]\n")), game != "chess", "{pgn}");
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]\n")) && pgn.contains("[ECO \"X00\"]"), "{pgn}");
        assert!(pgn.ends_with(&format!("\n{movetext}\n")), "{pgn}");
        // Back, the game from the Variant tag, and with the game named.
        for body in [json!({"pgn": pgn}), json!({"pgn": pgn, "game": game})] {
            let imported = server.post_ok("api/pgn/import", body);
            assert_eq!(
                (&imported["game"], &imported["fen"], &imported["moves"]),
                (&json!(game), &json!(fen), &json!(moves))
            );
            assert_eq!((&imported["tags"]["White"], &imported["tags"]["ECO"]), (&json!("Ladya \"L\""), &json!("X00")));
            assert_eq!(imported["result"], "*");
        }
    }
    // The old fields still name the players; a finished game's result is written by itself.
    let exported = server.post_ok(
        "api/pgn/export",
        json!({"game": "xiangqi", "moves": [], "white": "A", "black": "B", "result": "1-0"}),
    );
    let pgn = exported["pgn"].as_str().unwrap();
    assert!(pgn.contains("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n") && pgn.ends_with("\n1-0\n"), "{pgn}");
    let mate = server.post_ok("api/pgn/export", json!({"game": "chess", "moves": "f2f3 e7e5 g2g4 d8h4"}));
    assert!(mate["pgn"].as_str().unwrap().ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
    // Refused: a game that does not fit the text, a Variant nobody plays here, a bad move.
    for (body, error) in [
        (
            json!({"pgn": "[Variant \"xiangqi\"]\n1. h3e3 *", "game": "chess"}),
            "the Variant tag says xiangqi, not chess",
        ),
        (json!({"pgn": "[Variant \"crazyhouse\"]\n1. e4 *"}), "unknown Variant 'crazyhouse'"),
        (json!({"pgn": "[Variant \"ugolki\"]\n1. e3e4 d6d5 2. a1a2 *"}), "line 2, move 2.:"),
        (json!({"pgn": "1. e4", "game": "shogi"}), "unknown game"),
    ] {
        let (status, answer) = server.post("api/pgn/import", &body);
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(error), "{body}: {answer}");
    }
}
