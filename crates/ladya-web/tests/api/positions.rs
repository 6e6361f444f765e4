use std::collections::BTreeSet;

use ladya_core::Game;
use serde_json::{Value, json};

use crate::{App, CHESS, UGOLKI, XIANGQI, library_moves, served_moves};

#[test]
fn legal_moves_agree_with_the_rules_crates() {
    let app = App::new();
    for fen in CHESS {
        assert_eq!(served_moves(&app.legal("chess", fen)), library_moves::<ladya_chess::Position>(fen), "{fen}");
    }
    for fen in XIANGQI {
        assert_eq!(served_moves(&app.legal("xiangqi", fen)), library_moves::<ladya_xiangqi::Position>(fen), "{fen}");
    }
    for fen in UGOLKI {
        assert_eq!(served_moves(&app.legal("ugolki", fen)), library_moves::<ladya_ugolki::Position>(fen), "{fen}");
    }
    // What the page needs of each move: squares, path, capture, promotion.
    let promotions = app.legal("chess", CHESS[3]);
    let to_b8: Vec<&Value> = promotions.iter().filter(|m| m["from"] == "a7" && m["to"] == "b8").collect();
    let pieces: BTreeSet<&str> = to_b8.iter().map(|m| m["promotion"].as_str().unwrap()).collect();
    assert_eq!(pieces, BTreeSet::from(["b", "n", "q", "r"]));
    assert!(to_b8.iter().all(|m| m["capture"] == true && m["path"] == json!(["a7", "b8"])));
    let push = promotions.iter().find(|m| m["move"] == "a7a8q").unwrap();
    assert_eq!((&push["capture"], &push["text"]), (&json!(false), &json!("a8=Q")));
    let king = promotions.iter().find(|m| m["move"] == "a1a2").unwrap();
    assert_eq!(king["promotion"], Value::Null);
    let en_passant = app.legal("chess", CHESS[2]).into_iter().find(|m| m["move"] == "e5f6").unwrap();
    assert_eq!((&en_passant["capture"], &en_passant["text"]), (&json!(true), &json!("exf6")));
    let capture = app.legal("xiangqi", XIANGQI[1]).into_iter().find(|m| m["move"] == "c7e6").unwrap();
    assert_eq!(capture["capture"], true);
    // Ugolki: a jump chain lists every landing square, as the library finds it.
    let mut pos = ladya_ugolki::Position::start();
    for m in ["e3e4", "d6d5"] {
        pos.play_text(m).unwrap();
    }
    let pos = ladya_ugolki::Position::from_fen(&pos.fen()).unwrap();
    let mut chains = 0;
    for m in app.legal("ugolki", &pos.fen()) {
        let mv = pos.parse_move(m["move"].as_str().unwrap()).unwrap();
        let path: Vec<String> = pos.move_path(mv).unwrap().into_iter().map(ladya_ugolki::square_name).collect();
        assert_eq!(m["path"], json!(path), "{m}");
        assert_eq!((&m["from"], &m["to"]), (&json!(path[0]), &json!(path[path.len() - 1])));
        chains += usize::from(path.len() > 2);
    }
    assert!(chains > 0, "e1c5 is a chain of jumps");
    // Moves in the query string, separated by spaces or commas.
    let (status, after) = app.get("api/legal?game=chess&moves=e2e4,e7e5%20g1f3");
    assert_eq!(status, 200);
    let mut pos = ladya_chess::Position::start();
    for m in ["e2e4", "e7e5", "g1f3"] {
        pos.play_text(m).unwrap();
    }
    assert_eq!(served_moves(after["moves"].as_array().unwrap()), library_moves::<ladya_chess::Position>(&pos.fen()));
}

#[test]
fn positions_carry_history_check_and_outcome() {
    let app = App::new();
    let mate = app.post_ok("api/position", json!({"game": "chess", "moves": ["f2f3", "e7e5", "g2g4", "Qh4"]}));
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
    let start = app.post_ok("api/position", json!({"game": "chess", "fen": ""}));
    assert_eq!((&start["check"], &start["outcome"], &start["history"]), (&Value::Null, &Value::Null, &json!([])));
    // Xiangqi: Red's rook checks the general on e9; Black is to move.
    let check = app.post_ok("api/position", json!({"game": "xiangqi", "fen": XIANGQI[2]}));
    assert_eq!((&check["turn"], &check["check"]), (&json!("black"), &json!("e9")));
    let red = app.post_ok("api/position", json!({"game": "xiangqi", "moves": "h2e2"}));
    assert_eq!((&red["turn"], &red["history"][0]["text"]), (&json!("black"), &json!("C2.5")));
    // Ugolki: a chain of jumps in the history, as people write it.
    let jump = app.post_ok("api/position", json!({"game": "ugolki", "moves": ["e3e4", "d6d5", "e1c5"]}));
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
