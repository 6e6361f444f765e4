//! PGN (Portable Game Notation) for every game: reading the games of a PGN text and writing a
//! game in PGN's export form.
//!
//! Reading has two steps. [`read_games`] splits a text into games ([`GameText`]): their tags
//! (in order, escapes undone), the moves of the main line as written, with the NAGs (`$2`,
//! or marks such as `!?`) and comments that follow each, and the result. Move numbers (`12.`,
//! `12...`, `12.e4`), variations (`( )`, nested), escaped lines (`%` first) are skipped;
//! comments are `{...}` or `;` to the end of the line. Then [`GameText::replay`] reads a game
//! as a [`Game`]: its start position from the `FEN` tag (the game's start without one), each
//! move with [`Game::parse_pgn_move`] (chess: SAN or coordinates; xiangqi: coordinates with
//! ranks 1-10 as Fairy-Stockfish writes them, ICCS or WXF; ugolki: coordinates or `e3-e4`),
//! and a `Variant` tag, if any, checked against the game.
//!
//! [`write()`] writes a [`PgnGame`]: the Seven Tag Roster, `Variant` (games other than chess),
//! `SetUp` and `FEN` (a start other than chess's standard one), the other tags, then the
//! moves in [`Game::pgn_move_text`]'s form with move numbers from the start position, each
//! with its NAGs and comment, in lines of at most 79 characters, and the result.
//! [`write_text`] is the same writer for moves that are already text.
//!
//! ```
//! use ladya_core::Game;
//! use ladya_core::pgn::{Note, read_games, write};
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! # use ladya_core::{EndReason, MoveCode, MoveList, Outcome, PieceChanges, PlacedPiece, Score, Side};
//! # #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
//! # struct Take(u8);
//! # impl MoveCode for Take { fn code(self) -> u16 { self.0 as u16 } }
//! # #[derive(Clone, Debug, PartialEq)]
//! # struct Stones { stones: u8, side: Side, history: Vec<Take> }
//! # #[derive(Debug)]
//! # struct Bad(String);
//! # impl std::fmt::Display for Bad {
//! #     fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result { write!(f, "bad move '{}'", self.0) }
//! # }
//! # impl std::error::Error for Bad {}
//! # impl Game for Stones {
//! #     type Move = Take;
//! #     type Error = Bad;
//! #     const NAME: &'static str = "stones";
//! #     fn start() -> Self { Stones { stones: 21, side: Side::White, history: Vec::new() } }
//! #     fn from_fen(fen: &str) -> Result<Self, Bad> {
//! #         let (n, side) = fen.split_once(' ').ok_or_else(|| Bad(fen.into()))?;
//! #         let side = if side == "b" { Side::Black } else { Side::White };
//! #         Ok(Stones { stones: n.parse().map_err(|_| Bad(fen.into()))?, side, history: Vec::new() })
//! #     }
//! #     fn fen(&self) -> String { format!("{} {}", self.stones, if self.side == Side::White { 'w' } else { 'b' }) }
//! #     fn side_to_move(&self) -> Side { self.side }
//! #     fn ply(&self) -> usize { self.history.len() }
//! #     fn hash(&self) -> u64 { self.stones as u64 }
//! #     fn legal_moves(&self, out: &mut MoveList<Take>) { for n in 1..=self.stones.min(3) { out.push(Take(n)); } }
//! #     fn noisy_moves(&self, _out: &mut MoveList<Take>) {}
//! #     fn is_noisy(&self, _m: Take) -> bool { false }
//! #     fn in_check(&self) -> bool { false }
//! #     const MOVE_KEYS: usize = 4;
//! #     fn move_key(&self, m: Take) -> usize { m.0 as usize }
//! #     fn make(&mut self, m: Take) { self.stones -= m.0; self.side = self.side.opponent(); self.history.push(m); }
//! #     fn unmake(&mut self) {
//! #         if let Some(m) = self.history.pop() { self.stones += m.0; self.side = self.side.opponent(); }
//! #     }
//! #     fn make_null(&mut self) { self.side = self.side.opponent(); self.history.push(Take(0)); }
//! #     fn null_move_safe(&self) -> bool { false }
//! #     fn rule_outcome(&self, _from: usize) -> Option<Outcome> { None }
//! #     fn no_moves_outcome(&self) -> Outcome { Outcome::win(self.side.opponent(), EndReason::Stalemate) }
//! #     fn evaluate(&self) -> Score { 0 }
//! #     const SQUARES: usize = 22;
//! #     const PIECE_KINDS: usize = 1;
//! #     fn flip_square(square: u8) -> u8 { square }
//! #     fn placed_pieces(&self, out: &mut Vec<PlacedPiece>) { out.push(PlacedPiece::new(Side::White, 0, self.stones)); }
//! #     fn piece_count(&self) -> usize { 1 }
//! #     fn move_number(&self) -> u32 { 1 + self.history.len() as u32 / 2 }
//! #     fn piece_changes(&self, m: Take) -> PieceChanges {
//! #         PieceChanges::carry(PlacedPiece::new(Side::White, 0, self.stones), self.stones - m.0)
//! #     }
//! #     fn move_text(&self, m: Take) -> String { format!("t{}", m.0) }
//! #     fn human_move_text(&self, m: Take) -> String { format!("t{}", m.0) }
//! #     fn parse_move(&self, text: &str) -> Result<Take, Bad> {
//! #         let n = text.strip_prefix('t').and_then(|n| n.parse().ok()).filter(|&n| (1..=self.stones.min(3)).contains(&n));
//! #         n.map(Take).ok_or_else(|| Bad(text.into()))
//! #     }
//! # }
//! // `Stones` is the take-away game of this crate's front page: moves `t1` to `t3`.
//! let text = r#"[White "Ann"] [Black "Bob \"the\" Builder"]
//! 1. t3 {safe} t2 (1... t1 2. t2) 2. t3 $2 ; a mistake
//! 2... t1!? 1-0
//!
//! [White "Bob"]
//! 1. t1 *"#;
//! let games = read_games(text)?;
//! assert_eq!(games.len(), 2);
//! assert_eq!(games[0].tag("Black"), Some("Bob \"the\" Builder"));
//! let mut game = games[0].replay::<Stones>()?;
//! assert_eq!(game.moves.len(), 4);
//! assert_eq!(game.notes[0].comment.as_deref(), Some("safe"));
//! assert_eq!((game.notes[2].nags.as_slice(), game.notes[3].nags.as_slice()), (&[2][..], &[5][..]));
//! assert_eq!(game.result.as_deref(), Some("1-0"));
//! game.notes[1] = Note { nags: vec![6], comment: Some("too greedy".into()) };
//! let written = write(&game);
//! assert!(written.starts_with("[Event \"?\"]\n[Site \"?\"]\n"));
//! assert!(written.contains("[Black \"Bob \\\"the\\\" Builder\"]\n[Result \"1-0\"]\n[Variant \"stones\"]\n"));
//! assert!(written.ends_with("1. t3 {safe} t2 $6 {too greedy} 2. t3 $2 {a mistake} t1 $5 1-0\n"));
//! let back = read_games(&written)?[0].replay::<Stones>()?;
//! assert_eq!((back.tag("White"), &back.moves, &back.notes), (Some("Ann"), &game.moves, &game.notes));
//! # Ok(())
//! # }
//! ```

use thiserror::Error;

use crate::{Game, Side};

/// The results that end a game's movetext: a win for White (Red), for Black, a draw, and a
/// game going on or of unknown result.
pub const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// The longest line of movetext [`write()`] writes.
pub const LINE_WIDTH: usize = 79;

/// The tags PGN's export form puts first, in its order, with their values when unknown.
pub const SEVEN_TAG_ROSTER: [(&str, &str); 7] = [
    ("Event", "?"),
    ("Site", "?"),
    ("Date", "????.??.??"),
    ("Round", "?"),
    ("White", "?"),
    ("Black", "?"),
    ("Result", "*"),
];

/// What is wrong with a PGN text or one of its games.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PgnError {
    /// A tag pair that is not `[Name "value"]` on one line.
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
    /// A `FEN` tag that is no position of the game.
    #[error("the FEN tag: {0}")]
    Fen(String),
    /// A `Variant` tag naming another game.
    #[error("the Variant tag says {variant}, not {game}")]
    Variant {
        /// The tag's value.
        variant: String,
        /// The game the text was read as.
        game: &'static str,
    },
    /// A move of the main line that is not legal, or not a move.
    #[error("line {line}, move {number}: {error}")]
    Move {
        /// The line, from 1.
        line: usize,
        /// The move's number and side, as PGN writes it (`12.`, `12...`).
        number: String,
        /// What is wrong with it.
        error: String,
    },
    /// No tag and no move: nothing to read.
    #[error("no game in the text")]
    Empty,
}

/// What follows a move in movetext: its NAGs (`$2`; the marks `!`, `?`, `!!`, `??`, `!?`,
/// `?!` are read as NAGs 1 to 6) and its comment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Note {
    /// Numeric annotation glyphs, in order.
    pub nags: Vec<u8>,
    /// The comment, its white space made single spaces (several comments after one move are
    /// joined by a space).
    pub comment: Option<String>,
}

impl Note {
    /// A note of one NAG and a comment, either optional.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::pgn::Note;
    ///
    /// let note = Note::new(Some(2), Some("a mistake".into()));
    /// assert_eq!(note.nags, [2]);
    /// assert_eq!(Note::new(None, None), Note::default());
    /// ```
    pub fn new(nag: Option<u8>, comment: Option<String>) -> Note {
        Note { nags: nag.into_iter().collect(), comment }
    }

    /// Adds `text`, its runs of white space (line breaks included) made single spaces.
    fn add_comment(&mut self, text: &str) {
        let text = &text.split_whitespace().collect::<Vec<_>>().join(" ");
        match &mut self.comment {
            Some(comment) if !text.is_empty() => {
                comment.push(' ');
                comment.push_str(text);
            }
            Some(_) => {}
            None => self.comment = Some(text.to_string()),
        }
    }
}

/// A move of a game's main line as its movetext writes it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveText {
    /// The move, without its move number and annotation marks (`Nf3`, `h3e3`, `e3-e4`).
    pub text: String,
    /// Its NAGs and comment.
    pub note: Note,
    /// The line of the text it is on, from 1.
    pub line: usize,
}

/// A game of a PGN text as read, its moves still text: see [`read_games`].
///
/// # Examples
///
/// ```
/// use ladya_core::pgn::read_games;
///
/// let games = read_games("[Site \"Hastings\"]\n1. e4 *")?;
/// assert_eq!(games[0].tag("Site"), Some("Hastings"));
/// assert_eq!(games[0].tag("Event"), None);
/// # Ok::<(), ladya_core::pgn::PgnError>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameText {
    /// The tag pairs, in the order read.
    pub tags: Vec<(String, String)>,
    /// A comment before the first move.
    pub comment: Option<String>,
    /// The moves of the main line.
    pub moves: Vec<MoveText>,
    /// The result that ends the movetext (one of [`RESULTS`]), if there is one.
    pub result: Option<String>,
    /// The line where the game starts, from 1.
    pub line: usize,
}

/// The value of the tag called `name` among `tags`.
fn tag_in<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
}

/// Whether a `Variant` tag's value names the game `G`: its [`Game::PGN_VARIANT`] (any
/// case), or, for a game without one (chess), `Standard`, `chess`, `normal` or `From
/// Position` (lichess writes the first and the last).
///
/// # Examples
///
/// ```
/// use ladya_core::pgn::variant_is;
///
/// assert!(variant_is::<ladya_xiangqi::Position>("Xiangqi"));
/// assert!(variant_is::<ladya_chess::Position>("Standard"));
/// assert!(!variant_is::<ladya_chess::Position>("xiangqi"));
/// ```
pub fn variant_is<G: Game>(variant: &str) -> bool {
    let variant = variant.trim();
    match G::PGN_VARIANT {
        Some(name) => variant.eq_ignore_ascii_case(name),
        None => ["standard", "chess", "normal", "from position"].iter().any(|v| variant.eq_ignore_ascii_case(v)),
    }
}

impl GameText {
    /// The value of the tag called `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// Reads the game as a game of `G`: the start position from the `FEN` tag (`G`'s start
    /// without one), then every move of the main line, each with its note.
    ///
    /// # Errors
    /// A `Variant` tag that is not `G`'s (see [`variant_is`]), a bad `FEN` tag, or a move
    /// that is not legal or not a move, naming its line and number.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::pgn::read_games;
    ///
    /// let games = read_games("[Variant \"xiangqi\"]\n1. h3e3 h10g8 2. h1g3 *")?;
    /// let game = games[0].replay::<ladya_xiangqi::Position>()?;
    /// assert_eq!(game.moves.len(), 3);
    /// assert!(games[0].replay::<ladya_chess::Position>().is_err()); // the Variant tag says xiangqi
    /// # Ok::<(), ladya_core::pgn::PgnError>(())
    /// ```
    pub fn replay<G: Game>(&self) -> Result<PgnGame<G>, PgnError> {
        if let Some(variant) = self.tag("Variant")
            && !variant_is::<G>(variant)
        {
            return Err(PgnError::Variant { variant: variant.to_string(), game: G::NAME });
        }
        let start = match self.tag("FEN") {
            Some(fen) => G::from_fen(fen.trim()).map_err(|e| PgnError::Fen(e.to_string()))?,
            None => G::start(),
        };
        let mut pos = start.clone();
        let mut moves = Vec::with_capacity(self.moves.len());
        for played in &self.moves {
            let m = pos.parse_pgn_move(&played.text).map_err(|error| PgnError::Move {
                line: played.line,
                number: move_number(&pos),
                error: error.to_string(),
            })?;
            pos.make(m);
            moves.push(m);
        }
        Ok(PgnGame {
            tags: self.tags.clone(),
            start,
            moves,
            notes: self.moves.iter().map(|m| m.note.clone()).collect(),
            result: self.result.clone(),
        })
    }
}

/// A game of `G`: tags, start position, moves with their notes, and result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnGame<G: Game> {
    /// The tag pairs, in order (a `FEN` tag read is also in `start`).
    pub tags: Vec<(String, String)>,
    /// The position the moves are played from.
    pub start: G,
    /// The moves of the main line.
    pub moves: Vec<G::Move>,
    /// The note of each move, by index; a move without one has none (the list may be
    /// shorter than `moves`).
    pub notes: Vec<Note>,
    /// The result (one of [`RESULTS`]), if known.
    pub result: Option<String>,
}

impl<G: Game> Default for PgnGame<G> {
    fn default() -> PgnGame<G> {
        PgnGame { tags: Vec::new(), start: G::start(), moves: Vec::new(), notes: Vec::new(), result: None }
    }
}

impl<G: Game> PgnGame<G> {
    /// The value of the tag called `name`, if the game has it.
    pub fn tag(&self, name: &str) -> Option<&str> {
        tag_in(&self.tags, name)
    }

    /// Sets the tag called `name` to `value`, where it stands, or last if the game has no
    /// such tag.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::pgn::read_first;
    ///
    /// let mut game = read_first::<ladya_chess::Position>("[White \"?\"]\n1. d4 *")?;
    /// game.set_tag("White", "Rubinstein");
    /// game.set_tag("Black", "Lasker");
    /// assert_eq!(game.tags, [("White".into(), "Rubinstein".into()), ("Black".into(), "Lasker".into())]);
    /// # Ok::<(), ladya_core::pgn::PgnError>(())
    /// ```
    pub fn set_tag(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some((_, v)) => *v = value,
            None => self.tags.push((name.to_string(), value)),
        }
    }
}

/// Reads the first game of `text` as a game of `G` (see [`read_games`] and
/// [`GameText::replay`]).
///
/// # Errors
/// As [`read_games`] and [`GameText::replay`].
///
/// # Examples
///
/// ```
/// use ladya_core::pgn::read_first;
///
/// let text = "[FEN \"4k3/8/8/8/8/8/4p3/4K3 b - - 0 40\"]\n40... Kd7 41. Kxe2 1/2-1/2\n\n1. e4 *";
/// let game = read_first::<ladya_chess::Position>(text)?;
/// assert_eq!(game.moves.len(), 2);
/// assert_eq!(game.result.as_deref(), Some("1/2-1/2"));
/// # Ok::<(), ladya_core::pgn::PgnError>(())
/// ```
pub fn read_first<G: Game>(text: &str) -> Result<PgnGame<G>, PgnError> {
    // The text is read up to the first game's end only.
    let first = read_until(text, 1)?;
    first.first().ok_or(PgnError::Empty)?.replay()
}

/// Reads every game of `text` as a game of `G`, stopping at the first bad one.
///
/// # Errors
/// As [`read_games`] and [`GameText::replay`].
///
/// # Examples
///
/// ```
/// use ladya_core::pgn::read;
///
/// let games = read::<ladya_ugolki::Position>("1. e3-e4 d6-d5 *\n\n1. f3-f4 1-0")?;
/// assert_eq!(games.iter().map(|g| g.moves.len()).collect::<Vec<_>>(), [2, 1]);
/// assert!(read::<ladya_ugolki::Position>("1. e3-e5 *").is_err()); // a step of two squares
/// # Ok::<(), ladya_core::pgn::PgnError>(())
/// ```
pub fn read<G: Game>(text: &str) -> Result<Vec<PgnGame<G>>, PgnError> {
    read_games(text)?.iter().map(GameText::replay).collect()
}

/// Splits `text` into its games: the tags, the moves of each game's main line and its
/// result. A game ends at its result, or where the next game's tags begin.
///
/// # Errors
/// A bad tag pair, an unclosed comment or variation, or a text with no game.
///
/// # Examples
///
/// ```
/// use ladya_core::pgn::read_games;
///
/// let games = read_games("1. e4 {best by test} e5 (1... c5) 2. Nf3 $1 *\n\n[Round \"2\"]\n1. d4 1-0")?;
/// assert_eq!(games.len(), 2);
/// let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(moves, ["e4", "e5", "Nf3"]); // the variation is skipped
/// assert_eq!(games[0].moves[0].note.comment.as_deref(), Some("best by test"));
/// assert_eq!(games[0].moves[2].note.nags, [1]);
/// # Ok::<(), ladya_core::pgn::PgnError>(())
/// ```
pub fn read_games(text: &str) -> Result<Vec<GameText>, PgnError> {
    read_until(text, usize::MAX)
}

/// The characters of a text with their line numbers.
struct Cursor<'a> {
    text: &'a str,
    chars: std::iter::Peekable<std::str::CharIndices<'a>>,
    line: usize,
    line_start: bool,
}

impl Cursor<'_> {
    fn next(&mut self) -> Option<(usize, char)> {
        let next = self.chars.next();
        if let Some((_, c)) = next {
            self.line_start = c == '\n';
            if c == '\n' {
                self.line += 1;
            }
        }
        next
    }

    fn peek(&mut self) -> Option<(usize, char)> {
        self.chars.peek().copied()
    }

    /// The text up to the next `end` (not included), the cursor past it; `None` if the text
    /// ends first.
    fn until(&mut self, end: char) -> Option<&str> {
        let start = self.peek()?.0;
        while let Some((at, c)) = self.next() {
            if c == end {
                return Some(&self.text[start..at]);
            }
        }
        None
    }

    /// The rest of the line, the cursor past its end.
    fn rest_of_line(&mut self) -> &str {
        let Some((start, _)) = self.peek() else { return "" };
        let mut end = self.text.len();
        while let Some((at, c)) = self.next() {
            if c == '\n' {
                end = at;
                break;
            }
        }
        self.text[start..end].trim_end_matches('\r')
    }

    /// Skips a variation from its `(` past the matching `)`, with the variations and
    /// comments inside it; false if the text ends first.
    fn skip_variation(&mut self) -> bool {
        let mut depth = 0;
        while let Some((_, c)) = self.next() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                '{' if self.until('}').is_none() => return false,
                ';' => {
                    self.rest_of_line();
                }
                _ => {}
            }
        }
        false
    }
}

/// Splits up to `most` games off `text`.
fn read_until(text: &str, most: usize) -> Result<Vec<GameText>, PgnError> {
    let mut games = Vec::new();
    let mut cursor = Cursor { text, chars: text.char_indices().peekable(), line: 1, line_start: true };
    let mut game = GameText::default();
    let mut started = false;
    let mut in_movetext = false;
    let finish = |game: &mut GameText, games: &mut Vec<GameText>, started: &mut bool, in_movetext: &mut bool| {
        games.push(std::mem::take(game));
        *started = false;
        *in_movetext = false;
    };
    while let Some((at, c)) = cursor.peek() {
        if games.len() >= most {
            break;
        }
        let line = cursor.line;
        match c {
            // An escaped line.
            '%' if cursor.line_start => {
                cursor.rest_of_line();
            }
            ';' => {
                cursor.next();
                let comment = cursor.rest_of_line().to_string();
                add_comment(&mut game, &comment);
            }
            c if c.is_whitespace() => {
                cursor.next();
            }
            '[' => {
                if in_movetext {
                    finish(&mut game, &mut games, &mut started, &mut in_movetext);
                    continue;
                }
                let end = tag_end(text, at).ok_or(PgnError::Tag { line })?;
                let pair = tag_pair(&text[at + 1..end]).ok_or(PgnError::Tag { line })?;
                if !started {
                    game.line = line;
                }
                started = true;
                game.tags.push(pair);
                while cursor.peek().is_some_and(|(i, _)| i <= end) {
                    cursor.next();
                }
            }
            '{' => {
                cursor.next();
                let comment = cursor.until('}').ok_or(PgnError::Unclosed { line, what: "comment" })?.to_string();
                add_comment(&mut game, &comment);
            }
            '(' => {
                if !cursor.skip_variation() {
                    return Err(PgnError::Unclosed { line, what: "variation" });
                }
            }
            ')' | ']' | '}' => {
                cursor.next();
            }
            _ => {
                let mut end = at;
                while let Some((i, c)) = cursor.peek() {
                    if c.is_whitespace() || "{}()[];".contains(c) {
                        break;
                    }
                    end = i + c.len_utf8();
                    cursor.next();
                }
                if !started {
                    game.line = line;
                }
                started = true;
                in_movetext = true;
                let token = &text[at..end];
                if RESULTS.contains(&token) {
                    game.result = Some(token.to_string());
                    finish(&mut game, &mut games, &mut started, &mut in_movetext);
                    continue;
                }
                read_token(&mut game, token, line);
            }
        }
    }
    if started && games.len() < most {
        games.push(game);
    }
    if games.is_empty() {
        return Err(PgnError::Empty);
    }
    Ok(games)
}

/// Adds a comment to the last move read, or before the first move.
fn add_comment(game: &mut GameText, text: &str) {
    match game.moves.last_mut() {
        Some(last) => last.note.add_comment(text),
        None => {
            let mut note = Note { nags: Vec::new(), comment: game.comment.take() };
            note.add_comment(text);
            game.comment = note.comment;
        }
    }
}

/// The NAG of an annotation mark (`!` 1, `?` 2, `!!` 3, `??` 4, `!?` 5, `?!` 6).
fn mark_nag(mark: &str) -> Option<u8> {
    ["!", "?", "!!", "??", "!?", "?!"].iter().position(|&m| m == mark).map(|i| i as u8 + 1)
}

/// Reads a movetext token other than a result: a NAG, a mark, a move number, or a move (after
/// a move number, before marks).
fn read_token(game: &mut GameText, token: &str, line: usize) {
    let nag = match token.strip_prefix('$') {
        Some(number) => number.parse().ok(),
        None => mark_nag(token),
    };
    if token.starts_with('$') || nag.is_some() {
        if let (Some(nag), Some(last)) = (nag, game.moves.last_mut()) {
            last.note.nags.push(nag);
        }
        return;
    }
    // A move number (`12`, `12.`, `12...`), alone or before its move; a lone `0000` is a
    // null move or a pass.
    let rest = token.trim_start_matches(|c: char| c.is_ascii_digit());
    let after_number = rest.trim_start_matches('.');
    let (digits, dots) = (token.len() - rest.len(), rest.len() - after_number.len());
    let text = if rest.is_empty() {
        if token != "0000" {
            return;
        }
        token
    } else if digits > 0 && dots > 0 {
        // A digit alone after the dots is the end of a WXF move (`35.4`), not a move.
        if after_number.is_empty() {
            return;
        }
        if after_number.len() == 1 && after_number.chars().all(|c| c.is_ascii_digit()) { token } else { after_number }
    } else {
        token
    };
    let bare = text.trim_end_matches(['!', '?']);
    let mark = mark_nag(&text[bare.len()..]);
    if bare.is_empty() {
        return;
    }
    game.moves.push(MoveText { text: bare.to_string(), note: Note::new(mark, None), line });
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

/// The number of the move to play at `pos` as PGN writes it: `12.` for White (Red), `12...`
/// for Black.
///
/// # Examples
///
/// ```
/// use ladya_core::pgn::move_number;
///
/// let mut pos = ladya_chess::Position::start();
/// assert_eq!(move_number(&pos), "1.");
/// pos.play_text("e4")?;
/// assert_eq!(move_number(&pos), "1...");
/// # Ok::<(), ladya_chess::ChessError>(())
/// ```
pub fn move_number<G: Game>(pos: &G) -> String {
    let dots = if pos.side_to_move() == Side::White { "." } else { "..." };
    format!("{}{dots}", pos.move_number())
}

/// A tag pair's line: `[Name "value"]` with `\` and `"` escaped (and line breaks as spaces).
fn tag_line(out: &mut String, name: &str, value: &str) {
    let value = value.replace('\\', "\\\\").replace('"', "\\\"").replace(['\n', '\r'], " ");
    out.push_str(&format!("[{name} \"{value}\"]\n"));
}

/// `game` in PGN's export form: the Seven Tag Roster first (`?` for what `game.tags` does not
/// give; `Result` from `game.result`, else the tag, else `*`, and `*` for a value that is
/// not one of [`RESULTS`]), `Variant` for a game with
/// [`Game::PGN_VARIANT`], `SetUp` and `FEN` when the game has a variant or the start is not
/// the standard one, the other tags in their order, then the movetext (see [`write_text`]).
///
/// # Examples
///
/// ```
/// use ladya_core::pgn::{PgnGame, write};
///
/// let mut pos = ladya_xiangqi::Position::start();
/// let central_cannon = pos.play_text("h2e2")?;
/// let game = PgnGame { start: ladya_xiangqi::Position::start(), moves: vec![central_cannon], ..PgnGame::default() };
/// let text = write(&game);
/// assert!(text.contains("[Variant \"xiangqi\"]\n[SetUp \"1\"]\n"));
/// assert!(text.ends_with("\n1. h3e3 *\n"));
/// # Ok::<(), ladya_xiangqi::XiangqiError>(())
/// ```
pub fn write<G: Game>(game: &PgnGame<G>) -> String {
    let result = game.result.as_deref().or(game.tag("Result")).filter(|r| RESULTS.contains(r)).unwrap_or("*");
    let mut tags: Vec<(String, String)> = SEVEN_TAG_ROSTER
        .iter()
        .map(|&(name, unknown)| {
            let value = if name == "Result" { result } else { game.tag(name).unwrap_or(unknown) };
            (name.to_string(), value.to_string())
        })
        .collect();
    if let Some(variant) = G::PGN_VARIANT {
        tags.push(("Variant".into(), variant.into()));
    }
    let start_fen = game.start.fen();
    if G::PGN_VARIANT.is_some() || start_fen != G::start().fen() {
        tags.push(("SetUp".into(), "1".into()));
        tags.push(("FEN".into(), start_fen));
    }
    for (name, value) in &game.tags {
        let written = SEVEN_TAG_ROSTER.iter().any(|(n, _)| n == name) || ["SetUp", "FEN", "Variant"].contains(&&**name);
        if !written {
            tags.push((name.clone(), value.clone()));
        }
    }
    let mut pos = game.start.clone();
    let (number, side) = (pos.move_number(), pos.side_to_move());
    let moves: Vec<MoveText> = game
        .moves
        .iter()
        .enumerate()
        .map(|(i, &m)| {
            let text = pos.pgn_move_text(m);
            pos.make(m);
            MoveText { text, note: game.notes.get(i).cloned().unwrap_or_default(), line: 0 }
        })
        .collect();
    write_text(&tags, number, side, &moves, None, result)
}

/// A comment's text, safe inside braces.
fn comment_text(text: &str) -> String {
    text.replace('}', ")").replace('{', "(")
}

/// A game whose moves are text, in PGN: `tags` in their order, a blank line, then the
/// movetext: the moves numbered from `number` with `side` to play the first (`12.` before
/// White's moves, `12...` before a first move of Black's), each with its NAGs (`$2`) and
/// comment (`{...}`, braces inside turned to parentheses; `{ ... }` for a comment that starts
/// and ends with a space), then the `closing` comment, if any,
/// and `result`; in lines of at most 79 characters ([`LINE_WIDTH`]), broken between words (a
/// move number stays with its move), and a line break at the end.
///
/// # Examples
///
/// ```
/// use ladya_core::Side;
/// use ladya_core::pgn::{MoveText, Note, write_text};
///
/// let moves = [MoveText { text: "Kd7".into(), note: Note::new(None, Some("only move".into())), line: 0 }];
/// let tags = [("White".to_string(), "Ann".to_string())];
/// let text = write_text(&tags, 40, Side::Black, &moves, None, "*");
/// assert_eq!(text, "[White \"Ann\"]\n\n40... Kd7 {only move} *\n");
/// ```
pub fn write_text(
    tags: &[(String, String)],
    number: u32,
    side: Side,
    moves: &[MoveText],
    closing: Option<&str>,
    result: &str,
) -> String {
    let mut out = String::new();
    for (name, value) in tags {
        tag_line(&mut out, name, value);
    }
    out.push('\n');
    let mut words: Vec<String> = Vec::with_capacity(moves.len() * 3 / 2 + 2);
    // A comment's words (a `[%...]` command one word), the braces on the first and the last;
    // a brace alone where the
    // comment starts or ends with white space (lichess's `{ [%eval 0.31] }`).
    let comment_words = |words: &mut Vec<String>, comment: &str| {
        let comment = comment_text(comment);
        // A command such as `[%eval 0.31]` stays on one line.
        let mut parts: Vec<String> = Vec::new();
        let mut in_command = false;
        for word in comment.split_whitespace() {
            match parts.last_mut() {
                Some(last) if in_command => {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => parts.push(word.to_string()),
            }
            if word.starts_with("[%") {
                in_command = true;
            }
            if word.contains(']') {
                in_command = false;
            }
        }
        if parts.is_empty() {
            words.push("{}".into());
            return;
        }
        if comment.starts_with(char::is_whitespace) {
            parts.insert(0, String::new());
        }
        if comment.ends_with(char::is_whitespace) {
            parts.push(String::new());
        }
        let last = parts.len() - 1;
        parts[0].insert(0, '{');
        parts[last].push('}');
        words.extend(parts);
    };
    let (mut number, mut side) = (number, side);
    for (i, played) in moves.iter().enumerate() {
        words.push(match side {
            Side::White => format!("{number}. {}", played.text),
            Side::Black if i == 0 => format!("{number}... {}", played.text),
            Side::Black => played.text.clone(),
        });
        words.extend(played.note.nags.iter().map(|nag| format!("${nag}")));
        if let Some(comment) = &played.note.comment {
            comment_words(&mut words, comment);
        }
        if side == Side::Black {
            number += 1;
        }
        side = side.opponent();
    }
    if let Some(closing) = closing {
        comment_words(&mut words, closing);
    }
    words.push(result.to_string());
    let mut line_len = 0;
    for word in words {
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

    fn texts(game: &GameText) -> Vec<&str> {
        game.moves.iter().map(|m| m.text.as_str()).collect()
    }

    #[test]
    fn splits_games_and_keeps_tags_comments_and_nags() {
        let text = "% an escaped line [Event \"no\"]\n[Event \"A \\\"b\\\" c\"]\n[White \"x\\\\y\"]\n\n\
                    {before} 1.e4 e5?! 2. Nf3 {one} {two} $14 Nc6 ; rest of line (\n\
                    3.Bb5 (3. Bc4 (3. d4 {inner}) Bc5) 3...a6!? 35.4 0000 12 1/2-1/2\n\
                    [Event \"second\"]\n1. d4 *\n\n1. c4";
        let games = read_games(text).unwrap();
        assert_eq!(games.len(), 3);
        let first = &games[0];
        assert_eq!(first.tags, [("Event".into(), "A \"b\" c".into()), ("White".into(), "x\\y".into())]);
        assert_eq!(first.comment.as_deref(), Some("before"));
        assert_eq!(texts(first), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "35.4", "0000"]);
        assert_eq!(first.moves[1].note.nags, [6]);
        assert_eq!(first.moves[2].note, Note { nags: vec![14], comment: Some("one two".into()) });
        assert_eq!(first.moves[3].note.comment.as_deref(), Some("rest of line ("));
        assert_eq!((first.moves[5].note.nags.as_slice(), first.moves[5].line), (&[5u8][..], 6));
        assert_eq!((first.result.as_deref(), first.line), (Some("1/2-1/2"), 2));
        assert_eq!(
            (games[1].tag("Event"), texts(&games[1]), games[1].result.as_deref()),
            (Some("second"), vec!["d4"], Some("*"))
        );
        assert_eq!((texts(&games[2]), games[2].result.as_deref(), games[2].line), (vec!["c4"], None, 10));
    }

    #[test]
    fn bad_texts_are_errors_naming_the_line() {
        for (text, error) in [
            ("[White Morphy]\n1. e4", "line 1: bad tag pair"),
            ("[White \"Morphy\"\n]", "line 1: bad tag pair"),
            ("1. e4\n{never closed", "line 2: unclosed comment"),
            ("1. e4\n(1. d4 (1. c4)", "line 2: unclosed variation"),
            ("  \n ; only a comment\n", "no game"),
            ("", "no game"),
        ] {
            let message = read_games(text).unwrap_err().to_string();
            assert!(message.starts_with(error), "{text}: {message}");
        }
    }

    #[test]
    fn lines_wrap_at_79_and_numbers_stay_with_their_moves() {
        let moves: Vec<MoveText> = (0..60)
            .map(|i| MoveText {
                text: format!("m{i}"),
                note: Note::new(
                    (i % 7 == 0).then_some(2),
                    (i % 5 == 0).then(|| format!("a long comment {{{i}}} here")),
                ),
                line: 0,
            })
            .collect();
        let tags = [("Event".to_string(), "x".to_string())];
        let text = write_text(&tags, 12, Side::Black, &moves, Some(" the end "), "0-1");
        // Comments are written as given: braced tight, or spaced where they start and end
        // with a space.
        for (comment, written) in [("x{y}", "{x(y)}"), (" a b ", "{ a b }"), ("a ", "{a }"), ("", "{}")] {
            let one = [MoveText { text: "m".into(), note: Note::new(None, Some(comment.into())), line: 0 }];
            let movetext = write_text(&[], 1, Side::White, &one, None, "*");
            assert_eq!(movetext, format!("\n1. m {written} *\n"));
        }
        assert!(text.starts_with("[Event \"x\"]\n\n12... m0 $2 {a long comment (0) here} 13. m1 m2"), "{text}");
        assert!(text.lines().all(|l| l.len() <= LINE_WIDTH), "{text}");
        assert!(text.lines().all(|l| !l.ends_with('.')), "{text}");
        assert!(text.ends_with(" { the end } 0-1\n"), "{text}");
        let back = &read_games(&text).unwrap()[0];
        assert_eq!(back.moves.len(), 60);
        for (read, written) in back.moves.iter().zip(&moves).take(59) {
            assert_eq!(read.text, written.text);
            assert_eq!(read.note.nags, written.note.nags);
            assert_eq!(read.note.comment, written.note.comment.as_ref().map(|c| c.replace('{', "(").replace('}', ")")));
        }
        assert_eq!(back.moves[59].note.comment.as_deref(), Some("the end"));
        assert_eq!(back.result.as_deref(), Some("0-1"));
    }
}
