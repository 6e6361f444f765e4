//! `ladya serve` over real HTTP: the binary started on a free port, then its page and JSON API
//! checked against the rules crates (legal moves, engine answers, positions, analysis, the
//! solver, PGN of every game, levels and clocks, game review streamed and stopped), and every
//! kind of bad request answered with its 4xx and a JSON error while the server lives on.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use ladya_core::{Game, MoveList};
use serde_json::{Value, json};

/// A `ladya serve` process on a free port, killed when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    fn start_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
            .args(["serve", "--port", "0"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ladya starts");
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut first).unwrap();
        let base = first.trim().strip_prefix("Listening on ").expect("the Listening line").to_string();
        assert!(base.starts_with("http://127.0.0.1:") && base.ends_with('/') && !base.ends_with(":0/"), "{first}");
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build();
        Server { child, base, agent: config.into() }
    }

    fn url(&self, path: &str) -> String {
        format!("{}{}", self.base, path.trim_start_matches('/'))
    }

    /// Status and body (`null` if not JSON) of a GET.
    fn get(&self, path: &str) -> (u16, Value) {
        answer(self.agent.get(self.url(path)).call())
    }

    /// Status and body of a POST of `body` as JSON.
    fn post(&self, path: &str, body: &str) -> (u16, Value) {
        answer(self.agent.post(self.url(path)).header("content-type", "application/json").send(body))
    }

    /// A POST that must succeed.
    fn post_ok(&self, path: &str, body: Value) -> Value {
        let (status, answer) = self.post(path, &body.to_string());
        assert_eq!(status, 200, "{path} {body}: {answer}");
        answer
    }

    /// Every event of a review, in order, the stream read to its end.
    fn review(&self, query: &str) -> Vec<(String, Value)> {
        let mut response = self.agent.get(self.url(&format!("api/review?{query}"))).call().unwrap();
        assert_eq!(response.status(), 200, "{query}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
        let mut reader = BufReader::new(response.body_mut().as_reader());
        let events = events(&mut reader, "done");
        let mut rest = String::new();
        reader.read_to_string(&mut rest).unwrap();
        assert_eq!(rest.trim(), "", "the stream ends after `done`");
        events
    }

    /// The legal moves of a position, in coordinate form.
    fn legal(&self, game: &str, fen: &str) -> Vec<Value> {
        let (status, answer) = self.get(&format!("api/legal?game={game}&fen={}", encode(fen)));
        assert_eq!(status, 200, "{game} {fen}: {answer}");
        answer["moves"].as_array().unwrap().clone()
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

#[test]
fn legal_moves_agree_with_the_rules_crates() {
    let server = Server::start();
    for fen in CHESS {
        assert_eq!(served_moves(&server.legal("chess", fen)), library_moves::<ladya_chess::Position>(fen), "{fen}");
    }
    for fen in XIANGQI {
        assert_eq!(served_moves(&server.legal("xiangqi", fen)), library_moves::<ladya_xiangqi::Position>(fen), "{fen}");
    }
    for fen in UGOLKI {
        assert_eq!(served_moves(&server.legal("ugolki", fen)), library_moves::<ladya_ugolki::Position>(fen), "{fen}");
    }
    // What the page needs of each move: squares, path, capture, promotion.
    let promotions = server.legal("chess", CHESS[3]);
    let to_b8: Vec<&Value> = promotions.iter().filter(|m| m["from"] == "a7" && m["to"] == "b8").collect();
    let pieces: BTreeSet<&str> = to_b8.iter().map(|m| m["promotion"].as_str().unwrap()).collect();
    assert_eq!(pieces, BTreeSet::from(["b", "n", "q", "r"]));
    assert!(to_b8.iter().all(|m| m["capture"] == true && m["path"] == json!(["a7", "b8"])));
    let push = promotions.iter().find(|m| m["move"] == "a7a8q").unwrap();
    assert_eq!((&push["capture"], &push["text"]), (&json!(false), &json!("a8=Q")));
    let king = promotions.iter().find(|m| m["move"] == "a1a2").unwrap();
    assert_eq!(king["promotion"], Value::Null);
    let en_passant = server.legal("chess", CHESS[2]).into_iter().find(|m| m["move"] == "e5f6").unwrap();
    assert_eq!((&en_passant["capture"], &en_passant["text"]), (&json!(true), &json!("exf6")));
    let capture = server.legal("xiangqi", XIANGQI[1]).into_iter().find(|m| m["move"] == "c7e6").unwrap();
    assert_eq!(capture["capture"], true);
    // Ugolki: a jump chain lists every landing square, as the library finds it.
    let mut pos = ladya_ugolki::Position::start();
    for m in ["e3e4", "d6d5"] {
        pos.play_text(m).unwrap();
    }
    let pos = ladya_ugolki::Position::from_fen(&pos.fen()).unwrap();
    let mut chains = 0;
    for m in server.legal("ugolki", &pos.fen()) {
        let mv = pos.parse_move(m["move"].as_str().unwrap()).unwrap();
        let path: Vec<String> = pos.move_path(mv).unwrap().into_iter().map(ladya_ugolki::square_name).collect();
        assert_eq!(m["path"], json!(path), "{m}");
        assert_eq!((&m["from"], &m["to"]), (&json!(path[0]), &json!(path[path.len() - 1])));
        chains += usize::from(path.len() > 2);
    }
    assert!(chains > 0, "e1c5 is a chain of jumps");
    // Moves in the query string, separated by spaces or commas.
    let (status, after) = server.get("api/legal?game=chess&moves=e2e4,e7e5%20g1f3");
    assert_eq!(status, 200);
    let mut pos = ladya_chess::Position::start();
    for m in ["e2e4", "e7e5", "g1f3"] {
        pos.play_text(m).unwrap();
    }
    assert_eq!(served_moves(after["moves"].as_array().unwrap()), library_moves::<ladya_chess::Position>(&pos.fen()));
}

#[test]
fn positions_carry_history_check_and_outcome() {
    let server = Server::start();
    let mate = server.post_ok("api/position", json!({"game": "chess", "moves": ["f2f3", "e7e5", "g2g4", "Qh4"]}));
    assert_eq!(mate["fen"], "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
    assert_eq!(mate["start"], ladya_chess::Position::START_FEN);
    assert_eq!((&mate["turn"], &mate["check"], &mate["legal"]), (&json!("white"), &json!("e1"), &json!([])));
    let texts: Vec<&Value> = mate["history"].as_array().unwrap().iter().map(|h| &h["text"]).collect();
    assert_eq!(texts, [&json!("f3"), &json!("e5"), &json!("g4"), &json!("Qh4#")]);
    assert_eq!(mate["history"][3]["move"], "d8h4");
    assert_eq!(mate["history"][3]["fen"], mate["fen"]);
    assert_eq!(mate["history"][3]["path"], json!(["d8", "h4"]));
    assert_eq!(
        mate["outcome"],
        json!({"result": "0-1", "winner": "black", "reason": "checkmate", "text": "Black wins by checkmate"})
    );
    let start = server.post_ok("api/position", json!({"game": "chess", "fen": ""}));
    assert_eq!((&start["check"], &start["outcome"], &start["history"]), (&Value::Null, &Value::Null, &json!([])));
    // Xiangqi: Red's rook checks the general on e9; Black is to move.
    let check = server.post_ok("api/position", json!({"game": "xiangqi", "fen": XIANGQI[2]}));
    assert_eq!((&check["turn"], &check["check"]), (&json!("black"), &json!("e9")));
    let red = server.post_ok("api/position", json!({"game": "xiangqi", "moves": "h2e2"}));
    assert_eq!((&red["turn"], &red["history"][0]["text"]), (&json!("black"), &json!("C2.5")));
    // Ugolki: a chain of jumps in the history, as people write it.
    let jump = server.post_ok("api/position", json!({"game": "ugolki", "moves": ["e3e4", "d6d5", "e1c5"]}));
    assert_eq!(jump["history"][2]["text"], "e1:c5");
    let mut pos = ladya_ugolki::Position::start();
    for m in ["e3e4", "d6d5"] {
        pos.play_text(m).unwrap();
    }
    let chain = pos.move_path(pos.parse_move("e1c5").unwrap()).unwrap();
    let chain: Vec<String> = chain.into_iter().map(ladya_ugolki::square_name).collect();
    assert!(chain.len() > 2, "{chain:?}");
    assert_eq!(jump["history"][2]["path"], json!(chain));
    assert_eq!(jump["history"][0]["path"], json!(["e3", "e4"]));
    assert_eq!(jump["turn"], "black");
}

#[test]
fn the_engine_answers_legal_moves_in_every_game() {
    let server = Server::start();
    let cases = [
        ("chess", CHESS[1]),
        ("chess", CHESS[4]),
        ("xiangqi", XIANGQI[0]),
        ("xiangqi", XIANGQI[1]),
        ("ugolki", UGOLKI[1]),
    ];
    for (game, fen) in cases {
        let legal = served_moves(&server.legal(game, fen));
        let answer = server.post_ok("api/bestmove", json!({"game": game, "fen": fen, "movetime": 100}));
        let best = answer["bestmove"].as_str().unwrap();
        assert!(legal.iter().any(|(m, text)| m == best && answer["text"] == *text), "{game} {fen}: {answer}");
        assert_eq!(answer["pv"][0], best);
        assert_eq!(answer["pv"].as_array().unwrap().len(), answer["pv_text"].as_array().unwrap().len());
        assert!(answer["score"]["cp"].is_i64() || answer["score"]["mate"].is_i64(), "{answer}");
        assert!(answer["depth"].as_u64().unwrap() >= 1 && answer["nodes"].as_u64().unwrap() > 0);
    }
    // A depth limit, moves after the FEN, and a mate found.
    let answer = server.post_ok("api/bestmove", json!({"game": "ugolki", "moves": ["e3e4"], "depth": 3}));
    assert_eq!(answer["depth"], 3);
    let answer =
        server.post_ok("api/bestmove", json!({"game": "chess", "fen": "1k6/8/8/3K4/8/8/3R4/8 w - - 0 1", "depth": 8}));
    assert_eq!((&answer["bestmove"], &answer["score"]), (&json!("d5c6"), &json!({"mate": 3})));
}

#[test]
fn levels_by_rating_and_clocks_are_taken_and_bad_ones_refused() {
    let server = Server::start();
    let (status, games) = answer(server.agent.get(server.url("api/games")).call());
    assert_eq!(status, 200);
    for game in games["games"].as_array().unwrap() {
        assert_eq!(game["elo"], json!({"min": 500, "max": 2800}), "{game}");
    }
    for game in ["chess", "xiangqi", "ugolki"] {
        // A level spends a small node budget whatever the move time; full strength spends it.
        let weak = server.post_ok("api/bestmove", json!({"game": game, "elo": 800, "movetime": 1000}));
        assert_eq!(weak["elo"], 800);
        let full = server.post_ok("api/bestmove", json!({"game": game, "elo": null, "movetime": 300}));
        assert_eq!(full["elo"], Value::Null);
        assert!(weak["nodes"].as_u64().unwrap() * 4 < full["nodes"].as_u64().unwrap(), "{game}: {weak} {full}");
        // A clock of a few seconds is shared over the moves to come: far less than it holds.
        let asked = std::time::Instant::now();
        let clocked = server.post_ok("api/bestmove", json!({"game": game, "clock": {"time": 6000, "increment": 0}}));
        assert!(clocked["bestmove"].is_string() && asked.elapsed() < std::time::Duration::from_secs(2), "{clocked}");
    }
    // A node limit too small for anything still answers a scored move, never "mate 0".
    for nodes in [0, 1] {
        let tiny = server.post_ok("api/bestmove", json!({"game": "chess", "nodes": nodes}));
        assert!(tiny["score"]["cp"].is_i64() && tiny["depth"].as_u64() >= Some(1), "{nodes}: {tiny}");
    }
    let (status, error) = server.post("api/bestmove", r#"{"game": "chess", "elo": 100}"#);
    assert!(status == 400 && error["error"].as_str().unwrap().contains("500 to 2800"), "{error}");
    let (status, error) = server.post("api/bestmove", r#"{"game": "chess", "clock": {"time": 99999999999}}"#);
    assert!(status == 400 && error["error"].as_str().unwrap().starts_with("clock:"), "{error}");
}

/// Reads server-sent events until `wanted` or the end: each event's name and data.
fn events(reader: &mut impl BufRead, wanted: &str) -> Vec<(String, Value)> {
    let mut events = Vec::new();
    let mut name = String::new();
    let mut line = String::new();
    while reader.read_line(&mut line).unwrap_or(0) > 0 {
        let text = line.trim_end();
        if let Some(n) = text.strip_prefix("event: ") {
            name = n.to_string();
        } else if let Some(data) = text.strip_prefix("data: ") {
            events.push((name.clone(), serde_json::from_str(data).unwrap()));
            if name == wanted {
                break;
            }
        }
        line.clear();
    }
    events
}

#[test]
fn analysis_streams_lines_and_ends() {
    let server = Server::start();
    let mut response = server.agent.get(server.url("api/analyze?game=xiangqi&multipv=2&movetime=300")).call().unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let mut reader = BufReader::new(response.body_mut().as_reader());
    let events = events(&mut reader, "done");
    let (last, done) = events.last().unwrap();
    assert_eq!(last, "done", "{events:?}");
    let legal = served_moves(&server.legal("xiangqi", XIANGQI[0]));
    assert!(legal.iter().any(|(m, _)| done["bestmove"] == *m), "{done}");
    let infos: Vec<&Value> = events.iter().filter(|(n, _)| n == "info").map(|(_, v)| v).collect();
    assert!(infos.iter().any(|i| i["multipv"] == 2), "{infos:?}");
    for info in infos {
        for field in ["depth", "seldepth", "nodes", "nps", "time"] {
            assert!(info[field].is_u64(), "{field}: {info}");
        }
        assert!(legal.iter().any(|(m, text)| info["pv"][0] == *m && info["pv_text"][0] == *text), "{info}");
    }
    // The end of the stream.
    let mut rest = String::new();
    reader.read_to_string(&mut rest).unwrap();
    assert_eq!(rest.trim(), "");
}

#[test]
fn searches_are_capped_and_wait_in_a_bounded_line() {
    let server = Server::start();
    // Analyses without a limit take every slot; the next one waits 5 s in vain and is refused.
    let mut open = Vec::new();
    let refused = loop {
        let asked = Instant::now();
        let mut response = server.agent.get(server.url("api/analyze?game=chess")).call().unwrap();
        if response.status() == 503 {
            assert!(asked.elapsed() >= Duration::from_secs(4), "the analysis waited for a slot");
            break serde_json::from_str::<Value>(&response.body_mut().read_to_string().unwrap()).unwrap();
        }
        assert_eq!(response.status(), 200);
        let mut reader = BufReader::new(response.into_body().into_reader());
        assert_eq!(events(&mut reader, "info")[0].0, "info");
        open.push(reader);
        assert!(open.len() <= 256, "no cap on searches");
    };
    let refused = refused["error"].as_str().unwrap();
    // "all N search slots", or on one core "the only search slot".
    assert!(refused.starts_with("busy: all ") || refused.starts_with("busy: the only search slot "), "{refused}");
    assert!(!refused.contains("all 1 "), "{refused}");
    // Best moves and solves wait in line for a slot: 16 of them.
    let waiting: Vec<_> = (0..16)
        .map(|i| {
            let (agent, url) = (server.agent.clone(), server.url(if i == 0 { "api/solve" } else { "api/bestmove" }));
            std::thread::spawn(move || {
                let body =
                    r#"{"game": "chess", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "movetime": 10, "mate": 1}"#;
                answer(agent.post(url).header("content-type", "application/json").send(body))
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    assert!(waiting.iter().all(|t| !t.is_finished()), "the requests wait while every slot is taken");
    // The line is full: one more is refused at once.
    let asked = Instant::now();
    let (status, full) = server.post("api/bestmove", r#"{"game": "chess", "movetime": 10}"#);
    assert_eq!(status, 503, "{full}");
    assert!(full["error"].as_str().unwrap().starts_with("busy: 16 requests already wait"), "{full}");
    assert!(asked.elapsed() < Duration::from_secs(2), "a full line refuses at once");
    // Closing one stream stops its search and frees its slot: the line gets through it.
    open.pop();
    for (i, thread) in waiting.into_iter().enumerate() {
        let (status, answer) = thread.join().unwrap();
        assert_eq!(status, 200, "{answer}");
        let best = if i == 0 { &answer["keys"][0]["move"] } else { &answer["bestmove"] };
        assert_eq!(best, "a1a8", "{answer}");
    }
    drop(open);
    let best = server.post_ok("api/bestmove", json!({"game": "chess", "movetime": 10}));
    assert!(best["bestmove"].is_string());
}

#[test]
fn the_solver_finds_a_mate_in_two_and_is_bounded() {
    let server = Server::start();
    let fen = "kb3Q2/pn6/p1Q5/p7/P7/8/p1pPP3/rbK5 w - - 0 1";
    let answer = server.post_ok("api/solve", json!({"game": "chess", "fen": fen, "mate": 3}));
    assert_eq!((&answer["solved"], &answer["mate"], &answer["stipulation"]), (&json!(true), &json!(2), &json!("#2")));
    assert_eq!((&answer["game"], &answer["fen"]), (&json!("chess"), &json!(fen)));
    // The keys as `ladya solve --json` writes them, with the play after them.
    let keys = answer["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 1, "{answer}");
    assert_eq!((&keys[0]["move"], &keys[0]["text"], &keys[0]["length"]), (&json!("f8f3"), &json!("Qff3"), &json!(2)));
    assert_eq!(keys[0]["play"]["threat"]["moves"], json!([{"move": "c6b7", "text": "Qxb7#"}]), "{answer}");
    assert!(answer["text"].as_str().unwrap().starts_with("Mate in 2: 1 key\n1.Qff3! (2.Qxb7#)\n"));
    let none = server.post_ok("api/solve", json!({"game": "chess", "mate": 2}));
    assert_eq!((&none["solved"], &none["mate"], &none["keys"]), (&json!(false), &json!(2), &json!([])));
    assert_eq!(none["text"], "Mate in 2: no solution\n");
    // Xiangqi: the rook shuts the general in at once (the flying general guards the e-file).
    let xiangqi =
        server.post_ok("api/solve", json!({"game": "xiangqi", "fen": "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "mate": 2}));
    assert_eq!(xiangqi["mate"], json!(1));
    assert_eq!(xiangqi["keys"], json!([{"move": "i0i8", "text": "R1+8", "length": 1, "play": null}]));
    for (body, error) in [
        (json!({"game": "chess", "mate": 6}), "take N from 1 to 5"),
        (json!({"game": "chess", "mate": 0}), "take N from 1 to 5"),
        (json!({"game": "chess", "stip": "s#6"}), "take N from 1 to 5"),
        (json!({"game": "chess", "stip": "h#5.5"}), "h#5.5 has 11 moves; help- and series-play take at most 10"),
        (json!({"game": "chess", "stip": "ser-h#10"}), "ser-h#10 has 11 moves"),
        (json!({"game": "chess", "stip": "x#2"}), "unknown stipulation 'x#2': expected #N, s#N, r#N, h#N"),
        (json!({"game": "chess", "stip": "h#2.4"}), "unknown stipulation 'h#2.4'"),
        (json!({"game": "ugolki", "mate": 2}), "the solver does not take ugolki"),
        (json!({"game": "ugolki", "stip": "h#2"}), "the solver does not take ugolki"),
        (json!({"game": "chess"}), "give either \"stip\""),
        (json!({"game": "chess", "stip": "#2", "mate": 2}), "give either \"stip\""),
    ] {
        let (status, answer) = server.post("api/solve", &body.to_string());
        assert_eq!(status, 400, "{body}");
        assert!(answer["error"].as_str().unwrap().contains(error), "{body}: {answer}");
    }
}

#[test]
fn the_solver_takes_every_stipulation() {
    let server = Server::start();
    // A helpmate in two: 13 solutions, all with the black king going to b8 first.
    let help =
        server.post_ok("api/solve", json!({"game": "chess", "fen": "k7/pp6/8/8/8/8/8/2KR4 b - - 0 1", "stip": "h#2"}));
    assert_eq!((&help["solved"], &help["stipulation"]), (&json!(true), &json!("h#2")));
    let solutions = help["solutions"].as_array().unwrap();
    assert_eq!(solutions.len(), 13, "{help}");
    for solution in solutions {
        let moves = solution.as_array().unwrap();
        assert_eq!(moves.len(), 4, "{solution}");
        assert_eq!(moves[0], json!({"move": "a8b8", "text": "Kb8"}), "{solution}");
        assert!(moves[3]["text"].as_str().unwrap().ends_with('#'), "{solution}");
    }
    let text = help["text"].as_str().unwrap();
    assert!(text.starts_with("Helpmate in 2: 13 solutions\n1.Kb8 "), "{text}");
    assert_eq!(text.lines().count(), 14, "{text}");
    assert!(help["nodes"].as_u64().unwrap() > 0);
    // A series mate: the other side passes, so the moves are the series side's alone.
    let series =
        server.post_ok("api/solve", json!({"game": "chess", "fen": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "stip": "ser-#1"}));
    assert_eq!(series["solutions"], json!([[{"move": "h1h8", "text": "Rh8#"}]]), "{series}");
    assert_eq!(series["text"], "Series mate in 1: 1 solution\n1.Rh8#\n");
    // No solution.
    let none = server.post_ok("api/solve", json!({"game": "chess", "stip": "h#1"}));
    assert_eq!((&none["solved"], &none["solutions"]), (&json!(false), &json!([])));
    // A selfmate in two: forced, answered like a directmate.
    let selfmate = server
        .post_ok("api/solve", json!({"game": "chess", "fen": "8/8/8/3p4/2Q5/8/6PP/1q1k3K w - - 0 1", "stip": "s#2"}));
    assert_eq!((&selfmate["solved"], &selfmate["stipulation"]), (&json!(true), &json!("s#2")));
    assert_eq!(selfmate["keys"][0]["move"], "c4e2", "{selfmate}");
    assert!(selfmate["text"].as_str().unwrap().starts_with("Selfmate in 2: 1 key\n1.Qe2+!"), "{selfmate}");
    // `stip` "#N" is `mate`: N.
    let mate =
        server.post_ok("api/solve", json!({"game": "chess", "fen": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "stip": "#2"}));
    assert_eq!((&mate["mate"], &mate["keys"][0]["move"]), (&json!(1), &json!("h1h8")));
}

#[test]
fn pgn_goes_out_and_comes_back() {
    let server = Server::start();
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
    let moves = json!(["e8c8", "e1g1", "e7c5", "d2e3"]);
    let exported = server.post_ok(
        "api/pgn/export",
        json!({"game": "chess", "fen": fen, "moves": moves, "white": "Ladya", "black": "?"}),
    );
    let pgn = exported["pgn"].as_str().unwrap();
    assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ladya\"]\n"));
    assert!(pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")), "{pgn}");
    assert!(pgn.contains("1... O-O-O 2. O-O Qc5 3. Be3 *"), "{pgn}");
    let imported = server.post_ok("api/pgn/import", json!({"pgn": pgn}));
    assert_eq!((&imported["game"], &imported["fen"], &imported["moves"]), (&json!("chess"), &json!(fen), &moves));
    assert_eq!(imported["tags"]["White"], "Ladya");
    let text = "[Event \"x\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 ; a comment\n3. Bb5 1-0";
    let imported = server.post_ok("api/pgn/import", json!({"pgn": text}));
    assert_eq!(imported["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]));
    assert_eq!((&imported["result"], &imported["fen"]), (&json!("1-0"), &json!(ladya_chess::Position::START_FEN)));
    // A finished game's result is written by itself.
    let mate = server.post_ok("api/pgn/export", json!({"game": "chess", "moves": "f2f3 e7e5 g2g4 d8h4"}));
    assert!(mate["pgn"].as_str().unwrap().ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
}

#[test]
fn the_page_is_served_with_its_types() {
    let server = Server::start();
    for (path, kind) in [
        ("", "text/html"),
        ("?game=xiangqi", "text/html"),
        ("index.html", "text/html"),
        ("app.js", "javascript"),
        ("style.css", "text/css"),
    ] {
        let response = server.agent.get(server.url(path)).call().unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().contains(kind), "{path}");
    }
    let (status, games) = server.get("api/games");
    assert_eq!(status, 200);
    let names: Vec<&Value> = games["games"].as_array().unwrap().iter().map(|g| &g["name"]).collect();
    assert_eq!(names, [&json!("chess"), &json!("xiangqi"), &json!("ugolki")]);
    assert_eq!(games["games"][1]["start"], XIANGQI[0]);
    assert_eq!((&games["games"][1]["files"], &games["games"][1]["ranks"]), (&json!(9), &json!(10)));
    assert_eq!((&games["games"][0]["solver"], &games["games"][2]["solver"]), (&json!(true), &json!(false)));
}

#[test]
fn page_files_may_come_from_a_folder() {
    let dir = std::env::temp_dir().join(format!("ladya-serve-assets-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("pieces")).unwrap();
    std::fs::write(dir.join("index.html"), "<p>from the folder</p>").unwrap();
    std::fs::write(dir.join("pieces/wK.svg"), "<svg/>").unwrap();
    let server = Server::start_with(&["--assets", dir.to_str().unwrap()]);
    let mut page = server.agent.get(server.url("")).call().unwrap();
    assert_eq!(page.body_mut().read_to_string().unwrap(), "<p>from the folder</p>");
    let piece = server.agent.get(server.url("pieces/wK.svg")).call().unwrap();
    assert!(piece.headers()["content-type"].to_str().unwrap().starts_with("image/svg+xml"));
    assert_eq!(server.get("app.js").0, 404);
    assert_eq!(server.get("%2e%2e/Cargo.toml").0, 404);
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
    let missing =
        Command::new(env!("CARGO_BIN_EXE_ladya")).args(["serve", "--assets", "/no/such/folder"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
}

#[test]
fn bad_requests_get_their_4xx_and_the_server_lives_on() {
    let server = Server::start();
    // Bodies of 64 KiB are read; one byte more is refused.
    let body_of = |size: usize| {
        let frame = r#"{"game": "chess", "fen": ""}"#;
        format!(r#"{{"game": "chess", "fen": "{}"}}"#, "x".repeat(size - frame.len()))
    };
    let (big, largest) = (body_of(64 * 1024 + 1), body_of(64 * 1024));
    assert_eq!((big.len(), largest.len()), (65537, 65536));
    let posts: Vec<(&str, String, u16, &str)> = vec![
        ("api/position", r#"{"game": "go"}"#.into(), 400, "unknown game 'go'"),
        ("api/position", r#"{"fen": "8/8/8/8/8/8/8/8 w - - 0 1"}"#.into(), 400, "missing field `game`"),
        ("api/position", r#"{"game": "chess", "fen": "8/8/8 w - - 0 1"}"#.into(), 400, "bad chess FEN"),
        ("api/position", r#"{"game": "xiangqi", "fen": "rnbakabnr w"}"#.into(), 400, "bad xiangqi FEN"),
        ("api/position", r#"{"game": "ugolki", "moves": ["e3e4", "e4e5"]}"#.into(), 400, "move 2 'e4e5'"),
        ("api/position", r#"{"game": "chess", "moves": ["e2e5"]}"#.into(), 400, "move 1 'e2e5'"),
        ("api/position", r#"{"game": "chess", "moves": [1, 2]}"#.into(), 400, "bad JSON body"),
        ("api/position", r#"{"game": "chess""#.into(), 400, "bad JSON body"),
        ("api/position", "[]".into(), 400, "bad JSON body"),
        ("api/position", String::new(), 400, "bad JSON body"),
        ("api/position", big.clone(), 413, "over the limit of 64 KiB"),
        ("api/position", largest, 400, "bad chess FEN"),
        ("api/bestmove", big, 413, "over the limit of 64 KiB"),
        ("api/bestmove", r#"{"game": "chess", "movetime": "fast"}"#.into(), 400, "bad JSON body"),
        ("api/bestmove", r#"{"game": "chess", "moves": "f2f3 e7e5 g2g4 d8h4"}"#.into(), 400, "the game is over"),
        ("api/pgn/import", r#"{"pgn": "1. e4 e5 2. Ke3"}"#.into(), 400, "illegal move 'Ke3'"),
        ("api/pgn/import", r#"{"text": "1. e4"}"#.into(), 400, "missing field `pgn`"),
        ("api/pgn/export", r#"{"game": "xiangqi", "tags": {"Bad Name": "x"}}"#.into(), 400, "bad tag name"),
        ("api/pgn/export", r#"{"game": "chess", "result": "2-0"}"#.into(), 400, "bad result"),
        ("api/games", "{}".into(), 405, "method not allowed"),
        ("api/nothing", "{}".into(), 404, "no API endpoint /api/nothing"),
        ("", "{}".into(), 405, "GET"),
    ];
    for (path, body, status, error) in posts {
        let (got, answer) = server.post(path, &body);
        assert_eq!(got, status, "POST {path} {}", &body[..body.len().min(80)]);
        let message = answer["error"].as_str().unwrap_or_else(|| panic!("POST {path}: {answer}"));
        assert!(message.contains(error), "POST {path}: {message}");
        assert!(message.len() < 300, "a long input is cut in the message");
    }
    let gets = [
        ("api/legal?game=go", 400, "unknown game"),
        ("api/legal", 400, "bad query"),
        ("api/legal?game=chess&fen=nonsense", 400, "bad chess FEN"),
        ("api/legal?game=chess&moves=e2e4%20e2e4", 400, "move 2 'e2e4'"),
        ("api/legal?game=chess&fen=%FF%FE", 400, "bad chess FEN"),
        ("api/analyze?game=chess&multipv=9", 400, "multipv must be 1 to 3"),
        ("api/analyze?game=chess&movetime=-1", 400, "bad query"),
        ("api/analyze?game=ugolki&fen=8/8/8/8/8/8/8/8%20w%201", 400, "bad ugolki FEN"),
        ("api/position", 405, "method not allowed"),
        ("api/", 404, "no API endpoint"),
        ("nothing.html", 404, "no file 'nothing.html'"),
    ];
    for (path, status, error) in gets {
        let (got, answer) = server.get(path);
        assert_eq!(got, status, "GET {path}: {answer}");
        assert!(answer["error"].as_str().unwrap_or_default().contains(error), "GET {path}: {answer}");
    }
    let (status, answer) = answer(server.agent.delete(server.url("api/bestmove")).call());
    assert_eq!((status, answer["error"].is_string()), (405, true));
    // Still serving.
    assert_eq!(server.get("api/games").0, 200);
    let best = server.post_ok("api/bestmove", json!({"game": "chess", "movetime": 50}));
    assert!(best["bestmove"].is_string());
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
        let (status, answer) = server.post("api/pgn/import", &body.to_string());
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(error), "{body}: {answer}");
    }
}
