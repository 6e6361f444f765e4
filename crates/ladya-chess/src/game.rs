//! Chess as a [`Game`]: the glue to the generic search and protocols (the rules of ending are
//! in [`crate::rules`]).

use ladya_core::zobrist::piece_sets_key;
use ladya_core::{Game, GameError, MoveList, Outcome, PieceChanges, PlacedPiece, Score, Side};

use crate::board::{Square, more_than_one};
use crate::fen::FenError;
use crate::moves::{Move, MoveKind};
use crate::notation::MoveError;
use crate::piece::Kind;
use crate::position::Position;

/// An error reading a chess position or move.
pub type ChessError = GameError<FenError, MoveError>;

ladya_core::position_front_door!(Position, FenError);

impl Game for Position {
    type Move = Move;
    type Error = ChessError;
    const NAME: &'static str = "chess";

    fn start() -> Self {
        Position::start()
    }

    fn from_fen(fen: &str) -> Result<Self, ChessError> {
        Position::from_fen(fen).map_err(GameError::Fen)
    }

    fn fen(&self) -> String {
        self.to_fen()
    }

    fn side_to_move(&self) -> Side {
        self.side
    }

    fn ply(&self) -> usize {
        self.history.len()
    }

    #[inline(always)]
    fn hash(&self) -> u64 {
        self.key
    }

    #[inline(always)]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.append_legal_moves(out)
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    fn noisy_moves(&self, out: &mut MoveList<Move>) {
        Position::noisy_moves(self, out)
    }

    fn is_noisy(&self, m: Move) -> bool {
        m.is_capture() || m.promotion().is_some()
    }

    fn noisy_value(&self, m: Move) -> i32 {
        self.capture_order_value(m)
    }

    fn see_ge(&self, m: Move, threshold: Score) -> bool {
        Position::see_ge(self, m, threshold)
    }

    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    #[inline(always)]
    fn gives_check(&mut self, m: Move) -> bool {
        Position::gives_check(self, m)
    }

    fn mark_checks(&mut self, moves: &[Move], checks: &mut [bool]) {
        Position::mark_checks(self, moves, checks)
    }

    fn checks_first(&mut self, moves: &mut MoveList<Move>) -> usize {
        Position::checks_first(self, moves)
    }

    fn has_legal_move(&self) -> bool {
        Position::has_legal_move(self)
    }

    fn checking_moves(&mut self, out: &mut MoveList<Move>) {
        self.append_checks(out);
    }

    /// A side with no legal move that is not in check is stalemated, a draw.
    const ONLY_CHECKS_MATE: bool = true;

    #[inline(always)]
    fn make(&mut self, m: Move) {
        Position::make(self, m)
    }

    #[inline(always)]
    fn unmake(&mut self) {
        Position::unmake(self)
    }

    fn make_null(&mut self) {
        Position::make_null(self)
    }

    fn draw_count(&self) -> Option<(u16, u16)> {
        Some((self.halfmove, crate::rules::FIFTY_MOVE_LIMIT))
    }

    fn null_move_safe(&self) -> bool {
        // Zugzwang is common when the side to move has nothing but king and pawns, and not
        // rare with a single minor piece (Morphy's 1. Ra6! bxa6 2. b7#): passing is trusted
        // only with a rook, a queen or two minor pieces.
        let own = self.side_set(self.side);
        let heavy = own & (self.kind_set(Kind::Rook) | self.kind_set(Kind::Queen));
        let minors = own & (self.kind_set(Kind::Knight) | self.kind_set(Kind::Bishop));
        heavy != 0 || more_than_one(minors)
    }

    fn rule_outcome(&self, twofold_from: usize) -> Option<Outcome> {
        Position::rule_outcome(self, twofold_from)
    }

    fn no_moves_outcome(&self) -> Outcome {
        Position::no_moves_outcome(self)
    }

    fn evaluate(&self) -> Score {
        Position::evaluate(self)
    }

    /// The pawns of both sides.
    fn structure_key(&self) -> Option<u64> {
        let (white, black) = (self.pieces(Side::White, Kind::Pawn), self.pieces(Side::Black, Kind::Pawn));
        Some(white.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ black.wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29))
    }

    /// Each side's knights, bishops, rooks, queens and king.
    fn piece_keys(&self) -> Option<[u64; 2]> {
        let key = |side: Side| {
            piece_sets_key(
                [Kind::Knight, Kind::Bishop, Kind::Rook, Kind::Queen, Kind::King].map(|kind| self.pieces(side, kind)),
            )
        };
        Some([key(Side::White), key(Side::Black)])
    }

    const MOVE_KEYS: usize = 12 * 64;

    /// The moving piece (side and kind) and the target square.
    #[inline(always)]
    fn move_key(&self, m: Move) -> usize {
        let piece = self.board[m.from() as usize];
        (piece.side().index() * 6 + piece.kind() as usize) * 64 + m.to() as usize
    }

    const SQUARES: usize = 64;
    const PIECE_KINDS: usize = 6;

    /// The ranks turned over: a1 becomes a8.
    fn flip_square(square: u8) -> u8 {
        square ^ 56
    }

    /// The files turned over: a1 becomes h1. Only castling tells a position from its image.
    fn mirror_square(square: u8) -> Option<u8> {
        Some(square ^ 7)
    }

    const ROYAL_KIND: Option<u8> = Some(Kind::King as u8);

    #[inline]
    fn piece_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    fn move_number(&self) -> u32 {
        self.fullmove_number()
    }

    fn placed_pieces(&self, out: &mut Vec<PlacedPiece>) {
        for square in 0..64 {
            if !self.board[square].is_none() {
                out.push(self.placed(square as u8));
            }
        }
    }

    fn piece_changes(&self, m: Move) -> PieceChanges {
        let mover = self.placed(m.from());
        match m.kind() {
            MoveKind::CastleKing | MoveKind::CastleQueen => {
                let (rook_from, rook_to) = self.castling_rook(m);
                let mut changes = PieceChanges::carry(mover, m.to());
                changes.remove(self.placed(rook_from));
                changes.add(PlacedPiece { square: rook_to, ..self.placed(rook_from) });
                changes
            }
            MoveKind::EnPassant => {
                let mut changes = PieceChanges::carry(mover, m.to());
                changes.remove(self.placed(m.to() ^ 8));
                changes
            }
            _ => {
                let mut changes = match m.promotion() {
                    Some(kind) => {
                        let mut changes = PieceChanges::NONE;
                        changes.remove(mover);
                        changes.add(PlacedPiece::new(mover.side, kind as u8, m.to()));
                        changes
                    }
                    None => PieceChanges::carry(mover, m.to()),
                };
                if m.is_capture() {
                    changes.remove(self.placed(m.to()));
                }
                changes
            }
        }
    }

    fn move_text(&self, m: Move) -> String {
        self.uci_text(m)
    }

    fn human_move_text(&self, m: Move) -> String {
        self.san(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, ChessError> {
        Position::parse_move(self, text).map_err(GameError::Move)
    }

    /// Standard chess needs no `Variant` tag.
    const PGN_VARIANT: Option<&'static str> = None;

    /// SAN, as PGN writes chess.
    fn pgn_move_text(&self, m: Move) -> String {
        self.san(m)
    }
}

impl Position {
    /// The piece on `square` (which must hold one) as a learned evaluation sees it.
    fn placed(&self, square: Square) -> PlacedPiece {
        let piece = self.board[square as usize];
        PlacedPiece::new(piece.side(), piece.kind() as u8, square)
    }
}
