//! The search's tunable numbers: `ladya tune-params` and the UCI spin options that set them.

use crate::common;

use std::process::Command;

use common::Engine;

/// The `uci` handshake's lines.
fn handshake(engine: &mut Engine) -> Vec<String> {
    engine.send("uci");
    let mut lines = Vec::new();
    loop {
        let line = engine.expect(|_| true, 10);
        if line == "uciok" {
            return lines;
        }
        lines.push(line);
    }
}

/// Nodes of a fresh search (table and histories cleared) of the start position to depth 10.
fn nodes_to_depth_10(engine: &mut Engine) -> u64 {
    engine.send("ucinewgame");
    engine.send("position startpos");
    engine.send("go depth 10");
    let mut nodes = None;
    loop {
        let line = engine.expect(|_| true, 60);
        if line.starts_with("bestmove") {
            return nodes.expect("an info line with nodes");
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        if let Some(i) = words.iter().position(|&w| w == "nodes") {
            nodes = words.get(i + 1).and_then(|n| n.parse().ok());
        }
    }
}

#[test]
fn tune_params_lists_every_spin_option_the_engine_declares() {
    let out = Command::new(env!("CARGO_BIN_EXE_ladya")).arg("tune-params").output().expect("ladya runs");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    let mut engine = Engine::start();
    let declared = handshake(&mut engine);
    let mut count = 0;
    for line in text.lines() {
        let fields: Vec<&str> = line.split(", ").collect();
        let [name, kind, default, min, max, c_end, r_end] = fields[..] else { panic!("not 7 fields: {line}") };
        assert_eq!(kind, "int");
        let (default, min, max): (i32, i32, i32) =
            (default.parse().unwrap(), min.parse().unwrap(), max.parse().unwrap());
        assert!(min <= default && default <= max, "{line}");
        assert!(c_end.parse::<f64>().unwrap() > 0.0 && r_end.parse::<f64>().unwrap() > 0.0, "{line}");
        let option = format!("option name {name} type spin default {default} min {min} max {max}");
        assert!(declared.contains(&option), "{option} not declared");
        count += 1;
    }
    assert!(count >= 30, "{count} numbers");
    engine.quit();
}

#[test]
fn a_spin_option_changes_the_search_and_a_bad_value_is_refused() {
    let mut engine = Engine::start();
    handshake(&mut engine);
    let default = nodes_to_depth_10(&mut engine);
    assert_eq!(nodes_to_depth_10(&mut engine), default, "a fresh search repeats itself");

    // Reductions of about two plies more everywhere: another tree to the same depth (smaller
    // or, with the moves it then finds, larger).
    engine.send("setoption name LmrBase value 200");
    let reduced = nodes_to_depth_10(&mut engine);
    assert_ne!(reduced, default, "LmrBase 200 searches another tree");

    for (value, shown) in [("201", "201"), ("-1", "-1"), ("lots", "lots")] {
        engine.send(&format!("setoption name LmrBase value {value}"));
        let error = engine.expect_prefix("info string error", 5);
        assert_eq!(error, format!("info string error: LmrBase must be 0 to 200, not '{shown}'"));
    }
    // The refused values left the number as it was.
    assert_eq!(nodes_to_depth_10(&mut engine), reduced);
    // Names are matched without regard to case; the default restores the default search.
    engine.send("setoption name lmrbase value 50");
    assert_eq!(nodes_to_depth_10(&mut engine), default);
    engine.quit();
}
