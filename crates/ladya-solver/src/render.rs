//! A solution as text: laid out like a problem solution in the game's notation for people,
//! or as JSON for programs.
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

/// The solution as one JSON object:
///
/// ```text
/// {"game":"chess","fen":"...","mate":2,"nodes":N,
///  "keys":[{"move":"d1f3","text":"Qf3","length":2,"play":PLAY}],
///  "tries":[{"move":"d1d4","text":"Qd4","refutation":MOVE}]}
/// ```
///
/// `move` is the coordinate form, `text` the notation for people; `length` and `play` are left
/// out with keys only, and `play` is null for a key that mates. PLAY is
/// `{"threat":THREAT,"defences":[{"move","text","length","answers":[MOVE...],"then":PLAY|null}]}`
/// and THREAT one of `{"kind":"check"}`, `{"kind":"zugzwang"}`,
/// `{"kind":"mate","length":1,"moves":[MOVE...]}`, with MOVE `{"move":"f3f7","text":"Qf7#"}`.
pub fn json<G: Game>(root: &G, solution: &Solution<G::Move>) -> String {
    let mut pos = root.clone();
    let keys: Vec<String> = solution
        .keys
        .iter()
        .map(|key| {
            let mut text = format!("{{{}", json_move_fields(&pos, key.mv));
            if let Some(after) = &key.after {
                pos.make(key.mv);
                let play = match after {
                    After::Mate => "null".to_string(),
                    After::Play(play) => json_play(&mut pos, play),
                };
                pos.unmake();
                let _ = write!(text, ",\"length\":{},\"play\":{play}", key.length);
            }
            text.push('}');
            text
        })
        .collect();
    let tries: Vec<String> = solution
        .tries
        .iter()
        .map(|&Try { mv, refutation }| {
            let fields = json_move_fields(&pos, mv);
            pos.make(mv);
            let refutation = json_move(&pos, refutation);
            pos.unmake();
            format!("{{{fields},\"refutation\":{refutation}}}")
        })
        .collect();
    format!(
        "{{\"game\":{},\"fen\":{},\"stipulation\":\"{}{}\",\"mate\":{},\"nodes\":{},\"keys\":[{}],\"tries\":[{}]}}",
        quote(G::NAME),
        quote(&root.fen()),
        solution.aim.prefix(),
        solution.mate,
        solution.mate,
        solution.nodes,
        keys.join(","),
        tries.join(",")
    )
}

fn json_play<G: Game>(pos: &mut G, play: &Play<G::Move>) -> String {
    let threat = match &play.threat {
        Threat::Check => "{\"kind\":\"check\"}".to_string(),
        Threat::Zugzwang => "{\"kind\":\"zugzwang\"}".to_string(),
        Threat::Mate { length, moves } => {
            pos.make_null();
            let moves = json_moves(pos, moves);
            pos.unmake();
            format!("{{\"kind\":\"mate\",\"length\":{length},\"moves\":{moves}}}")
        }
    };
    let defences: Vec<String> = play
        .defences
        .iter()
        .map(|d| {
            let fields = json_move_fields(pos, d.mv);
            pos.make(d.mv);
            let answers = json_moves(pos, &d.answers);
            let then = match (&d.then, d.answers.first()) {
                (Some(then), Some(&answer)) => {
                    pos.make(answer);
                    let then = json_play(pos, then);
                    pos.unmake();
                    then
                }
                _ => "null".to_string(),
            };
            pos.unmake();
            format!("{{{fields},\"length\":{},\"answers\":{answers},\"then\":{then}}}", d.length)
        })
        .collect();
    format!("{{\"threat\":{threat},\"defences\":[{}]}}", defences.join(","))
}

fn json_moves<G: Game>(pos: &G, moves: &[G::Move]) -> String {
    let moves: Vec<String> = moves.iter().map(|&m| json_move(pos, m)).collect();
    format!("[{}]", moves.join(","))
}

fn json_move<G: Game>(pos: &G, m: G::Move) -> String {
    format!("{{{}}}", json_move_fields(pos, m))
}

fn json_move_fields<G: Game>(pos: &G, m: G::Move) -> String {
    format!("\"move\":{},\"text\":{}", quote(&pos.move_text(m)), quote(&pos.human_move_text(m)))
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

/// The solutions of a help- or series-play problem as one JSON object:
///
/// ```text
/// {"game":"chess","fen":"...","stipulation":"h#2","nodes":N,
///  "solutions":[[{"move":"a8b8","text":"Kb8"},{"move":"c1b2","text":"Kb2"},...],...]}
/// ```
pub fn json_lines<G: Game>(root: &G, lines: &Lines<G::Move>) -> String {
    let solutions: Vec<String> = lines
        .solutions
        .iter()
        .map(|line| {
            let mut moves = Vec::with_capacity(line.len());
            replay(root, lines.stipulation, line, |pos, m| moves.push(json_move(pos, m)));
            format!("[{}]", moves.join(","))
        })
        .collect();
    format!(
        "{{\"game\":{},\"fen\":{},\"stipulation\":\"{}\",\"nodes\":{},\"solutions\":[{}]}}",
        quote(G::NAME),
        quote(&root.fen()),
        lines.stipulation,
        lines.nodes,
        solutions.join(",")
    )
}

/// `text` as a JSON string.
fn quote(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::quote;

    #[test]
    fn quotes_json_strings() {
        assert_eq!(quote("Qf7#"), "\"Qf7#\"");
        assert_eq!(quote("a\"b\\c\n"), "\"a\\\"b\\\\c\\u000a\"");
    }
}
