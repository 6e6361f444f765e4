use serde_json::json;

use crate::App;

#[test]
fn pgn_goes_out_and_comes_back() {
    let app = App::new();
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1";
    let moves = json!(["e8c8", "e1g1", "e7c5", "d2e3"]);
    let exported = app.post_ok(
        "api/pgn/export",
        json!({"game": "chess", "fen": fen, "moves": moves, "white": "Ladya", "black": "?"}),
    );
    let pgn = exported["pgn"].as_str().unwrap();
    assert!(pgn.starts_with("[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"Ladya\"]\n"));
    assert!(pgn.contains(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n")), "{pgn}");
    assert!(pgn.contains("1... O-O-O 2. O-O Qc5 3. Be3 *"), "{pgn}");
    let imported = app.post_ok("api/pgn/import", json!({"pgn": pgn}));
    assert_eq!((&imported["game"], &imported["fen"], &imported["moves"]), (&json!("chess"), &json!(fen), &moves));
    assert_eq!(imported["tags"]["White"], "Ladya");
    let text = "[Event \"x\"]\n\n1. e4 {best by test} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6 ; a comment\n3. Bb5 1-0";
    let imported = app.post_ok("api/pgn/import", json!({"pgn": text}));
    assert_eq!(imported["moves"], json!(["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]));
    assert_eq!((&imported["result"], &imported["fen"]), (&json!("1-0"), &json!(ladya_chess::Position::START_FEN)));
    // A finished game's result is written by itself.
    let mate = app.post_ok("api/pgn/export", json!({"game": "chess", "moves": "f2f3 e7e5 g2g4 d8h4"}));
    assert!(mate["pgn"].as_str().unwrap().ends_with("1. f3 e5 2. g4 Qh4# 0-1\n"));
}

#[test]
fn pgn_carries_every_game_and_its_tags_both_ways() {
    let app = App::new();
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
        let exported = app.post_ok("api/pgn/export", json!({"game": game, "fen": fen, "moves": moves, "tags": tags}));
        let pgn = exported["pgn"].as_str().unwrap();
        assert!(pgn.starts_with("[Event \"Test\"]\n[Site \"?\"]\n[Date \"2026.11.27\"]\n"), "{pgn}");
        assert!(pgn.contains("[White \"Ladya \\\"L\\\"\"]\n[Black \"Someone\"]\n[Result \"*\"]\n"), "{pgn}");
        assert_eq!(pgn.contains(&format!("[Variant \"{game}\"]\n")), game != "chess", "{pgn}");
        assert!(pgn.contains(&format!("[FEN \"{fen}\"]\n")) && pgn.contains("[ECO \"X00\"]"), "{pgn}");
        assert!(pgn.ends_with(&format!("\n{movetext}\n")), "{pgn}");
        // Back, the game from the Variant tag, and with the game named.
        for body in [json!({"pgn": pgn}), json!({"pgn": pgn, "game": game})] {
            let imported = app.post_ok("api/pgn/import", body);
            assert_eq!(
                (&imported["game"], &imported["fen"], &imported["moves"]),
                (&json!(game), &json!(fen), &json!(moves))
            );
            assert_eq!((&imported["tags"]["White"], &imported["tags"]["ECO"]), (&json!("Ladya \"L\""), &json!("X00")));
            assert_eq!(imported["result"], "*");
        }
    }
    // The old fields still name the players; a finished game's result is written by itself.
    let exported = app.post_ok(
        "api/pgn/export",
        json!({"game": "xiangqi", "moves": [], "white": "A", "black": "B", "result": "1-0"}),
    );
    let pgn = exported["pgn"].as_str().unwrap();
    assert!(pgn.contains("[White \"A\"]\n[Black \"B\"]\n[Result \"1-0\"]\n") && pgn.ends_with("\n1-0\n"), "{pgn}");
    let mate = app.post_ok("api/pgn/export", json!({"game": "chess", "moves": "f2f3 e7e5 g2g4 d8h4"}));
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
        let (status, answer) = app.post("api/pgn/import", &body.to_string());
        assert_eq!(status, 400, "{body}: {answer}");
        assert!(answer["error"].as_str().unwrap().contains(error), "{body}: {answer}");
    }
}
