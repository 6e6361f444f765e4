//! `ladya match` with real Ladya engines (`cmd=ladya` is the binary under test) in every
//! game and protocol: short matches at small depths, PGN that python-chess reads, argument
//! errors, and Ctrl-C keeping the games played.

use std::fs;
use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

fn ladya() -> Command {
    Command::new(env!("CARGO_BIN_EXE_ladya"))
}

/// A fresh scratch file path for this test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("ladya-match-{}", std::process::id()));
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = fs::remove_file(&path);
    path
}

/// Runs `ladya match ARGS`, expecting success; returns its output.
fn run_match(args: &[&str]) -> String {
    let output = ladya().arg("match").args(args).output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "ladya match {args:?}: {}\n{text}", String::from_utf8_lossy(&output.stderr));
    text
}

/// The adjudication that keeps games at depth 1 or 2 short.
const SHORT: [&str; 8] =
    ["--draw", "movenumber=10", "movecount=2", "score=40", "--resign", "movecount=1", "score=300", "--depth"];

#[test]
fn chess_self_play_from_openings_writes_pgn_python_chess_reads() {
    let openings = scratch("chess.epd");
    fs::write(
        &openings,
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c0 \"1. e4\";\n\
         rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -\n",
    )
    .unwrap();
    let pgn = scratch("chess.pgn");
    let openings_arg = format!("file={}", openings.display());
    let mut args = vec!["--game", "chess", "--engine", "cmd=ladya", "name=A", "--engine", "cmd=ladya", "name=B"];
    args.extend([
        "--each",
        "proto=uci",
        "option.Hash=8",
        "--games",
        "4",
        "--openings",
        &openings_arg,
        "order=sequential",
    ]);
    args.extend(SHORT);
    args.extend(["2", "--pgnout", pgn.to_str().unwrap()]);
    let out = run_match(&args);
    assert_eq!(out.lines().filter(|l| l.starts_with("Finished game ")).count(), 4, "{out}");
    let score = out.lines().rev().find(|l| l.starts_with("Score of A vs B: ")).unwrap();
    assert!(score.ends_with("] 4"), "{score}");
    assert!(
        out.lines().any(|l| l.starts_with("Elo difference: ") && l.contains(", LOS: ") && l.contains("DrawRatio: ")),
        "{out}"
    );
    assert!(out.lines().any(|l| l.starts_with("Ptnml(0-2): ")), "{out}");
    let text = fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Event \"ladya match\"]").count(), 4);
    assert_eq!(text.matches("[FEN ").count(), 4, "{text}");

    // python-chess (installed by CI) replays every game without an error.
    let check = "import chess.pgn, sys\n\
                 games = 0\n\
                 with open(sys.argv[1]) as f:\n\
                 \x20   while (game := chess.pgn.read_game(f)) is not None:\n\
                 \x20       assert not game.errors, game.errors\n\
                 \x20       board = game.end().board()\n\
                 \x20       assert len(list(game.mainline_moves())) == int(game.headers['PlyCount'])\n\
                 \x20       games += 1\n\
                 assert games == 4, games\n";
    match Command::new("python3").args(["-c", "import chess"]).status() {
        Ok(status) if status.success() => {
            let status = Command::new("python3").args(["-c", check]).arg(&pgn).status().unwrap();
            assert!(status.success(), "python-chess refused {}", pgn.display());
        }
        _ => eprintln!("python-chess is not installed: the PGN is not checked by it"),
    }
}

#[test]
fn xiangqi_round_robin_of_the_three_protocols() {
    let pgn = scratch("xiangqi.pgn");
    let mut args = vec!["--game", "xiangqi", "--tournament", "round-robin"];
    for protocol in ["uci", "xboard", "ucci"] {
        args.extend(["--engine", "cmd=ladya"]);
        args.push(match protocol {
            "uci" => "proto=uci",
            "xboard" => "proto=xboard",
            _ => "proto=ucci",
        });
        args.push(match protocol {
            "uci" => "name=LadyaUCI",
            "xboard" => "name=LadyaXB",
            _ => "name=LadyaUCCI",
        });
    }
    args.extend(SHORT);
    args.extend(["1", "--pgnout", pgn.to_str().unwrap()]);
    let out = run_match(&args);
    assert_eq!(out.lines().filter(|l| l.starts_with("Finished game ")).count(), 6, "{out}");
    for pairing in ["LadyaUCI vs LadyaXB", "LadyaUCI vs LadyaUCCI", "LadyaXB vs LadyaUCCI"] {
        assert!(out.contains(&format!("Score of {pairing}: ")), "{out}");
    }
    assert!(!out.contains("illegal") && !out.contains("disconnects") && !out.contains("on time"), "{out}");
    let text = fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"xiangqi\"]").count(), 6);
    // Moves in Fairy-Stockfish's form: ranks 1-10.
    assert!(text.contains("10"), "{text}");

    // pyffish, where it is installed, replays every game from its FEN tag.
    let check = "import pyffish, re, sys\n\
                 text = open(sys.argv[1]).read()\n\
                 for game in re.split(r'\\n\\n(?=\\[Event)', text.strip()):\n\
                 \x20   fen = re.search(r'\\[FEN \"([^\"]+)\"\\]', game).group(1)\n\
                 \x20   body = re.sub(r'\\{[^}]*\\}', ' ', game.split('\\n\\n', 1)[1])\n\
                 \x20   played = []\n\
                 \x20   for move in [w for w in body.split() if re.fullmatch(r'[a-i]\\d+[a-i]\\d+', w)]:\n\
                 \x20       assert move in pyffish.legal_moves('xiangqi', fen, played, False), (move, played)\n\
                 \x20       played.append(move)\n";
    match Command::new("python3").args(["-c", "import pyffish"]).stderr(Stdio::null()).status() {
        Ok(status) if status.success() => {
            let status = Command::new("python3").args(["-c", check]).arg(&pgn).status().unwrap();
            assert!(status.success(), "pyffish refused {}", pgn.display());
        }
        _ => eprintln!("pyffish is not installed: the xiangqi PGN is not checked by it"),
    }
}

#[test]
fn ugolki_matches_end_by_the_rules() {
    let out = run_match(&[
        "--game",
        "ugolki",
        "--engine",
        "cmd=ladya",
        "--engine",
        "cmd=ladya",
        "proto=xboard",
        "--depth",
        "1",
    ]);
    assert!(out.contains("Score of ladya vs ladya-2: "), "{out}");
    assert_eq!(out.lines().filter(|l| l.starts_with("Finished game ")).count(), 2, "{out}");
}

#[test]
fn a_pgn_book_with_a_byte_order_mark_line_comments_and_lone_marks_is_read() {
    let book = scratch("book.pgn");
    fs::write(
        &book,
        "\u{feff}[Event \"book\"]\n\n1. e4 !? e5 ; the open game\n2. Nf3 $1 Nc6 {main} ; 2... Nf6\n3. Bb5 ?! *\n",
    )
    .unwrap();
    let pgn = scratch("from-book.pgn");
    let book_arg = format!("file={}", book.display());
    let mut args = vec!["--game", "chess", "--engine", "cmd=ladya", "--engine", "cmd=ladya", "--games", "2"];
    args.extend(["--openings", &book_arg, "format=pgn", "--pgnout", pgn.to_str().unwrap()]);
    args.extend(SHORT);
    args.push("1");
    let out = run_match(&args);
    assert_eq!(out.lines().filter(|l| l.starts_with("Finished game ")).count(), 2, "{out}");
    let written = fs::read_to_string(&pgn).unwrap();
    for game in written.split("[Event ").skip(1) {
        let moves: String = game.lines().skip(1).filter(|l| !l.starts_with('[')).collect::<Vec<_>>().join(" ");
        let words: Vec<&str> = moves.split_whitespace().filter(|w| !w.ends_with('.')).take(5).collect();
        assert_eq!(words, ["e4", "e5", "Nf3", "Nc6", "Bb5"], "{game}");
    }
}

#[test]
fn bad_arguments_are_one_line_errors() {
    for args in [
        vec!["--game", "chess", "--engine", "name=x", "--engine", "cmd=ladya", "--depth", "1"],
        vec!["--game", "chess", "--engine", "cmd=ladya", "--engine", "cmd=ladya"],
        vec!["--game", "chess", "--engine", "cmd=ladya", "--engine", "cmd=ladya", "--tc", "fast"],
        vec![
            "--game",
            "chess",
            "--engine",
            "cmd=ladya",
            "--engine",
            "cmd=ladya",
            "--depth",
            "1",
            "--sprt",
            "elo0=5",
            "elo1=0",
        ],
        vec!["--game", "chess", "--engine", "cmd=/nonexistent/engine", "--engine", "cmd=ladya", "--depth", "1"],
        vec!["--game", "chess", "--engine", "cmd=ladya", "proto=ucci", "--engine", "cmd=ladya", "--depth", "1"],
        vec![
            "--game",
            "xiangqi",
            "--engine",
            "cmd=ladya",
            "--engine",
            "cmd=ladya",
            "--depth",
            "1",
            "--openings",
            "file=/nonexistent",
        ],
    ] {
        let output = ladya().arg("match").args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
        assert_eq!(stderr.lines().count(), 1, "{args:?}: {stderr}");
    }
}

/// Runs `ladya match --game GAME` of two Ladya engines at depth 1, the first with `first`
/// settings; returns the status and the standard output and error.
fn match_with_first(game: &str, first: &[&str], games: &str) -> (Option<i32>, String, String) {
    let mut args = vec!["match", "--game", game, "--engine", "cmd=ladya"];
    args.extend(first);
    args.extend(["--engine", "cmd=ladya", "--depth", "1", "--games", games]);
    let output = ladya().args(&args).output().unwrap();
    let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
    (output.status.code(), text(&output.stdout), text(&output.stderr))
}

#[test]
fn engine_settings_errors_name_the_setting_at_fault() {
    let file = scratch("not-a-directory");
    fs::write(&file, "").unwrap();
    let missing = format!("dir={}", scratch("missing-directory").display());
    let file_dir = format!("dir={}", file.display());
    for (settings, expected) in [
        (vec![missing.as_str()], format!("cannot start the engine in {missing}: it does not exist")),
        (vec![file_dir.as_str()], format!("cannot start the engine in {file_dir}: it is not a directory")),
        (vec!["option.Hash=abc"], "option.Hash=abc: the engine's Hash takes a whole number from 1 to".into()),
        (vec!["option.Threads=0"], "option.Threads=0: the engine's Threads takes a whole number from 1 to".into()),
        (vec!["option.Ponder=maybe"], "option.Ponder=maybe: the engine's Ponder takes true or false".into()),
        (vec!["option.Contempt=10"], "option.Contempt: the engine has no such option (it has: ".into()),
        (
            vec!["option.EvalFile=/nonexistent.nnue"],
            "it answered its options with 'info string error: EvalFile: cannot read network file".into(),
        ),
        (vec!["proto=ucci"], "ladya: engine 'ladya': UCCI is for xiangqi only".into()),
    ] {
        let (status, _, stderr) = match_with_first("chess", &settings, "2");
        assert_eq!(status, Some(2), "{settings:?}: {stderr}");
        assert!(stderr.contains(&expected), "{settings:?}: expected '{expected}' in {stderr}");
        assert!(!stderr.contains("ladya: ladya:"), "{settings:?}: {stderr}");
        if settings[0].starts_with("dir=") {
            assert!(!stderr.contains("cannot start '"), "the program is not at fault: {stderr}");
        }
    }
    let (status, stdout, stderr) = match_with_first("chess", &["option.Hash=8", "option.Ponder=false"], "1");
    assert_eq!(status, Some(0), "{stderr}");
    assert!(stdout.lines().any(|l| l == "1 of 1 game finished."), "{stdout}");
}

#[test]
fn no_games_at_once_is_refused() {
    let args =
        ["--game", "chess", "--engine", "cmd=ladya", "--engine", "cmd=ladya", "--depth", "1", "--concurrency", "0"];
    let output = ladya().arg("match").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("invalid value '0' for '--concurrency"), "{stderr}");
}

#[test]
fn a_zero_time_per_move_is_named_as_such() {
    let args = ["--game", "chess", "--engine", "cmd=ladya", "--engine", "cmd=ladya", "--st", "0"];
    let output = ladya().arg("match").args(args).output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("bad time per move '0': expected seconds above 0"), "{stderr}");
    assert!(!stderr.contains("[MOVES/]"), "{stderr}");
}

/// The processes whose parent is `pid`.
fn children(pid: u32) -> Vec<u32> {
    let mut found = Vec::new();
    for entry in fs::read_dir("/proc").unwrap().flatten() {
        let Ok(stat) = fs::read_to_string(entry.path().join("stat")) else { continue };
        // pid (comm) state ppid ...
        let Some((_, after)) = stat.rsplit_once(") ") else { continue };
        let parent: Option<u32> = after.split_whitespace().nth(1).and_then(|p| p.parse().ok());
        if parent == Some(pid) {
            found.extend(entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()));
        }
    }
    found
}

#[test]
fn ctrl_c_stops_every_engine_and_keeps_the_games_played() {
    let pgn = scratch("interrupted.pgn");
    let mut child = ladya()
        .args([
            "match",
            "--game",
            "chess",
            "--engine",
            "cmd=ladya",
            "--engine",
            "cmd=ladya",
            "--games",
            "100",
            "--depth",
            "3",
        ])
        .args(["--pgnout", pgn.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.by_ref().map_while(Result::ok).find(|l| l.starts_with("Finished game 1 "));
    assert!(first.is_some());
    let engines = children(child.id());
    assert_eq!(engines.len(), 2, "two engine processes");
    Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
    let rest: Vec<String> = lines.map_while(Result::ok).collect();
    let status = child.wait().unwrap();
    assert!(status.success(), "{rest:?}");
    let finished = rest.iter().filter(|l| l.starts_with("Finished game ")).count() + 1;
    let games = if finished == 1 { "1 game".to_string() } else { format!("{finished} games") };
    let interrupted = format!("Interrupted: every engine stopped, {games} kept.");
    assert!(rest.contains(&interrupted), "no '{interrupted}' in {rest:?}");
    let deadline = Instant::now() + Duration::from_secs(2);
    while engines.iter().any(|pid| PathBuf::from(format!("/proc/{pid}")).exists()) && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    for pid in engines {
        assert!(!PathBuf::from(format!("/proc/{pid}")).exists(), "engine {pid} still runs");
    }
    let kept = fs::read_to_string(&pgn).unwrap().matches("[Event ").count();
    assert_eq!(kept, finished);
}

#[test]
fn xiangqi_ranks_zero_to_nine_per_engine() {
    // Ladya speaking Pikafish's ranks 0-9 (its option and the runner's setting together)
    // against Ladya speaking UCI's ranks 1-10: every game legal to its end.
    let pgn = scratch("ranks.pgn");
    let mut args = vec!["--game", "xiangqi", "--engine", "cmd=ladya", "name=Ranks1-10", "--engine", "cmd=ladya"];
    args.extend(["name=Ranks0-9", "ranks=0", "option.XiangqiRanks=0-9", "--games", "2"]);
    args.extend(SHORT);
    args.extend(["1", "--pgnout", pgn.to_str().unwrap()]);
    let out = run_match(&args);
    assert_eq!(out.lines().filter(|l| l.starts_with("Finished game ")).count(), 2, "{out}");
    assert!(!out.contains("illegal") && !out.contains("disconnects") && !out.contains("on time"), "{out}");
    let text = fs::read_to_string(&pgn).unwrap();
    assert_eq!(text.matches("[Variant \"xiangqi\"]").count(), 2, "{text}");

    // Both sides at ranks 0-9, and a longer game: still legal throughout.
    let mut args = vec!["--game", "xiangqi", "--engine", "cmd=ladya", "name=A", "--engine", "cmd=ladya", "name=B"];
    args.extend(["--each", "ranks=0", "option.XiangqiRanks=0-9", "--games", "2", "--depth", "2"]);
    let out = run_match(&args);
    assert_eq!(out.lines().filter(|l| l.starts_with("Finished game ")).count(), 2, "{out}");
    assert!(!out.contains("illegal") && !out.contains("disconnects") && !out.contains("on time"), "{out}");

    // The setting matters: ranks 0-9 to an engine that reads 1-10 go wrong at once.
    let args = ["--game", "xiangqi", "--engine", "cmd=ladya", "name=A", "--engine", "cmd=ladya", "name=B", "ranks=0"];
    let out = run_match(&[&args[..], &["--games", "2", "--depth", "1"]].concat());
    assert_eq!(out.lines().filter(|l| l.starts_with("Finished game ") && l.contains("illegal")).count(), 2, "{out}");

    // Values other than 0 and 1, 1-10 outside UCI and 0-9 outside xiangqi are refused.
    for (game, setting, words) in [
        ("xiangqi", "ranks=2", "ranks must be 0 or 1"),
        ("xiangqi", "ranks=0-9", "ranks must be 0 or 1"),
        ("xiangqi", "proto=ucci ranks=1", "ranks=1 is for UCI engines"),
        ("chess", "ranks=0", "ranks=0 is for xiangqi"),
    ] {
        let mut args = vec!["match", "--game", game, "--engine", "cmd=ladya"];
        args.extend(setting.split(' '));
        args.extend(["--engine", "cmd=ladya", "--games", "2", "--depth", "1"]);
        let output = ladya().args(&args).output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{setting}: {stderr}");
        assert!(stderr.contains(words), "{setting}: expected '{words}' in {stderr}");
    }
}
