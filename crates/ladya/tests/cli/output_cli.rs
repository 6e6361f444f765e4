//! Standard output closed by its reader (`| head`) ends a command quietly with status 0; a
//! full disk (`> /dev/full`) ends it with status 2 and one line saying so; never a panic. And
//! an endless input file (`/dev/zero`) is refused after a bounded read, not read until memory
//! runs out.

use std::path::PathBuf;
use std::process::{Command, Stdio};

/// Scratch files of one test, removed first.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladya-output-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The commands to try, each writing several lines to standard output.
fn commands(dir: &std::path::Path) -> Vec<Vec<String>> {
    let suite = dir.join("suite.epd");
    std::fs::write(&suite, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm Ra8#; id \"one\";\n".repeat(3)).unwrap();
    let problems = dir.join("problems.epd");
    std::fs::write(&problems, "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - bm #1;\n".repeat(3)).unwrap();
    let data = dir.join("out.data");
    [
        &["perft", "chess", "3", "--divide"][..],
        &["perft", "xiangqi", "2"],
        &["analyze", "chess", "--depth", "4"],
        &["epd", "chess", suite.to_str().unwrap(), "--movetime", "20"],
        &["solve", "chess", "--mate", "2", "--fen", "8/8/1KNpn2p/3k4/4n3/1P4N1/8/8 w - - 0 1"],
        &["solve", "chess", "--stip", "h#2", "--fen", "7k/8/8/8/8/8/8/R3K3 b - -"],
        &["solve", "chess", "--epd", problems.to_str().unwrap(), "--threads", "2"],
        &["bench", "chess", "--depth", "2"],
        &["datagen", "ugolki", "--out", data.to_str().unwrap(), "--games", "1", "--nodes", "200", "--hash", "2"],
    ]
    .iter()
    .map(|args| args.iter().map(|a| a.to_string()).collect())
    .collect()
}

#[test]
fn a_reader_that_went_away_ends_the_command_quietly() {
    let dir = scratch("pipe");
    for args in commands(&dir) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
            .args(&args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ladya runs");
        // The reader goes away before the first line is written.
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked") && !stderr.contains("ladya:"), "{args:?}: {stderr}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_is_status_two_and_a_message() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // No /dev/full on this system.
    };
    let dir = scratch("full");
    for args in commands(&dir) {
        let out = Command::new(env!("CARGO_BIN_EXE_ladya"))
            .args(&args)
            .stdout(full.try_clone().unwrap())
            .stderr(Stdio::piped())
            .output()
            .expect("ladya runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        let message: Vec<&str> = stderr.lines().filter(|l| l.starts_with("ladya: ")).collect();
        assert_eq!(
            message,
            ["ladya: cannot write to standard output: No space left on device (os error 28)"],
            "{args:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn endless_input_files_are_refused_after_a_bounded_read() {
    if !std::path::Path::new("/dev/zero").exists() {
        return;
    }
    let dir = scratch("endless");
    let data = dir.join("ugolki.data");
    let data = data.to_str().unwrap();
    let made = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .args(["datagen", "ugolki", "--out", data, "--games", "1", "--nodes", "200", "--hash", "2"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", String::from_utf8_lossy(&made.stderr));
    let line = "/dev/zero line 1: longer than 1048576 bytes";
    let network = "/dev/zero: longer than ";
    let cases: [(&[&str], &str); 6] = [
        (&["epd", "chess", "/dev/zero"], line),
        (&["solve", "chess", "--mate", "2", "--epd", "/dev/zero"], line),
        (
            &[
                "match",
                "--game",
                "chess",
                "--engine",
                "cmd=ladya",
                "--engine",
                "cmd=ladya",
                "--depth",
                "1",
                "--openings",
                "file=/dev/zero",
            ],
            line,
        ),
        (&["analyze", "chess", "--depth", "1", "--eval", "/dev/zero"], network),
        (&["bench", "chess", "--depth", "1", "--eval", "/dev/zero"], network),
        (&["train", "--data", data, "--out", "/dev/null", "--init", "/dev/zero"], network),
    ];
    for (args, expected) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_ladya")).args(args).output().expect("ladya runs");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
        assert!(stderr.contains(expected), "{args:?}: {stderr}");
    }
    // In engine mode, EvalFile is refused and the engine lives on.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("ladya runs");
    let input = "uci\nsetoption name EvalFile value /dev/zero\nisready\nquit\n";
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), input.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l.starts_with("info string error") && l.contains(network)), "{text}");
    assert!(text.lines().any(|l| l == "readyok"), "{text}");
    std::fs::remove_dir_all(&dir).unwrap();
}
