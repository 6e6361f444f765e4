//! The `ladya solve` contract: the batch finds exactly Popeye's key sets for the 400 mate-in-2
//! problems in `data/`, the solution layout for people and as JSON, xiangqi, every
//! stipulation (`--stip`), and exit status 2
//! with a one-line message on bad input.

use std::collections::BTreeSet;
use std::process::{Command, Output};

fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs")
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

const MATE_IN_TWO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../data/mate-in-2.epd");

/// `FEN -> keys` from lines ending in `keys k1 k2 ...` (the batch output) or holding
/// `; keys k1 k2 ...;` (the reference file).
fn key_sets(text: &str) -> Vec<(String, BTreeSet<String>)> {
    text.lines()
        .map(|line| {
            let fen = line.split_whitespace().take(4).collect::<Vec<_>>().join(" ");
            let keys = line.split("; keys").nth(1).unwrap_or_else(|| panic!("no keys in {line}"));
            let keys = keys.split(';').next().unwrap_or_default();
            (fen, keys.split_whitespace().map(str::to_string).collect())
        })
        .collect()
}

#[test]
fn batch_finds_exactly_popeyes_keys() {
    let expected = key_sets(&std::fs::read_to_string(MATE_IN_TWO).unwrap());
    assert_eq!(expected.len(), 400);
    assert!(expected.iter().any(|(_, keys)| keys.len() > 1), "the collection has cooks");
    for threads in ["1", "2"] {
        let out = ladya(&["solve", "chess", "--mate", "2", "--epd", MATE_IN_TWO, "--threads", threads]);
        assert!(out.status.success());
        let text = stdout(&out);
        // One line per position, in the file's order, keys sorted.
        for line in text.lines() {
            let keys: Vec<&str> = line.split(" ; keys").nth(1).unwrap().split_whitespace().collect();
            assert!(keys.is_sorted(), "{line}");
        }
        let found = key_sets(&text);
        assert_eq!(found.len(), expected.len());
        for ((fen, keys), (expected_fen, expected_keys)) in found.iter().zip(&expected) {
            assert_eq!(fen, expected_fen);
            assert_eq!(keys, expected_keys, "{fen}");
        }
    }
}

#[test]
fn batch_reads_dm_and_falls_back_on_mate() {
    let dir = std::env::temp_dir().join(format!("ladya-solve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("problems.epd");
    std::fs::write(
        &file,
        "# comment\n\n1k6/8/8/3K4/8/8/3R4/8 w - - dm 3;\n8/8/8/8/p3Q3/K1p5/2r5/k7 w - - id \"cook\";\n",
    )
    .unwrap();
    let out = ladya(&["solve", "chess", "--mate", "2", "--epd", file.to_str().unwrap()]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(
        stdout(&out),
        "1k6/8/8/3K4/8/8/3R4/8 w - - ; keys d5c6\n8/8/8/8/p3Q3/K1p5/2r5/k7 w - - ; keys e4e1 e4h1\n"
    );
    // A bad line stops the batch before anything is solved, naming the line.
    std::fs::write(&file, "1k6/8/8/3K4/8/8/3R4/8 w - - dm 3;\n1k6/8/8/3K4/8/8/3R4/9 w - - dm 3;\n").unwrap();
    let out = ladya(&["solve", "chess", "--epd", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let message = String::from_utf8_lossy(&out.stderr);
    assert_eq!(message.lines().count(), 1);
    assert!(message.contains("problems.epd line 2: bad chess position"), "{message}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn solution_reads_like_a_problem_book() {
    let out = ladya(&["solve", "chess", "--mate", "2", "--fen", "8/8/3p4/n7/rp6/kp5Q/8/1K6 w - - 0 1", "--tries"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "Mate in 2: 1 key");
    assert_eq!(lines[1], "1.Qh8! (2.Qa1#, 2.Qb2#)");
    assert!(lines.contains(&"  1...Nc6 2.Qa1#, dual 2.Qb2#"), "{text}");
    assert!(lines.contains(&"Tries:"), "{text}");
    assert!(lines.iter().any(|l| l.starts_with("1.") && l.contains("? but 1...") && l.ends_with('!')), "{text}");

    let zugzwang = ladya(&["solve", "chess", "--mate", "2", "--fen", "8/8/1KNpn2p/3k4/4n3/1P4N1/8/8 w - - 0 1"]);
    assert_eq!(stdout(&zugzwang).lines().nth(1), Some("1.Nh5! (zugzwang)"));
    let short = ladya(&["solve", "chess", "--mate", "3", "--fen", "k7/3N4/2K5/1P1N4/8/8/8/8 w - - 0 1", "--exact"]);
    assert_eq!(stdout(&short), "Mate in 3: 1 key\n1.Nc7+! (short: mate in 2)\n  1...Ka7 2.b6#\n");
    // Without --exact the shortest mate is found first, and said to be shorter.
    let shortest = ladya(&["solve", "chess", "--mate", "3", "--fen", "k7/3N4/2K5/1P1N4/8/8/8/8 w - - 0 1"]);
    assert_eq!(stdout(&shortest), "Mate in 2: 1 key\n1.Nc7+!\n  1...Ka7 2.b6#\n");
    assert!(String::from_utf8_lossy(&shortest.stderr).contains("The shortest mate is in 2, fewer than the 3 asked"));
    let cooked = ladya(&["solve", "chess", "--mate", "2", "--fen", "8/8/8/8/p3Q3/K1p5/2r5/k7 w - -", "--keys-only"]);
    assert_eq!(stdout(&cooked), "Mate in 2: 2 keys (cooked)\n1.Qh1+!\n1.Qe1+!\n");
    let none = ladya(&["solve", "chess", "--mate", "1", "--fen", "1k6/8/8/3K4/8/8/3R4/8 w - - 0 1"]);
    assert_eq!(stdout(&none), "Mate in 1: no solution\n");
}

/// A long bound on a short mate answers at once, with progress for each length tried.
#[test]
fn a_long_bound_finds_the_shortest_mate_at_once() {
    let out = ladya(&["solve", "chess", "--mate", "99", "--fen", "1k6/8/8/3K4/8/8/3R4/8 w - - 0 1", "--keys-only"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "Mate in 3: 1 key\n1.Kc6!\n");
    let progress = String::from_utf8_lossy(&out.stderr);
    assert!(progress.contains("No mate in 1") && progress.contains("No mate in 2"), "{progress}");
    let ugolki = ladya(&["solve", "ugolki", "--mate", "2"]);
    assert_eq!(ugolki.status.code(), Some(2));
}

#[test]
fn longer_solutions_nest_their_play() {
    let out = ladya(&["solve", "chess", "--mate", "3", "--fen", "1k6/8/8/3K4/8/8/3R4/8 w - - 0 1"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[1].starts_with("1.Kc6! ("), "{text}");
    // A defence answered by a check that does not mate at once, then the play after it.
    let nested = lines.iter().position(|l| l.starts_with("  1...") && !l.ends_with('#')).expect("a nested line");
    assert!(lines[nested + 1].starts_with("    2..."), "{text}");
    assert!(lines[nested + 1].contains(" 3.") && lines[nested + 1].contains('#'), "{text}");
}

#[test]
fn json_for_programs() {
    let out =
        ladya(&["solve", "chess", "--mate", "2", "--fen", "8/8/3p4/n7/rp6/kp5Q/8/1K6 w - - 0 1", "--json", "--tries"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("valid JSON");
    assert_eq!(json["game"], "chess");
    assert_eq!(json["mate"], 2);
    let key = &json["keys"][0];
    assert_eq!((&key["move"], &key["text"], &key["length"]), (&"h3h8".into(), &"Qh8".into(), &2.into()));
    assert_eq!(key["play"]["threat"]["kind"], "mate");
    assert_eq!(key["play"]["threat"]["moves"][1]["move"], "h8b2");
    let defences = key["play"]["defences"].as_array().unwrap();
    let knight = defences.iter().find(|d| d["move"] == "a5c6").unwrap();
    assert_eq!(knight["answers"].as_array().unwrap().len(), 2);
    assert!(json["tries"].as_array().unwrap().iter().all(|t| t["refutation"]["move"].is_string()));

    let out = ladya(&["solve", "chess", "--mate", "2", "--fen", "8/8/1KNpn2p/3k4/4n3/1P4N1/8/8 w - - 0 1", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["keys"][0]["play"]["threat"]["kind"], "zugzwang");
    let out = ladya(&["solve", "chess", "--mate", "2", "--fen", "k7/8/1K6/8/8/8/8/2Q5 w - -", "--json"]);
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let mate = json["keys"].as_array().unwrap().iter().find(|k| k["move"] == "c1c8").unwrap().clone();
    assert_eq!((mate["length"].as_u64(), mate["play"].is_null()), (Some(1), true));
}

#[test]
fn history_counts_for_repetition() {
    let fen = "k7/2NN4/2K5/1P6/8/8/8/8 b - - 1 1";
    let out = ladya(&["solve", "chess", "--mate", "2", "--fen", fen, "--moves", "a8a7 c7e8 a7a8 e8c7 a8a7 c7d5 a7a8"]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "Mate in 2: no solution\n");
}

#[test]
fn xiangqi_in_wxf_with_perpetual_check() {
    let problem = "2R6/4k4/3a1a2R/9/9/9/9/9/5K3/9 w - - 0 1";
    let out = ladya(&["solve", "xiangqi", "--mate", "2", "--fen", problem]);
    assert!(out.status.success());
    assert_eq!(stdout(&out), "Mate in 2: 1 key\n1.R7-1!\n  1...K5+1 2.R1.4#\n  1...K5-1 2.R1+2#\n");
    // The same position reached by Red checking up and down: the mate would repeat it a third
    // time, a loss for the perpetual checker.
    let (fen, moves) = ("9/2R1k4/3a1a2R/9/9/9/9/9/5K3/9 b - - 1 1", "e8e9 c8c9 e9e8 c9c8 e8e9 c8c9 e9e8");
    let out = ladya(&["solve", "xiangqi", "--mate", "2", "--fen", fen, "--moves", moves]);
    assert_eq!(stdout(&out), "Mate in 2: no solution\n");
    // A batch in ICCS; a stalemate that wins is a key.
    let dir = std::env::temp_dir().join(format!("ladya-solve-xiangqi-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("xiangqi.epd");
    std::fs::write(&file, "4k4/9/9/3R5/9/9/9/9/1C7/5K3 w - - dm 1;\n5a3/5k3/3a5/9/9/9/9/1N7/9/2C1K4 w - - bm #3;\n")
        .unwrap();
    let out = ladya(&["solve", "xiangqi", "--epd", file.to_str().unwrap()]);
    assert_eq!(
        stdout(&out),
        "4k4/9/9/3R5/9/9/9/9/1C7/5K3 w - - ; keys d6d8\n5a3/5k3/3a5/9/9/9/9/1N7/9/2C1K4 w - - ; keys c0c8\n"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_with_status_two_and_one_line() {
    for args in [
        vec!["solve", "chess", "--mate", "2", "--fen", "8/8/8 w - -"],
        vec!["solve", "chess", "--fen", "k7/8/1K6/8/8/8/8/2Q5 w - -"],
        vec!["solve", "chess", "--mate", "0"],
        vec!["solve", "chess", "--mate", "x"],
        vec!["solve", "chess", "--mate", "2", "--moves", "e2e5"],
        vec!["solve", "chess", "--mate", "2", "--epd", "/nonexistent/file.epd"],
        vec!["solve", "ugolki", "--mate", "2"],
        vec!["solve", "chess", "--mate", "2", "--hash", "100000000000"],
        vec!["solve", "chess", "--mate", "2", "--threads", "0"],
        vec!["solve", "chess", "--mate", "2", "--threads", "100000"],
        vec!["solve", "checkers", "--mate", "2"],
        vec!["solve", "xiangqi", "--mate", "2", "--fen", "9/9/9/9/9/9/9/9/9/9 w - - 0 1"],
        vec!["solve", "xiangqi", "--mate", "2", "--moves", "h2e9"],
        vec!["solve", "chess", "--mate", "2", "--epd", MATE_IN_TWO, "--fen", "8/8/8/8/8/8/8/8 w - -"],
    ] {
        let out = ladya(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(String::from_utf8_lossy(&out.stderr).lines().count(), 1, "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn every_stipulation_from_the_command_line() {
    // A helpmate: every line, in problem-book form, the mates marked.
    let out = ladya(&["solve", "chess", "--stip", "h#2", "--fen", "k7/pp6/8/8/8/8/8/2KR4 b - - 0 1"]);
    assert!(out.status.success());
    let text = stdout(&out);
    assert!(text.starts_with("Helpmate in 2: 13 solutions\n1.Kb8 Kb1 2.Ka8 Rd8#\n"), "{text}");
    assert_eq!(text.lines().filter(|l| l.ends_with('#')).count(), 13);
    // A selfmate: the key, the defence and the mate it is forced to give.
    let out = ladya(&["solve", "chess", "--stip", "s#2", "--fen", "8/8/8/3p4/2Q5/8/6PP/1q1k3K w - - 0 1"]);
    // Black, in check, may take at once (a discovered mate) or be forced to mate next move.
    assert_eq!(stdout(&out), "Selfmate in 2: 1 key\n1.Qe2+!\n  1...Kxe2#\n  1...Kc1 2.Qd2+ 2...Kxd2#\n");
    // A batch with stipulations per line: solutions for help and series play, keys for the others.
    let dir = std::env::temp_dir().join(format!("ladya-stip-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("problems.epd");
    std::fs::write(
        &file,
        "k7/pp6/8/8/8/8/8/2KR4 b - - stip h#1;\n\
         8/8/8/3p4/2Q5/8/6PP/1q1k3K w - - stip s#2;\n\
         8/8/3B1k2/3K4/2R5/6R1/8/8 b - - stip ser-h#1;\n\
         k7/8/8/8/8/8/8/K7 b - - stip h#2;\n",
    )
    .unwrap();
    let out = ladya(&["solve", "chess", "--epd", file.to_str().unwrap()]);
    assert!(out.status.success());
    assert_eq!(
        stdout(&out),
        "k7/pp6/8/8/8/8/8/2KR4 b - - ; solutions\n\
         8/8/8/3p4/2Q5/8/6PP/1q1k3K w - - ; keys c4e2\n\
         8/8/3B1k2/3K4/2R5/6R1/8/8 b - - ; solutions f6f5 c4f4\n\
         k7/8/8/8/8/8/8/K7 b - - ; solutions\n"
    );
    std::fs::remove_dir_all(&dir).ok();
    // Options that only forced play has are refused for help play.
    let out = ladya(&["solve", "chess", "--stip", "h#2", "--tries"]);
    assert_eq!(out.status.code(), Some(2));
    let out = ladya(&["solve", "chess", "--stip", "x#2"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unknown stipulation"));
}
