//! Matches against scripted fake engines (`fake/mod.rs`) that misbehave in every way the
//! referee must judge, for every protocol and game: the misbehaving engine loses each game,
//! with the right ending and its last words, and a crashed or hung engine is restarted for
//! the next game.

mod fake;

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::thread;
use std::time::Duration;

use ladya_core::Side;
use ladya_games::GameKind;
use ladya_match::referee::{GameRecord, Termination};
use ladya_match::{
    Adjudication, ClockRule, EloModel, EngineSpec, Hypothesis, Limits, MatchConfig, MatchSummary, Opening, Sprt,
    TournamentKind, run_match,
};

/// The fake engine: this test binary, started again with `fake:PROTOCOL:GAME:MODE` among its
/// arguments, runs the fake engine instead of the tests (in a normal test run it does nothing).
#[test]
fn fake_engine_entry() {
    if let Some(spec) = std::env::args().find_map(|a| a.strip_prefix("fake:").map(str::to_string)) {
        let parts: Vec<&str> = spec.split(':').collect();
        fake::run(parts[0], parts[1], parts[2]);
    }
}

/// The fake engine in `mode`, speaking `protocol`: this test binary running only
/// `fake_engine_entry` (libtest's own `running 1 test` line is ignored by every protocol).
fn fake(protocol: &str, game: GameKind, mode: &str) -> EngineSpec {
    let settings = [
        format!("cmd={}", std::env::current_exe().unwrap().display()),
        "arg=fake_engine_entry".to_string(),
        "arg=--exact".to_string(),
        "arg=--test-threads=1".to_string(),
        format!("arg=fake:{protocol}:{game}:{mode}"),
        format!("proto={protocol}"),
        format!("name={mode}"),
    ];
    EngineSpec::parse(&settings).unwrap()
}

/// Two games (one opening, each colour once) of `engines`.
fn config(game: GameKind, engines: Vec<EngineSpec>) -> MatchConfig {
    MatchConfig {
        game,
        engines,
        tournament: TournamentKind::RoundRobin,
        games: 2,
        rounds: 1,
        openings: vec![Opening::default()],
        limits: Limits {
            clock: Some(ClockRule::per_move("0.3").unwrap()),
            nodes: None,
            depth: None,
            margin: Duration::from_millis(50),
            hang: Duration::from_secs(5),
        },
        adjudication: Adjudication::default(),
        sprt: None,
        concurrency: 1,
        pgn_out: None,
        recover: false,
        event: "test".into(),
    }
}

fn run(config: &MatchConfig) -> (MatchSummary, String) {
    let mut out = Vec::new();
    let summary = run_match(config, &Arc::new(AtomicBool::new(false)), &mut out).unwrap();
    (summary, String::from_utf8(out).unwrap())
}

/// Two games of the fake in `mode` against a well-behaved fake.
fn play(protocol: &str, game: GameKind, mode: &str) -> (MatchSummary, String) {
    run(&config(game, vec![fake(protocol, game, mode), fake(protocol, game, "good")]))
}

#[test]
fn an_sprt_stops_the_match_at_a_bound() {
    let game = GameKind::Chess;
    for (engines, verdict) in [(["good", "illegal"], Hypothesis::H1), (["illegal", "good"], Hypothesis::H0)] {
        let mut config = config(game, engines.iter().map(|mode| fake("uci", game, mode)).collect());
        config.games = 100;
        config.sprt = Some(Sprt { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05, model: EloModel::Normalized });
        let (summary, out) = run(&config);
        assert_eq!(summary.sprt.and_then(|(_, v)| v), Some(verdict), "{out}");
        // The bound is crossed after four pairs, and no game starts after that.
        assert_eq!(summary.games.len(), 8, "{out}");
        let line = out.lines().rev().find(|l| l.starts_with("SPRT: llr ")).unwrap();
        assert!(
            line.ends_with(&format!(" - {verdict:?} was accepted")) && line.contains(", lbound -2.94, ubound 2.94"),
            "{line}"
        );
    }
}

/// The fake that misbehaves is White in game 1 and Black in game 2.
fn misbehaver(number: usize) -> Side {
    if number == 1 { Side::White } else { Side::Black }
}

fn check_losses(protocol: &str, game: GameKind, mode: &str, termination: Termination, words: &str) {
    let (summary, out) = play(protocol, game, mode);
    let context = format!("{protocol} {game} {mode}:\n{out}");
    assert_eq!(summary.games.len(), 2, "{context}");
    for (number, _, _, record) in &summary.games {
        let loser = misbehaver(*number);
        assert_eq!(record.winner, Some(loser.opponent()), "{context}");
        assert_eq!(record.termination, termination, "{context}");
        assert!(record.reason.contains(words), "{context}");
    }
    assert_eq!(summary.pairings[0].pairs.0, [1, 0, 0, 0, 0], "{context}");
    assert!(out.contains(&format!("Score of {mode} vs good: 0 - 2 - 0  [0.000] 2")), "{context}");
}

/// The games of the fakes' line: fool's mate in chess, a threefold repetition otherwise.
fn check_line(records: &[(usize, String, String, GameRecord)], game: GameKind, context: &str) {
    for (_, _, _, record) in records {
        match game {
            GameKind::Chess => {
                assert_eq!(record.reason, "Black wins by checkmate", "{context}");
                assert_eq!(
                    record.moves.iter().map(|m| m.text.as_str()).collect::<Vec<_>>(),
                    ["f3", "e5", "g4", "Qh4#"]
                );
            }
            _ => assert_eq!(record.reason, "Draw by repetition", "{context}"),
        }
        assert_eq!(record.termination, Termination::Normal);
    }
}

fn protocols_and_games() -> Vec<(&'static str, GameKind)> {
    let mut cases: Vec<_> = ["uci", "xboard"].iter().flat_map(|p| GameKind::ALL.map(|g| (*p, g))).collect();
    cases.push(("ucci", GameKind::Xiangqi));
    cases
}

/// Runs `check` for every protocol and game at once (the fakes mostly wait).
fn for_every_protocol_and_game(check: fn(&str, GameKind)) {
    let runs: Vec<_> = protocols_and_games().into_iter().map(|(p, g)| thread::spawn(move || check(p, g))).collect();
    for run in runs {
        run.join().unwrap();
    }
}

#[test]
fn well_behaved_and_unsolicited_moves_play_the_line() {
    for_every_protocol_and_game(|protocol, game| {
        for mode in ["good", "unsolicited"] {
            let (summary, out) = play(protocol, game, mode);
            check_line(&summary.games, game, &format!("{protocol} {game} {mode}:\n{out}"));
        }
    });
}

#[test]
fn illegal_moves_lose() {
    for_every_protocol_and_game(|protocol, game| {
        check_losses(protocol, game, "illegal", Termination::RulesInfraction, "makes an illegal move");
    });
}

#[test]
fn crashes_lose_and_the_engine_is_restarted() {
    for_every_protocol_and_game(|protocol, game| {
        check_losses(protocol, game, "crash", Termination::Abandoned, "disconnects");
    });
}

#[test]
fn hangs_and_slow_moves_lose_on_time() {
    for_every_protocol_and_game(|protocol, game| {
        check_losses(protocol, game, "hang", Termination::TimeForfeit, "loses on time");
        check_losses(protocol, game, "slow", Termination::TimeForfeit, "loses on time");
    });
}

#[test]
fn resignations_lose() {
    for_every_protocol_and_game(|protocol, game| {
        check_losses(protocol, game, "resign", Termination::Normal, "resigns");
    });
}

#[test]
fn xboard_refusals_and_false_claims_lose() {
    for game in GameKind::ALL {
        check_losses("xboard", game, "refuse", Termination::RulesInfraction, "refuses a legal move");
        check_losses("xboard", game, "claim", Termination::RulesInfraction, "false claim");
    }
}

#[test]
fn the_last_words_of_a_forfeit_are_kept() {
    let (summary, _) = play("uci", GameKind::Chess, "illegal");
    let words = summary.games[0].3.last_words.clone().unwrap();
    assert!(words.contains("bestmove e2e5"), "{words}");
}

#[test]
fn with_recover_an_engine_that_cannot_start_loses_its_games() {
    let game = GameKind::Chess;
    let missing = EngineSpec::parse(&["cmd=/nonexistent/engine".to_string(), "name=missing".to_string()]).unwrap();
    let mut config = config(game, vec![fake("uci", game, "good"), missing]);
    config.recover = true;
    let (summary, out) = run(&config);
    assert_eq!(summary.pairings[0].wdl.wins, 2, "{out}");
    for (_, _, _, record) in &summary.games {
        assert_eq!(record.termination, Termination::Abandoned, "{out}");
        assert!(record.reason.contains("cannot start '/nonexistent/engine'"), "{out}");
    }
    config.recover = false;
    let error = run_match(&config, &Arc::new(AtomicBool::new(false)), &mut Vec::new()).unwrap_err();
    assert!(error.to_string().starts_with("engine 'missing': cannot start"), "{error}");
}

#[test]
fn games_run_concurrently_in_a_gauntlet() {
    let game = GameKind::Xiangqi;
    let mut config = config(game, ["good", "illegal", "crash"].iter().map(|mode| fake("xboard", game, mode)).collect());
    config.tournament = TournamentKind::Gauntlet;
    config.concurrency = 3;
    config.games = 4;
    let (summary, out) = run(&config);
    assert_eq!(summary.games.len(), 8, "{out}");
    let numbers: std::collections::BTreeSet<usize> = summary.games.iter().map(|(n, _, _, _)| *n).collect();
    assert_eq!(numbers.len(), 8, "{out}");
    assert_eq!(
        summary.pairings.iter().map(|p| (p.second.as_str(), p.wdl.wins)).collect::<Vec<_>>(),
        [("illegal", 4), ("crash", 4)]
    );
    assert_eq!(summary.pairings[0].pairs.0, [0, 0, 0, 0, 2], "{out}");
}

#[test]
fn an_engine_without_uci_variant_plays_its_own_game() {
    let (summary, out) = play("uci", GameKind::Xiangqi, "native");
    assert_eq!(summary.games.len(), 2, "{out}");
    check_line(&summary.games, GameKind::Xiangqi, &out);
}

#[test]
fn options_the_engine_lacks_or_refuses_stop_the_match_with_its_words() {
    let game = GameKind::Chess;
    let with = |name: &str, value: &str| {
        let mut engine = fake("uci", game, "good");
        engine.options.push((name.to_string(), value.to_string()));
        run_match(
            &config(game, vec![engine, fake("uci", game, "good")]),
            &Arc::new(AtomicBool::new(false)),
            &mut Vec::new(),
        )
        .map(|summary| summary.games.len())
        .map_err(|e| e.to_string())
    };
    let lacking = with("Ponder", "true").unwrap_err();
    assert!(
        lacking.contains("option.Ponder: the engine has no such option (it has: UCI_Variant, Hash, EvalFile)"),
        "{lacking}"
    );
    let refused = with("EvalFile", "missing.nnue").unwrap_err();
    assert!(
        refused.contains("it answered its options with 'info string error: EvalFile missing.nnue: no such file'"),
        "{refused}"
    );
    let out_of_range = with("Hash", "4096").unwrap_err();
    assert!(
        out_of_range.contains("option.Hash=4096: the engine's Hash takes a whole number from 1 to 1024"),
        "{out_of_range}"
    );
    assert_eq!(with("hash", "64"), Ok(2));
}
