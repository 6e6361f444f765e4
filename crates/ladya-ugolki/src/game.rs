//! Ugolki as a [`Game`]: the glue to the generic search, protocols and perft.

use ladya_core::{EndReason, Game, GameError, MoveList, Outcome, PieceChanges, PlacedPiece, Score, Side};

use crate::board::{distance, squares};
use crate::fen::FenError;
use crate::moves::Move;
use crate::notation::MoveError;
use crate::position::Position;
use crate::race;

/// An error reading a ugolki position or move.
pub type UgolkiError = GameError<FenError, MoveError>;

/// With this many of its pieces or fewer left outside its target, a side may be in zugzwang
/// (every move spoils the packing of the corner), so null-move pruning is not used.
const ENDGAME_PIECES: u32 = 3;

/// Move-ordering value of a square of progress ([`Game::quiet_value`]), next to history
/// scores of up to 16,384.
const ORDER_PER_SQUARE: i32 = 256;

ladya_core::position_front_door!(Position, FenError);

impl Game for Position {
    type Move = Move;
    type Error = UgolkiError;
    const NAME: &'static str = "ugolki";

    fn start() -> Self {
        Position::start()
    }

    fn from_fen(fen: &str) -> Result<Self, UgolkiError> {
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
        self.key()
    }

    #[inline(always)]
    fn legal_moves(&self, out: &mut MoveList<Move>) {
        self.append_legal_moves(out)
    }

    #[inline(always)]
    fn count_legal_moves(&self) -> u64 {
        Position::count_legal_moves(self)
    }

    /// Nothing is ever captured: there are no noisy moves.
    fn noisy_moves(&self, _out: &mut MoveList<Move>) {}

    fn is_noisy(&self, _m: Move) -> bool {
        false
    }

    /// Progress of the moving piece towards its target's far corner (seen from its side),
    /// `ORDER_PER_SQUARE` a square: long forward chains first, backward moves last; in a
    /// race, moves known to shorten the race come before all others.
    fn quiet_value(&self, m: Move) -> i32 {
        if m.is_pass() {
            return 0;
        }
        // The targets are the a8 corner's block (White's) and the h1 corner's (Black's).
        let corner = if self.side == Side::White { 56 } else { 7 };
        let progress = distance(m.from(), corner) as i32 - distance(m.to(), corner) as i32;
        progress * ORDER_PER_SQUARE + race::race_order(self, m)
    }

    /// There are no checks in ugolki.
    fn in_check(&self) -> bool {
        Position::in_check(self)
    }

    #[inline(always)]
    fn make(&mut self, m: Move) {
        Position::make(self, m)
    }

    #[inline(always)]
    fn unmake(&mut self) {
        Position::unmake(self)
    }

    /// The null move is a pass: it also advances the move number, as the pass does.
    fn make_null(&mut self) {
        Position::make_null(self)
    }

    /// Passing loses a tempo in a race, so it is safe to assume some move beats it, except
    /// in Black's equalising move (a single move left) and when few pieces are left to bring
    /// in, where zugzwang happens.
    fn null_move_safe(&self) -> bool {
        let equalising = self.side == Side::Black
            && self.pieces(Side::White) & self.layout.target(Side::White) == self.layout.target(Side::White);
        let outside = (self.pieces(self.side) & !self.layout.target(self.side)).count_ones();
        !equalising && outside > ENDGAME_PIECES
    }

    /// The rules of ending in the rule file's order ([`Position::finished`]), then repetition.
    fn rule_outcome(&self, twofold_from: usize) -> Option<Outcome> {
        self.finished().or_else(|| self.is_repetition(twofold_from).then_some(Outcome::draw(EndReason::Repetition)))
    }

    /// A side with no move passes, so a position has no legal move only when the game is
    /// over: this is that result. Asked of a game that is not over, it adjudicates by the
    /// move-limit count.
    fn no_moves_outcome(&self) -> Outcome {
        self.finished().unwrap_or_else(|| self.count_outcome())
    }

    fn evaluate(&self) -> Score {
        Position::evaluate(self)
    }

    fn known_score(&self) -> Option<Score> {
        Position::known_score(self)
    }

    const MOVE_KEYS: usize = 2 * 64;

    /// The side moving and the target square (a pass counts as a move to a1).
    #[inline(always)]
    fn move_key(&self, m: Move) -> usize {
        self.side_to_move().index() * 64 + m.to() as usize
    }

    const SQUARES: usize = 64;
    const PIECE_KINDS: usize = 1;

    /// A half turn of the board: a1 becomes h8, and Black's home stands where White's does.
    fn flip_square(square: u8) -> u8 {
        63 - square
    }

    #[inline]
    fn piece_count(&self) -> usize {
        self.occupied().count_ones() as usize
    }

    fn move_number(&self) -> u32 {
        self.fullmove_number()
    }

    fn placed_pieces(&self, out: &mut Vec<PlacedPiece>) {
        for side in Side::BOTH {
            out.extend(squares(self.pieces(side)).map(|square| PlacedPiece::new(side, 0, square)));
        }
    }

    fn piece_changes(&self, m: Move) -> PieceChanges {
        if m.is_pass() {
            return PieceChanges::NONE;
        }
        PieceChanges::carry(PlacedPiece::new(self.side_to_move(), 0, m.from()), m.to())
    }

    fn move_text(&self, m: Move) -> String {
        m.to_string()
    }

    fn human_move_text(&self, m: Move) -> String {
        self.human_text(m)
    }

    fn parse_move(&self, text: &str) -> Result<Move, UgolkiError> {
        Position::parse_move(self, text).map_err(GameError::Move)
    }
}
