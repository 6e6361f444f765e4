//! Training positions, read from data files once and laid out for the trainer: each
//! position's active inputs in both views as flat arrays of input numbers, its score and its
//! result, all from the side to move's view, and its move number.
//!
//! The inputs are first those of fixed views; [`Positions::with_views_turned_by_king`] turns
//! them as a network of [`Orientation::ByKing`] sees them, and [`Positions::with_king_buckets`]
//! moves each view to its king's set of inputs.

use std::path::Path;

use ladya_core::{PlacedPiece, Side};
use ladya_nnue::data::{DataHeader, DataSet};
use ladya_nnue::features::{self, FeatureSpace, KingBuckets};
use ladya_nnue::{Orientation, OutputBuckets};

use crate::TrainError;
use crate::machine::prefetch;

/// Every position of one or more data files of one game.
#[derive(Clone, Debug)]
pub struct Positions {
    header: DataHeader,
    /// Where each position's inputs start in `own` and `other`, and one more: the end.
    starts: Vec<usize>,
    /// The inputs the pieces set in the side to move's view, position after position.
    own: Vec<u16>,
    /// The inputs the same pieces set in the other side's view.
    other: Vec<u16>,
    /// The search's score, side to move's view, in evaluation units.
    scores: Vec<f32>,
    /// The game's result, side to move's view: 1 won, 0.5 drawn, 0 lost.
    results: Vec<f32>,
    /// The full-move numbers, 0 where a file of format 1 did not keep them.
    move_numbers: Vec<u16>,
    /// Whether every file kept the move numbers.
    has_move_numbers: bool,
    /// The most pieces any position has.
    most_pieces: usize,
    /// Where each game's positions start, and one more: the end.
    game_starts: Vec<usize>,
    /// How the views of `own` and `other` are oriented.
    orientation: Orientation,
    /// The sets of inputs by the king's square that `own` and `other` number.
    king_buckets: KingBuckets,
}

/// The inputs `pieces` set in `perspective`'s view, in the order of `pieces`.
pub(crate) fn view_inputs(
    space: &FeatureSpace,
    pieces: &[PlacedPiece],
    perspective: Side,
) -> impl Iterator<Item = u16> {
    pieces.iter().map(move |&piece| space.index(piece, perspective) as u16)
}

impl Positions {
    /// Reads every data file of `paths` (all of one game, with one input shape).
    ///
    /// # Errors
    /// No file given, a file that cannot be read, is not a data file, has a corrupt header or
    /// holds a corrupt position, files of different games, a game with more inputs than the trainer numbers
    /// (65,536), or no positions at all.
    pub fn read<P: AsRef<Path>>(paths: &[P]) -> Result<Positions, TrainError> {
        let mut positions: Option<Positions> = None;
        for path in paths {
            let path = path.as_ref();
            let set =
                DataSet::read(path).map_err(|source| TrainError::Data { path: path.display().to_string(), source })?;
            let space = &set.header.space;
            // A square is one byte and a kind seven bits of a position's piece.
            let header_error = |what: String| TrainError::Header { path: path.display().to_string(), what };
            if !(1..=128).contains(&space.kinds) {
                return Err(header_error(format!("{} kinds of piece, where a game has 1 to 128", space.kinds)));
            }
            if !(1..=256).contains(&space.squares) {
                return Err(header_error(format!("{} squares, where a board has 1 to 256", space.squares)));
            }
            if let Some((square, seen)) = space.flipped.iter().enumerate().find(|&(_, &s)| s as usize >= space.squares)
            {
                return Err(TrainError::Header {
                    path: path.display().to_string(),
                    what: format!("Black sees square {square} as {seen}, off a board of {} squares", space.squares),
                });
            }
            match &mut positions {
                None => positions = Some(Positions::new(set.header.clone())?),
                Some(first) if (&first.header.game, &first.header.space) != (&set.header.game, &set.header.space) => {
                    return Err(TrainError::MixedGames {
                        first: first.header.game.clone(),
                        path: path.display().to_string(),
                        found: set.header.game,
                    });
                }
                Some(_) => {}
            }
            if let Some(positions) = &mut positions {
                positions.add(&set);
            }
        }
        match positions {
            Some(positions) if !positions.is_empty() => Ok(positions),
            _ => Err(TrainError::NoPositions),
        }
    }

    /// No positions yet, of the game `header` describes.
    fn new(header: DataHeader) -> Result<Positions, TrainError> {
        if header.space.inputs() > 1 << 16 {
            return Err(TrainError::TooManyInputs(header.space.inputs()));
        }
        Ok(Positions {
            header,
            starts: vec![0],
            own: Vec::new(),
            other: Vec::new(),
            scores: Vec::new(),
            results: Vec::new(),
            move_numbers: Vec::new(),
            has_move_numbers: true,
            most_pieces: 0,
            game_starts: vec![0],
            orientation: Orientation::Fixed,
            king_buckets: KingBuckets::default(),
        })
    }

    /// Adds the positions of `set`, whose header is this one's.
    fn add(&mut self, set: &DataSet) {
        self.has_move_numbers &= set.header.version >= 2;
        let space = &self.header.space;
        for sample in &set.samples {
            let stm = sample.side_to_move;
            self.own.extend(view_inputs(space, &sample.pieces, stm));
            self.other.extend(view_inputs(space, &sample.pieces, stm.opponent()));
            self.starts.push(self.own.len());
            let white_score = sample.result.white_score();
            let (score, result) = match stm {
                Side::White => (sample.score as f32, white_score),
                Side::Black => (-(sample.score as f32), 1.0 - white_score),
            };
            self.scores.push(score);
            self.results.push(result);
            self.move_numbers.push(sample.move_number);
            self.most_pieces = self.most_pieces.max(sample.pieces.len());
        }
        for &length in &set.game_lengths {
            let end = self.game_starts[self.game_starts.len() - 1] + length as usize;
            self.game_starts.push(end);
        }
    }

    /// These positions with each game's mirror images added after its own positions:
    /// `mirror` gives each square's image ([`ladya_core::Game::mirror_square`]), and the
    /// images keep their position's score, result and move number. A game and its images stay
    /// together, so validation never holds the image of a training position.
    ///
    /// # Errors
    /// A map that is not a one-to-one map of the board's squares, or one that does not
    /// commute with Black's view of the board.
    pub fn with_mirror_images(&self, mirror: &[u8]) -> Result<Positions, TrainError> {
        self.check_mirror(mirror)?;
        if self.orientation == Orientation::ByKing {
            return Err(TrainError::Setting("views turned by the king see a position and its image alike".to_string()));
        }
        if self.king_buckets.count() > 1 {
            return Err(TrainError::Setting("mirror images are added before king buckets".to_string()));
        }
        let image = |input: u16| self.mirrored_input(mirror, input);
        let mut out = Positions::new(self.header.clone())?;
        out.has_move_numbers = self.has_move_numbers;
        out.most_pieces = self.most_pieces;
        for game in 0..self.games() {
            let range = self.game_positions(game);
            for mirrored in [false, true] {
                for i in range.clone() {
                    let (own, other) = self.inputs(i);
                    if mirrored {
                        out.own.extend(own.iter().map(|&input| image(input)));
                        out.other.extend(other.iter().map(|&input| image(input)));
                    } else {
                        out.own.extend_from_slice(own);
                        out.other.extend_from_slice(other);
                    }
                    out.starts.push(out.own.len());
                    out.scores.push(self.scores[i]);
                    out.results.push(self.results[i]);
                    out.move_numbers.push(self.move_numbers[i]);
                }
            }
            out.game_starts.push(out.scores.len());
        }
        Ok(out)
    }

    /// These positions as a network of [`Orientation::ByKing`] sees them: each view turned
    /// left to right by `mirror` ([`ladya_core::Game::mirror_square`]) where the view's own
    /// piece of kind `royal` ([`ladya_core::Game::ROYAL_KIND`]) stands on a square whose image
    /// comes before it, as [`ladya_nnue::features::turns_view`] decides in inference.
    ///
    /// # Errors
    /// A map that is not a one-to-one map of the board's squares or does not commute with
    /// Black's view, a kind the game does not have, or views turned already.
    pub fn with_views_turned_by_king(&self, royal: u8, mirror: &[u8]) -> Result<Positions, TrainError> {
        self.check_mirror(mirror)?;
        if self.orientation == Orientation::ByKing {
            return Err(TrainError::Setting("the views are turned by the king already".to_string()));
        }
        if self.king_buckets.count() > 1 {
            return Err(TrainError::Setting("views are turned before king buckets".to_string()));
        }
        let mut out = self.rewrite_views_by_king(royal, |square, inputs| {
            if features::turns_view(square, mirror[square as usize]) {
                inputs.iter_mut().for_each(|input| *input = self.mirrored_input(mirror, *input));
            }
        })?;
        out.orientation = Orientation::ByKing;
        Ok(out)
    }

    /// These positions with each view's inputs moved to the set of `buckets` of the square
    /// where the view's own piece of kind `royal` stands, as the (turned) view sees it, as
    /// inference numbers them.
    ///
    /// # Errors
    /// A map of another number of squares, a kind the game does not have, buckets already,
    /// or more inputs than the trainer numbers.
    pub fn with_king_buckets(&self, royal: u8, buckets: &KingBuckets) -> Result<Positions, TrainError> {
        let space = &self.header.space;
        if buckets.map().len() != space.squares {
            return Err(TrainError::Setting(format!(
                "{} king buckets given, one per square needs {}",
                buckets.map().len(),
                space.squares
            )));
        }
        if self.king_buckets.count() > 1 {
            return Err(TrainError::Setting("the positions have king buckets already".to_string()));
        }
        if buckets.count() * space.inputs() > 1 << 16 {
            return Err(TrainError::TooManyInputs(buckets.count() * space.inputs()));
        }
        let set = space.inputs() as u16;
        let mut out = self.rewrite_views_by_king(royal, |square, inputs| {
            let offset = buckets.bucket(square) as u16 * set;
            inputs.iter_mut().for_each(|input| *input += offset);
        })?;
        out.king_buckets = buckets.clone();
        Ok(out)
    }

    /// These positions with `rewrite` applied to each view's inputs, given the square of the
    /// view's own piece of kind `royal` as the view sees it; a view without one is left alone.
    ///
    /// # Errors
    /// A kind the game does not have.
    fn rewrite_views_by_king(&self, royal: u8, rewrite: impl Fn(u8, &mut [u16])) -> Result<Positions, TrainError> {
        let space = &self.header.space;
        if royal as usize >= space.kinds {
            return Err(TrainError::Setting(format!("the game has no piece of kind {royal}")));
        }
        let squares = space.squares as u16;
        let kings = royal as u16 * squares..(royal as u16 + 1) * squares;
        let mut out = self.clone();
        for view in [&mut out.own, &mut out.other] {
            for range in self.starts.windows(2) {
                let inputs = &mut view[range[0]..range[1]];
                let Some(king) = inputs.iter().find(|input| kings.contains(input)) else { continue };
                rewrite((king % squares) as u8, inputs);
            }
        }
        Ok(out)
    }

    /// The input that stands for `input`'s piece on the mirror image of its square.
    fn mirrored_input(&self, mirror: &[u8], input: u16) -> u16 {
        let squares = self.header.space.squares as u16;
        input - input % squares + mirror[(input % squares) as usize] as u16
    }

    /// Checks that `mirror` is a one-to-one map of the squares that commutes with Black's
    /// view of the board.
    fn check_mirror(&self, mirror: &[u8]) -> Result<(), TrainError> {
        let space = &self.header.space;
        let mut seen = vec![false; space.squares];
        let one_to_one = mirror.len() == space.squares
            && mirror
                .iter()
                .all(|&image| (image as usize) < space.squares && !std::mem::replace(&mut seen[image as usize], true));
        if !one_to_one {
            return Err(TrainError::Setting(format!(
                "the mirror map is not a one-to-one map of the {} squares",
                space.squares
            )));
        }
        if (0..space.squares).any(|s| mirror[space.flipped[s] as usize] != space.flipped[mirror[s] as usize]) {
            return Err(TrainError::Setting("the mirror image depends on which side views the board".to_string()));
        }
        Ok(())
    }

    /// A 64-bit fingerprint of the positions as the trainer sees them (inputs, scores,
    /// results, move numbers and games, in order): the same for the same files read in the
    /// same order with the same views, which a checkpoint keeps to be resumed on them alone.
    pub fn fingerprint(&self) -> u64 {
        let mut hash = crate::checkpoint::Hash64::default();
        hash.words(self.starts.iter().map(|&n| n as u64));
        hash.words(self.own.iter().chain(&self.other).map(|&n| u64::from(n)));
        hash.words(self.scores.iter().chain(&self.results).map(|x| u64::from(x.to_bits())));
        hash.words(self.move_numbers.iter().map(|&n| u64::from(n)));
        hash.words(self.game_starts.iter().map(|&n| n as u64));
        hash.finish()
    }

    /// The number of games the positions come from.
    pub fn games(&self) -> usize {
        self.game_starts.len() - 1
    }

    /// The positions of game `game` (below [`Positions::games`]).
    pub fn game_positions(&self, game: usize) -> std::ops::Range<usize> {
        self.game_starts[game]..self.game_starts[game + 1]
    }

    /// The game's name.
    pub fn game(&self) -> &str {
        &self.header.game
    }

    /// The shape of the game's inputs.
    pub fn space(&self) -> &FeatureSpace {
        &self.header.space
    }

    /// How the views are oriented.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The sets of inputs by the king's square.
    pub fn king_buckets(&self) -> &KingBuckets {
        &self.king_buckets
    }

    /// The inputs of one view, every king bucket's.
    pub fn inputs_per_view(&self) -> usize {
        self.king_buckets.count() * self.header.space.inputs()
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.scores.len()
    }

    /// Whether there are no positions.
    pub fn is_empty(&self) -> bool {
        self.scores.is_empty()
    }

    /// The most pieces any position has.
    pub fn most_pieces(&self) -> usize {
        self.most_pieces
    }

    /// Whether every position has its move number (files of format 1 do not keep them).
    pub fn has_move_numbers(&self) -> bool {
        self.has_move_numbers
    }

    /// Position `i`'s output layer by `buckets`.
    pub fn bucket(&self, i: usize, buckets: OutputBuckets) -> usize {
        buckets.bucket(self.starts[i + 1] - self.starts[i], self.move_numbers[i] as u32)
    }

    /// Position `i`'s active inputs: the side to move's view, then the other side's.
    #[inline(always)]
    pub(crate) fn inputs(&self, i: usize) -> (&[u16], &[u16]) {
        let range = self.starts[i]..self.starts[i + 1];
        (&self.own[range.clone()], &self.other[range])
    }

    /// Asks for where position `i`'s inputs lie to be in the cache soon.
    #[inline(always)]
    pub(crate) fn prefetch_start(&self, i: usize) {
        prefetch(&self.starts, i + 1);
    }

    /// Asks for position `i`'s inputs to be in the cache soon (best after
    /// [`Positions::prefetch_start`]).
    #[inline(always)]
    pub(crate) fn prefetch_inputs(&self, i: usize) {
        let (start, end) = (self.starts[i], self.starts[i + 1]);
        for inputs in [&self.own, &self.other] {
            prefetch(inputs, start);
            prefetch(inputs, end.saturating_sub(1));
        }
    }

    /// Position `i`'s score (evaluation units) and result (1 won, 0.5 drawn, 0 lost), both
    /// from the side to move's view.
    pub(crate) fn score_and_result(&self, i: usize) -> (f32, f32) {
        (self.scores[i], self.results[i])
    }
}
