//! `ladya datagen`: self-play games written to a data file that `DataSet::read` reads, the
//! same file for the same seed whatever the threads, and a resumed run the same as one run.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use ladya_core::score::MATE_BOUND;
use ladya_nnue::data::{DataSet, GameResult};

fn ladya(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs")
}

/// A fresh path for a data file of this test.
fn data_path(name: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("ladya-datagen-{name}-{}.data", std::process::id()));
    let _ = std::fs::remove_file(&path);
    path
}

/// Runs `ladya datagen GAME --out PATH` with small searches and `extra` arguments; returns the
/// summary line.
fn datagen(game: &str, path: &Path, extra: &[&str]) -> String {
    let mut args = vec!["datagen", game, "--out", path.to_str().unwrap(), "--nodes", "300", "--hash", "2"];
    args.extend(extra);
    let out = ladya(&args);
    assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
    let stdout = String::from_utf8(out.stdout).unwrap();
    let summary = stdout.lines().last().unwrap_or_default().to_string();
    assert!(summary.starts_with("done: "), "{stdout}");
    summary
}

/// The W/D/L counts of a summary line: White's wins, draws, Black's wins.
fn results_of(summary: &str) -> [u64; 3] {
    let counts = summary.split("W/D/L ").nth(1).unwrap().split(',').next().unwrap();
    let counts: Vec<u64> = counts.split('/').map(|n| n.parse().unwrap()).collect();
    counts.try_into().unwrap()
}

#[test]
fn every_game_makes_data_its_reader_reads() {
    for (game, squares) in [("chess", 64), ("xiangqi", 90), ("ugolki", 64)] {
        let path = data_path(game);
        // One game a run, so each run's new positions are one game's.
        let mut decided = [0; 3];
        let mut read = 0;
        for games in 1..=3 {
            let summary = datagen(game, &path, &["--games", &games.to_string(), "--seed", "11", "--threads", "2"]);
            let file = if games == 1 { "1 game".to_string() } else { format!("{games} games") };
            assert!(summary.starts_with(&format!("done: {file} (1 this run)")), "{summary}");
            let set = DataSet::read(&path).unwrap();
            assert_eq!(
                (set.header.game.as_str(), set.header.space.squares, set.game_lengths.len() as u64),
                (game, squares, games)
            );
            let new = &set.samples[read..];
            read = set.samples.len();
            assert!(!new.is_empty(), "{game}: game {games} kept no position");
            let result = new[0].result;
            assert!(new.iter().all(|s| s.result == result), "{game}: one game, one result");
            let [white, draws, black] = results_of(&summary);
            assert_eq!(
                [black, draws, white],
                [GameResult::BlackWon, GameResult::Draw, GameResult::WhiteWon].map(|r| u64::from(r == result)),
                "{game}: {summary}"
            );
            decided[result as usize] += 1;
            for sample in new {
                assert!(i32::from(sample.score).abs() < MATE_BOUND, "{game}: no mate scores");
                assert!(sample.pieces.iter().all(|p| (p.square as usize) < squares));
                for side in ladya_core::Side::BOTH {
                    assert!(sample.pieces.iter().any(|p| p.side == side), "{game}: both sides have pieces");
                }
            }
        }
        // A game of 300-node searches from a random opening has decided positions: their
        // scores are not all zero.
        let set = DataSet::read(&path).unwrap();
        assert!(set.samples.iter().any(|s| s.score != 0), "{game}");
        assert_eq!(decided.iter().sum::<u64>(), 3);
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn the_same_seed_makes_the_same_file_whatever_the_threads() {
    let (one, two, other) = (data_path("seed-1"), data_path("seed-2"), data_path("seed-other"));
    datagen("chess", &one, &["--games", "3", "--seed", "5", "--threads", "1"]);
    datagen("chess", &two, &["--games", "3", "--seed", "5", "--threads", "2"]);
    datagen("chess", &other, &["--games", "3", "--seed", "6", "--threads", "2"]);
    let bytes = std::fs::read(&one).unwrap();
    assert_eq!(bytes, std::fs::read(&two).unwrap());
    assert_ne!(bytes, std::fs::read(&other).unwrap(), "another seed, other games");
    for path in [one, two, other] {
        std::fs::remove_file(path).unwrap();
    }
}

#[test]
fn a_resumed_run_makes_the_same_file_as_one_run() {
    for game in ["chess", "ugolki"] {
        let (at_once, resumed) = (data_path(&format!("{game}-at-once")), data_path(&format!("{game}-resumed")));
        datagen(game, &at_once, &["--games", "4", "--seed", "3", "--threads", "1"]);
        datagen(game, &resumed, &["--games", "2", "--seed", "3", "--threads", "2"]);
        // A run interrupted while writing leaves half a game behind, which the next run cuts.
        std::fs::OpenOptions::new()
            .append(true)
            .open(&resumed)
            .and_then(|mut file| std::io::Write::write_all(&mut file, &[9, 0, 0, 0, 1, 1]))
            .unwrap();
        let summary = datagen(game, &resumed, &["--games", "4", "--seed", "3", "--threads", "2"]);
        assert!(summary.starts_with("done: 4 games (2 this run)"), "{summary}");
        assert_eq!(std::fs::read(&at_once).unwrap(), std::fs::read(&resumed).unwrap(), "{game}");
        // A file that already holds the games asked for is left as it is.
        let summary = datagen(game, &resumed, &["--games", "3", "--seed", "3"]);
        assert!(summary.starts_with("done: 4 games (0 this run), 0 positions"), "{summary}");
        assert_eq!(std::fs::read(&at_once).unwrap(), std::fs::read(&resumed).unwrap(), "{game}");
        std::fs::remove_file(at_once).unwrap();
        std::fs::remove_file(resumed).unwrap();
    }
}

#[test]
fn a_file_cut_inside_its_header_is_started_anew() {
    let path = data_path("cut-header");
    datagen("ugolki", &path, &["--games", "1"]);
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&path, &bytes[..30]).unwrap();
    let summary = datagen("ugolki", &path, &["--games", "1"]);
    assert!(summary.starts_with("done: 1 game (1 this run)"), "{summary}");
    assert_eq!(std::fs::read(&path).unwrap(), bytes, "the same game again, the same seed");
    std::fs::remove_file(&path).unwrap();
}

#[test]
fn bad_arguments_and_unusable_files_are_one_line_errors() {
    let chess = data_path("bad-chess");
    datagen("chess", &chess, &["--games", "1"]);
    let not_data = data_path("bad-not-data");
    std::fs::write(&not_data, b"hello").unwrap();
    let (chess, not_data) = (chess.to_str().unwrap(), not_data.to_str().unwrap());
    let directory = std::env::temp_dir();
    let cases: [(&[&str], &str); 6] = [
        (&["datagen", "xiangqi", "--out", chess], "the data is for chess, not xiangqi"),
        (&["datagen", "chess", "--out", not_data], "not a Ladya training-data file"),
        (&["datagen", "chess", "--out", directory.to_str().unwrap()], "ladya: "),
        (&["datagen", "chess", "--out", chess, "--nodes", "0"], "--nodes"),
        (&["datagen", "chess", "--out", chess, "--threads", "0"], "--threads"),
        (&["datagen", "ugolki", "--out", "/dev/null/x"], "/dev/null/x: "),
    ];
    for (args, words) in cases {
        let out = ladya(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(stderr.starts_with("ladya: ") && stderr.contains(words), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
    let ugolki = data_path("bad-ugolki");
    let out = ladya(&["datagen", "ugolki", "--out", ugolki.to_str().unwrap(), "--random-plies", "500"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--random-plies: no opening of 500 random plies"));
    assert!(!ugolki.exists(), "a refused run leaves no file behind");
    let huge = format!("{}", usize::MAX / 2);
    let out = ladya(&["datagen", "ugolki", "--out", ugolki.to_str().unwrap(), "--hash", &huge]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--hash: "), "{}", String::from_utf8_lossy(&out.stderr));
    assert!(!ugolki.exists(), "a refused run leaves no file behind");
    // A file that was there is kept, with its games.
    datagen("ugolki", &ugolki, &["--games", "1"]);
    let out = ladya(&["datagen", "ugolki", "--out", ugolki.to_str().unwrap(), "--random-plies", "500", "--games", "2"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(DataSet::read(&ugolki).unwrap().game_lengths.len(), 1);
    for path in [chess, not_data, ugolki.to_str().unwrap()] {
        std::fs::remove_file(path).unwrap();
    }
}
