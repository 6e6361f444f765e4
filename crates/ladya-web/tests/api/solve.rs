use serde_json::json;

use crate::App;

#[test]
fn the_solver_finds_a_mate_in_two_and_is_bounded() {
    let app = App::new();
    let fen = "kb3Q2/pn6/p1Q5/p7/P7/8/p1pPP3/rbK5 w - - 0 1";
    let answer = app.post_ok("api/solve", json!({"game": "chess", "fen": fen, "mate": 3}));
    assert_eq!((&answer["solved"], &answer["mate"], &answer["stipulation"]), (&json!(true), &json!(2), &json!("#2")));
    assert_eq!((&answer["game"], &answer["fen"]), (&json!("chess"), &json!(fen)));
    // The keys as `ladya solve --json` writes them, with the play after them.
    let keys = answer["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 1, "{answer}");
    assert_eq!((&keys[0]["move"], &keys[0]["text"], &keys[0]["length"]), (&json!("f8f3"), &json!("Qff3"), &json!(2)));
    assert_eq!(keys[0]["play"]["threat"]["moves"], json!([{"move": "c6b7", "text": "Qxb7#"}]), "{answer}");
    assert!(answer["text"].as_str().unwrap().starts_with("Mate in 2: 1 key\n1.Qff3! (2.Qxb7#)\n"));
    let none = app.post_ok("api/solve", json!({"game": "chess", "mate": 2}));
    assert_eq!((&none["solved"], &none["mate"], &none["keys"]), (&json!(false), &json!(2), &json!([])));
    assert_eq!(none["text"], "Mate in 2: no solution\n");
    // Xiangqi: the rook shuts the general in at once (the flying general guards the e-file).
    let xiangqi =
        app.post_ok("api/solve", json!({"game": "xiangqi", "fen": "3k5/9/9/9/9/9/9/9/9/4K3R w - - 0 1", "mate": 2}));
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
        let (status, answer) = app.post("api/solve", &body.to_string());
        assert_eq!(status, 400, "{body}");
        assert!(answer["error"].as_str().unwrap().contains(error), "{body}: {answer}");
    }
}

#[test]
fn the_solver_takes_every_stipulation() {
    let app = App::new();
    // A helpmate in two: 13 solutions, all with the black king going to b8 first.
    let help =
        app.post_ok("api/solve", json!({"game": "chess", "fen": "k7/pp6/8/8/8/8/8/2KR4 b - - 0 1", "stip": "h#2"}));
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
        app.post_ok("api/solve", json!({"game": "chess", "fen": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "stip": "ser-#1"}));
    assert_eq!(series["solutions"], json!([[{"move": "h1h8", "text": "Rh8#"}]]), "{series}");
    assert_eq!(series["text"], "Series mate in 1: 1 solution\n1.Rh8#\n");
    // No solution.
    let none = app.post_ok("api/solve", json!({"game": "chess", "stip": "h#1"}));
    assert_eq!((&none["solved"], &none["solutions"]), (&json!(false), &json!([])));
    // A selfmate in two: forced, answered like a directmate.
    let selfmate = app
        .post_ok("api/solve", json!({"game": "chess", "fen": "8/8/8/3p4/2Q5/8/6PP/1q1k3K w - - 0 1", "stip": "s#2"}));
    assert_eq!((&selfmate["solved"], &selfmate["stipulation"]), (&json!(true), &json!("s#2")));
    assert_eq!(selfmate["keys"][0]["move"], "c4e2", "{selfmate}");
    assert!(selfmate["text"].as_str().unwrap().starts_with("Selfmate in 2: 1 key\n1.Qe2+!"), "{selfmate}");
    // `stip` "#N" is `mate`: N.
    let mate = app.post_ok("api/solve", json!({"game": "chess", "fen": "k7/8/1K6/8/8/8/8/7R w - - 0 1", "stip": "#2"}));
    assert_eq!((&mate["mate"], &mate["keys"][0]["move"]), (&json!(1), &json!("h1h8")));
}
