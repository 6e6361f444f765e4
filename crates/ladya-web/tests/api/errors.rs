use axum::http::Method;
use serde_json::json;

use crate::App;

#[test]
fn bad_requests_get_their_4xx_and_the_server_lives_on() {
    let app = App::new();
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
        let (got, answer) = app.post(path, &body);
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
        let (got, answer) = app.get(path);
        assert_eq!(got, status, "GET {path}: {answer}");
        assert!(answer["error"].as_str().unwrap_or_default().contains(error), "GET {path}: {answer}");
    }
    let (status, answer) = app.json(Method::DELETE, "api/bestmove", "");
    assert_eq!((status, answer["error"].is_string()), (405, true));
    // Still serving.
    assert_eq!(app.get("api/games").0, 200);
    let best = app.post_ok("api/bestmove", json!({"game": "chess", "movetime": 50}));
    assert!(best["bestmove"].is_string());
}
