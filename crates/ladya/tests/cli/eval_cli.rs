//! Choosing the evaluation: `--eval` on the command line and `EvalFile` in the engine
//! protocols take a network file, `classic` or the built-in default, and refuse bad files.

use crate::common;

use std::path::PathBuf;
use std::process::{Command, Output};

use common::Engine;
use ladya_nnue::{Network, NetworkParameters};

/// `network` written to a file of its own, named after `name`.
fn write_network(name: &str, network: &Network) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ladya-{name}-{}.nnue", std::process::id()));
    std::fs::write(&path, network.to_bytes()).unwrap();
    path
}

/// A chess network of fixed, uneven weights, written to a file of its own.
fn network_file(name: &str) -> PathBuf {
    write_network(name, &Network::quantise("chess", &NetworkParameters::uneven(768, 32)).unwrap())
}

fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs")
}

fn bench_nodes(eval: &str) -> String {
    let out = ladya(&["bench", "chess", "--depth", "5", "--eval", eval]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    text.lines().last().unwrap().split_whitespace().nth(1).unwrap().to_string()
}

#[test]
fn bench_searches_with_the_network_it_is_given() {
    let path = network_file("bench");
    let learned = bench_nodes(path.to_str().unwrap());
    assert_eq!(learned, bench_nodes(path.to_str().unwrap()), "the same network, the same tree");
    assert_ne!(learned, bench_nodes("classic"), "another evaluation, another tree");

    let out = ladya(&["bench", "chess", "--eval", "/no/such.nnue"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--eval: cannot read network file '/no/such.nnue'"));
    let mut corrupt = std::fs::read(&path).unwrap();
    corrupt[1000] ^= 0x40;
    std::fs::write(&path, &corrupt).unwrap();
    let out = ladya(&["analyze", "chess", "--depth", "2", "--eval", path.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("the network file is corrupt"));
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn uci_eval_file_loads_a_network_and_refuses_bad_ones() {
    let path = network_file("uci");
    let mut engine = Engine::start();
    engine.send("uci");
    let option = engine.expect_prefix("option name EvalFile", 5);
    assert_eq!(option, "option name EvalFile type string default <built-in>");
    engine.expect(|l| l == "uciok", 5);
    engine.send("setoption name EvalFile value /no/such.nnue");
    engine.expect_prefix("info string error: EvalFile: cannot read network file", 5);
    engine.send(&format!("setoption name EvalFile value {}", path.display()));
    engine.send("isready");
    // Accepted without a word: the next line answers isready.
    let answer = engine.expect(|l| l.starts_with("readyok") || l.starts_with("info string error"), 5);
    assert_eq!(answer, "readyok");
    engine.send("go depth 4");
    engine.expect_prefix("bestmove", 20);
    engine.send("setoption name EvalFile value classic");
    engine.send("go depth 4");
    engine.expect_prefix("bestmove", 20);
    engine.quit();
    std::fs::remove_file(&path).unwrap();
}

/// The network built into Ladya for xiangqi, written to a file of its own.
fn xiangqi_network_file() -> PathBuf {
    write_network("xiangqi", &<ladya_xiangqi::Position as ladya_games::EngineGame>::built_in_network().unwrap())
}

#[test]
fn a_network_of_another_game_is_refused() {
    let xiangqi_path = xiangqi_network_file();
    let xiangqi_network = xiangqi_path.to_str().unwrap();
    for args in [
        &["analyze", "chess", "--depth", "2", "--eval", xiangqi_network][..],
        &["bench", "ugolki", "--depth", "2", "--eval", xiangqi_network][..],
    ] {
        let out = ladya(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.contains("--eval: ") && stderr.contains("a network for xiangqi, not for "), "{stderr}");
    }
    let data = std::env::temp_dir().join(format!("ladya-other-game-{}.data", std::process::id()));
    let out = ladya(&["datagen", "chess", "--out", data.to_str().unwrap(), "--games", "1", "--eval", xiangqi_network]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("a network for xiangqi, not for chess"));
    let _ = std::fs::remove_file(&data);
    // Its own game takes it.
    let out = ladya(&["analyze", "xiangqi", "--depth", "2", "--eval", xiangqi_network]);
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));

    let path = network_file("other-game");
    let mut engine = Engine::start();
    engine.send("uci");
    engine.expect(|l| l == "uciok", 5);
    engine.send(&format!("setoption name EvalFile value {}", path.display()));
    engine.send(&format!("setoption name EvalFile value {xiangqi_network}"));
    engine.expect(
        |l| l.starts_with("info string error: EvalFile: ") && l.ends_with("a network for xiangqi, not for chess"),
        5,
    );
    // The chess network stays; a switch of game drops it, and says so.
    engine.send("setoption name UCI_Variant value ugolki");
    engine.expect(|l| l.starts_with("info string") && l.contains("network file chosen is for chess"), 5);
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send(&format!("setoption name EvalFile value {xiangqi_network}"));
    engine.send("isready");
    let answer = engine.expect(|l| l.starts_with("readyok") || l.starts_with("info string"), 5);
    assert_eq!(answer, "readyok");
    engine.quit();
    std::fs::remove_file(&path).unwrap();
    std::fs::remove_file(&xiangqi_path).unwrap();
}
