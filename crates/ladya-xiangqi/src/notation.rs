//! Moves as text: ICCS coordinates for engines, the UCI form of Fairy-Stockfish, and WXF
//! notation for people.
//!
//! - ICCS: files `a`-`i` from Red's left, ranks `0`-`9` from Red's side: `h2e2`. Reading also
//!   accepts upper case and a dash (`H2-E2`).
//! - UCI (Fairy-Stockfish with `UCI_Variant xiangqi`): the same with ranks `1`-`10`: `h3e3`,
//!   `a10a9`. [`Move::uci`], [`Position::parse_uci`], [`iccs_to_uci`] and [`uci_to_iccs`].
//! - WXF (World Xiangqi Federation): piece letter (`K A E H R C P`), the piece's file counted
//!   `1`-`9` from the mover's right, a direction (`+` forward, `-` backward, `.` sideways),
//!   then the number of ranks moved for a straight forward or backward move of a general,
//!   rook, cannon or soldier, else the file reached: `C2.5`, `H8+7`, `R1-3`. When two pieces
//!   of a kind stand on one file, `+` (front, nearer the enemy) or `-` (rear) replaces the file
//!   number: `R+.3`, `C--1`. Advisors and elephants keep the file number, since the
//!   direction already tells them apart. Soldiers follow the WXF rules for tandem pawns: with
//!   three on a file the middle one keeps the file number (`P+.4`, `P3.4`, `P-.4`); with four
//!   or five the outermost are `++` and `--` (`++.4`, `P+.4`, `P3.4`, `P-.4`, `--.4`); when
//!   two files have tandem soldiers the file number replaces the `P` (`3+.4`, `33.4`, `3-.4`).
//!
//! Reading WXF accepts, besides the printed form: either letter case; `B` and `N` for elephant
//! and horse; `=` for `.`; the sign before the letter (`+R.3`); the plain file number for a
//! piece in tandem when that is not ambiguous (`R2+3`, `A6+5`); and trailing check or comment
//! marks (`+`, `#`, `!`, `?`) after the four characters.

use ladya_core::{MoveList, Side};
use thiserror::Error;

use crate::board::*;
use crate::moves::Move;
use crate::piece::Kind;
use crate::position::Position;

/// What is wrong with a move given as text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in any accepted form.
    #[error("'{0}' is not a move in ICCS coordinates (h2e2) or WXF notation (C2.5, H8+7, R+.3)")]
    Malformed(String),
    /// A well-formed move that is not legal here.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// A WXF move that more than one legal move fits.
    #[error("ambiguous move '{text}': it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text given.
        text: String,
        /// The legal moves it fits, in ICCS form.
        candidates: Vec<String>,
    },
}

/// Reads a square `a`-`i` followed by a rank counted from `first_rank` (`0` for ICCS, `1` for
/// UCI); returns it with the rest of the text.
fn parse_square(text: &[u8], first_rank: u8) -> Option<(Square, &[u8])> {
    let (&letter, rest) = text.split_first()?;
    let file = letter.to_ascii_lowercase().checked_sub(b'a').filter(|&f| f < 9)?;
    let digits = rest.iter().take(2).take_while(|c| c.is_ascii_digit()).count();
    // A two-digit rank is only "10" (UCI); ICCS ranks have one digit.
    let digits = if digits == 2 && first_rank == 1 && rest[..2] == *b"10" { 2 } else { digits.min(1) };
    let (number, rest) = rest.split_at(digits);
    let rank = std::str::from_utf8(number).ok()?.parse::<u8>().ok()?.checked_sub(first_rank).filter(|&r| r < 10)?;
    Some((square_at(file, rank), rest))
}

/// Reads a coordinate move `h2e2` (also `H2-E2`) with ranks counted from `first_rank`.
fn parse_coordinates(text: &str, first_rank: u8) -> Option<(Square, Square)> {
    let (from, rest) = parse_square(text.trim().as_bytes(), first_rank)?;
    let rest = rest.strip_prefix(b"-").unwrap_or(rest);
    let (to, rest) = parse_square(rest, first_rank)?;
    rest.is_empty().then_some((from, to))
}

/// Converts a move in the UCI form of Fairy-Stockfish (ranks 1-10, `h3e3`) to ICCS (`h2e2`);
/// `None` if the text is not such a move.
///
/// # Examples
///
/// ```
/// use ladya_xiangqi::uci_to_iccs;
///
/// assert_eq!(uci_to_iccs("h3e3").as_deref(), Some("h2e2"));
/// assert_eq!(uci_to_iccs("a10a9").as_deref(), Some("a9a8"));
/// assert_eq!(uci_to_iccs("a11a9"), None);
/// ```
pub fn uci_to_iccs(text: &str) -> Option<String> {
    parse_coordinates(text, 1).map(|(from, to)| Move::new(from, to).to_string())
}

/// Converts a move in ICCS coordinates (ranks 0-9, `h2e2`) to the UCI form of Fairy-Stockfish
/// (`h3e3`); `None` if the text is not such a move.
///
/// # Examples
///
/// ```
/// use ladya_xiangqi::iccs_to_uci;
///
/// assert_eq!(iccs_to_uci("b9c7").as_deref(), Some("b10c8"));
/// assert_eq!(iccs_to_uci("H2-E2").as_deref(), Some("h3e3"));
/// ```
pub fn iccs_to_uci(text: &str) -> Option<String> {
    parse_coordinates(text, 0).map(|(from, to)| Move::new(from, to).uci())
}

/// The WXF number of `file` for `side`: files count 1-9 from each player's right.
fn file_number(file: u8, side: Side) -> u8 {
    if side == Side::White { 9 - file } else { file + 1 }
}

fn digit(n: u8) -> char {
    char::from(b'0' + n)
}

impl Position {
    fn find_legal(&self, from: Square, to: Square, text: &str) -> Result<Move, MoveError> {
        let mut moves = MoveList::new();
        self.append_legal_moves(&mut moves);
        moves.iter().copied().find(|m| m.from() == from && m.to() == to).ok_or_else(|| MoveError::Illegal(text.into()))
    }

    /// Reads a move in ICCS coordinates (`h2e2`, `H2-E2`) and checks it is legal.
    ///
    /// # Errors
    /// [`MoveError`] for text that is not ICCS, or a move that is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{MoveError, Position};
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.parse_iccs("H2-E2")?, pos.parse_iccs("h2e2")?);
    /// assert_eq!(pos.parse_iccs("e0e2"), Err(MoveError::Illegal("e0e2".into())));
    /// assert!(matches!(pos.parse_iccs("C2.5"), Err(MoveError::Malformed(_))));
    /// # Ok::<(), MoveError>(())
    /// ```
    pub fn parse_iccs(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to) = parse_coordinates(text, 0).ok_or_else(|| MoveError::Malformed(text.into()))?;
        self.find_legal(from, to, text)
    }

    /// Reads a move in the UCI form of Fairy-Stockfish (ranks 1-10: `h3e3`) and checks it is
    /// legal.
    ///
    /// # Errors
    /// [`MoveError`] for text that is not such a move, or one that is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let pos = Position::start();
    /// let m = pos.parse_uci("h3e3")?;
    /// assert_eq!((m.to_string(), m.uci()), ("h2e2".to_string(), "h3e3".to_string()));
    /// # Ok::<(), ladya_xiangqi::MoveError>(())
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let (from, to) = parse_coordinates(text, 1).ok_or_else(|| MoveError::Malformed(text.into()))?;
        self.find_legal(from, to, text)
    }

    /// Reads a move in ICCS coordinates or in WXF notation.
    ///
    /// # Errors
    /// [`MoveError`] for text that is neither form, or a move that is illegal or ambiguous here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.parse_move("C2.5")?, pos.parse_move("h2e2")?);
    /// assert!(pos.parse_move("C2+5").is_err());
    /// # Ok::<(), ladya_xiangqi::MoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        if parse_coordinates(text, 0).is_some() { self.parse_iccs(text) } else { self.parse_wxf(text) }
    }

    /// The first two characters of the WXF form of a move of the piece on `from`: its letter
    /// and file, or the front/rear marks of tandem pieces (see the module documentation).
    fn wxf_piece(&self, from: Square) -> String {
        let piece = self.piece_at(from);
        let (side, kind) = (piece.side(), piece.kind());
        let letter = kind.wxf_letter();
        let number = digit(file_number(file_of(from), side));
        let plain = format!("{letter}{number}");
        let same_kind = self.pieces(side, kind);
        // The pieces of this kind on this file, front (nearest the enemy) first.
        let mut column: Vec<Square> = squares(same_kind & (FILE_A << file_of(from))).collect();
        if side == Side::White {
            column.reverse();
        }
        let (n, i) = (column.len(), column.iter().position(|&s| s == from).unwrap_or(0));
        if n < 2 || matches!(kind, Kind::Advisor | Kind::Elephant) {
            return plain;
        }
        if kind != Kind::Soldier {
            return format!("{letter}{}", if i == 0 { '+' } else { '-' });
        }
        let tandem_files = (0..9).filter(|f| (same_kind & (FILE_A << f)).count_ones() >= 2).count();
        let prefix = if tandem_files >= 2 { number } else { letter };
        match (n, i) {
            (4 | 5, 0) => "++".into(),
            (4 | 5, _) if i == n - 1 => "--".into(),
            (4 | 5, 1) | (2 | 3, 0) => format!("{prefix}+"),
            _ if (n >= 4 && i == n - 2) || i == n - 1 => format!("{prefix}-"),
            _ => format!("{prefix}{number}"),
        }
    }

    /// Legal move `m` in WXF notation (`C2.5`, `H8+7`, `R+.3`; see the module documentation);
    /// [`Position::human_move`] is the public form, which checks that `m` is legal.
    pub(crate) fn wxf(&self, m: Move) -> String {
        let (from, to) = (m.from(), m.to());
        let side = self.piece_at(from).side();
        let mut text = self.wxf_piece(from);
        let (from_rank, to_rank) = (rank_of(from), rank_of(to));
        let forward = (to_rank > from_rank) == (side == Side::White);
        if file_of(from) == file_of(to) {
            text.push(if forward { '+' } else { '-' });
            text.push(digit(from_rank.abs_diff(to_rank)));
        } else {
            text.push(if from_rank == to_rank {
                '.'
            } else if forward {
                '+'
            } else {
                '-'
            });
            text.push(digit(file_number(file_of(to), side)));
        }
        text
    }

    /// Reads a move in WXF notation and checks it is legal; see the module documentation for
    /// the accepted forms.
    ///
    /// # Errors
    /// [`MoveError`] for text that is not WXF, or a move that is illegal or ambiguous here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::{MoveError, Position};
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.parse_wxf("H2+3")?.to_string(), "h0g2");
    /// assert_eq!(pos.parse_wxf("n2+3")?, pos.parse_wxf("H2+3")?); // either case, N for H
    /// assert!(matches!(pos.parse_wxf("A4+5"), Ok(_))); // the advisor's file names it
    /// assert!(matches!(pos.parse_wxf("R1+10"), Err(MoveError::Malformed(_))));
    /// // Two rooks on one file: `+` is the front one, `-` the rear.
    /// let tandem = Position::from_fen("4k4/9/9/9/9/9/R8/9/9/R2K5 w - - 0 1")?;
    /// assert_eq!(tandem.parse_wxf("R+.7")?.to_string(), "a3c3");
    /// assert_eq!(tandem.parse_wxf("R-.8")?.to_string(), "a0b0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_wxf(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.into());
        let mut chars: Vec<char> = text.trim().chars().collect();
        while chars.len() > 4 && matches!(chars.last(), Some('+' | '#' | '!' | '?')) {
            chars.pop();
        }
        if chars.len() != 4 {
            return Err(malformed());
        }
        for c in chars.iter_mut() {
            *c = match c.to_ascii_uppercase() {
                '=' => '.',
                'B' => 'E',
                'N' => 'H',
                other => other,
            };
        }
        if matches!(chars[0], '+' | '-') && Kind::from_letter(chars[1]).is_some() {
            chars.swap(0, 1);
        }
        let well_formed = (Kind::from_letter(chars[0]).is_some() || matches!(chars[0], '1'..='9' | '+' | '-'))
            && matches!(chars[1], '1'..='9' | '+' | '-')
            && matches!(chars[2], '+' | '-' | '.')
            && matches!(chars[3], '1'..='9');
        if !well_formed {
            return Err(malformed());
        }
        let wanted: String = chars.into_iter().collect();

        let mut moves = MoveList::new();
        self.append_legal_moves(&mut moves);
        // The printed form first; the plain file number only when no printed form fits.
        let mut fits: Vec<Move> = moves.iter().copied().filter(|&m| self.wxf(m) == wanted).collect();
        if fits.is_empty() {
            fits = moves
                .iter()
                .copied()
                .filter(|&m| {
                    let piece = self.piece_at(m.from());
                    let number = digit(file_number(file_of(m.from()), piece.side()));
                    format!("{}{number}{}", piece.kind().wxf_letter(), &self.wxf(m)[2..]) == wanted
                })
                .collect();
        }
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(text.into())),
            many => Err(MoveError::Ambiguous {
                text: text.into(),
                candidates: many.iter().map(|m| m.to_string()).collect(),
            }),
        }
    }
}
