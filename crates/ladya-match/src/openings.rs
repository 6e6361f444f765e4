//! Start positions for the games: an EPD file (a FEN per line, for every game) or a PGN file
//! (chess: the moves of each game, from its `FEN` tag or the start), taken in order or
//! shuffled with a seed.

use std::str::FromStr;

use ladya_core::Game;
use ladya_core::epd::split_epd;
use ladya_core::rng::Rng;
use ladya_games::{GameKind, with_game};

/// A start position: a FEN (the game's standard start when `None`) and moves played from it,
/// in the command line's coordinate form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    /// The position, if not the standard start.
    pub fen: Option<String>,
    /// The moves from it.
    pub moves: Vec<String>,
}

/// The format of an openings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    /// A position per line (FEN or EPD; what follows the position is ignored).
    Epd,
    /// PGN games (chess): their `FEN` tag and their moves.
    Pgn,
}

impl FromStr for OpeningFormat {
    type Err = OpeningError;

    fn from_str(text: &str) -> Result<OpeningFormat, OpeningError> {
        match text {
            "epd" | "fen" => Ok(OpeningFormat::Epd),
            "pgn" => Ok(OpeningFormat::Pgn),
            _ => Err(OpeningError(format!("unknown openings format '{text}' (epd or pgn)"))),
        }
    }
}

/// A bad openings file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OpeningError(pub String);

/// Reads the openings of `game` from `text` in `format`, keeping at most `plies` moves of each
/// PGN game. Positions where the game is already over are refused.
///
/// # Errors
/// A line or game that does not read, naming where it is; a file without an opening.
pub fn read_openings(
    game: GameKind,
    text: &str,
    format: OpeningFormat,
    plies: Option<usize>,
) -> Result<Vec<Opening>, OpeningError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let openings = match format {
        OpeningFormat::Epd => with_game!(game, read_epd(text))?,
        OpeningFormat::Pgn => with_game!(game, read_pgn(text, plies))?,
    };
    if openings.is_empty() {
        return Err(OpeningError("the openings file has no position".into()));
    }
    Ok(openings)
}

/// Refuses an opening whose game is already over.
fn playable<G: Game>(pos: &G, at: &str) -> Result<(), OpeningError> {
    match pos.outcome() {
        Some(outcome) => Err(OpeningError(format!("{at}: the game is already over ({})", outcome.reason))),
        None => Ok(()),
    }
}

fn read_epd<G: Game>(text: &str) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = format!("line {}", number + 1);
        let (pos, _, _) = split_epd::<G>(line).map_err(|e| OpeningError(format!("{at}: {e}")))?;
        playable(&pos, &at)?;
        openings.push(Opening { fen: Some(pos.fen()), moves: Vec::new() });
    }
    Ok(openings)
}

/// The value of a PGN tag line `[NAME "VALUE"]` if it is tag `name`.
fn tag_value<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.strip_prefix('[')?.strip_prefix(name)?.trim_start();
    rest.strip_prefix('"')?.rsplit_once('"').map(|(value, _)| value)
}

/// The move words of PGN movetext: without comments, variations, move numbers, NAGs and results.
fn move_words(movetext: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let (mut comment, mut variation, mut rest_of_line) = (false, 0usize, false);
    for c in movetext.chars().chain(std::iter::once(' ')) {
        match c {
            // A `;` comment runs to the end of its line.
            '\n' if rest_of_line => rest_of_line = false,
            _ if rest_of_line => {}
            ';' if !comment => {
                rest_of_line = true;
                if variation == 0 {
                    push_move_word(&mut words, &word);
                }
                word.clear();
            }
            '{' if !comment => comment = true,
            '}' if comment => comment = false,
            '(' if !comment => variation += 1,
            ')' if !comment => variation = variation.saturating_sub(1),
            _ if comment || variation > 0 => {}
            c if c.is_whitespace() => {
                push_move_word(&mut words, &word);
                word.clear();
            }
            c => word.push(c),
        }
    }
    words
}

/// Adds the move of the movetext word `word` to `words`: nothing for a move number, a NAG
/// (`$5`, or a mark such as `!?` standing alone) or a result; marks after a move are dropped.
fn push_move_word(words: &mut Vec<String>, word: &str) {
    let w = word.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.');
    let is_result = ["1-0", "0-1", "1/2-1/2", "*"].contains(&word);
    let w = w.trim_end_matches(['!', '?']);
    if !w.is_empty() && !w.starts_with('$') && !is_result {
        words.push(w.to_string());
    }
}

fn read_pgn<G: Game>(text: &str, plies: Option<usize>) -> Result<Vec<Opening>, OpeningError> {
    let mut openings = Vec::new();
    let (mut fen, mut movetext, mut first_line) = (None, String::new(), 1);
    let mut finish = |fen: &mut Option<String>, movetext: &mut String, line: usize| -> Result<(), OpeningError> {
        if movetext.trim().is_empty() && fen.is_none() {
            return Ok(());
        }
        let at = format!("the game at line {line}");
        let mut pos = match fen.take() {
            Some(f) => G::from_fen(&f).map_err(|e| OpeningError(format!("{at}: bad FEN tag: {e}")))?,
            None => G::start(),
        };
        let start_fen = (pos.fen() != G::start().fen()).then(|| pos.fen());
        let mut moves = Vec::new();
        for word in move_words(movetext).into_iter().take(plies.unwrap_or(usize::MAX)) {
            let m = pos.parse_move(&word).map_err(|e| OpeningError(format!("{at}: move '{word}': {e}")))?;
            moves.push(pos.move_text(m));
            pos.make(m);
        }
        playable(&pos, &at)?;
        openings.push(Opening { fen: start_fen, moves });
        movetext.clear();
        Ok(())
    };
    let mut in_tags = false;
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.starts_with('[') {
            if !in_tags {
                finish(&mut fen, &mut movetext, first_line)?;
                first_line = number + 1;
                in_tags = true;
            }
            if let Some(value) = tag_value(line, "FEN") {
                fen = Some(value.to_string());
            }
        } else if !line.starts_with('%') {
            in_tags = false;
            movetext.push_str(line);
            movetext.push('\n');
        }
    }
    finish(&mut fen, &mut movetext, first_line)?;
    Ok(openings)
}

/// The order of openings: as in the file, or shuffled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    /// As in the file.
    Sequential,
    /// Shuffled with a seed.
    Random,
}

impl FromStr for OpeningOrder {
    type Err = OpeningError;

    fn from_str(text: &str) -> Result<OpeningOrder, OpeningError> {
        match text {
            "sequential" => Ok(OpeningOrder::Sequential),
            "random" => Ok(OpeningOrder::Random),
            _ => Err(OpeningError(format!("unknown openings order '{text}' (sequential or random)"))),
        }
    }
}

/// The openings in `order`; shuffled ones by [`Rng::shuffle`] seeded with `seed`, so a seed
/// gives the same order everywhere.
pub fn arrange(mut openings: Vec<Opening>, order: OpeningOrder, seed: u64) -> Vec<Opening> {
    if order == OpeningOrder::Random {
        Rng::new(seed).shuffle(&mut openings);
    }
    openings
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn epd_lines_of_every_game() {
        let chess = "# a comment\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - c0 \"x\";\n\n";
        let openings = read_openings(GameKind::Chess, chess, OpeningFormat::Epd, None).unwrap();
        assert_eq!(openings[0].fen.as_deref(), Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"));
        let xiangqi = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 0 1\n";
        assert_eq!(read_openings(GameKind::Xiangqi, xiangqi, OpeningFormat::Epd, None).unwrap().len(), 1);
        let ugolki = "BBBB4/BBBB4/BBBB4/8/8/4WWWW/4WWWW/4WWWW w 1\n";
        assert_eq!(read_openings(GameKind::Ugolki, ugolki, OpeningFormat::Epd, None).unwrap().len(), 1);
        let error = read_openings(GameKind::Chess, "\nnot a fen\n", OpeningFormat::Epd, None).unwrap_err();
        assert!(error.0.starts_with("line 2: "), "{error}");
        let mated = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
        assert!(read_openings(GameKind::Chess, mated, OpeningFormat::Epd, None).unwrap_err().0.contains("over"));
        assert!(read_openings(GameKind::Chess, "", OpeningFormat::Epd, None).is_err());
    }

    #[test]
    fn pgn_games_with_comments_variations_and_fen_tags() {
        let pgn = "[Event \"a\"]\n[White \"x\"]\n\n1. e4 {best} e5 (1... c5 2. Nf3) 2. Nf3 $1 Nc6!? 1-0\n\n\
                   [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[SetUp \"1\"]\n\n1. e4 Kd7 *\n";
        let openings = read_openings(GameKind::Chess, pgn, OpeningFormat::Pgn, None).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!((openings[0].fen.clone(), openings[0].moves.join(" ")), (None, "e2e4 e7e5 g1f3 b8c6".to_string()));
        assert_eq!(openings[1].fen.as_deref(), Some("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"));
        assert_eq!(openings[1].moves, ["e2e4", "e8d7"]);
        let cut = read_openings(GameKind::Chess, pgn, OpeningFormat::Pgn, Some(3)).unwrap();
        assert_eq!(cut[0].moves.len(), 3);
        let error = read_openings(GameKind::Chess, "[Event \"x\"]\n\n1. e5 *\n", OpeningFormat::Pgn, None).unwrap_err();
        assert!(error.0.contains("line 1") && error.0.contains("e5"), "{error}");
    }

    #[test]
    fn shuffles_are_seeded() {
        let openings: Vec<Opening> = (0..20).map(|i| Opening { fen: Some(i.to_string()), moves: Vec::new() }).collect();
        assert_eq!(arrange(openings.clone(), OpeningOrder::Sequential, 7), openings);
        let a = arrange(openings.clone(), OpeningOrder::Random, 7);
        assert_eq!(a, arrange(openings.clone(), OpeningOrder::Random, 7));
        assert_ne!(a, openings);
        assert_ne!(a, arrange(openings, OpeningOrder::Random, 8));
    }
}
