//! PGN (Portable Game Notation): reading the first game of a PGN text, and writing a game in
//! PGN's export form.
//!
//! ```
//! use ladya_chess::pgn::{Pgn, read_pgn, write_pgn};
//!
//! let text = r#"[White "Morphy"] [Black "Duke Karl / Count Isouard"]
//! 1. e4 e5 2. Nf3 d6 {Philidor's defence} 3. d4 Bg4 (3... exd4) 4. dxe5 $2 Bxf3 1-0"#;
//! let game = read_pgn(text)?;
//! assert_eq!(game.tag("White"), Some("Morphy"));
//! assert_eq!(game.moves.len(), 8);
//! assert_eq!(game.result.as_deref(), Some("1-0"));
//! let pgn = Pgn { tags: vec![("White".into(), "Morphy".into())], ..game };
//! let written = write_pgn(&pgn);
//! assert!(written.contains("[White \"Morphy\"]\n") && written.contains("1. e4 e5 2. Nf3 d6 3. d4 Bg4"));
//! assert_eq!(read_pgn(&written)?.moves, pgn.moves);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use thiserror::Error;

use crate::fen::FenError;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::Position;

/// A game: its tags, start position, moves and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pgn {
    /// The tag pairs, in the order read (a `FEN` tag is also read into `start`).
    pub tags: Vec<(String, String)>,
    /// The position the moves are played from: the standard start, or the `FEN` tag's.
    pub start: Position,
    /// The moves of the main line.
    pub moves: Vec<Move>,
    /// The result that ends the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`), if there is one.
    pub result: Option<String>,
}

impl Default for Pgn {
    fn default() -> Pgn {
        Pgn { tags: Vec::new(), start: Position::start(), moves: Vec::new(), result: None }
    }
}

impl Pgn {
    /// The value of the tag called `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// What is wrong with a PGN text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnError {
    /// A tag pair that is not `[Name "value"]`.
    #[error("line {line}: bad tag pair (expected [Name \"value\"])")]
    Tag {
        /// The line, from 1.
        line: usize,
    },
    /// A comment or a variation that never ends.
    #[error("line {line}: unclosed {what}")]
    Unclosed {
        /// The line where it starts, from 1.
        line: usize,
        /// `comment` or `variation`.
        what: &'static str,
    },
    /// A `FEN` tag that is no position.
    #[error("the FEN tag: {0}")]
    Fen(FenError),
    /// A move of the main line that is not legal, or not a move.
    #[error("line {line}, move {number}: {error}")]
    Move {
        /// The line, from 1.
        line: usize,
        /// The move's number and side, as PGN writes it (`12.`, `12...`).
        number: String,
        /// What is wrong with it.
        error: MoveError,
    },
    /// No tag and no move: nothing to read.
    #[error("no game in the text")]
    Empty,
}

/// The results that end a game's movetext: a win for White, for Black, a draw, and a game
/// going on (or of unknown result).
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Reads the first game of `text`: its tags, the moves of its main line (with or without move
/// numbers, in SAN or in coordinate form) and its result. Comments (`{...}`, `;` to the end of
/// the line), variations (`(...)`, nested), NAGs (`$1`), annotation marks (`!`, `?!`) and
/// escaped lines (`%` first) are skipped. The game ends at its result, or where the next
/// game's tags begin.
///
/// # Errors
/// A bad tag pair or `FEN` tag, an unclosed comment or variation, an illegal or unreadable
/// move, or a text with no game.
pub fn read_pgn(text: &str) -> Result<Pgn, PgnError> {
    let mut game = Pgn::default();
    let mut pos = game.start.clone();
    let mut in_movetext = false;
    let mut seen_anything = false;
    let mut line = 1;
    let mut line_start = true;
    let mut chars = text.char_indices().peekable();
    while let Some(&(at, c)) = chars.peek() {
        let start_line = line;
        let at_line_start = std::mem::replace(&mut line_start, false);
        match c {
            '\n' => {
                line += 1;
                line_start = true;
                chars.next();
            }
            // An escaped line, or a comment to the end of the line.
            '%' if at_line_start => line_start = skip_past(&mut chars, '\n', &mut line),
            ';' => line_start = skip_past(&mut chars, '\n', &mut line),
            c if c.is_whitespace() => {
                chars.next();
            }
            '[' if in_movetext => break,
            '[' => {
                let end = tag_end(text, at).ok_or(PgnError::Tag { line })?;
                let (name, value) = tag_pair(&text[at + 1..end]).ok_or(PgnError::Tag { line })?;
                if name == "FEN" {
                    game.start = Position::from_fen(&value).map_err(PgnError::Fen)?;
                    pos = game.start.clone();
                }
                game.tags.push((name, value));
                seen_anything = true;
                while chars.peek().is_some_and(|&(i, _)| i <= end) {
                    chars.next();
                }
            }
            '{' => {
                if !skip_past(&mut chars, '}', &mut line) {
                    return Err(PgnError::Unclosed { line: start_line, what: "comment" });
                }
            }
            '(' => {
                if !skip_variation(&mut chars, &mut line) {
                    return Err(PgnError::Unclosed { line: start_line, what: "variation" });
                }
            }
            ')' | ']' | '}' => {
                chars.next();
            }
            _ => {
                let mut end = at;
                while let Some(&(i, c)) = chars.peek() {
                    if c.is_whitespace() || "{}()[];".contains(c) {
                        break;
                    }
                    end = i + c.len_utf8();
                    chars.next();
                }
                in_movetext = true;
                seen_anything = true;
                let token = &text[at..end];
                if let Some(result) = RESULTS.iter().find(|&&r| r == token) {
                    game.result = Some(result.to_string());
                    break;
                }
                let Some(san) = move_of(token) else { continue };
                let m =
                    pos.parse_move(san).map_err(|error| PgnError::Move { line, number: move_number(&pos), error })?;
                pos.make(m);
                game.moves.push(m);
            }
        }
    }
    if !seen_anything {
        return Err(PgnError::Empty);
    }
    Ok(game)
}

/// The move in a movetext token, without its move number (`12.e4`, `12...e5`); `None` for a
/// token that is only a move number, a NAG (`$2`) or annotation marks (`!?`).
fn move_of(token: &str) -> Option<&str> {
    let after_digits = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let san = match after_digits.strip_prefix('.') {
        Some(rest) if after_digits.len() < token.len() => rest.trim_start_matches('.'),
        _ => token,
    };
    let no_move = san.is_empty()
        || san.starts_with('$')
        || san.chars().all(|c| c == '!' || c == '?')
        || token.chars().all(|c| c.is_ascii_digit() || c == '.');
    (!no_move).then_some(san)
}

/// Where the tag pair opened at `open` (a `[`) closes: its `]` outside the quoted value.
fn tag_end(text: &str, open: usize) -> Option<usize> {
    let (mut quoted, mut escaped) = (false, false);
    for (i, c) in text[open..].char_indices() {
        match c {
            _ if escaped => escaped = false,
            '\\' if quoted => escaped = true,
            '"' => quoted = !quoted,
            ']' if !quoted => return Some(open + i),
            '\n' => return None,
            _ => {}
        }
    }
    None
}

/// Reads `Name "value"` (the inside of a tag pair), undoing `\"` and `\\` escapes.
fn tag_pair(inside: &str) -> Option<(String, String)> {
    let inside = inside.trim();
    let (name, quoted) = inside.split_at(inside.find(|c: char| c.is_whitespace() || c == '"')?);
    let body = quoted.trim_start().strip_prefix('"')?.strip_suffix('"')?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return None;
    }
    let mut value = String::with_capacity(body.len());
    let mut escaped = false;
    for c in body.chars() {
        if c == '\\' && !escaped {
            escaped = true;
        } else {
            value.push(c);
            escaped = false;
        }
    }
    Some((name.to_string(), value))
}

/// Skips past the next `end`, counting lines (`end` included); false if the text ends first.
fn skip_past(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>, end: char, line: &mut usize) -> bool {
    for (_, c) in chars.by_ref() {
        if c == '\n' {
            *line += 1;
        }
        if c == end {
            return true;
        }
    }
    false
}

/// Skips a variation from its `(` past the matching `)`, with the variations and comments
/// inside it; false if the text ends first.
fn skip_variation(chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>, line: &mut usize) -> bool {
    let mut depth = 0;
    while let Some((_, c)) = chars.next() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return true;
                }
            }
            '{' if !skip_past(chars, '}', line) => return false,
            ';' => {
                skip_past(chars, '\n', line);
            }
            '\n' => *line += 1,
            _ => {}
        }
    }
    false
}

/// The number of the move to play at `pos` as PGN writes it: `12.` for White, `12...` for
/// Black.
fn move_number(pos: &Position) -> String {
    let dots = if pos.side_to_move() == ladya_core::Side::White { "." } else { "..." };
    format!("{}{dots}", pos.fullmove_number())
}

/// The tags PGN's export form puts first, in its order, with their values when unknown.
const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// The longest line of movetext written.
const LINE_WIDTH: usize = 79;

/// `game` in PGN's export form: the Seven Tag Roster first (`?` for what `game.tags` does not
/// give; `Result` from `game.result`, else the tag, else `*`), `SetUp` and `FEN` when the start
/// is not the standard one, the other tags, then the moves in SAN with move numbers, in lines
/// of at most 79 characters, and the result.
pub fn write_pgn(game: &Pgn) -> String {
    let result = game.result.as_deref().or(game.tag("Result")).unwrap_or("*");
    let mut out = String::new();
    let mut tag = |name: &str, value: &str| {
        let value = value.replace('\\', "\\\\").replace('"', "\\\"");
        out.push_str(&format!("[{name} \"{value}\"]\n"));
    };
    for (name, unknown) in SEVEN_TAG_ROSTER {
        let value = if name == "Result" { result } else { game.tag(name).unwrap_or(unknown) };
        tag(name, value);
    }
    let start_fen = game.start.to_fen();
    if start_fen != Position::START_FEN {
        tag("SetUp", "1");
        tag("FEN", &start_fen);
    }
    for (name, value) in &game.tags {
        let written = SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) || name == "SetUp" || name == "FEN";
        if !written {
            tag(name, value);
        }
    }
    out.push('\n');
    let mut words = Vec::with_capacity(game.moves.len() * 3 / 2 + 1);
    let mut pos = game.start.clone();
    for (i, &m) in game.moves.iter().enumerate() {
        let white = pos.side_to_move() == ladya_core::Side::White;
        let san = pos.san(m);
        words.push(if white || i == 0 { format!("{} {san}", move_number(&pos)) } else { san });
        pos.make(m);
    }
    words.push(result.to_string());
    let mut line_len = 0;
    for word in words {
        // A move number stays on the line of its move.
        if line_len > 0 && line_len + 1 + word.len() > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(&word);
        line_len += word.len();
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn uci(game: &Pgn) -> Vec<String> {
        game.moves.iter().map(|m| m.to_string()).collect()
    }

    #[test]
    fn reads_tags_numbers_comments_variations_nags_and_the_result() {
        let text = "[Event \"F/S Return Match\"]\n[Site \"Belgrade, Serbia JUG\"]\n[White \"Fischer, Robert J.\"]\n\
                    [Annotator \"Say \\\"hi\\\" \\\\o/\"]\n\n\
                    1.e4 e5 2. Nf3 {a comment (with a paren} Nc6 ; to the end of the line (\n\
                    3.Bb5 $1 a6!? (3...Nf6 4.O-O (4.d3 {inner}) Nxe4) 4.Ba4 4...Nf6\n\
                    % an escaped line 5.Qh5\n\
                    5.O-O 1/2-1/2\n\n[Event \"the next game\"]\n1. d4 *\n";
        let game = read_pgn(text).unwrap();
        assert_eq!(game.tag("Event"), Some("F/S Return Match"));
        assert_eq!(game.tag("Annotator"), Some("Say \"hi\" \\o/"));
        assert_eq!(game.tags.len(), 4);
        assert_eq!(uci(&game), ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5a4", "g8f6", "e1g1"]);
        assert_eq!(game.result.as_deref(), Some("1/2-1/2"));
    }

    #[test]
    fn a_fen_tag_sets_the_start_and_black_may_move_first() {
        let text = "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4p3/4K3 b - - 0 40\"]\n\n40... Kd7 41. Kxe2 *";
        let game = read_pgn(text).unwrap();
        assert_eq!(game.start.to_fen(), "4k3/8/8/8/8/8/4p3/4K3 b - - 0 40");
        assert_eq!(uci(&game), ["e8d7", "e1e2"]);
        let written = write_pgn(&game);
        assert!(written.contains("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4p3/4K3 b - - 0 40\"]\n"), "{written}");
        assert!(written.ends_with("\n40... Kd7 41. Kxe2 *\n"), "{written}");
        let back = read_pgn(&written).unwrap();
        assert_eq!((back.start, back.moves, back.result), (game.start, game.moves, game.result));
    }

    #[test]
    fn bad_input_is_an_error_naming_where() {
        for (text, error) in [
            ("1. e4 e5 2. Ke3", "line 1, move 2.: illegal move 'Ke3'"),
            ("1. e4\n1... Nf3", "line 2, move 1...:"),
            ("[White Morphy]\n1. e4", "line 1: bad tag pair"),
            ("[FEN \"8/8/8 w - - 0 1\"]", "the FEN tag:"),
            ("1. e4 {never closed", "line 1: unclosed comment"),
            ("1. e4\n(1. d4 (1. c4)", "line 2: unclosed variation"),
            ("  \n ", "no game"),
        ] {
            let message = read_pgn(text).unwrap_err().to_string();
            assert!(message.starts_with(error), "{text}: {message}");
        }
    }

    #[test]
    fn writes_the_seven_tag_roster_and_lines_under_80_characters() {
        let mut pos = Position::start();
        let mut moves = Vec::new();
        // The knights dance back and forth: 100 plies.
        for text in ["Nf3", "Nf6", "Ng1", "Ng8"].iter().cycle().take(100) {
            let m = pos.parse_move(text).unwrap();
            pos.make(m);
            moves.push(m);
        }
        let game = Pgn {
            tags: vec![("White".into(), "Ladya".into()), ("ECO".into(), "A04".into())],
            moves,
            result: Some("1/2-1/2".into()),
            ..Pgn::default()
        };
        let text = write_pgn(&game);
        let roster = "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n\
                      [White \"Ladya\"]\n[Black \"?\"]\n[Result \"1/2-1/2\"]\n[ECO \"A04\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8";
        assert!(text.starts_with(roster), "{text}");
        assert!(!text.contains("FEN"));
        assert!(text.lines().all(|l| l.len() < 80), "{text}");
        assert!(text.trim_end().ends_with("50. Ng1 Ng8 1/2-1/2"), "{text}");
        let back = read_pgn(&text).unwrap();
        assert_eq!((back.moves, back.result), (game.moves, game.result));
    }
}
