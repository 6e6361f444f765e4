//! XBoard (CECP v2) through the real binary: features, a game on the clock, force mode,
//! undo, analysis, move now, result claims and bad input.

use crate::common;

use common::Engine;
use ladya_chess::Position;

fn engine_move(engine: &mut Engine, pos: &mut Position) -> String {
    let line = engine.expect_prefix("move ", 15);
    let m = line[5..].trim().to_string();
    let parsed = pos.parse_uci(&m).unwrap_or_else(|e| panic!("{m}: {e}\n{}", engine.transcript.join("\n")));
    pos.make(parsed);
    m
}

#[test]
fn plays_black_then_white_on_the_clock() {
    let mut engine = Engine::xboard();
    engine.send("new");
    engine.send("level 40 0:05 0");
    engine.send("post");
    engine.send("hard");
    let mut pos = Position::start();
    for user in ["e2e4", "g1f3", "f1c4"] {
        engine.send("time 500");
        engine.send("otim 500");
        let m = pos.parse_uci(user).or_else(|_| {
            // The engine's reply may have made our scripted move illegal: play any legal one.
            let mut legal = ladya_core::MoveList::new();
            pos.append_legal_moves(&mut legal);
            legal.first().copied().ok_or(())
        });
        let m = m.unwrap();
        engine.send(&format!("usermove {m}"));
        pos.make(m);
        engine_move(&mut engine, &mut pos);
    }
    // Switch sides: force, then go makes the engine play the side to move (White).
    engine.send("force");
    engine.send("ping 7");
    engine.expect(|l| l == "pong 7", 5);
    engine.send("go");
    engine_move(&mut engine, &mut pos);
    engine.quit();
}

#[test]
fn fixed_time_depth_undo_and_setboard() {
    let mut engine = Engine::xboard();
    engine.send("new");
    engine.send("st 1");
    engine.send("sd 3");
    engine.send("force");
    engine.send("usermove e2e4");
    engine.send("usermove e7e5");
    engine.send("undo");
    engine.send("go");
    let mut pos = Position::start();
    pos.make(pos.parse_uci("e2e4").unwrap());
    engine_move(&mut engine, &mut pos);
    engine.send("force");
    engine.send("remove");
    engine.send("setboard 6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    engine.send("go");
    engine.expect(|l| l == "move a1a8", 10);
    engine.expect(|l| l == "1-0 {White mates}", 5);
    engine.quit();
}

#[test]
fn analysis_mode_and_move_now() {
    let mut engine = Engine::xboard();
    engine.send("new");
    engine.send("force");
    engine.send("post");
    engine.send("analyze");
    // Thinking lines: ply score time nodes pv.
    let line = engine.expect(|l| l.split_whitespace().next() == Some("3"), 10);
    assert!(line.split_whitespace().count() >= 5, "{line}");
    engine.send("usermove e2e4");
    engine.expect(|l| l.split_whitespace().next() == Some("4"), 10);
    engine.send("exit");
    engine.send("st 30");
    engine.send("go");
    engine.send("?");
    let mut pos = Position::start();
    pos.make(pos.parse_uci("e2e4").unwrap());
    engine_move(&mut engine, &mut pos);
    engine.quit();
}

#[test]
fn bad_input_is_answered_and_survived() {
    let mut engine = Engine::xboard();
    engine.send("new");
    engine.send("force");
    engine.send("usermove e2e5");
    engine.expect_prefix("Illegal move", 5);
    engine.send("setboard nonsense");
    engine.expect_prefix("tellusererror Illegal position", 5);
    engine.send("variant checkers");
    engine.expect_prefix("Error (unsupported variant)", 5);
    engine.send("level x y z");
    engine.expect_prefix("Error (bad level)", 5);
    engine.send("frobnicate");
    engine.expect_prefix("Error (unknown command)", 5);
    engine.send("undo");
    engine.expect_prefix("Error (no move to take back)", 5);
    engine.send("sd 2");
    engine.send("go");
    let mut pos = Position::start();
    engine_move(&mut engine, &mut pos);
    engine.quit();
}

#[test]
fn xiangqi_and_ugolki_variants() {
    let mut engine = Engine::xboard();
    engine.send("new");
    engine.send("variant xiangqi");
    engine.send("st 1");
    engine.send("sd 3");
    engine.send("usermove h2e2");
    let line = engine.expect_prefix("move ", 15);
    let mut pos = ladya_xiangqi::Position::start();
    pos.make(pos.parse_iccs("h2e2").unwrap());
    assert!(pos.parse_iccs(line[5..].trim()).is_ok(), "{line}: ICCS with ranks 0-9");
    engine.send("new");
    engine.send("variant ugolki");
    engine.send("sd 3");
    engine.send("usermove e3e4");
    let line = engine.expect_prefix("move ", 15);
    let mut pos = ladya_ugolki::Position::start();
    pos.make(pos.parse_move("e3e4").unwrap());
    assert!(pos.parse_move(line[5..].trim()).is_ok(), "{line}");
    engine.quit();
}

#[test]
fn an_impossible_memory_size_is_an_error_and_the_engine_plays_on() {
    let mut engine = Engine::xboard();
    engine.send("memory 100000000000000");
    engine.expect(
        |l| l == "Error (a hash table of 100000000000000 MiB is too large for the address space): memory 100000000000000",
        5,
    );
    engine.send("memory 65536");
    engine.send("ping 1");
    let answer = engine.expect(|l| l == "pong 1" || l.starts_with("Error"), 30);
    if common::cannot_allocate(65536 << 20) {
        assert_eq!(answer, "Error (cannot allocate a hash table of 65536 MiB: not enough memory): memory 65536");
        engine.expect(|l| l == "pong 1", 5);
    }
    engine.send("new");
    engine.send("sd 3");
    engine.send("go");
    engine_move(&mut engine, &mut Position::start());
    engine.quit();
}

/// Clock values of any size are read or refused without a crash: an unreadable `st` or
/// `level` is an error, a negative clock is an empty one, and the engine still moves.
#[test]
fn clock_values_of_any_size() {
    let mut engine = Engine::xboard();
    for (command, error) in [
        ("st 1e300", "Error (bad st): 1e300"),
        ("level 40 inf 0", "Error (bad level): 40 inf 0"),
        ("level 40 1e20 0", "Error (bad level): 40 1e20 0"),
    ] {
        engine.send(command);
        engine.expect(|l| l == error, 5);
    }
    engine.send("new");
    engine.send("level 40 5 0");
    engine.send("time -100");
    engine.send("otim 1844674407370955162");
    let mut pos = Position::start();
    engine.send("usermove e2e4");
    pos.make(pos.parse_uci("e2e4").unwrap());
    engine_move(&mut engine, &mut pos);
    engine.send("ping 7");
    engine.expect(|l| l == "pong 7", 5);
    engine.quit();
}

#[test]
fn strength_options_are_offered_and_taken() {
    let mut engine = Engine::start();
    engine.send("xboard");
    engine.send("protover 2");
    engine.expect(|l| l == "feature option=\"UCI_Elo -spin 1500 500 2800\"", 5);
    engine.expect(|l| l == "feature option=\"Skill Level -spin 20 0 20\"", 5);
    engine.expect(|l| l == "feature done=1", 5);
    engine.send("option UCI_LimitStrength=1");
    engine.send("option UCI_Elo=700");
    engine.send("new");
    engine.send("st 20");
    let asked = std::time::Instant::now();
    engine.send("go");
    engine.expect_prefix("move ", 5);
    assert!(asked.elapsed() < std::time::Duration::from_secs(3), "{:?}", asked.elapsed());
    engine.send("option UCI_Elo=5000");
    engine.expect(|l| l.starts_with("Error (UCI_Elo must be 500 to 2800"), 5);
    // A name with a space is read whole.
    engine.send("option Skill Level=25");
    engine.expect(|l| l.starts_with("Error (Skill Level must be 0 to 20"), 5);
    engine.send("option Skill Level=3");
    engine.send("option Hash Size=3");
    engine.expect(|l| l == "Error (unknown option): Hash Size", 5);
    engine.quit();
}
