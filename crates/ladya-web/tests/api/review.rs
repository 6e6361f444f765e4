use serde_json::{Value, json};

use crate::App;

/// Every event of the review of `query`, in order, the stream read to its end.
fn review(app: &App, query: &str) -> Vec<(String, Value)> {
    app.events(&format!("api/review?{query}"))
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
    let app = App::new();
    // 4. Qg4?? leaves the queen to the bishop.
    let moves = "d2d4 d7d5 c1f4 g8f6 e2e3 c8f5 d1g4 f5g4";
    let events = review(&app, &format!("game=chess&moves={}&movetime=200", moves.replace(' ', "%20")));
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
    let app = App::new();
    let events = review(&app, "game=chess&moves=f2f3,e7e5,g2g4,d8h4&movetime=50");
    let (positions, judged, _) = split(&events, 4);
    let mate = positions[4];
    assert_eq!((&mate["eval"], &mate["best"], &mate["win"]), (&Value::Null, &Value::Null, &json!(0.0)), "{mate}");
    assert_eq!(judged[3]["side"], "black");
    assert_eq!(judged[3]["win_after"], 100.0);
    let events = review(&app, "game=xiangqi&moves=h2e2%20h9g7&movetime=50");
    let (_, judged, done) = split(&events, 2);
    assert_eq!((&judged[0]["side"], &judged[0]["text"]), (&json!("red"), &json!("C2.5")));
    assert!(done["accuracy"]["red"].is_number() && done["judgements"]["black"]["blunder"].is_u64(), "{done}");
    let events = review(&app, "game=ugolki&movetime=50");
    let (positions, _, done) = split(&events, 0);
    assert!(positions[0]["eval"]["cp"].is_i64());
    assert_eq!(done["accuracy"]["white"], Value::Null);
}

#[test]
fn bad_review_queries_are_refused_before_the_stream() {
    let app = App::new();
    for (query, error) in [
        ("game=go", "unknown game"),
        ("game=chess&moves=e2e4%20e2e4", "move 2 'e2e4'"),
        ("game=xiangqi&fen=nonsense", "bad xiangqi FEN"),
        ("game=chess&movetime=soon", "bad query"),
        ("moves=e2e4", "bad query"),
    ] {
        let (status, body) = app.get(&format!("api/review?{query}"));
        assert_eq!(status, 400, "{query}: {body}");
        assert!(body["error"].as_str().unwrap().contains(error), "{query}: {body}");
    }
}
