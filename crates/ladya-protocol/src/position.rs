//! The `position` command of UCI and UCCI, read once for both:
//! `position startpos|fen FEN [moves M1 M2 ...]`.

use crate::session::Session;

/// How a dialect writes the `position` command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grammar {
    /// UCI: `position startpos|fen FEN [moves ...]`; anything but `moves` after the position
    /// is an error.
    Uci,
    /// UCCI: `position fen FEN|startpos [moves ...]`; the word `moves` may be left out.
    Ucci,
}

impl Grammar {
    /// The command's form, as the error for a command that is not `startpos` or `fen` shows it.
    fn usage(self) -> &'static str {
        match self {
            Grammar::Uci => "expected 'position startpos|fen FEN [moves ...]'",
            Grammar::Ucci => "expected 'position fen FEN|startpos [moves ...]'",
        }
    }
}

/// A `position` command read: the FEN (`None` for the start position) and the moves after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct PositionCommand<'a> {
    /// The FEN's fields joined by single spaces, or `None` for `startpos`.
    pub fen: Option<String>,
    /// The moves to play from there, as written.
    pub moves: &'a [&'a str],
}

impl<'a> PositionCommand<'a> {
    /// Reads the words after `position`; the error is the line to show.
    pub fn parse(words: &'a [&'a str], grammar: Grammar) -> Result<PositionCommand<'a>, String> {
        let (fen, rest) = match words.split_first() {
            Some((&"startpos", rest)) => (None, rest),
            Some((&"fen", rest)) => {
                let end = rest.iter().position(|w| *w == "moves").unwrap_or(rest.len());
                (Some(rest[..end].join(" ")), &rest[end..])
            }
            _ => return Err(grammar.usage().to_string()),
        };
        let moves = match (rest.split_first(), grammar) {
            (None, _) => &[][..],
            (Some((&"moves", moves)), _) => moves,
            (Some((word, _)), Grammar::Uci) => return Err(format!("expected 'moves', found '{word}'")),
            (Some(_), Grammar::Ucci) => rest,
        };
        Ok(PositionCommand { fen, moves })
    }

    /// A copy of `session` set up at this position: a bad FEN or move leaves `session` as it
    /// was, and the error is the line to show.
    pub fn set_up(&self, session: &dyn Session) -> Result<Box<dyn Session>, String> {
        let mut next = session.boxed_clone();
        next.reset(self.fen.as_deref()).map_err(|e| format!("bad FEN: {e}"))?;
        for m in self.moves {
            next.play(m).map_err(|e| format!("move {m}: {e}"))?;
        }
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use ladya_games::{Dialect, GameKind};

    use super::*;
    use crate::session::new_session;

    fn parse(line: &str, grammar: Grammar) -> Result<(Option<String>, Vec<String>), String> {
        let words: Vec<&str> = line.split_whitespace().collect();
        PositionCommand::parse(&words, grammar).map(|p| (p.fen, p.moves.iter().map(|m| m.to_string()).collect()))
    }

    fn strings(moves: &[&str]) -> Vec<String> {
        moves.iter().map(|m| m.to_string()).collect()
    }

    const CHESS_FEN: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    const XIANGQI_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    #[test]
    fn both_dialects_read_startpos_and_fen_with_and_without_moves() {
        for grammar in [Grammar::Uci, Grammar::Ucci] {
            assert_eq!(parse("startpos", grammar), Ok((None, vec![])));
            assert_eq!(parse("startpos moves", grammar), Ok((None, vec![])));
            assert_eq!(parse("startpos moves e2e4 e7e5", grammar), Ok((None, strings(&["e2e4", "e7e5"]))));
            assert_eq!(parse(&format!("fen {CHESS_FEN}"), grammar), Ok((Some(CHESS_FEN.into()), vec![])));
            assert_eq!(
                parse(&format!("fen {XIANGQI_FEN} moves h2e2 h9g7"), grammar),
                Ok((Some(XIANGQI_FEN.into()), strings(&["h2e2", "h9g7"])))
            );
            // Extra spaces between the FEN's fields are one space.
            assert_eq!(
                parse("fen  8/8/8/8/8/8/8/K6k   w - - 0 1 moves a1a2", grammar),
                Ok((Some("8/8/8/8/8/8/8/K6k w - - 0 1".into()), strings(&["a1a2"])))
            );
        }
    }

    #[test]
    fn bad_commands_say_what_was_expected() {
        assert_eq!(parse("", Grammar::Uci), Err("expected 'position startpos|fen FEN [moves ...]'".into()));
        assert_eq!(parse("start", Grammar::Uci), Err("expected 'position startpos|fen FEN [moves ...]'".into()));
        assert_eq!(parse("", Grammar::Ucci), Err("expected 'position fen FEN|startpos [moves ...]'".into()));
        assert_eq!(parse("moves e2e4", Grammar::Ucci), Err("expected 'position fen FEN|startpos [moves ...]'".into()));
        assert_eq!(parse("startpos e2e4", Grammar::Uci), Err("expected 'moves', found 'e2e4'".into()));
        // UCCI takes the moves without the word.
        assert_eq!(parse("startpos h2e2", Grammar::Ucci), Ok((None, strings(&["h2e2"]))));
    }

    /// The error of setting `session` up by `words` (UCI's grammar).
    fn set_up_error(session: &dyn Session, words: &[&str]) -> String {
        match PositionCommand::parse(words, Grammar::Uci).unwrap().set_up(session) {
            Ok(next) => panic!("set up at {}", next.fen()),
            Err(e) => e,
        }
    }

    #[test]
    fn setting_up_plays_the_moves_or_leaves_the_session_alone() {
        let session = new_session(GameKind::Chess, Dialect::Uci);
        let start = session.fen();
        let words = ["startpos", "moves", "e2e4"];
        let next = PositionCommand::parse(&words, Grammar::Uci).unwrap().set_up(session.as_ref()).unwrap();
        assert_eq!(next.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
        let error = set_up_error(session.as_ref(), &["startpos", "moves", "e2e4", "e2e4"]);
        assert!(error.starts_with("move e2e4: "), "{error}");
        let error = set_up_error(session.as_ref(), &["fen", "not", "a", "fen"]);
        assert!(error.starts_with("bad FEN: "), "{error}");
        assert_eq!(session.fen(), start);

        let session = new_session(GameKind::Xiangqi, Dialect::Ucci);
        let words = ["fen", XIANGQI_FEN, "moves", "h2e2"];
        let next = PositionCommand::parse(&words, Grammar::Ucci).unwrap().set_up(session.as_ref()).unwrap();
        assert_ne!(next.fen(), session.fen());
    }
}
