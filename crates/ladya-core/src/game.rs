//! The [`Game`] trait and the types it speaks in.

use std::fmt;
use std::hash::Hash;

use crate::movelist::MoveList;
use crate::pieces::{PieceChanges, PlacedPiece};
use crate::score::{self, Score};
use crate::side::Side;

/// Why a game ended.
///
/// # Examples
///
/// ```
/// use ladya_core::EndReason;
///
/// assert_eq!(EndReason::PerpetualCheck.to_string(), "perpetual check");
/// assert_eq!(EndReason::FiftyMoves.to_string(), "fifty-move rule");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check and has no legal move (a draw in chess, a loss in
    /// xiangqi).
    Stalemate,
    /// The same position arose too often.
    Repetition,
    /// A side repeated the position by checking without pause (xiangqi: the checker loses).
    PerpetualCheck,
    /// A side repeated the position by chasing one enemy piece without pause (xiangqi: the
    /// chaser loses).
    PerpetualChase,
    /// Chess: fifty moves by each side with no capture and no pawn move.
    FiftyMoves,
    /// Xiangqi: sixty moves by each side with no capture.
    NoCaptureLimit,
    /// Chess: neither side has the material to give mate.
    InsufficientMaterial,
    /// Ugolki: a piece still stood in its own home after its side's 40th move.
    OwnHome,
    /// Ugolki: a side filled its target corner.
    TargetFilled,
    /// Ugolki: Black's 80th move was played; the fuller target wins.
    MoveLimit,
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::Repetition => "repetition",
            EndReason::PerpetualCheck => "perpetual check",
            EndReason::PerpetualChase => "perpetual chase",
            EndReason::FiftyMoves => "fifty-move rule",
            EndReason::NoCaptureLimit => "sixty moves without capture",
            EndReason::InsufficientMaterial => "insufficient material",
            EndReason::OwnHome => "piece left in its own home",
            EndReason::TargetFilled => "target corner filled",
            EndReason::MoveLimit => "move limit",
        })
    }
}

/// How a game ended: the winner (none for a draw) and the rule that decided it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The side that won, or `None` for a draw.
    pub winner: Option<Side>,
    /// The rule that ended the game.
    pub reason: EndReason,
}

impl Outcome {
    /// A win for `side`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{EndReason, Outcome, Side};
    ///
    /// let mate = Outcome::win(Side::Black, EndReason::Checkmate);
    /// assert_eq!((mate.winner, mate.reason), (Some(Side::Black), EndReason::Checkmate));
    /// ```
    pub const fn win(side: Side, reason: EndReason) -> Outcome {
        Outcome { winner: Some(side), reason }
    }

    /// A draw.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{EndReason, Outcome};
    ///
    /// let draw = Outcome::draw(EndReason::Stalemate);
    /// assert_eq!((draw.winner, draw.result_text()), (None, "1/2-1/2"));
    /// ```
    pub const fn draw(reason: EndReason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// The score of this ending for `side`, reached `ply` plies below the search root:
    /// a win is a mate in `ply`, a loss is mated in `ply`, a draw is zero.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{EndReason, Outcome, Side, score};
    ///
    /// let mate = Outcome::win(Side::White, EndReason::Checkmate);
    /// assert_eq!(mate.score_for(Side::White, 3), score::mate_in(3));
    /// assert_eq!(mate.score_for(Side::Black, 3), score::mated_in(3));
    /// assert_eq!(Outcome::draw(EndReason::Repetition).score_for(Side::White, 3), score::DRAW);
    /// ```
    pub const fn score_for(self, side: Side, ply: usize) -> Score {
        match self.winner {
            None => score::DRAW,
            Some(w) if w as usize == side as usize => score::mate_in(ply),
            Some(_) => score::mated_in(ply),
        }
    }

    /// The result in PGN form: `1-0`, `0-1` or `1/2-1/2`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{EndReason, Outcome, Side};
    ///
    /// assert_eq!(Outcome::win(Side::White, EndReason::Checkmate).result_text(), "1-0");
    /// assert_eq!(Outcome::win(Side::Black, EndReason::OwnHome).result_text(), "0-1");
    /// ```
    pub const fn result_text(self) -> &'static str {
        match self.winner {
            Some(Side::White) => "1-0",
            Some(Side::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

/// What goes wrong reading a game's position or move: `F`, the game's FEN error, or `M`, its
/// move error. Each game names its own (`ChessError`, `XiangqiError`, `UgolkiError`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameError<F, M> {
    /// A bad FEN.
    Fen(F),
    /// A malformed, ambiguous or illegal move.
    Move(M),
}

impl<F: fmt::Display, M: fmt::Display> fmt::Display for GameError<F, M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameError::Fen(e) => e.fmt(f),
            GameError::Move(e) => e.fmt(f),
        }
    }
}

impl<F: std::error::Error + 'static, M: std::error::Error + 'static> std::error::Error for GameError<F, M> {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            GameError::Fen(e) => e.source(),
            GameError::Move(e) => e.source(),
        }
    }
}

/// A move that packs into 16 bits, as transposition tables store moves.
pub trait MoveCode: Copy + Eq + Default + Hash + fmt::Debug + Send + Sync + 'static {
    /// The move's 16-bit code; distinct moves of one position have distinct codes, and the
    /// default ("no move") value is never the code of a legal move.
    fn code(self) -> u16;
}

/// A two-player board game with perfect information, as the search, the protocols and the
/// command line need it.
///
/// Positions carry their own history: [`Game::make`] pushes a move and [`Game::unmake`] takes
/// it back, restoring the position exactly (board, counters, rights and hash key), and
/// repetition rules look back along that history.
///
/// # Examples
///
/// Code written once against the trait runs on every game:
///
/// ```
/// use ladya_core::{Game, perft::perft};
///
/// /// The move sequences of two plies from the start, in any game.
/// fn two_plies<G: Game>() -> u64 {
///     perft(&mut G::start(), 2)
/// }
/// assert_eq!(two_plies::<ladya_chess::Position>(), 400);
/// assert_eq!(two_plies::<ladya_xiangqi::Position>(), 1920);
/// assert_eq!(two_plies::<ladya_ugolki::Position>(), 196);
/// ```
pub trait Game: Clone + Send + Sync + fmt::Debug + 'static {
    /// A move of this game.
    type Move: MoveCode;
    /// What goes wrong reading a position or a move.
    type Error: std::error::Error + Send + Sync + 'static;

    /// The game's name on the command line and in protocols: `chess`, `xiangqi`, `ugolki`.
    const NAME: &'static str;

    /// The standard start position.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let pos = <ladya_xiangqi::Position as Game>::start();
    /// assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1");
    /// assert_eq!(pos.ply(), 0);
    /// ```
    fn start() -> Self;

    /// Reads a position in the game's FEN form.
    ///
    /// # Errors
    /// A malformed FEN, or one that is no position of the game, naming what is wrong.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    /// use ladya_chess::Position;
    ///
    /// // Position 3 of the Chess Programming Wiki's perft results; the clocks are left out.
    /// let pos = <Position as Game>::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - -")?;
    /// assert_eq!(pos.count_legal_moves(), 14);
    /// assert!(<Position as Game>::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").is_err()); // no kings
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn from_fen(fen: &str) -> Result<Self, Self::Error>;

    /// The position in the game's FEN form.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let mut pos = ladya_ugolki::Position::start();
    /// pos.play_text("e3-e4")?;
    /// assert_eq!(pos.fen(), "BBBB4/BBBB4/BBBB4/8/4W3/5WWW/4WWWW/4WWWW b 1");
    /// # Ok::<(), ladya_ugolki::UgolkiError>(())
    /// ```
    fn fen(&self) -> String;

    /// The side to move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{Game, Side};
    ///
    /// let mut pos = ladya_chess::Position::start();
    /// assert_eq!(pos.side_to_move(), Side::White);
    /// pos.play_text("e4")?;
    /// assert_eq!(pos.side_to_move(), Side::Black);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn side_to_move(&self) -> Side;

    /// Number of moves made since the position was set up (the length of its history).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let mut pos = <ladya_chess::Position as Game>::from_fen("4k3/8/8/8/8/8/8/4K2R w K - 0 1")?;
    /// assert_eq!(pos.ply(), 0); // a position read from a FEN has no history
    /// pos.play_text("O-O")?;
    /// pos.play_text("Kd7")?;
    /// assert_eq!(pos.ply(), 2);
    /// pos.unmake();
    /// assert_eq!(pos.ply(), 1);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn ply(&self) -> usize;

    /// The Zobrist key of the position, kept up to date incrementally.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    /// use ladya_chess::Position;
    ///
    /// let (mut a, mut b) = (Position::start(), Position::start());
    /// for (x, y) in [("Nf3", "Nc3"), ("Nf6", "Nf6"), ("Nc3", "Nf3")] {
    ///     a.play_text(x)?;
    ///     b.play_text(y)?;
    /// }
    /// assert_eq!(a.hash(), b.hash()); // one position, reached by two move orders
    /// assert_ne!(a.hash(), Position::start().hash());
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn hash(&self) -> u64;

    /// Appends every legal move to `out` (which is not cleared first).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{Game, MoveList};
    ///
    /// let pos = ladya_xiangqi::Position::start();
    /// let mut moves = MoveList::new();
    /// Game::legal_moves(&pos, &mut moves);
    /// assert_eq!(moves.len(), 44);
    /// Game::legal_moves(&pos, &mut moves); // appends to what the list holds
    /// assert_eq!(moves.len(), 88);
    /// ```
    fn legal_moves(&self, out: &mut MoveList<Self::Move>);

    /// The number of legal moves. Games override it with a counter that does not build the
    /// list, which makes perft's last ply cheap.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// // "Kiwipete", position 2 of the Chess Programming Wiki's perft results.
    /// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let pos = <ladya_chess::Position as Game>::from_fen(fen)?;
    /// assert_eq!(pos.count_legal_moves(), 48);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn count_legal_moves(&self) -> u64 {
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        list.len() as u64
    }

    /// Whether the side to move has a legal move (games override it to stop at the first).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let stalemate = <ladya_chess::Position as Game>::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// assert!(!stalemate.has_legal_move());
    /// assert!(!stalemate.in_check());
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn has_legal_move(&self) -> bool {
        self.count_legal_moves() > 0
    }

    /// Appends the legal moves that quiescence search should try: those that change material
    /// (captures, promotions). Empty for a game without captures.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{Game, MoveList};
    ///
    /// let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    /// let pos = <ladya_chess::Position as Game>::from_fen(fen)?;
    /// let mut noisy = MoveList::new();
    /// pos.noisy_moves(&mut noisy);
    /// assert_eq!(noisy.len(), 8); // Kiwipete's eight captures
    /// assert!(noisy.iter().all(|&m| pos.is_noisy(m)));
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn noisy_moves(&self, out: &mut MoveList<Self::Move>);

    /// Whether `m`, a legal move of this position, is one [`Game::noisy_moves`] returns.
    fn is_noisy(&self, m: Self::Move) -> bool;

    /// Ordering value of a noisy move for the search, higher first: most valuable victim,
    /// least valuable attacker (MVV-LVA), promotions included. Zero by default.
    fn noisy_value(&self, _m: Self::Move) -> i32 {
        0
    }

    /// Static exchange evaluation: whether playing `m` and then the best sequence of captures
    /// on its target square wins at least `threshold` (in evaluation units) for the side to
    /// move. By default every move passes.
    fn see_ge(&self, _m: Self::Move, _threshold: Score) -> bool {
        true
    }

    /// A game-specific ordering hint for a quiet move, added to its history score (for example
    /// the progress a piece makes towards its goal). Zero by default.
    fn quiet_value(&self, _m: Self::Move) -> i32 {
        0
    }

    /// Whether the side to move is in check (always false in a game without checks).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let pos = <ladya_chess::Position as Game>::from_fen("4k3/8/8/8/8/8/8/4R1K1 b - - 0 1")?;
    /// assert!(pos.in_check());
    /// assert!(!ladya_ugolki::Position::start().in_check()); // ugolki has no check
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn in_check(&self) -> bool;

    /// Whether `m`, a legal move of this position, gives check. Mate solvers try checks first
    /// and, where [`Game::ONLY_CHECKS_MATE`] holds, nothing else as the last move. By default
    /// the move is made and taken back; games override it with a test on the board.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let mut pos = <ladya_chess::Position as Game>::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// let (rook_up, castle) = (pos.parse_move("Ra8")?, pos.parse_move("O-O-O")?);
    /// assert!(Game::gives_check(&mut pos, rook_up));
    /// assert!(!Game::gives_check(&mut pos, castle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn gives_check(&mut self, m: Self::Move) -> bool {
        self.make(m);
        let check = self.in_check();
        self.unmake();
        check
    }

    /// Sets `checks[i]` to whether `moves[i]` (a legal move of this position) gives check, for
    /// every move of `moves` (`checks` is at least as long). By default with
    /// [`Game::gives_check`] for each; games override it to share the work across the moves.
    fn mark_checks(&mut self, moves: &[Self::Move], checks: &mut [bool]) {
        for (&m, check) in moves.iter().zip(checks.iter_mut()) {
            *check = self.gives_check(m);
        }
    }

    /// Moves the moves of `moves` (legal moves of this position) that give check to the front
    /// and returns how many there are. By default with [`Game::gives_check`] for each; games
    /// override it to share the work across the moves.
    fn checks_first(&mut self, moves: &mut MoveList<Self::Move>) -> usize {
        let mut checks = 0;
        for i in 0..moves.len() {
            if self.gives_check(moves[i]) {
                moves.swap(i, checks);
                checks += 1;
            }
        }
        checks
    }

    /// Appends the legal moves that give check to `out`. By default the legal moves are
    /// generated and the checks kept; games override it with a generator of checks.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{Game, MoveList};
    ///
    /// let mut pos = <ladya_chess::Position as Game>::from_fen("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")?;
    /// let mut checks = MoveList::new();
    /// pos.checking_moves(&mut checks);
    /// assert_eq!(checks.iter().map(|&m| pos.move_text(m)).collect::<Vec<_>>(), ["a1a8"]);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn checking_moves(&mut self, out: &mut MoveList<Self::Move>) {
        let start = out.len();
        self.legal_moves(out);
        let mut i = start;
        while i < out.len() {
            if self.gives_check(out[i]) {
                i += 1;
            } else {
                out.swap_remove(i);
            }
        }
    }

    /// Whether only a checking move can leave the opponent without a legal move and lost: true
    /// where a side with no move that is not in check is stalemated and draws (chess), false
    /// where that side loses too (xiangqi) or the game has no checks. False, which is always
    /// safe, by default.
    const ONLY_CHECKS_MATE: bool = false;

    /// The number of distinct [`Game::move_key`]s.
    const MOVE_KEYS: usize;

    /// A small number naming the piece `m` moves and the square it goes to, below
    /// [`Game::MOVE_KEYS`]: what the search's continuation histories are indexed by. Ask
    /// before making the move.
    fn move_key(&self, m: Self::Move) -> usize;

    /// Plays `m`, which must be legal in this position.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let mut pos = <ladya_chess::Position as Game>::from_fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2")?;
    /// let en_passant = pos.parse_move("exd6")?;
    /// pos.make(en_passant);
    /// assert_eq!(pos.fen(), "4k3/8/3P4/8/8/8/8/4K3 b - - 0 2");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn make(&mut self, m: Self::Move);

    /// Takes back the last move made by [`Game::make`] or [`Game::make_null`].
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let mut pos = <ladya_chess::Position as Game>::from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9")?;
    /// let before = pos.clone();
    /// let castle = pos.parse_move("O-O")?;
    /// pos.make(castle);
    /// assert_eq!(pos.fen(), "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 9");
    /// pos.unmake();
    /// assert_eq!(pos, before); // board, rights, clocks, key and history
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn unmake(&mut self);

    /// Passes the turn without moving (null-move pruning). Never called in check.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{Game, Side};
    ///
    /// let mut pos = ladya_xiangqi::Position::start();
    /// let key = pos.hash();
    /// pos.make_null();
    /// assert_eq!((pos.side_to_move(), pos.ply()), (Side::Black, 1));
    /// assert_ne!(pos.hash(), key);
    /// pos.unmake();
    /// assert_eq!(pos.hash(), key);
    /// ```
    fn make_null(&mut self);

    /// A key of the position's slow-changing structure (the pawns in chess, the soldiers in
    /// xiangqi), by which the search learns how far its static evaluation tends to miss in
    /// positions alike. None, which turns that learning off, by default.
    fn structure_key(&self) -> Option<u64> {
        None
    }

    /// Keys of each side's pieces other than the structure's (white's, then black's), by which
    /// the search learns its static evaluation's misses too. None by default.
    fn piece_keys(&self) -> Option<[u64; 2]> {
        None
    }

    /// Whether passing the turn is unlikely to be the best move here (no zugzwang), so that
    /// null-move pruning is sound enough to use.
    fn null_move_safe(&self) -> bool;

    /// The count of the game's draw-by-count rule and the count at which it draws: plies since
    /// the last capture or pawn move against 100 in chess, since the last capture against 120
    /// in xiangqi. None for a game without such a rule (the default).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let chess = <ladya_chess::Position as Game>::from_fen("4k3/8/8/8/8/8/8/R3K3 w - - 37 80")?;
    /// assert_eq!(chess.draw_count(), Some((37, 100)));
    /// assert_eq!(ladya_ugolki::Position::start().draw_count(), None);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn draw_count(&self) -> Option<(u16, u16)> {
        None
    }

    /// An ending by rule that needs no move generation: repetition, move counters, material,
    /// or a finished race. A repetition of a position first seen at or after history index
    /// `twofold_from` already counts at its second occurrence (search passes its root ply so
    /// that cycles inside the tree are draws); earlier ones need the rule's full count. Pass
    /// `usize::MAX` for the strict rule.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{EndReason, Game, Outcome};
    ///
    /// let mut pos = ladya_chess::Position::start();
    /// let dance = ["Nf3", "Nf6", "Ng1", "Ng8"];
    /// for text in dance {
    ///     pos.play_text(text)?;
    /// }
    /// // The start stands a second time: not yet an ending, unless a search counts from ply 0.
    /// assert_eq!(pos.rule_outcome(usize::MAX), None);
    /// assert_eq!(pos.rule_outcome(0), Some(Outcome::draw(EndReason::Repetition)));
    /// for text in dance {
    ///     pos.play_text(text)?;
    /// }
    /// assert_eq!(pos.rule_outcome(usize::MAX), Some(Outcome::draw(EndReason::Repetition)));
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn rule_outcome(&self, twofold_from: usize) -> Option<Outcome>;

    /// What it means that the side to move has no legal move (mate, stalemate).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{EndReason, Game, Outcome, Side};
    ///
    /// // Black has no move and is not in check: a draw in chess, a loss in xiangqi.
    /// let chess = <ladya_chess::Position as Game>::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// assert_eq!(chess.no_moves_outcome(), Outcome::draw(EndReason::Stalemate));
    /// let xiangqi = <ladya_xiangqi::Position as Game>::from_fen("4k4/R8/9/9/9/9/9/9/5R3/3K5 b - - 0 1")?;
    /// assert_eq!(xiangqi.no_moves_outcome(), Outcome::win(Side::White, EndReason::Stalemate));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn no_moves_outcome(&self) -> Outcome;

    /// Whether the side to move has no legal move and has lost by it: mated (in xiangqi, also
    /// stalemated). What a mate solver's last move must reach.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// // Stalemated: drawn in chess, lost in xiangqi.
    /// let chess = <ladya_chess::Position as Game>::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")?;
    /// let xiangqi = <ladya_xiangqi::Position as Game>::from_fen("4k4/R8/9/9/9/9/9/9/5R3/3K5 b - - 0 1")?;
    /// assert!(!chess.is_mated());
    /// assert!(xiangqi.is_mated());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn is_mated(&self) -> bool {
        !self.has_legal_move() && self.no_moves_outcome().winner == Some(self.side_to_move().opponent())
    }

    /// The result of the game if it is over under the strict rules, else `None`.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::{EndReason, Game, Outcome, Side};
    ///
    /// let mut pos = <ladya_chess::Position as Game>::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")?;
    /// assert_eq!(Game::outcome(&pos), None);
    /// pos.play_text("Ra8")?;
    /// assert_eq!(Game::outcome(&pos), Some(Outcome::win(Side::White, EndReason::Checkmate)));
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.rule_outcome(usize::MAX) {
            return Some(o);
        }
        if !self.has_legal_move() {
            return Some(self.no_moves_outcome());
        }
        None
    }

    /// Static evaluation from the side to move's point of view.
    fn evaluate(&self) -> Score;

    /// A score known exactly without search, from the side to move's point of view (a won
    /// race, a lost deadline); a learned evaluation defers to it. None by default.
    fn known_score(&self) -> Option<Score> {
        None
    }

    /// Squares of the board, as [`PlacedPiece::square`] counts them (64 in chess, 90 in
    /// xiangqi).
    const SQUARES: usize;

    /// Kinds of piece a side can have, as [`PlacedPiece::kind`] counts them.
    const PIECE_KINDS: usize;

    /// `square` as Black sees the board: the square that stands, from Black's side, where
    /// `square` stands from White's, so that a learned evaluation reads both sides' positions
    /// alike (the ranks turned over in chess and xiangqi, a half turn in ugolki).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// assert_eq!(<ladya_chess::Position as Game>::flip_square(12), 52); // e2 to e7
    /// assert_eq!(<ladya_ugolki::Position as Game>::flip_square(0), 63); // a1 to h8
    /// ```
    fn flip_square(square: u8) -> u8;

    /// `square` in the board's left-right mirror image, in a game whose positions are worth
    /// the same mirrored (castling rights aside); none in a game without that symmetry (the
    /// default). The trainer uses it to learn from each position's image as well.
    fn mirror_square(_square: u8) -> Option<u8> {
        None
    }

    /// The kind of the piece whose loss loses the game (chess's king, xiangqi's general), in
    /// a game that has one: a learned evaluation may turn a side's view of the board over by
    /// the half of the board this piece stands on. None by default.
    const ROYAL_KIND: Option<u8> = None;

    /// Appends every piece on the board to `out`.
    fn placed_pieces(&self, out: &mut Vec<PlacedPiece>);

    /// The number of pieces on the board (what [`Game::placed_pieces`] would append).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// assert_eq!(ladya_chess::Position::start().piece_count(), 32);
    /// assert_eq!(ladya_xiangqi::Position::start().piece_count(), 32);
    /// assert_eq!(ladya_ugolki::Position::start().piece_count(), 24);
    /// ```
    fn piece_count(&self) -> usize;

    /// The full-move number, as the game's FEN writes it: 1 at the start, one more after
    /// each Black move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let mut pos = ladya_chess::Position::start();
    /// pos.play_text("e4")?;
    /// assert_eq!(pos.move_number(), 1);
    /// pos.play_text("e5")?;
    /// assert_eq!(pos.move_number(), 2);
    /// # Ok::<(), ladya_chess::ChessError>(())
    /// ```
    fn move_number(&self) -> u32;

    /// The pieces `m`, a legal move of this position, lifts and puts down; ask before making
    /// it.
    fn piece_changes(&self, m: Self::Move) -> PieceChanges;

    /// `m` in the coordinate form engine protocols use (`e2e4`, `h2e2`, `e3e5`).
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let pos = ladya_chess::Position::start();
    /// let m = pos.parse_move("Nf3")?;
    /// assert_eq!(pos.move_text(m), "g1f3");
    /// # Ok::<(), ladya_chess::MoveError>(())
    /// ```
    fn move_text(&self, m: Self::Move) -> String;

    /// `m` in the notation people read (SAN, WXF, `e3-e5`); call before making it.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let pos = ladya_xiangqi::Position::start();
    /// let central_cannon = pos.parse_move("h2e2")?;
    /// assert_eq!(pos.human_move_text(central_cannon), "C2.5");
    /// # Ok::<(), ladya_xiangqi::MoveError>(())
    /// ```
    fn human_move_text(&self, m: Self::Move) -> String;

    /// Reads a move of this position in coordinate form or in the human notation.
    ///
    /// # Errors
    /// A malformed, ambiguous or illegal move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    /// use ladya_xiangqi::Position;
    ///
    /// let pos = Position::start();
    /// let m = <Position as Game>::parse_move(&pos, "C2.5")?; // WXF
    /// assert_eq!(<Position as Game>::parse_move(&pos, "h2e2")?, m); // ICCS
    /// assert!(<Position as Game>::parse_move(&pos, "a0a5").is_err()); // the soldier on a3 blocks it
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
    /// ```
    fn parse_move(&self, text: &str) -> Result<Self::Move, Self::Error>;

    /// The value of PGN's `Variant` tag for this game; `None` for a game PGN needs no such tag
    /// for (standard chess). The game's name by default.
    const PGN_VARIANT: Option<&'static str> = Some(Self::NAME);

    /// `m` as PGN movetext writes it (SAN in chess; xiangqi's coordinates with ranks 1-10, as
    /// Fairy-Stockfish writes them); call before making it. The coordinate form by default.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let chess = ladya_chess::Position::start();
    /// assert_eq!(chess.pgn_move_text(chess.parse_move("g1f3")?), "Nf3");
    /// let xiangqi = ladya_xiangqi::Position::start();
    /// assert_eq!(xiangqi.pgn_move_text(xiangqi.parse_move("h2e2")?), "h3e3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn pgn_move_text(&self, m: Self::Move) -> String {
        self.move_text(m)
    }

    /// Reads a move of PGN movetext: the form [`Game::pgn_move_text`] writes, and whatever
    /// [`Game::parse_move`] reads. [`Game::parse_move`] by default.
    ///
    /// # Errors
    /// A malformed, ambiguous or illegal move.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_core::Game;
    ///
    /// let pos = ladya_xiangqi::Position::start();
    /// let m = pos.parse_pgn_move("h3e3")?; // ranks 1-10, as Fairy-Stockfish writes them
    /// assert_eq!(pos.move_text(m), "h2e2");
    /// # Ok::<(), ladya_xiangqi::XiangqiError>(())
    /// ```
    fn parse_pgn_move(&self, text: &str) -> Result<Self::Move, Self::Error> {
        self.parse_move(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outcome_scores_follow_the_winner() {
        let white_mates = Outcome::win(Side::White, EndReason::Checkmate);
        assert_eq!(white_mates.score_for(Side::White, 3), score::mate_in(3));
        assert_eq!(white_mates.score_for(Side::Black, 3), score::mated_in(3));
        assert_eq!(Outcome::draw(EndReason::Stalemate).score_for(Side::Black, 2), 0);
        assert_eq!(white_mates.result_text(), "1-0");
        assert_eq!(Side::White.opponent(), Side::Black);
    }
}
