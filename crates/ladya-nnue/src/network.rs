//! The network: its parameters in integers, its file format, and the output layer.
//!
//! A file is, in little-endian order:
//!
//! | bytes | what |
//! |---|---|
//! | 8 | `LADYNNUE` |
//! | 4 | format version: 2, 3 for views turned by the king, 4 with king buckets too |
//! | 8 | the game's name, padded with zero bytes |
//! | 4, 4, 4 | inputs of one view, hidden width, output scale |
//! | 4 | output buckets: kind (0 single, 1 by pieces, 2 by move number), count `B`, span (u16) |
//! | 4 | formats 3 and 4: the views' orientation (0 fixed, 1 turned by the king) |
//! | squares | format 4 only: the king bucket of each square ([`KingBuckets`]) |
//! | 2 x inputs x hidden | feature weights, input by input (i16, times [`QA`]) |
//! | 2 x hidden | feature biases (i16, times [`QA`]) |
//! | B x 2 x 2 x hidden | output weights, bucket by bucket, the side to move's view first (i16, times [`QB`]) |
//! | B x 4 | output biases (i32, times [`QA`] x [`QB`]) |
//! | 8 | FNV-1a hash of every byte before it |

use ladya_core::{Game, Score};
use thiserror::Error;

use crate::buckets::{MAX_BUCKETS, OutputBuckets};
use crate::features::{self, KingBuckets, Orientation};
use crate::game_name;
use crate::quantisation::{MAX_HIDDEN, QA, QB};
use crate::simd::Kernels;

const MAGIC: &[u8; 8] = b"LADYNNUE";
/// The format of fixed views; [`VERSION_ORIENTED`] adds the orientation to the header.
const VERSION: u32 = 2;
/// The format of views turned by the king.
const VERSION_ORIENTED: u32 = 3;
/// The format of views with king buckets.
const VERSION_KING_BUCKETS: u32 = 4;
/// The header of format 2 (format 3 has 4 bytes more).
const HEADER_BYTES: usize = 8 + 4 + 8 + 12 + 4;

/// Why a network file is refused.
#[derive(Debug, Error, PartialEq, Eq)]
pub enum NetworkError {
    /// The file does not start like a network file.
    #[error("not a Ladya network file (it does not start with LADYNNUE)")]
    NotANetwork,
    /// A format version this build does not read.
    #[error("network format version {0}, but this build reads versions {VERSION} to {VERSION_KING_BUCKETS}")]
    Version(u32),
    /// A network for another game.
    #[error("the network is for {found}, not {expected}")]
    WrongGame {
        /// The game asked for.
        expected: String,
        /// The game the file names.
        found: String,
    },
    /// A network with another number of inputs than the game has.
    #[error("the network has {found} inputs, but {game} has {expected}")]
    WrongInputs {
        /// The game.
        game: &'static str,
        /// The game's inputs.
        expected: usize,
        /// The file's inputs.
        found: usize,
    },
    /// A hidden width that is zero, too wide or not a multiple of 16.
    #[error("hidden width {0} is not a multiple of 16 between 16 and {MAX_HIDDEN}")]
    Hidden(usize),
    /// A scale of zero.
    #[error("the output scale is 0")]
    Scale,
    /// Output buckets this build does not know, or of a bad count or span.
    #[error("bad output buckets in the header")]
    Buckets,
    /// A views' orientation this build does not know.
    #[error("unknown orientation {0} of the views in the header")]
    Orientation(u32),
    /// Views turned by the king in a game without a royal piece or a mirror image, or king
    /// buckets in a game without a royal piece.
    #[error("{0} has no king and mirror image to turn the views by")]
    NoKingTurn(&'static str),
    /// King buckets that skip a number.
    #[error("bad king buckets in the header")]
    KingBuckets,
    /// An output weight beyond ±127, which the integer output layer cannot take.
    #[error("output weight {0} is beyond ±127")]
    OutputWeight(i16),
    /// The file is longer or shorter than its header says.
    #[error("the file has {found} bytes, but its header says {expected}")]
    Size {
        /// The size the header implies.
        expected: usize,
        /// The file's size.
        found: usize,
    },
    /// The bytes are not those that were written.
    #[error("the network file is corrupt (checksum mismatch)")]
    Checksum,
}

/// A network's parameters in floats, as a trainer holds them; [`Network::quantise`] turns them
/// into a network.
#[derive(Clone, Debug, PartialEq)]
pub struct NetworkParameters {
    /// Inputs of one view.
    pub inputs: usize,
    /// Width of the hidden layer.
    pub hidden: usize,
    /// `inputs x hidden` weights, input by input.
    pub feature_weights: Vec<f32>,
    /// `hidden` biases.
    pub feature_biases: Vec<f32>,
    /// How the output layer is picked.
    pub buckets: OutputBuckets,
    /// How each side's view of the board is oriented.
    pub orientation: Orientation,
    /// The sets of inputs by the king's square; `inputs` counts them all.
    pub king_buckets: KingBuckets,
    /// `2 x hidden` weights per bucket, bucket by bucket, the side to move's view first.
    pub output_weights: Vec<f32>,
    /// The output's bias, one per bucket.
    pub output_biases: Vec<f32>,
    /// Evaluation units of an output of 1.0.
    pub scale: u32,
}

impl NetworkParameters {
    /// Untrained parameters of fixed, uneven weights (no two neighbours alike), one output
    /// layer, fixed views and scale 400: a network whose evaluation differs from position to
    /// position, for tests and examples that need one without training it.
    ///
    /// ```
    /// use ladya_nnue::{Network, NetworkParameters};
    ///
    /// let parameters = NetworkParameters::uneven(768, 32);
    /// assert_eq!(parameters.feature_weights.len(), 768 * 32);
    /// assert_eq!(Network::quantise("chess", &parameters)?.hidden(), 32);
    /// # Ok::<(), ladya_nnue::NetworkError>(())
    /// ```
    pub fn uneven(inputs: usize, hidden: usize) -> NetworkParameters {
        let wave = |i: usize, spread: f32| ((i * 7919 + 13) % 401) as f32 / 200.0 * spread - spread;
        NetworkParameters {
            inputs,
            hidden,
            feature_weights: (0..inputs * hidden).map(|i| wave(i, 0.3)).collect(),
            feature_biases: (0..hidden).map(|i| wave(i + 5, 0.5)).collect(),
            output_weights: (0..2 * hidden).map(|i| wave(i + 9, 1.5)).collect(),
            buckets: OutputBuckets::Single,
            orientation: Orientation::Fixed,
            king_buckets: KingBuckets::default(),
            output_biases: vec![0.0],
            scale: 400,
        }
    }
}

/// A network in integers, ready for inference.
#[derive(Clone, PartialEq, Eq)]
pub struct Network {
    game: String,
    inputs: usize,
    hidden: usize,
    scale: u32,
    buckets: OutputBuckets,
    orientation: Orientation,
    king_buckets: KingBuckets,
    feature_weights: Vec<i16>,
    feature_biases: Vec<i16>,
    output_weights: Vec<i16>,
    output_biases: Vec<i32>,
}

impl std::fmt::Debug for Network {
    /// The shape, not the weights.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Network({}: {} -> 2x{} -> 1, buckets {}, views {:?}, {} king buckets, scale {})",
            self.game,
            self.inputs,
            self.hidden,
            self.buckets,
            self.orientation,
            self.king_buckets.count(),
            self.scale
        )
    }
}

/// 64-bit FNV-1a.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3))
}

/// Reads little-endian numbers in order.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl Reader<'_> {
    /// The next `N` bytes; zero bytes past the end (callers check the size first).
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let mut out = [0; N];
        let n = N.min(self.bytes.len());
        out[..n].copy_from_slice(&self.bytes[..n]);
        self.bytes = &self.bytes[n..];
        out
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }

    fn i16s(&mut self, n: usize) -> Vec<i16> {
        (0..n).map(|_| i16::from_le_bytes(self.take())).collect()
    }
}

impl Network {
    /// The name of the game a network file is for, read from its header.
    ///
    /// # Errors
    /// A file that is not a network or of another format version.
    pub fn game_of(bytes: &[u8]) -> Result<String, NetworkError> {
        if bytes.len() < HEADER_BYTES || &bytes[..8] != MAGIC {
            return Err(NetworkError::NotANetwork);
        }
        let mut reader = Reader { bytes: &bytes[8..] };
        let version = reader.u32();
        if !(VERSION..=VERSION_KING_BUCKETS).contains(&version) {
            return Err(NetworkError::Version(version));
        }
        let name: [u8; 8] = reader.take();
        Ok(game_name::from_bytes(&name))
    }

    /// The size of the largest network file for `G` that [`Network::from_bytes`] can accept:
    /// a king bucket per square, the widest hidden layer and the most output buckets. A
    /// reader need not read more than this (and one byte to tell a longer file).
    pub fn max_bytes<G: Game>() -> usize {
        let inputs = G::SQUARES * features::inputs::<G>();
        Network::header_bytes(VERSION_KING_BUCKETS, G::SQUARES)
            + 2 * (inputs * MAX_HIDDEN + MAX_HIDDEN + MAX_BUCKETS * 2 * MAX_HIDDEN)
            + 4 * MAX_BUCKETS
            + 8
    }

    /// The header's size in format `version` for a board of `squares`.
    fn header_bytes(version: u32, squares: usize) -> usize {
        match version {
            VERSION => HEADER_BYTES,
            VERSION_ORIENTED => HEADER_BYTES + 4,
            _ => HEADER_BYTES + 4 + squares,
        }
    }

    /// The format version this network needs.
    fn version(&self) -> u32 {
        match (self.orientation, self.king_buckets.count()) {
            (Orientation::Fixed, 1) => VERSION,
            (Orientation::ByKing, 1) => VERSION_ORIENTED,
            _ => VERSION_KING_BUCKETS,
        }
    }

    /// Reads a network file for `G`, checking its header, size and checksum.
    ///
    /// # Errors
    /// A file that is not a network, of another version, for another game or input count, of
    /// a bad hidden width or scale, of the wrong size, or corrupt.
    pub fn from_bytes<G: Game>(bytes: &[u8]) -> Result<Network, NetworkError> {
        let game = Network::game_of(bytes)?;
        let mut reader = Reader { bytes: &bytes[HEADER_BYTES - 16..] };
        if game != G::NAME {
            return Err(NetworkError::WrongGame { expected: G::NAME.to_string(), found: game });
        }
        let (inputs, hidden, scale) = (reader.u32() as usize, reader.u32() as usize, reader.u32());
        if hidden == 0 || hidden > MAX_HIDDEN || !hidden.is_multiple_of(16) {
            return Err(NetworkError::Hidden(hidden));
        }
        if scale == 0 {
            return Err(NetworkError::Scale);
        }
        let buckets = OutputBuckets::from_bytes(reader.take()).ok_or(NetworkError::Buckets)?;
        let version = (Reader { bytes: &bytes[8..] }).u32();
        let orientation = match version {
            VERSION => Orientation::Fixed,
            _ => match reader.u32() {
                0 => Orientation::Fixed,
                1 => Orientation::ByKing,
                other => return Err(NetworkError::Orientation(other)),
            },
        };
        let king_buckets = match version {
            VERSION_KING_BUCKETS => {
                let map = (0..G::SQUARES).map(|_| reader.take::<1>()[0]).collect();
                KingBuckets::new(map).map_err(|_| NetworkError::KingBuckets)?
            }
            _ => KingBuckets::default(),
        };
        let turned = orientation == Orientation::ByKing;
        if (turned && G::mirror_square(0).is_none())
            || ((turned || king_buckets.count() > 1) && G::ROYAL_KIND.is_none())
        {
            return Err(NetworkError::NoKingTurn(G::NAME));
        }
        let game_inputs = king_buckets.inputs::<G>();
        if inputs != game_inputs {
            return Err(NetworkError::WrongInputs { game: G::NAME, expected: game_inputs, found: inputs });
        }
        let count = buckets.count();
        let expected = Network::header_bytes(version, G::SQUARES)
            + 2 * (inputs * hidden + hidden + count * 2 * hidden)
            + 4 * count
            + 8;
        if bytes.len() != expected {
            return Err(NetworkError::Size { expected, found: bytes.len() });
        }
        let (body, sum) = bytes.split_at(expected - 8);
        if fnv1a(body) != u64::from_le_bytes(Reader { bytes: sum }.take()) {
            return Err(NetworkError::Checksum);
        }
        let feature_weights = reader.i16s(inputs * hidden);
        let feature_biases = reader.i16s(hidden);
        let output_weights = reader.i16s(count * 2 * hidden);
        let output_biases = (0..count).map(|_| i32::from_le_bytes(reader.take())).collect();
        if let Some(&w) = output_weights.iter().find(|w| w.unsigned_abs() > 127) {
            return Err(NetworkError::OutputWeight(w));
        }
        Ok(Network {
            game,
            inputs,
            hidden,
            scale,
            buckets,
            orientation,
            king_buckets,
            feature_weights,
            feature_biases,
            output_weights,
            output_biases,
        })
    }

    /// The network in its file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(
            Network::header_bytes(self.version(), self.king_buckets.map().len())
                + 2 * (self.feature_weights.len() + self.hidden + self.output_weights.len())
                + 4 * self.output_biases.len()
                + 8,
        );
        out.extend_from_slice(MAGIC);
        let version = self.version();
        out.extend_from_slice(&version.to_le_bytes());
        out.extend_from_slice(&game_name::to_bytes(&self.game));
        for n in [self.inputs as u32, self.hidden as u32, self.scale] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&self.buckets.to_bytes());
        if version >= VERSION_ORIENTED {
            let orientation: u32 = match self.orientation {
                Orientation::Fixed => 0,
                Orientation::ByKing => 1,
            };
            out.extend_from_slice(&orientation.to_le_bytes());
        }
        if version == VERSION_KING_BUCKETS {
            out.extend_from_slice(self.king_buckets.map());
        }
        for w in self.feature_weights.iter().chain(&self.feature_biases).chain(&self.output_weights) {
            out.extend_from_slice(&w.to_le_bytes());
        }
        for b in &self.output_biases {
            out.extend_from_slice(&b.to_le_bytes());
        }
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// The network of `game` with `parameters` rounded to integers: hidden weights and biases
    /// times [`QA`], output weights times [`QB`] (clipped to ±127, which keeps the output's
    /// products within 16 bits), the output biases times both.
    ///
    /// # Errors
    /// Parameters of the wrong sizes, a bad hidden width or a zero scale.
    pub fn quantise(game: &str, parameters: &NetworkParameters) -> Result<Network, NetworkError> {
        let p = parameters;
        if p.hidden == 0 || p.hidden > MAX_HIDDEN || !p.hidden.is_multiple_of(16) {
            return Err(NetworkError::Hidden(p.hidden));
        }
        if p.scale == 0 {
            return Err(NetworkError::Scale);
        }
        let count = p.buckets.count();
        let sizes = [
            (p.feature_weights.len(), p.inputs * p.hidden),
            (p.feature_biases.len(), p.hidden),
            (p.output_weights.len(), count * 2 * p.hidden),
            (p.output_biases.len(), count),
        ];
        if let Some(&(found, expected)) = sizes.iter().find(|(found, expected)| found != expected) {
            return Err(NetworkError::Size { expected, found });
        }
        let round = |w: &f32, q: i32, limit: i16| (w * q as f32).round().clamp(-limit as f32, limit as f32) as i16;
        Ok(Network {
            game: game.to_string(),
            inputs: p.inputs,
            hidden: p.hidden,
            scale: p.scale,
            buckets: p.buckets,
            orientation: p.orientation,
            king_buckets: p.king_buckets.clone(),
            feature_weights: p.feature_weights.iter().map(|w| round(w, QA, i16::MAX)).collect(),
            feature_biases: p.feature_biases.iter().map(|w| round(w, QA, i16::MAX)).collect(),
            output_weights: p.output_weights.iter().map(|w| round(w, QB, 127)).collect(),
            output_biases: p.output_biases.iter().map(|b| (b * (QA * QB) as f32).round() as i32).collect(),
        })
    }

    /// The parameters in floats that round to this network ([`Network::quantise`] of them
    /// gives it back), as a trainer starts from them.
    pub fn parameters(&self) -> NetworkParameters {
        let scaled = |values: &[i16], q: i32| values.iter().map(|&v| v as f32 / q as f32).collect();
        NetworkParameters {
            inputs: self.inputs,
            hidden: self.hidden,
            feature_weights: scaled(&self.feature_weights, QA),
            feature_biases: scaled(&self.feature_biases, QA),
            buckets: self.buckets,
            orientation: self.orientation,
            king_buckets: self.king_buckets.clone(),
            output_weights: scaled(&self.output_weights, QB),
            output_biases: self.output_biases.iter().map(|&b| b as f32 / (QA * QB) as f32).collect(),
            scale: self.scale,
        }
    }

    /// The game the network is for.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// Inputs of one view (every king bucket's).
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Whether the network is one for `G`: made for its game, with a set of `G`'s inputs for
    /// each of its king buckets.
    ///
    /// ```
    /// use ladya_nnue::features::KingBuckets;
    /// use ladya_nnue::{Network, NetworkParameters};
    ///
    /// let net = Network::quantise("chess", &NetworkParameters::uneven(768, 32))?;
    /// assert!(net.fits::<ladya_chess::Position>() && !net.fits::<ladya_xiangqi::Position>());
    ///
    /// // Two king buckets: two sets of the game's 768 inputs.
    /// let map = KingBuckets::parse(&format!("{}{}", "0".repeat(16), "1".repeat(48)), 64).unwrap();
    /// let parameters = NetworkParameters { king_buckets: map, ..NetworkParameters::uneven(2 * 768, 32) };
    /// assert!(Network::quantise("chess", &parameters)?.fits::<ladya_chess::Position>());
    /// # Ok::<(), ladya_nnue::NetworkError>(())
    /// ```
    pub fn fits<G: Game>(&self) -> bool {
        self.game == G::NAME && self.inputs == self.king_buckets.inputs::<G>()
    }

    /// Width of the hidden layer.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Evaluation units of an output of 1.0.
    pub fn scale(&self) -> u32 {
        self.scale
    }

    /// How the output layer is picked.
    pub fn buckets(&self) -> OutputBuckets {
        self.buckets
    }

    /// How each side's view of the board is oriented.
    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The sets of inputs by the king's square.
    pub fn king_buckets(&self) -> &KingBuckets {
        &self.king_buckets
    }

    /// Whether a view changes with where its king stands (turned or bucketed).
    #[inline]
    pub fn follows_kings(&self) -> bool {
        self.orientation == Orientation::ByKing || self.king_buckets.count() > 1
    }

    /// The hidden layer's biases: a view with no pieces.
    pub(crate) fn biases(&self) -> &[i16] {
        &self.feature_biases
    }

    /// The hidden layer's weights for input `index`.
    #[inline(always)]
    pub(crate) fn row(&self, index: usize) -> &[i16] {
        &self.feature_weights[index * self.hidden..(index + 1) * self.hidden]
    }

    /// The score, in the game's evaluation units, of hidden values `own` (the side to move's
    /// view) and `other`, by output layer `bucket`.
    pub(crate) fn output(&self, kernels: Kernels, own: &[i16], other: &[i16], bucket: usize) -> Score {
        let weights = &self.output_weights[bucket * 2 * self.hidden..(bucket + 1) * 2 * self.hidden];
        let (own_weights, other_weights) = weights.split_at(self.hidden);
        let sum = kernels.clipped_square_dot(own, own_weights) + kernels.clipped_square_dot(other, other_weights);
        let raw = sum / QA as i64 + self.output_biases[bucket] as i64;
        (raw * self.scale as i64 / (QA * QB) as i64) as Score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ladya_chess::Position;

    fn tiny(hidden: usize) -> NetworkParameters {
        let inputs = 768;
        let wave = |i: usize| ((i * 7919) % 201) as f32 / 100.0 - 1.0;
        NetworkParameters {
            inputs,
            hidden,
            feature_weights: (0..inputs * hidden).map(|i| wave(i) / 8.0).collect(),
            feature_biases: (0..hidden).map(|i| wave(i + 3) / 4.0).collect(),
            buckets: OutputBuckets::Pieces { count: 2, most: 32 },
            orientation: Orientation::Fixed,
            king_buckets: KingBuckets::default(),
            output_weights: (0..4 * hidden).map(|i| wave(i + 11)).collect(),
            output_biases: vec![0.25, -0.5],
            scale: 400,
        }
    }

    #[test]
    fn a_network_survives_its_file_format() {
        let net = Network::quantise("chess", &tiny(32)).unwrap();
        let bytes = net.to_bytes();
        assert_eq!(Network::from_bytes::<Position>(&bytes), Ok(net));
        // Views turned by the king: format 3, four bytes longer.
        let turned =
            Network::quantise("chess", &NetworkParameters { orientation: Orientation::ByKing, ..tiny(32) }).unwrap();
        let turned_bytes = turned.to_bytes();
        assert_eq!((turned_bytes[8], turned_bytes.len()), (3, bytes.len() + 4));
        assert_eq!(Network::from_bytes::<Position>(&turned_bytes), Ok(turned));
        let mut unknown = turned_bytes.clone();
        unknown[HEADER_BYTES] = 2;
        assert_eq!(Network::from_bytes::<Position>(&unknown), Err(NetworkError::Orientation(2)));
        // King buckets: format 4, the map after the orientation, a set of inputs per bucket.
        let map: Vec<u8> = (0..64).map(|square| (square / 32) as u8).collect();
        let mut two = tiny(32);
        two.feature_weights.extend_from_within(..);
        two.inputs = 2 * 768;
        two.king_buckets = KingBuckets::new(map).unwrap();
        let bucketed = Network::quantise("chess", &two).unwrap();
        let bucketed_bytes = bucketed.to_bytes();
        assert_eq!(bucketed_bytes[8], 4);
        assert_eq!(Network::from_bytes::<Position>(&bucketed_bytes), Ok(bucketed));
        let mut skipped = bucketed_bytes.clone();
        skipped[HEADER_BYTES + 4 + 40] = 3;
        assert_eq!(Network::from_bytes::<Position>(&skipped), Err(NetworkError::KingBuckets));
        let mut one_set = bucketed_bytes.clone();
        one_set[HEADER_BYTES + 4..HEADER_BYTES + 4 + 64].fill(0);
        assert!(matches!(Network::from_bytes::<Position>(&one_set), Err(NetworkError::WrongInputs { .. })));
    }

    #[test]
    fn bad_files_are_refused_with_the_reason() {
        let bytes = Network::quantise("chess", &tiny(32)).unwrap().to_bytes();
        assert_eq!(Network::from_bytes::<Position>(b"hello"), Err(NetworkError::NotANetwork));
        let mut corrupt = bytes.clone();
        corrupt[HEADER_BYTES + 100] ^= 1;
        assert_eq!(Network::from_bytes::<Position>(&corrupt), Err(NetworkError::Checksum));
        let short = &bytes[..bytes.len() - 2];
        assert!(matches!(Network::from_bytes::<Position>(short), Err(NetworkError::Size { .. })));
        let mut long = bytes.clone();
        long.push(0);
        assert!(matches!(Network::from_bytes::<Position>(&long), Err(NetworkError::Size { .. })));
        let err = Network::from_bytes::<ladya_xiangqi::Position>(&bytes).unwrap_err();
        assert_eq!(err.to_string(), "the network is for chess, not xiangqi");
        let mut version = bytes.clone();
        version[8] = 9;
        assert_eq!(Network::from_bytes::<Position>(&version), Err(NetworkError::Version(9)));
        let mut buckets = bytes.clone();
        buckets[HEADER_BYTES - 4] = 7;
        assert_eq!(Network::from_bytes::<Position>(&buckets), Err(NetworkError::Buckets));
        let mut wide = tiny(32);
        wide.hidden = 24;
        assert_eq!(Network::quantise("chess", &wide), Err(NetworkError::Hidden(24)));
        let mut ugolki = tiny(32);
        ugolki.feature_weights.truncate(128 * 32);
        ugolki.inputs = 128;
        let ugolki = Network::quantise("chess", &ugolki).unwrap().to_bytes();
        assert!(matches!(Network::from_bytes::<Position>(&ugolki), Err(NetworkError::WrongInputs { .. })));
    }
}
