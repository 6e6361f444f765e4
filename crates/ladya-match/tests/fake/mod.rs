//! A scripted fake engine for the match runner's tests, run by the test binary itself (see
//! `fake_engine_entry` in `fake_engines.rs`), so that it starts in a millisecond.
//!
//! It speaks UCI, XBoard or UCCI and plays the next move of a fixed line, whichever side it
//! has, in the protocol's move form: chess fool's mate; in xiangqi and ugolki a piece out and
//! back until the position repeats a third time. Its mode says how it misbehaves on each of its
//! moves:
//!
//! - `good`: plays the line;
//! - `illegal`: plays a move that is not legal;
//! - `crash`: exits without a word;
//! - `hang`: never answers;
//! - `slow`: answers after 0.6 s;
//! - `unsolicited`: also says `bestmove`/`move` with an illegal move as soon as it gets a position;
//! - `refuse` (XBoard): answers the opponent's move with `Illegal move`;
//! - `claim` (XBoard): claims a win instead of moving;
//! - `resign`: resigns;
//! - `native` (UCI): plays its game without offering `UCI_Variant`, as Pikafish does.
//!
//! Under UCI it offers `Hash` and `EvalFile`, and refuses every `EvalFile` it is given with an
//! `info string error`.

use std::io::{self, BufRead, Write};
use std::thread;
use std::time::Duration;

/// The fake's moves for `game`, as `protocol` writes them.
fn line_of(protocol: &str, game: &str) -> Vec<String> {
    let line: Vec<&str> = match game {
        "chess" => vec!["f2f3", "e7e5", "g2g4", "d8h4"],
        "xiangqi" => ["h0g2", "h9g7", "g2h0", "g7h9"].repeat(2),
        _ => ["e1d1", "d6d5", "d1e1", "d5d6"].repeat(2),
    };
    line.iter()
        .map(|m| match (game, protocol) {
            // ICCS ranks 0-9 as UCI writes them, 1-10.
            ("xiangqi", "uci") => {
                let b = m.as_bytes();
                format!("{}{}{}{}", b[0] as char, b[1] - b'0' + 1, b[2] as char, b[3] - b'0' + 1)
            }
            _ => m.to_string(),
        })
        .collect()
}

fn say(text: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}

/// Runs the fake engine on standard input and output, then ends the process.
pub fn run(protocol: &str, game: &str, mode: &str) -> ! {
    let line = line_of(protocol, game);
    let illegal = match game {
        "chess" => "e2e5",
        "xiangqi" => "a0a5",
        _ => "h1a8",
    };
    let xboard = protocol == "xboard";
    let move_text = |m: &str| if xboard { format!("move {m}") } else { format!("bestmove {m}") };
    let mut ply = 0;
    // End libtest's unfinished `test fake_engine_entry ... ` line, so that the first answer
    // starts a line of its own.
    say("");
    for input in io::stdin().lock().lines() {
        let Ok(input) = input else { break };
        let words: Vec<&str> = input.split_whitespace().collect();
        let next = line.get(ply).map_or("0000", String::as_str);
        match words.first().copied() {
            Some("uci") => {
                say("id name Fake");
                if mode != "native" {
                    say("option name UCI_Variant type combo default chess var chess var xiangqi var ugolki");
                }
                say("option name Hash type spin default 16 min 1 max 1024");
                say("option name EvalFile type string default fake.nnue");
                say("uciok");
            }
            Some("setoption") if words.get(2) == Some(&"UCI_Variant") && mode == "native" => {
                say("No such option: UCI_Variant");
            }
            Some("setoption") if words.get(2) == Some(&"EvalFile") => {
                say(&format!("info string error: EvalFile {}: no such file", words.get(4).unwrap_or(&"")));
            }
            Some("ucci") => {
                say("id name Fake");
                say("ucciok");
            }
            Some("protover") => {
                say(r#"feature ping=1 setboard=1 usermove=1 myname="Fake" variants="normal,xiangqi,ugolki" done=1"#)
            }
            Some("isready") => say("readyok"),
            Some("ping") => say(&format!("pong {}", words.get(1).unwrap_or(&""))),
            Some("position") => {
                ply = words.iter().position(|w| *w == "moves").map_or(0, |i| words.len() - i - 1);
                if mode == "unsolicited" {
                    say(&move_text(illegal));
                }
            }
            Some("new") => ply = 0,
            Some("usermove") if mode == "refuse" => say(&format!("Illegal move: {}", words.get(1).unwrap_or(&""))),
            Some("usermove") => {
                ply += 1;
                if mode == "unsolicited" {
                    say(&move_text(illegal));
                }
            }
            Some("go") => match mode {
                "crash" => std::process::exit(3),
                "hang" => {}
                "illegal" => say(&move_text(illegal)),
                "claim" => say("1-0 {White mates}"),
                "resign" if xboard => say("resign"),
                "resign" => say(&format!("bestmove {next} resign")),
                _ => {
                    if mode == "slow" {
                        thread::sleep(Duration::from_millis(600));
                    }
                    say(&if xboard {
                        format!("3 12 5 100 {next}")
                    } else {
                        format!("info depth 3 score cp 12 pv {next}")
                    });
                    say(&move_text(next));
                    ply += 1;
                }
            },
            Some("quit") => break,
            _ => {}
        }
    }
    std::process::exit(0)
}
