//! Xiangqi as a [`Game`]: the glue to the generic search, protocols and command line.

use ladya_core::zobrist::piece_sets_key;
use ladya_core::{Game, GameError, MoveList, Outcome, PieceChanges, PlacedPiece, Score, Side};

use crate::board::{SQUARES, Square, file_of, rank_of, square_at};
use crate::fen::FenError;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules;

/// An error reading a xiangqi position or move.
pub type XiangqiError = GameError<FenError, MoveError>;

ladya_core::position_front_door!(Position, FenError);

impl Game for Position {
    type Move = Move;
    type Error = XiangqiError;
    const NAME: &'static str = "xiangqi";

    fn start() -> Self {
        Position::start()
    }

    fn from_fen(fen: &str) -> Result<Self, XiangqiError> {
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
        !self.piece_at(m.to()).is_none()
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

    fn gives_check(&mut self, m: Move) -> bool {
        Position::gives_check(self, m)
    }

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
        Some((self.halfmove, rules::NO_CAPTURE_LIMIT))
    }

    fn null_move_safe(&self) -> bool {
        // Zugzwang matters in endings where the side to move has no rook, horse or cannon
        // left: only its general, advisors, elephants and soldiers can move.
        let attackers = self.kind_set(Kind::Rook) | self.kind_set(Kind::Horse) | self.kind_set(Kind::Cannon);
        attackers & self.side_set(self.side) != 0
    }

    fn rule_outcome(&self, twofold_from: usize) -> Option<Outcome> {
        rules::rule_outcome(self, twofold_from)
    }

    fn no_moves_outcome(&self) -> Outcome {
        rules::no_moves_outcome(self)
    }

    fn evaluate(&self) -> Score {
        Position::evaluate(self)
    }

    /// The soldiers of both sides.
    fn structure_key(&self) -> Option<u64> {
        let (red, black) = (self.pieces(Side::White, Kind::Soldier), self.pieces(Side::Black, Kind::Soldier));
        Some(
            fold_board(red).wrapping_mul(0x9E37_79B9_7F4A_7C15)
                ^ fold_board(black).wrapping_mul(0xC2B2_AE3D_27D4_EB4F).rotate_left(29),
        )
    }

    /// Each side's pieces but its soldiers.
    fn piece_keys(&self) -> Option<[u64; 2]> {
        let key = |side: Side| {
            piece_sets_key(
                [Kind::General, Kind::Advisor, Kind::Elephant, Kind::Horse, Kind::Rook, Kind::Cannon]
                    .map(|kind| fold_board(self.pieces(side, kind))),
            )
        };
        Some([key(Side::White), key(Side::Black)])
    }

    const MOVE_KEYS: usize = 14 * SQUARES;

    /// The moving piece (side and kind) and the target square.
    #[inline(always)]
    fn move_key(&self, m: Move) -> usize {
        let piece = self.board[m.from() as usize];
        (piece.side().index() * 7 + piece.kind() as usize) * SQUARES + m.to() as usize
    }

    const SQUARES: usize = SQUARES;
    const PIECE_KINDS: usize = Kind::ALL.len();

    /// The ranks turned over: a0 becomes a9.
    fn flip_square(square: u8) -> u8 {
        square_at(file_of(square), 9 - rank_of(square))
    }

    /// The files turned over: a0 becomes i0.
    fn mirror_square(square: u8) -> Option<u8> {
        Some(square_at(8 - file_of(square), rank_of(square)))
    }

    const ROYAL_KIND: Option<u8> = Some(Kind::General as u8);

    #[inline]
    fn piece_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    fn move_number(&self) -> u32 {
        self.fullmove_number()
    }

    fn placed_pieces(&self, out: &mut Vec<PlacedPiece>) {
        for square in 0..SQUARES as Square {
            if !self.board[square as usize].is_none() {
                out.push(self.placed(square));
            }
        }
    }

    fn piece_changes(&self, m: Move) -> PieceChanges {
        let mut changes = PieceChanges::carry(self.placed(m.from()), m.to());
        if !self.board[m.to() as usize].is_none() {
            changes.remove(self.placed(m.to()));
        }
        changes
    }

    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn human_move_text(&self, m: Move) -> String {
        self.wxf(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, XiangqiError> {
        Position::parse_move(self, text).map_err(GameError::Move)
    }

    /// Coordinates with ranks 1-10 (`h3e3`), as Fairy-Stockfish and pyffish write xiangqi's
    /// PGN.
    fn pgn_move_text(&self, m: Move) -> String {
        m.uci()
    }

    /// Coordinates with ranks 1-10 (`h3e3`), as [`Game::pgn_move_text`] writes them; text that
    /// is no such move (WXF, or ICCS with a rank 0) is read as [`Game::parse_move`] reads it.
    fn parse_pgn_move(&self, text: &str) -> Result<Move, XiangqiError> {
        if crate::notation::uci_to_iccs(text).is_some() {
            self.parse_uci(text).map_err(GameError::Move)
        } else {
            Position::parse_move(self, text).map_err(GameError::Move)
        }
    }
}

impl Position {
    /// The piece on `square` (which must hold one) as a learned evaluation sees it.
    fn placed(&self, square: Square) -> PlacedPiece {
        let piece = self.board[square as usize];
        PlacedPiece::new(piece.side(), piece.kind() as u8, square)
    }
}

/// A board of 90 squares folded into 64 bits for keying: its high bits turned and laid over
/// its low ones.
fn fold_board(board: u128) -> u64 {
    (board as u64) ^ ((board >> 64) as u64).rotate_left(17)
}
