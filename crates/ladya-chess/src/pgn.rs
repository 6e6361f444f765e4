//! PGN (Portable Game Notation) for chess: [`ladya_core::pgn`] for [`Position`], reading the
//! first game of a PGN text and writing a game in PGN's export form.
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
//! let pgn = Pgn { tags: vec![("White".into(), "Morphy".into())], notes: Vec::new(), ..game };
//! let written = write_pgn(&pgn);
//! assert!(written.contains("[White \"Morphy\"]\n") && written.contains("1. e4 e5 2. Nf3 d6 3. d4 Bg4"));
//! assert_eq!(read_pgn(&written)?.moves, pgn.moves);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub use ladya_core::pgn::{PgnError, RESULTS};

use crate::position::Position;

/// A chess game: its tags, start position, moves (with their notes) and result.
pub type Pgn = ladya_core::pgn::PgnGame<Position>;

/// Reads the first game of `text`: its tags, the moves of its main line (with or without move
/// numbers, in SAN or in coordinate form) and its result (see [`ladya_core::pgn`]).
///
/// # Errors
/// A bad tag pair or `FEN` tag, an unclosed comment or variation, an illegal or unreadable
/// move, or a text with no game.
///
/// # Examples
///
/// ```
/// use ladya_chess::pgn::read_pgn;
///
/// let game = read_pgn("1. f3 e5 2. g4 Qh4# 0-1")?;
/// assert_eq!(game.moves.len(), 4);
/// assert_eq!(game.result.as_deref(), Some("0-1"));
/// assert!(read_pgn("1. e4 e5 2. Ke3").is_err()); // an illegal move
/// # Ok::<(), ladya_chess::pgn::PgnError>(())
/// ```
pub fn read_pgn(text: &str) -> Result<Pgn, PgnError> {
    ladya_core::pgn::read_first(text)
}

/// `game` in PGN's export form: the Seven Tag Roster first (`?` for what `game.tags` does not
/// give; `Result` from `game.result`, else the tag, else `*`), `SetUp` and `FEN` when the start
/// is not the standard one, the other tags, then the moves in SAN with move numbers, in lines
/// of at most 79 characters, and the result (see [`ladya_core::pgn::write`]).
///
/// # Examples
///
/// ```
/// use ladya_chess::pgn::{read_pgn, write_pgn};
///
/// let game = read_pgn("[FEN \"4k3/8/8/8/8/8/4p3/4K3 b - - 0 40\"]\n40... Kd7 41. Kxe2 1/2-1/2")?;
/// let text = write_pgn(&game);
/// assert!(text.contains("[Result \"1/2-1/2\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4p3/4K3 b - - 0 40\"]\n"));
/// assert!(text.ends_with("\n40... Kd7 41. Kxe2 1/2-1/2\n"));
/// # Ok::<(), ladya_chess::pgn::PgnError>(())
/// ```
pub fn write_pgn(game: &Pgn) -> String {
    ladya_core::pgn::write(game)
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
