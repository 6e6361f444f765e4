//! The network's inputs: one for each kind of piece of each side on each square, seen from
//! one side of the board.
//!
//! From a side's view, its own pieces come first and the opponent's second, and Black's view
//! turns the board with [`Game::flip_square`], so a position and its colour-reversed image
//! look the same to the network. A network may also turn a view left to right by where the
//! side's king stands ([`Orientation::ByKing`]), and give each region of the king's squares a
//! set of inputs of its own ([`KingBuckets`]).

use ladya_core::{Game, PlacedPiece, Side};

/// The shape of a game's inputs: its squares, its kinds of piece, and how Black sees each
/// square. What the trainer reads from a data file; inference asks the game directly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatureSpace {
    /// Squares of the board.
    pub squares: usize,
    /// Kinds of piece a side has.
    pub kinds: usize,
    /// Each square as Black sees it ([`Game::flip_square`]).
    pub flipped: Vec<u8>,
}

impl FeatureSpace {
    /// The inputs of `G`.
    pub fn of<G: Game>() -> FeatureSpace {
        FeatureSpace {
            squares: G::SQUARES,
            kinds: G::PIECE_KINDS,
            flipped: (0..G::SQUARES).map(|s| G::flip_square(s as u8)).collect(),
        }
    }

    /// The number of inputs of one view.
    pub fn inputs(&self) -> usize {
        2 * self.kinds * self.squares
    }

    /// The input `piece` sets in `perspective`'s view.
    pub fn index(&self, piece: PlacedPiece, perspective: Side) -> usize {
        let square = match perspective {
            Side::White => piece.square,
            Side::Black => self.flipped[piece.square as usize],
        };
        index_of(self.kinds, self.squares, piece.side == perspective, piece.kind, square)
    }
}

/// How each side's view of the board is oriented.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Orientation {
    /// Black's view turns the ranks over ([`Game::flip_square`]), and nothing else.
    #[default]
    Fixed,
    /// Each view is also turned left to right ([`Game::mirror_square`]) while the side's royal
    /// piece ([`Game::ROYAL_KIND`]) stands on the right half of the board (files e to h in
    /// chess), so that in its own view it always stands on the left half or the middle file.
    /// The network then learns one pattern for a king's wing whichever wing it is.
    ByKing,
}

/// The number of inputs of one view in `G`.
pub const fn inputs<G: Game>() -> usize {
    2 * G::PIECE_KINDS * G::SQUARES
}

/// `square` as `perspective` sees the board, before any turn left to right.
#[inline(always)]
fn seen_square<G: Game>(square: u8, perspective: Side) -> u8 {
    match perspective {
        Side::White => square,
        Side::Black => G::flip_square(square),
    }
}

/// Sets of inputs picked by the square a side's king stands on, as its view sees it (after
/// any turn): a view whose king stands on square `s` uses the set `map[s]`, each set a copy of
/// the game's inputs with weights of its own. No map (the default): one set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KingBuckets {
    map: Vec<u8>,
    count: usize,
}

impl Default for KingBuckets {
    /// One set.
    fn default() -> KingBuckets {
        KingBuckets { map: Vec::new(), count: 1 }
    }
}

impl KingBuckets {
    /// The sets of `map`, one number per square from 0, every number below the largest used.
    ///
    /// # Errors
    /// A number skipped.
    pub fn new(map: Vec<u8>) -> Result<KingBuckets, String> {
        let count = map.iter().max().map_or(1, |&m| m as usize + 1);
        if let Some(unused) = (0..count).find(|&b| !map.contains(&(b as u8))) {
            return Err(format!("king bucket {unused} has no square"));
        }
        Ok(KingBuckets { map, count })
    }

    /// Reads one character per square of a board of `squares`, `0` to `9` then `a` to `z`,
    /// in the game's square order (a1, b1, ... in chess), `/` between ranks allowed.
    ///
    /// # Errors
    /// Another character, another number of squares, or a number skipped.
    pub fn parse(text: &str, squares: usize) -> Result<KingBuckets, String> {
        let map = text
            .chars()
            .filter(|&c| c != '/')
            .map(|c| c.to_digit(36).map(|d| d as u8).ok_or_else(|| format!("'{c}' is not a king bucket (0-9, a-z)")))
            .collect::<Result<Vec<u8>, String>>()?;
        if map.len() != squares {
            return Err(format!("{} king buckets given, one per square needs {squares}", map.len()));
        }
        KingBuckets::new(map)
    }

    /// The number of sets.
    #[inline(always)]
    pub fn count(&self) -> usize {
        self.count
    }

    /// The inputs of one view in `G` with these buckets: a set of the game's for each.
    ///
    /// ```
    /// use ladya_nnue::features::KingBuckets;
    ///
    /// let two = KingBuckets::parse(&format!("{}{}", "0".repeat(16), "1".repeat(48)), 64).unwrap();
    /// assert_eq!(two.inputs::<ladya_chess::Position>(), 2 * 768);
    /// assert_eq!(KingBuckets::default().inputs::<ladya_chess::Position>(), 768);
    /// ```
    pub fn inputs<G: Game>(&self) -> usize {
        self.count * inputs::<G>()
    }

    /// The set of a view whose king stands on `square` as it sees it.
    #[inline(always)]
    pub fn bucket(&self, square: u8) -> u8 {
        self.map.get(square as usize).copied().unwrap_or(0)
    }

    /// The map, one set per square; empty for one set.
    pub fn map(&self) -> &[u8] {
        &self.map
    }
}

/// How one side's view sees the board: turned left to right or not, and which set of inputs
/// ([`KingBuckets`]) it uses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// Turned left to right ([`Orientation::ByKing`]).
    pub turned: bool,
    /// The first input of its set: the set's number times the game's inputs.
    pub first: u32,
}

/// The view of `perspective`, whose king stands on `square`, under `orientation` and
/// `buckets`: turned left to right when the square's mirror image comes before it in the
/// view, the set by the square as the (turned) view sees it.
#[inline]
pub fn view<G: Game>(square: u8, perspective: Side, orientation: Orientation, buckets: &KingBuckets) -> View {
    let mut seen = seen_square::<G>(square, perspective);
    let image = G::mirror_square(seen).filter(|&image| orientation == Orientation::ByKing && turns_view(seen, image));
    if let Some(image) = image {
        seen = image;
    }
    View { turned: image.is_some(), first: buckets.bucket(seen) as u32 * inputs::<G>() as u32 }
}

/// Whether a view turned by the king ([`Orientation::ByKing`]) is turned while its king stands
/// on `square` (as the view sees it), whose mirror image is `image`: when the image comes first.
#[inline]
pub fn turns_view(square: u8, image: u8) -> bool {
    image < square
}

/// Each side's view of `pieces`, White's then Black's (the default view for a side without a
/// king).
pub fn views<G: Game>(pieces: &[PlacedPiece], orientation: Orientation, buckets: &KingBuckets) -> [View; 2] {
    let mut views = [View::default(); 2];
    for piece in pieces.iter().filter(|p| Some(p.kind) == G::ROYAL_KIND) {
        views[piece.side.index()] = view::<G>(piece.square, piece.side, orientation, buckets);
    }
    views
}

/// The input `piece` sets in `perspective`'s view `view`, in `G`.
#[inline(always)]
pub fn index<G: Game>(piece: PlacedPiece, perspective: Side, view: View) -> usize {
    let mut square = seen_square::<G>(piece.square, perspective);
    if view.turned {
        square = G::mirror_square(square).unwrap_or(square);
    }
    view.first as usize + index_of(G::PIECE_KINDS, G::SQUARES, piece.side == perspective, piece.kind, square)
}

/// The one formula: own pieces' kinds first, then the opponent's, each a block of squares.
#[inline(always)]
const fn index_of(kinds: usize, squares: usize, own: bool, kind: u8, square: u8) -> usize {
    ((!own as usize) * kinds + kind as usize) * squares + square as usize
}

#[cfg(test)]
mod tests {
    use super::*;
    use ladya_chess::Position;

    #[test]
    fn both_views_of_the_start_see_the_same_inputs() {
        let pos = Position::start();
        let mut pieces = Vec::new();
        pos.placed_pieces(&mut pieces);
        let space = FeatureSpace::of::<Position>();
        assert_eq!(space.inputs(), 768);
        let mut views: [Vec<usize>; 2] = Default::default();
        for side in Side::BOTH {
            views[side.index()] = pieces.iter().map(|&p| index::<Position>(p, side, View::default())).collect();
            views[side.index()].sort();
            let from_space: Vec<usize> = pieces.iter().map(|&p| space.index(p, side)).collect();
            let mut sorted = from_space.clone();
            sorted.sort();
            assert_eq!(sorted, views[side.index()]);
        }
        assert_eq!(views[0], views[1]);
        // White's e1 king: own king (kind 5) on square 4.
        assert_eq!(index::<Position>(PlacedPiece::new(Side::White, 5, 4), Side::White, View::default()), 5 * 64 + 4);
        // Seen by Black it is the opponent's king on e8.
        assert_eq!(
            index::<Position>(PlacedPiece::new(Side::White, 5, 4), Side::Black, View::default()),
            (6 + 5) * 64 + 60
        );
    }

    /// Every piece of `G`'s start position, each put on its mirror image's square.
    fn mirrored_start<G: Game>() -> (Vec<PlacedPiece>, Vec<PlacedPiece>) {
        let mut pieces = Vec::new();
        G::start().placed_pieces(&mut pieces);
        let mut images: Vec<PlacedPiece> =
            pieces.iter().map(|p| PlacedPiece::new(p.side, p.kind, G::mirror_square(p.square).unwrap())).collect();
        pieces.sort_by_key(|p| p.square);
        images.sort_by_key(|p| p.square);
        (pieces, images)
    }

    #[test]
    fn the_mirror_turns_the_files_over_and_the_starts_are_their_own_images() {
        // Chess's start is its own image but for the kings and queens (kinds 4 and 5).
        let (pieces, images) = mirrored_start::<Position>();
        let others = |pieces: Vec<PlacedPiece>| pieces.into_iter().filter(|p| p.kind < 4).collect::<Vec<_>>();
        assert_eq!(others(pieces), others(images));
        let (pieces, images) = mirrored_start::<ladya_xiangqi::Position>();
        assert_eq!(pieces, images);
        assert_eq!(Position::mirror_square(0), Some(7)); // a1 and h1
        assert_eq!(Position::mirror_square(4), Some(3)); // e1 and d1
        assert_eq!(ladya_xiangqi::Position::mirror_square(9), Some(17)); // a1 and i1
        for square in 0..90 {
            let image = ladya_xiangqi::Position::mirror_square(square).unwrap();
            assert_eq!(ladya_xiangqi::Position::mirror_square(image), Some(square));
        }
        // Ugolki's homes are corners: no left-right symmetry.
        assert_eq!(ladya_ugolki::Position::mirror_square(0), None);
    }
}
