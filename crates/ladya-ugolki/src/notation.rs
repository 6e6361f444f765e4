//! Moves as text: `e3e5` in engine protocols, `e3-e5` (step) and `e3:e5` (jump chain) for
//! people, full chains such as `e3:e5:c5`, and `0000` (or `pass`) for the pass.

use thiserror::Error;

use crate::board::{JumpGraph, Square, bit, parse_square, square_name};
use crate::moves::Move;
use crate::position::Position;

/// What is wrong with a move given as text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in any of the accepted forms.
    #[error("'{0}' is not a move: write e3e5, e3-e4 (step), e3:e5 or e3:e5:c5 (jumps), or 0000 (pass)")]
    Malformed(String),
    /// A well-formed move that is not legal here.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// A move written with `-` that is a jump, or with `:` that is a step.
    #[error("'{text}' is legal but is {actual}: write {expected}")]
    WrongSeparator {
        /// The text given.
        text: String,
        /// What the move really is: "a step" or "a jump".
        actual: &'static str,
        /// The right way to write it.
        expected: String,
    },
    /// A chain of jumps written square by square with a hop that is no jump.
    #[error("'{text}': {reason}")]
    BadChain {
        /// The text given.
        text: String,
        /// The first faulty hop.
        reason: String,
    },
}

impl Position {
    /// `m` as people read it: `e3-e4` for a step, `e3:e5` for a jump chain, `pass`.
    pub(crate) fn human_text(&self, m: Move) -> String {
        if m.from() == m.to() {
            "pass".to_string()
        } else {
            let separator = if m.is_step() { '-' } else { ':' };
            format!("{}{separator}{}", square_name(m.from()), square_name(m.to()))
        }
    }

    /// Reads a move of this position: `e3e5`, `e3-e4` (a step), `e3:e5` (a jump chain given by
    /// its ends), `e3:e5:c5` (a chain given jump by jump, every hop checked), `0000` or `pass`.
    ///
    /// # Errors
    /// [`MoveError`] for text that is no move, a step written as a jump (or the other way), or a
    /// move that is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_ugolki::{MoveError, Position};
    ///
    /// let pos = Position::from_fen("BBBB4/BBBB4/BBB5/3B4/4W3/5WWW/4WWWW/4WWWW w 2")?;
    /// let chain = pos.parse_move("f2:f4:d4")?; // over f3, then over e4
    /// assert_eq!(chain, pos.parse_move("f2d4")?);
    /// assert_eq!(pos.human_move(chain), "f2:d4");
    /// assert!(matches!(pos.parse_move("f2:f4:f6"), Err(MoveError::BadChain { .. })));
    /// assert!(matches!(pos.parse_move("f2-f4"), Err(MoveError::WrongSeparator { .. })));
    /// assert_eq!(pos.parse_move("pass"), Err(MoveError::Illegal("pass".into()))); // not blocked
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let malformed = || MoveError::Malformed(text.to_string());
        let square = |s: &str| parse_square(s).ok_or_else(malformed);
        let (m, separator) = if t == "0000" || t.eq_ignore_ascii_case("pass") {
            (Move::PASS, None)
        } else if let Some((from, to)) = t.split_once('-') {
            (Move::new(square(from)?, square(to)?), Some('-'))
        } else if t.contains(':') {
            let chain = t.split(':').map(square).collect::<Result<Vec<Square>, _>>()?;
            if chain.len() > 2 {
                self.check_chain(&chain).map_err(|reason| MoveError::BadChain { text: text.to_string(), reason })?;
            }
            (Move::new(chain[0], chain[chain.len() - 1]), Some(':'))
        } else if t.len() == 4 && t.is_ascii() {
            (Move::new(square(&t[..2])?, square(&t[2..])?), None)
        } else {
            return Err(malformed());
        };
        if !self.is_legal(m) {
            return Err(MoveError::Illegal(text.to_string()));
        }
        let wrong = |actual| MoveError::WrongSeparator { text: text.to_string(), actual, expected: self.human_text(m) };
        match separator {
            Some('-') if !m.is_step() => Err(wrong("a jump")),
            Some(':') if m.is_step() => Err(wrong("a step")),
            _ => Ok(m),
        }
    }

    /// Checks a chain of three or more squares hop by hop: each hop a single jump over a piece
    /// onto an empty square, no square visited twice (the start included).
    fn check_chain(&self, chain: &[Square]) -> Result<(), String> {
        let graph = JumpGraph::new(self.occupied());
        let mut visited = bit(chain[0]);
        for hop in chain.windows(2) {
            let (from, to) = (hop[0], hop[1]);
            let name = || format!("{}:{}", square_name(from), square_name(to));
            if visited & bit(to) != 0 {
                return Err(format!("{} lands on {} a second time", name(), square_name(to)));
            }
            if graph.landings(bit(from)) & bit(to) == 0 {
                return Err(format!("{} is not a jump over a piece onto an empty square", name()));
            }
            visited |= bit(to);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn mv(text: &str) -> Move {
        Move::new(parse_square(&text[..2]).unwrap(), parse_square(&text[2..]).unwrap())
    }

    #[test]
    fn every_form_of_a_move() {
        let start = Position::start();
        assert_eq!(start.parse_move("e3e4"), Ok(mv("e3e4")));
        assert_eq!(start.parse_move(" e3-e4 "), Ok(mv("e3e4")));
        assert_eq!(start.parse_move("e2e4"), Ok(mv("e2e4")));
        assert_eq!(start.parse_move("e2:e4"), Ok(mv("e2e4")));
        assert_eq!(start.human_text(mv("e3e4")), "e3-e4");
        assert_eq!(start.human_text(mv("e2e4")), "e2:e4");
        assert_eq!(start.human_text(Move::PASS), "pass");
    }

    #[test]
    fn separators_must_fit_the_move() {
        let start = Position::start();
        assert_eq!(
            start.parse_move("e2-e4"),
            Err(MoveError::WrongSeparator { text: "e2-e4".into(), actual: "a jump", expected: "e2:e4".into() })
        );
        assert!(matches!(start.parse_move("e3:e4"), Err(MoveError::WrongSeparator { actual: "a step", .. })));
        assert_eq!(start.parse_move("e3:e4").unwrap_err().to_string(), "'e3:e4' is legal but is a step: write e3-e4");
    }

    #[test]
    fn malformed_and_illegal_moves() {
        let start = Position::start();
        for text in
            ["", "e3", "e3e", "e3e4e5", "i3e4", "e3-", "-e4", "e3-e4-e5", "e3:", ":e5", "e3::e5", "é3e4", "0000x"]
        {
            assert_eq!(start.parse_move(text), Err(MoveError::Malformed(text.into())), "{text}");
        }
        for text in ["e3e5", "d6d5", "e1e2", "0000", "pass", "h3f3", "e3:e3"] {
            assert_eq!(start.parse_move(text), Err(MoveError::Illegal(text.into())), "{text}");
        }
    }

    #[test]
    fn chains_square_by_square() {
        // The white piece on c3 can jump c4 to c5, then d5 to e5, then e4 to e3.
        let p = pos("BBBB4/BBBB4/BB6/3B4/2B1W3/2W5/4WWWW/WWWWWW2 w 10");
        assert_eq!(p.parse_move("c3:c5:e5"), Ok(mv("c3e5")));
        assert_eq!(p.parse_move("c3:c5:e5:e3"), Ok(mv("c3e3")));
        assert_eq!(p.parse_move("c3:e5"), Ok(mv("c3e5")));
        assert_eq!(p.parse_move("c3e3"), Ok(mv("c3e3")));
        assert_eq!(
            p.parse_move("c3:c5:c7"),
            Err(MoveError::BadChain {
                text: "c3:c5:c7".into(),
                reason: "c5:c7 is not a jump over a piece onto an empty square".into()
            })
        );
        assert!(matches!(p.parse_move("c3:c5:e5:c5"), Err(MoveError::BadChain { .. })));
        assert_eq!(
            p.parse_move("c3:c5:e5:c5").unwrap_err().to_string(),
            "'c3:c5:e5:c5': e5:c5 lands on c5 a second time"
        );
    }

    #[test]
    fn the_pass_in_text() {
        // White's sixteen pieces are walled in by Black's; Black still has moves.
        let p = pos("8/8/8/8/BBBBBBBB/BBBBBBBB/WWWWWWWW/WWWWWWWW w 5");
        assert_eq!(p.parse_move("0000"), Ok(Move::PASS));
        assert_eq!(p.parse_move("Pass"), Ok(Move::PASS));
        assert_eq!(p.parse_move("a2a3"), Err(MoveError::Illegal("a2a3".into())));
    }
}
