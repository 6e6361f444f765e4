//! `ladya train`: trains a network on a data file that the search then reads, resumes from a
//! checkpoint, and refuses bad arguments and data with one line and exit status 2.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ladya_chess::Position;
use ladya_core::{Game, MoveList};
use ladya_nnue::data::{DataWriter, GameResult, Sample};
use ladya_nnue::{Network, OutputBuckets};

fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs")
}

/// A folder of its own for one test, emptied.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladya-train-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Writes `games` chess games of fixed, varied moves to `path`, each position scored by the
/// number of legal moves (a made-up score that the network can learn).
fn write_games(path: &Path, games: usize) {
    let mut writer = DataWriter::append::<Position>(path).unwrap();
    for game in 0..games {
        let mut pos = Position::start();
        let mut samples = Vec::new();
        for ply in 0..40 {
            let mut moves = MoveList::new();
            Game::legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            samples.push(Sample::of(&pos, moves.len() as i16 * 5 - 100, GameResult::Draw));
            pos.make(moves[(game * 7 + ply * 13) % moves.len()]);
        }
        writer.write_game(&samples).unwrap();
    }
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn train_writes_a_network_the_search_reads_and_resumes_from_a_checkpoint() {
    let dir = scratch("run");
    let (data, net, checkpoint) = (dir.join("chess.data"), dir.join("chess.nnue"), dir.join("chess.ckpt"));
    write_games(&data, 30);
    let path = |p: &PathBuf| p.to_str().unwrap().to_string();
    let run = |epochs: &str, resume: bool| {
        let (data, net) = (path(&data), path(&net));
        let checkpoint = path(&checkpoint);
        let mut args: Vec<&str> = vec!["train", "--data", &data, "--out", &net, "--hidden", "16", "--batch", "64"];
        args.extend(["--epochs", epochs, "--threads", "2", "--checkpoint", &checkpoint]);
        if resume {
            args.extend(["--resume", &checkpoint]);
        }
        let out = ladya(&args);
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let first = run("3", false);
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 4, "{first}");
    assert!(
        lines[0]
            .starts_with("training chess 768->2x16->1 (output buckets pieces:8:32, views Fixed, 1 king bucket) on "),
        "{first}"
    );
    for (n, line) in lines[1..].iter().enumerate() {
        let words: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(words[..2], ["epoch", &format!("{}/3", n + 1)], "{line}");
        assert_eq!((words[2], words[4], words[6], words[9]), ("train", "validation", "lr", "pos/s"), "{line}");
        assert!(words[3].parse::<f64>().is_ok() && words[5].parse::<f64>().is_ok(), "{line}");
    }
    let network = Network::from_bytes::<Position>(&std::fs::read(&net).unwrap()).unwrap();
    assert_eq!((network.hidden(), network.buckets()), (16, OutputBuckets::Pieces { count: 8, most: 32 }));
    let out = ladya(&["analyze", "chess", "--depth", "3", "--eval", &path(&net)]);
    assert!(out.status.success(), "{}", text(&out.stderr));

    let resumed = run("4", true);
    let lines: Vec<&str> = resumed.lines().collect();
    assert_eq!(lines.len(), 2, "{resumed}");
    assert!(lines[1].starts_with("epoch 4/4 "), "{resumed}");

    // A run from the network just written takes its width from it and starts near its loss:
    // far below the first epoch of a run from random weights.
    let validation = |line: &str| line.split_whitespace().nth(5).unwrap().parse::<f64>().unwrap();
    let started = dir.join("started.nnue");
    let out = ladya(
        &["train", "--data", &path(&data), "--out", &path(&started), "--init", &path(&net)]
            .into_iter()
            .chain(["--epochs", "1", "--batch", "64", "--lr", "0.0001"])
            .collect::<Vec<_>>(),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("training chess 768->2x16->1 "), "{stdout}");
    let from_random = validation(first.lines().nth(1).unwrap());
    let from_network = validation(stdout.lines().nth(1).unwrap());
    assert!(from_network < from_random, "{from_network} against {from_random}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_arguments_and_data_get_one_line_and_status_2() {
    let dir = scratch("bad");
    let data = dir.join("chess.data");
    write_games(&data, 2);
    let (data, out) = (data.to_str().unwrap().to_string(), dir.join("x.nnue").to_str().unwrap().to_string());
    let missing = dir.join("missing.data").to_str().unwrap().to_string();
    let garbage = dir.join("garbage.data");
    std::fs::write(&garbage, b"LADYDATA but not really").unwrap();
    let garbage = garbage.to_str().unwrap().to_string();
    let cases: [(Vec<&str>, &str); 11] = [
        (vec!["--data", &data, "--out", &out, "--hidden", "40"], "hidden width 40 is not a multiple of 16"),
        (vec!["--data", &data, "--out", &out, "--wdl", "2"], "must be from 0 to 1"),
        (vec!["--data", &data, "--out", &out, "--epochs", "x"], "invalid value 'x' for '--epochs"),
        (vec!["--data", &missing, "--out", &out], &missing),
        (vec!["--data", &garbage, "--out", &out], "data format version"),
        (vec!["--data", &data, "--out", &out, "--resume", &data], "not a Ladya training checkpoint"),
        (vec!["--data", &data, "--out", &out, "--buckets", "pieces:0:32"], "bad output buckets 'pieces:0:32'"),
        (vec!["--data", &data, "--out", &out, "--init", &missing], "--init: cannot read network file"),
        (vec!["--data", &data, "--out", &out, "--init", &data, "--resume", &data], "cannot be used with"),
        (
            vec!["--data", &data, "--out", &out, "--init", "<built-in>"],
            "--init: the network's inputs is 1536, but this run's is 768",
        ),
        (vec!["--data", &data, "--out", &out, "--init", "classic"], "--init: 'classic' is no network for chess"),
    ];
    for (args, expected) in cases {
        let out = ladya(&[&["train"], args.as_slice()].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    assert!(!dir.join("x.nnue").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn corrupt_headers_directories_and_checkpoints_are_refused_clearly() {
    let dir = scratch("corrupt");
    let data = dir.join("chess.data");
    write_games(&data, 12);
    let bytes = std::fs::read(&data).unwrap();
    let variant = |name: &str, change: &dyn Fn(&mut Vec<u8>)| {
        let mut changed = bytes.clone();
        change(&mut changed);
        let path = dir.join(name);
        std::fs::write(&path, changed).unwrap();
        path.to_str().unwrap().to_string()
    };
    // Byte 22 of the header is the number of kinds of piece.
    let seven_kinds = variant("seven.data", &|b| b[22] = 7);
    let many_kinds = variant("many.data", &|b| b[22] = 200);
    let cut_header = variant("cut.data", &|b| b.truncate(30));
    let other_data = dir.join("other.data");
    write_games(&other_data, 11);
    let path = |p: &Path| p.to_str().unwrap().to_string();
    let (data, other_data, net, checkpoint) =
        (path(&data), path(&other_data), path(&dir.join("x.nnue")), path(&dir.join("x.ckpt")));
    let train = ["--out", &net, "--hidden", "16", "--batch", "64", "--epochs", "1"];
    let out = ladya(&[&["train", "--data", &data, "--checkpoint", &checkpoint][..], &train].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    let saved = std::fs::read(&checkpoint).unwrap();
    let corrupt = dir.join("corrupt.ckpt");
    let mut flipped = saved.clone();
    flipped[saved.len() / 2] ^= 1;
    std::fs::write(&corrupt, flipped).unwrap();
    let cut = dir.join("cut.ckpt");
    std::fs::write(&cut, &saved[..saved.len() - 100]).unwrap();
    let (corrupt, cut, folder) = (path(&corrupt), path(&cut), path(&dir));
    let cases: [(Vec<&str>, String); 7] = [
        (
            vec!["--data", &seven_kinds],
            "the data's header is corrupt: chess has 64 squares and 6 kinds of piece, but the header says 64 and 7"
                .into(),
        ),
        (
            vec!["--data", &many_kinds],
            format!("{many_kinds}: corrupt header: 200 kinds of piece, where a game has 1 to 128"),
        ),
        (vec!["--data", &cut_header], format!("{cut_header}: the header is incomplete: the file ends after 30 bytes")),
        (vec!["--data", &folder], format!("{folder}: it is a directory, not a training-data file")),
        (vec!["--data", &data, "--resume", &corrupt], "its checksum does not match its contents".into()),
        (vec!["--data", &data, "--resume", &cut], "it is cut short or corrupt".into()),
        (vec!["--data", &other_data, "--resume", &checkpoint], "made on other training positions".into()),
    ];
    for (args, expected) in cases {
        let out = ladya(&[&["train"], args.as_slice(), &train].concat());
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(&expected), "{args:?}: expected '{expected}' in {stderr}");
    }
    // The same data resumes.
    let out = ladya(&[&["train", "--data", &data, "--resume", &checkpoint][..], &train].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn too_many_threads_are_refused_before_any_is_made() {
    let dir = scratch("threads");
    let data = dir.join("chess.data");
    write_games(&data, 2);
    let (data, net) = (data.to_str().unwrap().to_string(), dir.join("x.nnue").to_str().unwrap().to_string());
    for threads in ["20000", "257"] {
        let out = ladya(&["train", "--data", &data, "--out", &net, "--hidden", "16", "--threads", threads]);
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{threads}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{threads}: {stderr}");
        assert!(stderr.contains(&format!("the threads must be from 1 to 256 (they are {threads})")), "{stderr}");
    }
    let out = ladya(&["train", "--data", &data, "--out", &net, "--hidden", "16", "--epochs", "1", "--threads", "256"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(", 256 threads,"), "{}", text(&out.stdout));
    std::fs::remove_dir_all(&dir).unwrap();
}
