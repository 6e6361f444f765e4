//! Moves as text: the UCI coordinate form for engines and SAN for people.

use ladya_core::MoveList;
use thiserror::Error;

use crate::board::*;
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Position;

/// What is wrong with a move given as text.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move in UCI form or SAN.
    #[error("'{0}' is not a move in coordinate form (e2e4, e7e8q) or SAN (Nf3, exd5, O-O, e8=Q)")]
    Malformed(String),
    /// A well-formed move that is not legal here.
    #[error("illegal move '{0}'")]
    Illegal(String),
    /// A SAN move that more than one legal move fits.
    #[error("ambiguous move '{text}': it could be {}", candidates.join(" or "))]
    Ambiguous {
        /// The text given.
        text: String,
        /// The legal moves it fits, in UCI form.
        candidates: Vec<String>,
    },
}

impl Position {
    /// The move in UCI form: `e2e4`, `e7e8q`; castling as the king's move (`e1g1`) in
    /// standard chess, as king-takes-rook (`e1h1`) in Chess960, as `UCI_Chess960` wants.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let fen = "4k3/8/8/8/8/8/8/4K2R w K - 0 1";
    /// let standard = Position::from_fen(fen)?;
    /// assert_eq!(standard.uci_text(standard.parse_move("O-O")?), "e1g1");
    /// let chess960 = Position::from_fen_chess960(fen)?;
    /// assert_eq!(chess960.uci_text(chess960.parse_move("O-O")?), "e1h1");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn uci_text(&self, m: Move) -> String {
        match self.castling_rook_square(m) {
            Some(rook) if self.chess960 => format!("{}{}", square_name(m.from()), square_name(rook)),
            _ => m.to_string(),
        }
    }

    /// Reads a move in UCI form (`e2e4`, `e7e8q`) and checks it is legal. Castling is read in
    /// this position's form (see [`Position::uci_text`]) and also in the other one when that
    /// is no other legal move: king-takes-rook in standard chess, the king's move in Chess960.
    ///
    /// # Errors
    /// [`MoveError`] for text that is not a UCI move, or one that is not legal here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{Kind, MoveError, Position};
    ///
    /// let pos = Position::from_fen("4k3/P7/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert_eq!(pos.parse_uci("a7a8n")?.promotion(), Some(Kind::Knight));
    /// assert!(pos.parse_uci("e1h1")?.is_castling()); // king takes rook is read too
    /// assert_eq!(pos.parse_uci("e1e3"), Err(MoveError::Illegal("e1e3".into())));
    /// assert!(matches!(pos.parse_uci("Ke2"), Err(MoveError::Malformed(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_uci(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        if !text.is_ascii() || !(4..=5).contains(&text.len()) {
            return Err(malformed());
        }
        let from = parse_square(&text[0..2]).ok_or_else(malformed)?;
        let to = parse_square(&text[2..4]).ok_or_else(malformed)?;
        let promotion = match text.as_bytes().get(4) {
            None => None,
            Some(b'q' | b'Q') => Some(Kind::Queen),
            Some(b'r' | b'R') => Some(Kind::Rook),
            Some(b'b' | b'B') => Some(Kind::Bishop),
            Some(b'n' | b'N') => Some(Kind::Knight),
            Some(_) => return Err(malformed()),
        };
        let mut moves = MoveList::new();
        self.append_legal_moves(&mut moves);
        // Whether `m` is written `text`, castling as king-takes-rook or not.
        let written = |m: &&Move, king_takes_rook: bool| {
            let target = self.castling_rook_square(**m).filter(|_| king_takes_rook).unwrap_or(m.to());
            m.from() == from && target == to && m.promotion() == promotion
        };
        let found = moves.iter().find(|m| written(m, self.chess960));
        found
            .or_else(|| moves.iter().find(|m| m.is_castling() && written(m, !self.chess960)))
            .copied()
            .ok_or_else(|| MoveError::Illegal(text.to_string()))
    }

    /// Reads a move in coordinate form or SAN.
    ///
    /// # Errors
    /// [`MoveError`] for text that is neither form, or a move that is illegal or ambiguous here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let pos = Position::start();
    /// assert_eq!(pos.parse_move("Nf3")?, pos.parse_move("g1f3")?);
    /// assert!(pos.parse_move("Nf4").is_err());
    /// # Ok::<(), ladya_chess::MoveError>(())
    /// ```
    pub fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let t = text.trim();
        let square = |range| t.get(range).and_then(parse_square);
        let looks_like_uci = square(0..2).is_some() && square(2..4).is_some();
        if looks_like_uci { self.parse_uci(t) } else { self.parse_san(t) }
    }

    /// Legal move `m` in Standard Algebraic Notation (`Nbd7`, `exd6`, `O-O`, `e8=Q+`, `Qh7#`);
    /// [`Position::human_move`] is the public form, which checks that `m` is legal.
    pub(crate) fn san(&self, m: Move) -> String {
        let mut text = match m.kind() {
            MoveKind::CastleKing => "O-O".to_string(),
            MoveKind::CastleQueen => "O-O-O".to_string(),
            _ => self.san_body(m),
        };
        let mut after = self.clone();
        after.make(m);
        if after.in_check() {
            text.push(if after.count_legal_moves() == 0 { '#' } else { '+' });
        }
        text
    }

    /// SAN of a non-castling move without its check mark.
    fn san_body(&self, m: Move) -> String {
        let kind = self.piece_at(m.from()).kind();
        let mut text = String::new();
        if kind == Kind::Pawn {
            if m.is_capture() {
                text.push((b'a' + file_of(m.from())) as char);
            }
        } else {
            text.push(kind.letter());
            let mut moves = MoveList::new();
            self.append_legal_moves(&mut moves);
            let rivals: Vec<Square> = moves
                .iter()
                .filter(|o| o.to() == m.to() && o.from() != m.from() && self.piece_at(o.from()).kind() == kind)
                .map(|o| o.from())
                .collect();
            if !rivals.is_empty() {
                let shares_file = rivals.iter().any(|&s| file_of(s) == file_of(m.from()));
                let shares_rank = rivals.iter().any(|&s| rank_of(s) == rank_of(m.from()));
                let name = square_name(m.from());
                if !shares_file {
                    text.push_str(&name[..1]);
                } else if !shares_rank {
                    text.push_str(&name[1..]);
                } else {
                    text.push_str(&name);
                }
            }
        }
        if m.is_capture() {
            text.push('x');
        }
        text.push_str(&square_name(m.to()));
        if let Some(promoted) = m.promotion() {
            text.push('=');
            text.push(promoted.letter());
        }
        text
    }

    /// Reads a move in SAN. Check marks, annotations (`!`, `?`) and an `e.p.` suffix are
    /// ignored; castling may be written with zeros. An illegal or ambiguous move is an error.
    ///
    /// # Errors
    /// [`MoveError`] for text that is not SAN, or a move that is illegal or ambiguous here.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::{MoveError, Position};
    ///
    /// let pos = Position::from_fen("4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1")?;
    /// assert_eq!(pos.parse_san("Nbd2")?.to_string(), "b1d2");
    /// assert_eq!(pos.parse_san("Nfd2+!?")?.to_string(), "f3d2"); // marks are ignored
    /// assert!(matches!(pos.parse_san("Nd2"), Err(MoveError::Ambiguous { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        let malformed = || MoveError::Malformed(text.to_string());
        let mut t = text.trim();
        t = t.strip_suffix("e.p.").unwrap_or(t).trim_end();
        t = t.trim_end_matches(['+', '#', '!', '?']);
        let mut moves = MoveList::new();
        self.append_legal_moves(&mut moves);

        let castle = match t {
            "O-O" | "0-0" => Some(MoveKind::CastleKing),
            "O-O-O" | "0-0-0" => Some(MoveKind::CastleQueen),
            _ => None,
        };
        if let Some(kind) = castle {
            return moves
                .iter()
                .copied()
                .find(|m| m.kind() == kind)
                .ok_or_else(|| MoveError::Illegal(text.to_string()));
        }
        if !t.is_ascii() || t.len() < 2 {
            return Err(malformed());
        }

        // Piece letter, then optional disambiguation, optional 'x', destination, promotion.
        let (kind, rest) = match t.as_bytes()[0] {
            b'N' | b'B' | b'R' | b'Q' | b'K' => {
                (Kind::from_letter(t.as_bytes()[0] as char).ok_or_else(malformed)?, &t[1..])
            }
            _ => (Kind::Pawn, t),
        };
        let (rest, promotion) = match rest.rsplit_once('=') {
            Some((body, piece)) => (body, Some(parse_promotion(piece).ok_or_else(malformed)?)),
            None => match rest.as_bytes().last() {
                Some(&c @ (b'N' | b'B' | b'R' | b'Q')) if kind == Kind::Pawn => {
                    (&rest[..rest.len() - 1], Some(Kind::from_letter(c as char).ok_or_else(malformed)?))
                }
                _ => (rest, None),
            },
        };
        if rest.len() < 2 {
            return Err(malformed());
        }
        let to = parse_square(&rest[rest.len() - 2..]).ok_or_else(malformed)?;
        let mut prefix = &rest[..rest.len() - 2];
        let capture = prefix.ends_with('x') || prefix.ends_with(':');
        if capture {
            prefix = &prefix[..prefix.len() - 1];
        }
        let mut from_file = None;
        let mut from_rank = None;
        for c in prefix.chars() {
            match c {
                'a'..='h' if from_file.is_none() && from_rank.is_none() => from_file = Some(c as u8 - b'a'),
                '1'..='8' if from_rank.is_none() => from_rank = Some(c as u8 - b'1'),
                _ => return Err(malformed()),
            }
        }

        let fits: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|m| {
                !m.is_castling()
                    && m.to() == to
                    && self.piece_at(m.from()).kind() == kind
                    && m.promotion() == promotion
                    && from_file.is_none_or(|f| file_of(m.from()) == f)
                    && from_rank.is_none_or(|r| rank_of(m.from()) == r)
                    && (!capture || m.is_capture())
            })
            .collect();
        match fits.as_slice() {
            [m] => Ok(*m),
            [] => Err(MoveError::Illegal(text.to_string())),
            many => Err(MoveError::Ambiguous {
                text: text.to_string(),
                candidates: many.iter().map(|m| m.to_string()).collect(),
            }),
        }
    }
}

fn parse_promotion(text: &str) -> Option<Kind> {
    match text {
        "N" | "n" => Some(Kind::Knight),
        "B" | "b" => Some(Kind::Bishop),
        "R" | "r" => Some(Kind::Rook),
        "Q" | "q" => Some(Kind::Queen),
        _ => None,
    }
}
