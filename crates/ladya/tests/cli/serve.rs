//! `ladya serve` as a process: the binary started on a free port, and what only a real server
//! shows: the address it prints, the host, port and page folder of its command line, the page
//! and the API over HTTP (a server-sent stream, a body over the limit), and connections that
//! close, which stop their searches and free their slots, and requests of other sites refused
//! over a raw connection (foreign `Host` and `Origin`, a cross-site or `text/plain` POST), with
//! the security headers on every answer. The API itself is checked
//! in-process, request by request, in `crates/ladya-web/tests/api/`.

use std::io::{BufRead, BufReader};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// A `ladya serve` process, killed when dropped.
struct Server {
    child: Child,
    base: String,
    agent: ureq::Agent,
    /// What the server has written to stderr so far: its log.
    log: Arc<Mutex<String>>,
    /// Its stdout, open while it runs: it may write more than the first line.
    _stdout: BufReader<ChildStdout>,
}

impl Server {
    /// The server on a free port of 127.0.0.1.
    fn start() -> Server {
        let server = Server::start_with(&["--port", "0"]);
        assert!(server.base.starts_with("http://127.0.0.1:"), "{}", server.base);
        server
    }

    /// The server with `args` after `serve`, once it prints where it listens.
    fn start_with(args: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
            .arg("serve")
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ladya starts");
        let log = Arc::new(Mutex::new(String::new()));
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let written = log.clone();
        std::thread::spawn(move || {
            let mut line = String::new();
            while stderr.read_line(&mut line).unwrap_or(0) > 0 {
                written.lock().unwrap().push_str(&std::mem::take(&mut line));
            }
        });
        let mut stdout = BufReader::new(child.stdout.take().unwrap());
        let mut first = String::new();
        stdout.read_line(&mut first).unwrap();
        let base = first.trim().strip_prefix("Listening on ").expect("the Listening line").to_string();
        assert!(base.starts_with("http://") && base.ends_with('/') && !base.ends_with(":0/"), "{first}");
        let config = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(30)))
            .build();
        Server { child, base, agent: config.into(), log, _stdout: stdout }
    }

    /// The port listened on.
    fn port(&self) -> u16 {
        self.base.trim_end_matches('/').rsplit(':').next().unwrap().parse().unwrap()
    }

    /// Status, head (lines in lower case) and body of `request`, sent as it is over a new
    /// connection to 127.0.0.1 (the server closes it after answering).
    fn raw(&self, request: &str) -> (u16, String, String) {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", self.port())).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
        stream.write_all(request.as_bytes()).unwrap();
        let mut bytes = Vec::new();
        let _ = stream.read_to_end(&mut bytes);
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head.split(' ').nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        (status, head.to_ascii_lowercase(), body.to_string())
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
fn the_server_prints_its_address_and_serves_the_page_and_the_api() {
    let server = Server::start();
    for (path, kind) in [("", "text/html"), ("app.js", "javascript"), ("style.css", "text/css")] {
        let mut response = server.agent.get(server.url(path)).call().unwrap();
        assert_eq!(response.status(), 200, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().contains(kind), "{path}");
        assert!(!response.body_mut().read_to_string().unwrap().is_empty(), "{path}");
    }
    let (status, games) = server.get("api/games");
    assert_eq!((status, games["games"].as_array().map(Vec::len)), (200, Some(3)), "{games}");
    let best = server.post_ok("api/bestmove", json!({"game": "chess", "movetime": 50}));
    assert!(best["bestmove"].is_string(), "{best}");
    // An analysis streams its events over the connection and ends it after `done`.
    let mut response = server.agent.get(server.url("api/analyze?game=ugolki&movetime=200")).call().unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
    let mut reader = BufReader::new(response.body_mut().as_reader());
    let events = events(&mut reader, "done");
    assert_eq!(events.last().map(|(name, _)| name.as_str()), Some("done"), "{events:?}");
    assert!(events.last().unwrap().1["bestmove"].is_string(), "{events:?}");
    let mut rest = String::new();
    std::io::Read::read_to_string(&mut reader, &mut rest).unwrap();
    assert_eq!(rest.trim(), "", "the stream ends after `done`");
    // A body over the limit is refused with its JSON error, and the server lives on.
    let big = format!(r#"{{"game": "chess", "fen": "{}"}}"#, "x".repeat(64 * 1024));
    let (status, error) = server.post("api/position", &big);
    assert_eq!(status, 413, "{error}");
    assert!(error["error"].as_str().unwrap().contains("over the limit of 64 KiB"), "{error}");
    let (status, error) = answer(server.agent.delete(server.url("api/bestmove")).call());
    assert_eq!((status, error["error"].is_string()), (405, true), "{error}");
    assert_eq!(server.get("api/games").0, 200);
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
fn the_page_folder_comes_from_the_command_line() {
    let dir = std::env::temp_dir().join(format!("ladya-serve-assets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("index.html"), "<p>from the folder</p>").unwrap();
    let server = Server::start_with(&["--port", "0", "--assets", dir.to_str().unwrap()]);
    let mut page = server.agent.get(server.url("")).call().unwrap();
    assert_eq!(page.body_mut().read_to_string().unwrap(), "<p>from the folder</p>");
    assert_eq!(server.get("app.js").0, 404);
    drop(server);
    std::fs::remove_dir_all(&dir).unwrap();
    let missing =
        Command::new(env!("CARGO_BIN_EXE_ladya")).args(["serve", "--assets", "/no/such/folder"]).output().unwrap();
    assert_eq!(missing.status.code(), Some(2));
    let error = String::from_utf8_lossy(&missing.stderr);
    assert!(error.contains("--assets /no/such/folder: not a folder"), "{error}");
}

#[test]
fn host_and_port_come_from_the_command_line() {
    // A port given is the one listened on.
    let free = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let server = Server::start_with(&["--port", &free.to_string()]);
    assert_eq!(server.base, format!("http://127.0.0.1:{free}/"));
    assert_eq!(server.get("api/games").0, 200);
    // A port already taken: a clear error, exit code 2, no server.
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["serve", "--port", &port])
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let asked = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        if asked.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("ladya serve --port {port} listens on a port already taken");
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let mut error = String::new();
    std::io::Read::read_to_string(&mut child.stderr.take().unwrap(), &mut error).unwrap();
    assert_eq!(status.code(), Some(2), "{error}");
    assert!(error.starts_with(&format!("ladya: serve on 127.0.0.1:{port}: ")), "{error}");
    drop(taken);
    // A host by name, as given.
    let server = Server::start_with(&["--host", "localhost", "--port", "0"]);
    assert!(server.base.starts_with("http://localhost:"), "{}", server.base);
    assert_eq!(server.get("api/games").0, 200);
    // An IPv6 address, with or without brackets, in brackets in the address (where the machine
    // has IPv6 at all).
    if std::net::TcpListener::bind("[::1]:0").is_ok() {
        for host in ["::1", "[::1]"] {
            let server = Server::start_with(&["--host", host, "--port", "0"]);
            assert!(server.base.starts_with("http://[::1]:"), "{host}: {}", server.base);
            assert_eq!(server.get("api/games").0, 200);
        }
    }
}

#[test]
fn a_stdout_nobody_reads_does_not_stop_the_server() {
    // Its stdout is a pipe whose reading end is already closed: the address goes to stderr,
    // and it serves.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["serve", "--port", "0"])
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .expect("ladya starts");
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    let mut log = String::new();
    let mut line = String::new();
    let base = loop {
        line.clear();
        if stderr.read_line(&mut line).unwrap() == 0 {
            let _ = child.kill();
            panic!("the server ended without saying where it listens: {log}");
        }
        log.push_str(&line);
        if let Some(base) = line.trim().strip_prefix("Listening on ") {
            break base.to_string();
        }
    };
    assert!(log.starts_with("ladya: cannot write to stdout ("), "{log}");
    let agent: ureq::Agent = ureq::Agent::config_builder().http_status_as_error(false).build().into();
    let status = agent.get(format!("{base}api/games")).call().map(|r| r.status().as_u16());
    let _ = child.kill();
    let _ = child.wait();
    assert_eq!(status.ok(), Some(200), "{log}");
}

#[test]
fn requests_of_other_sites_are_refused_and_every_answer_has_the_security_headers() {
    let server = Server::start();
    let port = server.port();
    let body = r#"{"game": "ugolki", "depth": 1}"#;
    let post = |headers: &str| {
        format!(
            "POST /api/bestmove HTTP/1.1\r\n{headers}content-length: {}\r\nconnection: close\r\n\r\n{body}",
            body.len()
        )
    };
    let own = format!("host: 127.0.0.1:{port}\r\n");
    let json = "content-type: application/json\r\n";
    let cases = [
        // The page's own requests, by every name of this machine.
        (post(&format!("{own}{json}origin: http://127.0.0.1:{port}\r\nsec-fetch-site: same-origin\r\n")), 200),
        (post(&format!("host: localhost:{port}\r\n{json}origin: http://localhost:{port}\r\n")), 200),
        (format!("GET / HTTP/1.1\r\nhost: [::1]:{port}\r\nsec-fetch-site: none\r\nconnection: close\r\n\r\n"), 200),
        // DNS rebinding.
        (post(&format!("host: evil.example.com:{port}\r\n{json}")), 421),
        ("GET /api/games HTTP/1.1\r\nhost: evil.example.com\r\nconnection: close\r\n\r\n".to_string(), 421),
        // Another site's page: a foreign origin, a cross-site fetch, a text/plain post.
        (post(&format!("{own}{json}origin: http://evil.example.com\r\n")), 403),
        (post(&format!("{own}{json}sec-fetch-site: cross-site\r\n")), 403),
        (
            format!(
                "GET /api/analyze?game=chess HTTP/1.1\r\n{own}sec-fetch-site: cross-site\r\nconnection: close\r\n\r\n"
            ),
            403,
        ),
        (post(&format!("{own}content-type: text/plain\r\norigin: http://evil.example.com\r\n")), 403),
        (post(&format!("{own}content-type: text/plain\r\n")), 415),
    ];
    for (request, status) in cases {
        let (got, head, answer) = server.raw(&request);
        let first = request.lines().next().unwrap();
        assert_eq!(got, status, "{first}: {head}\n{answer}");
        if status != 200 {
            let error: Value = serde_json::from_str(&answer).unwrap_or_else(|_| panic!("{first}: {answer}"));
            assert!(error["error"].is_string(), "{first}: {answer}");
        }
        for line in [
            "content-security-policy: default-src 'self'",
            "x-frame-options: deny",
            "x-content-type-options: nosniff",
            "referrer-policy: no-referrer",
        ] {
            assert!(head.contains(line), "{first}: {line} missing in\n{head}");
        }
        assert!(head.contains("frame-ancestors 'none'"), "{head}");
    }
    // The real game is still served.
    assert!(server.post_ok("api/bestmove", json!({"game": "chess", "movetime": 50}))["bestmove"].is_string());
}

#[test]
fn a_server_on_every_address_says_where_to_open_it_and_warns() {
    let server = Server::start_with(&["--host", "0.0.0.0", "--port", "0"]);
    // An address that can be opened, not 0.0.0.0.
    assert!(server.base.starts_with("http://127.0.0.1:"), "{}", server.base);
    assert_eq!(server.get("api/games").0, 200);
    let warned = |log: &str| log.contains("warning") && log.contains("anyone on the network can use the engine");
    let deadline = Instant::now() + Duration::from_secs(10);
    while !warned(&server.log.lock().unwrap()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let log = server.log.lock().unwrap().clone();
    assert!(warned(&log), "{log}");
}

#[test]
fn the_http_layers_own_errors_have_the_json_body_and_the_headers() {
    let server = Server::start();
    let port = server.port();
    let long =
        format!("GET /api/legal?game=chess&fen={} HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\n\r\n", "a".repeat(100_000));
    let many = format!("GET /api/games HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\n{}\r\n", "x-a: b\r\n".repeat(200));
    for (request, status, words) in [
        (long, 414, "too long"),
        (many, 431, "headers are too large"),
        ("garbage\r\n\r\n".to_string(), 400, "bad request"),
    ] {
        let (got, head, body) = server.raw(&request);
        assert_eq!(got, status, "{head}");
        assert!(head.contains("content-type: application/json") && head.contains("x-frame-options: deny"), "{head}");
        let error: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{status}: {body}"));
        assert!(error["error"].as_str().unwrap().contains(words), "{body}");
    }
    std::thread::sleep(Duration::from_millis(200));
    let log = server.log.lock().unwrap().clone();
    for status in ["answered 414", "answered 431", "answered 400"] {
        assert!(log.contains(status), "{status} not in the log:\n{log}");
    }
}

#[test]
fn half_open_connections_are_closed_and_never_starve_a_real_client() {
    use std::io::{Read, Write};
    use std::net::TcpStream;
    let server = Server::start();
    let port = server.port();
    let mut half_open: Vec<TcpStream> = (0..300)
        .map(|_| {
            let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
            stream.write_all(b"GET / HTTP/1.1\r\nhost: 127.0.0.1").unwrap();
            stream
        })
        .collect();
    // A body that never comes whole.
    let mut slow_body = TcpStream::connect(("127.0.0.1", port)).unwrap();
    write!(
        slow_body,
        "POST /api/position HTTP/1.1\r\nhost: 127.0.0.1:{port}\r\ncontent-type: application/json\r\n\
         content-length: 100\r\n\r\n{{\"game\""
    )
    .unwrap();
    // A real client is answered at once all along.
    for _ in 0..10 {
        let asked = Instant::now();
        assert_eq!(server.get("api/games").0, 200);
        assert!(asked.elapsed() < Duration::from_secs(1), "{:?}", asked.elapsed());
        std::thread::sleep(Duration::from_millis(100));
    }
    // Past the header and body timeouts (10 s), every half-open connection is closed, and the
    // slow body was answered 408.
    std::thread::sleep(Duration::from_secs(11));
    let mut closed = 0;
    for stream in &mut half_open {
        stream.set_read_timeout(Some(Duration::from_millis(50))).unwrap();
        let mut byte = [0u8; 1];
        // Closed with the request unread, the connection is reset; else it ends.
        let read = stream.read(&mut byte);
        if matches!(read, Ok(0)) || read.is_err_and(|e| e.kind() == std::io::ErrorKind::ConnectionReset) {
            closed += 1;
        }
    }
    assert_eq!(closed, 300);
    slow_body.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let mut answer = String::new();
    let _ = slow_body.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 408") && answer.contains("\"error\""), "{answer}");
    assert_eq!(server.get("api/games").0, 200);
    let log = server.log.lock().unwrap().clone();
    for event in ["to make room", "did not all come within 10 s", "answered 408 to POST /api/position"] {
        assert!(log.contains(event), "{event} not in the log:\n{log}");
    }
}
