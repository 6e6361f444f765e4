//! The PGN target: games of every kind written by [`ladya_core::pgn::write`], with comments and
//! NAGs, mostly mutated, through the reader of [`ladya_core::pgn`] as every game.

use ladya_core::Game;
use ladya_core::pgn::{Note, PgnGame, RESULTS, read_games, write};

use crate::games::{Subject, random_game, random_position};
use crate::mutate::mutate;
use crate::rng::Rng;

/// Words PGN gives a meaning to, for mutations to put in.
const DONORS: &[&str] = &[
    "[Event \"x\"]",
    "[FEN \"",
    "[Variant \"xiangqi\"]",
    "[Variant \"ugolki\"]",
    "{",
    "}",
    "(",
    ")",
    ";",
    "\n%",
    "$4",
    "!?",
    "1.",
    "12...",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "0000",
    "\\\"",
    "[%eval #-3]",
    "35.4",
];

/// One to three random games of random kinds, written as PGN with random notes; mostly mutated.
pub fn generate(rng: &mut Rng) -> Vec<u8> {
    let mut text = String::new();
    for _ in 0..1 + rng.below(3) {
        text += &match rng.below(3) {
            0 => written::<ladya_chess::Position>(rng),
            1 => written::<ladya_xiangqi::Position>(rng),
            _ => written::<ladya_ugolki::Position>(rng),
        };
        text.push('\n');
    }
    if rng.one_in(5) { text.into_bytes() } else { mutate(rng, text.as_bytes(), DONORS) }
}

/// A random game of `G` from a random position, in PGN.
fn written<G: Subject>(rng: &mut Rng) -> String {
    let start = random_position::<G>(rng, G::SEEDS, |s| G::from_fen(s).ok());
    let mut pos = start.clone();
    let plies = rng.below(40);
    let moves = random_game(rng, &mut pos, plies);
    let notes = moves
        .iter()
        .map(|_| {
            let nag = rng.one_in(4).then(|| rng.below(256) as u8);
            let comment = rng.one_in(4).then(|| format!(" [%eval {}] remark {} ", rng.below(900), rng.next_u64()));
            Note::new(nag, comment)
        })
        .collect();
    let result = ["1-0", "0-1", "1/2-1/2", "*"][rng.below(4)].to_string();
    let tags = vec![("White".to_string(), format!("p\"{}\\", rng.next_u64()))];
    write(&PgnGame { tags, start, moves, notes, result: Some(result) })
}

/// Every game of the text replayed as `G`: a game that replays writes a PGN that reads back
/// as the same start, moves, notes and result.
fn check_game<G: Game>(text: &str) -> Result<(), String> {
    let Ok(games) = read_games(text) else { return Ok(()) };
    for game in games {
        let Ok(replayed) = game.replay::<G>() else { continue };
        let rewritten = write(&replayed);
        let back = read_games(&rewritten)
            .map_err(|e| format!("round trip: the PGN written does not read ({e}):\n{rewritten}"))?;
        let again = back[0].replay::<G>().map_err(|e| format!("round trip: {e}:\n{rewritten}"))?;
        if again.start.fen() != replayed.start.fen() || again.moves != replayed.moves {
            return Err(format!("round trip: another start or other moves:\n{rewritten}"));
        }
        let result = replayed.result.as_deref().or(replayed.tag("Result")).filter(|r| RESULTS.contains(r));
        if again.result.as_deref() != Some(result.unwrap_or("*")) {
            return Err(format!("round trip: result {:?} for {:?}:\n{rewritten}", again.result, replayed.result));
        }
        for (i, (read, note)) in again.notes.iter().zip(&replayed.notes).enumerate() {
            // The writer turns braces in comments into parentheses.
            let expected = note.comment.as_ref().map(|c| c.replace('{', "(").replace('}', ")"));
            if read.nags != note.nags || read.comment != expected {
                return Err(format!("round trip: move {} note {read:?}, not {note:?}:\n{rewritten}", i + 1));
            }
        }
    }
    Ok(())
}

/// The text through the PGN reader as each game, and every game that replays through the
/// writer and back.
///
/// # Errors
/// The first broken invariant.
pub fn check(input: &[u8]) -> Result<(), String> {
    let text = String::from_utf8_lossy(input);
    check_game::<ladya_chess::Position>(&text)?;
    check_game::<ladya_xiangqi::Position>(&text)?;
    check_game::<ladya_ugolki::Position>(&text)
}
