//! `ladya review`: every game of a PGN file written back with an evaluation after every move
//! (lichess's `[%eval]`), NAGs on inaccuracies, mistakes and blunders, and each side's
//! accuracy ([`ladya_search::review`]).

use std::io::{IsTerminal, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use ladya_core::pgn::{GameText, Note, PgnGame, read_games, write};
use ladya_games::{EngineGame, GameKind, with_game};
use ladya_search::review::{ReviewEvent, review};
use ladya_search::{Limits, SearchControl, SearchOptions, TranspositionTable};

use crate::Failure;
use crate::commands::SearchChoices;

/// Arguments of `ladya review`.
#[derive(Args)]
pub struct ReviewArgs {
    /// The game.
    #[arg(value_parser = crate::commands::game_kind())]
    game: GameKind,
    /// The PGN file (`-` for standard input).
    file: String,
    /// Search each position for this many milliseconds (default: 1000 when no depth is
    /// given).
    #[arg(long)]
    movetime: Option<u64>,
    /// Search each position to this depth.
    #[arg(long, conflicts_with = "movetime")]
    depth: Option<u32>,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Transposition table size in megabytes (one table for every position).
    #[arg(long, default_value_t = 64)]
    hash: usize,
    #[command(flatten)]
    search: SearchChoices,
}

/// Runs the review.
pub fn run(args: &ReviewArgs) -> Result<(), Failure> {
    let text = if args.file == "-" {
        std::io::read_to_string(std::io::stdin()).map_err(|e| Failure(format!("standard input: {e}")))?
    } else {
        std::fs::read_to_string(&args.file).map_err(|e| Failure(format!("{}: {e}", args.file)))?
    };
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let name = if args.file == "-" { "standard input" } else { &args.file };
    let games = read_games(text).map_err(|e| Failure(format!("{name}: {e}")))?;
    with_game!(args.game, review_games(args, name, &games))
}

/// How the messages name a game: its number in the file, and its players when given.
fn game_name(number: usize, game: &GameText) -> String {
    match (game.tag("White"), game.tag("Black")) {
        (Some(white), Some(black)) => format!("game {number} ({white} - {black})"),
        _ => format!("game {number}"),
    }
}

fn review_games<G: EngineGame>(args: &ReviewArgs, file: &str, texts: &[GameText]) -> Result<(), Failure> {
    // Every game is read before any is searched: a bad one stops the command at once.
    let games = texts
        .iter()
        .enumerate()
        .map(|(i, text)| text.replay::<G>().map_err(|e| Failure(format!("{file}: {}: {e}", game_name(i + 1, text)))))
        .collect::<Result<Vec<PgnGame<G>>, Failure>>()?;
    let limits = match (args.depth, args.movetime) {
        (Some(depth), _) => Limits::depth(depth),
        (None, ms) => Limits::movetime(Duration::from_millis(ms.unwrap_or(1000))),
    };
    let options = SearchOptions {
        threads: args.threads.max(1),
        move_overhead: Duration::ZERO,
        ..args.search.options(Some(args.game))?
    };
    let table = TranspositionTable::try_new(args.hash).map_err(|e| Failure(format!("--hash: {e}")))?;
    let control = SearchControl::new();
    let progress = std::io::stderr().is_terminal();
    let mut out = std::io::stdout().lock();
    for (i, game) in games.into_iter().enumerate() {
        let total = game.moves.len() + 1;
        let mut evals = Vec::with_capacity(total);
        let mut notes = vec![Note::default(); game.moves.len()];
        let mut summary_moves = Vec::with_capacity(game.moves.len());
        let summary = review(
            &game.start,
            &game.moves,
            &limits,
            &options,
            &table,
            &control,
            &AtomicBool::new(false),
            &mut |event| match event {
                ReviewEvent::Position(position) => {
                    evals.push(position.eval_text());
                    if progress {
                        progress_bar(i + 1, texts.len(), evals.len(), total);
                    }
                }
                ReviewEvent::Move(judged) => summary_moves.push(judged),
            },
        )
        .ok_or_else(|| Failure("the review was stopped".to_string()))?;
        if progress {
            eprint!("\r\x1b[K");
        }
        let mut pos = game.start.clone();
        for (k, judged) in summary_moves.iter().enumerate() {
            let mut comment = format!(" [%eval {}] ", evals[k + 1]);
            if let (Some(judgement), Some(best)) = (judged.judgement, judged.best) {
                let name = judgement.name();
                let capital = name[..1].to_ascii_uppercase() + &name[1..];
                comment += &format!("{capital}. {} was best. ", pos.pgn_move_text(best));
            }
            // What the file said of the move stays, but for an evaluation of its own.
            if let Some(kept) = game.notes.get(k).and_then(|n| n.comment.as_deref()).map(without_eval)
                && !kept.is_empty()
            {
                comment += &kept;
                comment.push(' ');
            }
            notes[k] = Note::new(judged.judgement.map(|j| j.nag()), Some(comment));
            pos.make(judged.played);
        }
        let mut reviewed = PgnGame { notes, ..game };
        reviewed.set_tag("Annotator", "Ladya");
        for (side, accuracy) in ["White", "Black"].iter().zip(summary.accuracy) {
            if let Some(accuracy) = accuracy {
                reviewed.set_tag(&format!("{side}Accuracy"), format!("{accuracy:.1}"));
            }
        }
        let separator = if i == 0 { "" } else { "\n" };
        write!(out, "{separator}{}", write(&reviewed))
            .and_then(|()| out.flush())
            .map_err(crate::output::write_failure)?;
    }
    Ok(())
}

/// `comment` without its `[%eval ...]` commands, its white space made single spaces.
fn without_eval(comment: &str) -> String {
    let mut rest = comment;
    let mut kept = String::new();
    while let Some(at) = rest.find("[%eval") {
        kept.push_str(&rest[..at]);
        rest = rest[at..].find(']').map_or("", |end| &rest[at + end + 1..]);
    }
    kept.push_str(rest);
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `game N/M [#####-----] k/n` on one line of stderr, redrawn in place.
fn progress_bar(game: usize, games: usize, done: usize, total: usize) {
    const WIDTH: usize = 30;
    let filled = done * WIDTH / total.max(1);
    eprint!(
        "\r\x1b[Kgame {game}/{games} [{}{}] {done}/{total} positions",
        "#".repeat(filled),
        "-".repeat(WIDTH - filled)
    );
}
