use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::{App, CHESS, UGOLKI, XIANGQI, served_moves};

#[test]
fn the_engine_answers_legal_moves_in_every_game() {
    let app = App::new();
    let cases = [
        ("chess", CHESS[1]),
        ("chess", CHESS[4]),
        ("xiangqi", XIANGQI[0]),
        ("xiangqi", XIANGQI[1]),
        ("ugolki", UGOLKI[1]),
    ];
    for (game, fen) in cases {
        let legal = served_moves(&app.legal(game, fen));
        let answer = app.post_ok("api/bestmove", json!({"game": game, "fen": fen, "movetime": 100}));
        let best = answer["bestmove"].as_str().unwrap();
        assert!(legal.iter().any(|(m, text)| m == best && answer["text"] == *text), "{game} {fen}: {answer}");
        assert_eq!(answer["pv"][0], best);
        assert_eq!(answer["pv"].as_array().unwrap().len(), answer["pv_text"].as_array().unwrap().len());
        assert!(answer["score"]["cp"].is_i64() || answer["score"]["mate"].is_i64(), "{answer}");
        assert!(answer["depth"].as_u64().unwrap() >= 1 && answer["nodes"].as_u64().unwrap() > 0);
    }
    // A depth limit, moves after the FEN, and a mate found.
    let answer = app.post_ok("api/bestmove", json!({"game": "ugolki", "moves": ["e3e4"], "depth": 3}));
    assert_eq!(answer["depth"], 3);
    let answer =
        app.post_ok("api/bestmove", json!({"game": "chess", "fen": "1k6/8/8/3K4/8/8/3R4/8 w - - 0 1", "depth": 8}));
    assert_eq!((&answer["bestmove"], &answer["score"]), (&json!("d5c6"), &json!({"mate": 3})));
}

#[test]
fn levels_by_rating_and_clocks_are_taken_and_bad_ones_refused() {
    let app = App::new();
    let (status, games) = app.get("api/games");
    assert_eq!(status, 200);
    for game in games["games"].as_array().unwrap() {
        assert_eq!(game["elo"], json!({"min": 500, "max": 2800}), "{game}");
    }
    for game in ["chess", "xiangqi", "ugolki"] {
        // A level spends a small node budget whatever the move time; full strength spends it.
        let weak = app.post_ok("api/bestmove", json!({"game": game, "elo": 800, "movetime": 1000}));
        assert_eq!(weak["elo"], 800);
        let full = app.post_ok("api/bestmove", json!({"game": game, "elo": null, "movetime": 300}));
        assert_eq!(full["elo"], Value::Null);
        assert!(weak["nodes"].as_u64().unwrap() * 4 < full["nodes"].as_u64().unwrap(), "{game}: {weak} {full}");
        // A clock of a few seconds is shared over the moves to come: far less than it holds.
        let asked = Instant::now();
        let clocked = app.post_ok("api/bestmove", json!({"game": game, "clock": {"time": 6000, "increment": 0}}));
        assert!(clocked["bestmove"].is_string() && asked.elapsed() < Duration::from_secs(2), "{clocked}");
    }
    // A node limit too small for anything still answers a scored move, never "mate 0".
    for nodes in [0, 1] {
        let tiny = app.post_ok("api/bestmove", json!({"game": "chess", "nodes": nodes}));
        assert!(tiny["score"]["cp"].is_i64() && tiny["depth"].as_u64() >= Some(1), "{nodes}: {tiny}");
    }
    let (status, error) = app.post("api/bestmove", r#"{"game": "chess", "elo": 100}"#);
    assert!(status == 400 && error["error"].as_str().unwrap().contains("500 to 2800"), "{error}");
    let (status, error) = app.post("api/bestmove", r#"{"game": "chess", "clock": {"time": 99999999999}}"#);
    assert!(status == 400 && error["error"].as_str().unwrap().starts_with("clock:"), "{error}");
}

#[test]
fn analysis_streams_lines_and_ends() {
    let app = App::new();
    // A stream of server-sent events that ends after `done`.
    let events = app.events("api/analyze?game=xiangqi&multipv=2&movetime=300");
    let (last, done) = events.last().unwrap();
    assert_eq!(last, "done", "{events:?}");
    let legal = served_moves(&app.legal("xiangqi", XIANGQI[0]));
    assert!(legal.iter().any(|(m, _)| done["bestmove"] == *m), "{done}");
    let infos: Vec<&Value> = events.iter().filter(|(n, _)| n == "info").map(|(_, v)| v).collect();
    assert!(infos.iter().any(|i| i["multipv"] == 2), "{infos:?}");
    for info in infos {
        for field in ["depth", "seldepth", "nodes", "nps", "time"] {
            assert!(info[field].is_u64(), "{field}: {info}");
        }
        assert!(legal.iter().any(|(m, text)| info["pv"][0] == *m && info["pv_text"][0] == *text), "{info}");
    }
}
