//! A solution as text, laid out like a problem solution in the game's notation for people
//! (for programs, see [`report`](crate::report)).
//!
//! The human layout numbers the attacker's moves `1.`, `2.` and the defender's `1...`,
//! whichever side attacks, and marks every mating move `#`. A key ends in `!`, a try in `?` with its refutation; the threat
//! follows a key in parentheses (or "zugzwang"); each defence stands on its own line,
//! indented, with the shortest mates that answer it (more than one: a dual, listed in
//! parentheses). Where the answer does not mate at once, the play after the first answer
//! follows on deeper lines.

use std::fmt::Write;

use ladya_core::Game;

use crate::lines::{Lines, replay};
use crate::solution::{After, Defence, Key, Play, Solution, Threat, Try};
use crate::stipulation::{Aim, Cooperative};

/// The solution laid out for people, one line per key, defence and try.
pub fn human<G: Game>(root: &G, solution: &Solution<G::Move>) -> String {
    let mut out = String::new();
    let count = solution.keys.len();
    let keys = match count {
        0 => "no solution".to_string(),
        1 => "1 key".to_string(),
        n => format!("{n} keys (cooked)"),
    };
    let _ = writeln!(out, "{} in {}: {keys}", solution.aim.name(), solution.mate);
    let mut pos = root.clone();
    for key in &solution.keys {
        human_key(&mut out, &mut pos, key, solution.mate, solution.aim);
    }
    if !solution.tries.is_empty() {
        let _ = writeln!(out, "Tries:");
        for &Try { mv, refutation } in &solution.tries {
            let text = pos.human_move_text(mv);
            pos.make(mv);
            let _ = writeln!(out, "1.{text}? but 1...{}!", pos.human_move_text(refutation));
            pos.unmake();
        }
    }
    out
}

fn human_key<G: Game>(out: &mut String, pos: &mut G, key: &Key<G::Move>, mate: u32, aim: Aim) {
    let mates = key.after == Some(After::Mate);
    let _ = write!(out, "1.{}", attacker_text(pos, key.mv, "!", mates, aim, 1));
    pos.make(key.mv);
    if let Some(After::Play(play)) = &key.after {
        out.push_str(&human_threat(pos, &play.threat, 2, aim));
    }
    if key.after.is_some() && key.length < mate {
        let _ = write!(out, " (short: mate in {})", key.length);
    }
    out.push('\n');
    if let Some(After::Play(play)) = &key.after {
        human_play(out, pos, play, 1, 1, aim);
    }
    pos.unmake();
}

/// The threat of the play at `pos`, whose next attacker move is number `number`.
fn human_threat<G: Game>(pos: &mut G, threat: &Threat<G::Move>, number: u32, aim: Aim) -> String {
    match threat {
        Threat::Check => String::new(),
        Threat::Zugzwang => " (zugzwang)".to_string(),
        Threat::Mate { length, moves } => {
            pos.make_null();
            let texts: Vec<String> = moves
                .iter()
                .map(|&m| format!("{number}.{}", attacker_text(pos, m, "", *length == 1, aim, number)))
                .collect();
            pos.unmake();
            let more = if *length > 1 { format!(" ..., mate in {length}") } else { String::new() };
            format!(" ({}{more})", texts.join(", "))
        }
    }
}

/// The defences of `play` (the defender's move number `number`), indented `depth` steps.
fn human_play<G: Game>(out: &mut String, pos: &mut G, play: &Play<G::Move>, number: u32, depth: usize, aim: Aim) {
    for Defence { mv, length, answers, then } in &play.defences {
        let mut defence = pos.human_move_text(*mv);
        if *length == 0 && !defence.ends_with('#') {
            // A selfmate's defence that mates at once.
            defence.push('#');
        }
        let _ = write!(out, "{:width$}{number}...{defence}", "", width = 2 * depth);
        pos.make(*mv);
        let texts: Vec<String> = answers
            .iter()
            .map(|&m| format!("{}.{}", number + 1, attacker_text(pos, m, "", *length == 1, aim, number + 1)))
            .collect();
        if let Some((first, duals)) = texts.split_first() {
            let _ = write!(out, " {first}");
            match duals {
                [] => {}
                [dual] => {
                    let _ = write!(out, ", dual {dual}");
                }
                _ => {
                    let _ = write!(out, ", duals {}", duals.join(", "));
                }
            }
        }
        let then = then.as_deref().zip(answers.first());
        if let Some((then, &answer)) = then {
            pos.make(answer);
            out.push_str(&human_threat(pos, &then.threat, number + 2, aim));
            pos.unmake();
        }
        out.push('\n');
        if let Some((then, &answer)) = then {
            pos.make(answer);
            human_play(out, pos, then, number + 1, depth + 1, aim);
            pos.unmake();
        }
        pos.unmake();
    }
}

/// An attacker's move number `number` for people, `mark` after it (`!` for a key). When it
/// `completes` the aim: a mate is
/// marked `#` (chess SAN marks mates itself; xiangqi's WXF has no mark, and there a stalemate
/// also wins); a selfmate's or reflexmate's move is followed by the defender's mates it
/// forces (`1.Qg2+ 1...Bxg2#`, alternatives joined by `/`).
fn attacker_text<G: Game>(pos: &mut G, m: G::Move, mark: &str, completes: bool, aim: Aim, number: u32) -> String {
    let text = pos.human_move_text(m);
    if !completes {
        return text + mark;
    }
    if aim == Aim::Mate {
        return mark_mate(text) + mark;
    }
    let mut text = text + mark;
    pos.make(m);
    let mates: Vec<String> = forced_mates(pos).into_iter().map(|d| mark_mate(pos.human_move_text(d))).collect();
    pos.unmake();
    let _ = write!(text, " {number}...{}", mates.join(" / "));
    text
}

/// The moves of the side to move that mate.
fn forced_mates<G: Game>(pos: &mut G) -> Vec<G::Move> {
    let mut moves = ladya_core::MoveList::new();
    pos.legal_moves(&mut moves);
    moves
        .iter()
        .copied()
        .filter(|&d| {
            pos.make(d);
            let mated = pos.is_mated();
            pos.unmake();
            mated
        })
        .collect()
}

/// `text` ending in `#`.
fn mark_mate(mut text: String) -> String {
    if !text.ends_with('#') {
        text.push('#');
    }
    text
}

/// The solutions of a help- or series-play problem for people, one line each, numbered as in
/// problem books: `1.Kb8 Kb2 2.Ka8 Rd8#` (`h#2`), `1...Kb2 2.Kb8 Kc3 3.Ka8 Rd8#` (`h#2.5`,
/// the side to move mating), `1.Kb7 2.Ka6 3.Ka5 Ra1#` (`ser-h#3`), `1.Kb7 2.Ka6 3.Ra1#`
/// (`ser-#3`).
pub fn human_lines<G: Game>(root: &G, lines: &Lines<G::Move>) -> String {
    let mut out = String::new();
    let count = match lines.solutions.len() {
        0 => "no solution".to_string(),
        1 => "1 solution".to_string(),
        n => format!("{n} solutions"),
    };
    let (name, length) = match lines.stipulation {
        Cooperative::Help { moves, half } => ("Helpmate", format!("{moves}{}", if half { ".5" } else { "" })),
        Cooperative::SeriesHelp(moves) => ("Series helpmate", moves.to_string()),
        Cooperative::SeriesMate(moves) => ("Series mate", moves.to_string()),
    };
    let _ = writeln!(out, "{name} in {length}: {count}");
    for line in &lines.solutions {
        let _ = writeln!(out, "{}", line_text(root, lines.stipulation, line));
    }
    out
}

/// One solution in problem-book form.
fn line_text<G: Game>(root: &G, stipulation: Cooperative, line: &[G::Move]) -> String {
    let mut words = Vec::with_capacity(line.len());
    replay(root, stipulation, line, |pos, m| {
        let i = words.len();
        let mut text = pos.human_move_text(m);
        if i + 1 == line.len() {
            text = mark_mate(text);
        }
        let number = match stipulation {
            Cooperative::Help { half: false, .. } => (i % 2 == 0).then(|| format!("{}.", i / 2 + 1)),
            Cooperative::Help { half: true, .. } if i == 0 => Some("1...".to_string()),
            Cooperative::Help { half: true, .. } => (i % 2 == 1).then(|| format!("{}.", i / 2 + 2)),
            Cooperative::SeriesHelp(_) if i + 1 == line.len() => None,
            Cooperative::SeriesHelp(_) | Cooperative::SeriesMate(_) => Some(format!("{}.", i + 1)),
        };
        words.push(format!("{}{text}", number.unwrap_or_default()));
    });
    words.join(" ")
}
