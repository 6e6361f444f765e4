//! A training run's state, kept so that a later run of the trainer can go on from it: the float
//! parameters, Adam's state and how far the run got.
//!
//! A checkpoint file is, in little-endian order: `LADYCKPT`, the format version (u32, 3), the
//! game's name (8 bytes, padded with zero bytes), inputs, hidden width and scale (u32 each),
//! the output buckets (4 bytes, as in a network file),
//! the run's seed (u64), epochs done (u32), Adam's steps (u64), the fingerprint of the
//! training positions ([`Positions::fingerprint`](crate::Positions::fingerprint), u64), and
//! then, with `n` the number of parameters, the parameters, Adam's running means and its
//! running squares (`n` f32 each); last, a checksum of every byte before it (u64, see
//! [`Hash64`]), so that a corrupt or cut file is refused.
//!
//! Version 2 files, without the fingerprint and the checksum, are still read.

use ladya_nnue::{OutputBuckets, game_name};

use crate::TrainError;
use crate::adam::Adam;
use crate::model::Model;

const MAGIC: &[u8; 8] = b"LADYCKPT";
const VERSION: u32 = 3;
/// The header of version 2, without the fingerprint of the positions.
const HEADER_BYTES_2: usize = 8 + 4 + 8 + 12 + 4 + 8 + 4 + 8;
const HEADER_BYTES: usize = HEADER_BYTES_2 + 8;
const CHECKSUM_BYTES: usize = 8;

/// A 64-bit hash of a sequence of words, to fingerprint positions and check a file's bytes:
/// each word is mixed in with a multiply and a rotation (FxHash's step), and the end through
/// a final mix (SplitMix64's), so that any changed word changes the result.
#[derive(Clone, Debug)]
pub(crate) struct Hash64(u64);

impl Default for Hash64 {
    fn default() -> Hash64 {
        Hash64(0x6c61_6479_6121_2121)
    }
}

impl Hash64 {
    /// Mixes in `words`.
    pub(crate) fn words(&mut self, words: impl Iterator<Item = u64>) {
        for word in words {
            self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }

    /// Mixes in `bytes`, eight at a time, and their length.
    pub(crate) fn bytes(&mut self, bytes: &[u8]) {
        let chunks = bytes.chunks_exact(8);
        let tail = chunks.remainder();
        self.words(chunks.map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))));
        let mut last = [0u8; 8];
        last[..tail.len()].copy_from_slice(tail);
        self.words([u64::from_le_bytes(last), bytes.len() as u64].into_iter());
    }

    /// The hash.
    pub(crate) fn finish(&self) -> u64 {
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The checksum of a checkpoint's bytes.
fn checksum(bytes: &[u8]) -> u64 {
    let mut hash = Hash64::default();
    hash.bytes(bytes);
    hash.finish()
}

/// What a run needs to go on where it stopped.
///
/// [`Trainer::checkpoint`](crate::Trainer::checkpoint) takes one, [`Checkpoint::to_bytes`]
/// writes it and [`Trainer::resume`](crate::Trainer::resume) goes on from it (the crate's
/// example shows a whole run). Reading checks the file:
///
/// ```
/// use ladya_train::Checkpoint;
///
/// assert!(Checkpoint::from_bytes(b"not a checkpoint").is_err());
/// assert!(Checkpoint::from_bytes(b"LADYDATA").is_err()); // a data file
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Checkpoint {
    /// The game's name.
    pub game: String,
    /// The run's seed, which chose the validation positions.
    pub seed: u64,
    /// Epochs done.
    pub epochs: u32,
    /// The [`Positions::fingerprint`](crate::Positions::fingerprint) of the positions trained
    /// on; `None` from a file of version 2, which did not keep it.
    pub data: Option<u64>,
    /// The parameters.
    pub model: Model,
    /// The optimiser's state.
    pub adam: Adam,
}

/// Reads little-endian numbers in order from bytes whose length was checked.
struct Fields<'a> {
    bytes: &'a [u8],
}

impl Fields<'_> {
    fn take<const N: usize>(&mut self) -> [u8; N] {
        let (head, rest) = self.bytes.split_at(N);
        self.bytes = rest;
        head.try_into().unwrap_or([0; N])
    }

    fn u32(&mut self) -> u32 {
        u32::from_le_bytes(self.take())
    }

    fn u64(&mut self) -> u64 {
        u64::from_le_bytes(self.take())
    }

    fn floats(&mut self, n: usize) -> Vec<f32> {
        (0..n).map(|_| f32::from_le_bytes(self.take())).collect()
    }
}

impl Checkpoint {
    /// The checkpoint in its file format.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (steps, means, squares) = self.adam.parts();
        let values = self.model.values();
        let mut out = Vec::with_capacity(HEADER_BYTES + 12 * values.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&VERSION.to_le_bytes());
        out.extend_from_slice(&game_name::to_bytes(&self.game));
        for n in [self.model.inputs() as u32, self.model.hidden() as u32, self.model.scale()] {
            out.extend_from_slice(&n.to_le_bytes());
        }
        out.extend_from_slice(&self.model.buckets().to_bytes());
        out.extend_from_slice(&self.seed.to_le_bytes());
        out.extend_from_slice(&self.epochs.to_le_bytes());
        out.extend_from_slice(&steps.to_le_bytes());
        out.extend_from_slice(&self.data.unwrap_or(0).to_le_bytes());
        for x in values.iter().chain(means).chain(squares) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&checksum(&out).to_le_bytes());
        out
    }

    /// Reads a checkpoint file's bytes.
    ///
    /// # Errors
    /// Bytes that are not a checkpoint, of another format version, of the wrong length for
    /// their header (a file cut short), whose checksum does not match (a corrupt file), or
    /// holding a number that is not finite.
    pub fn from_bytes(bytes: &[u8]) -> Result<Checkpoint, TrainError> {
        let bad = |what: String| Err(TrainError::Checkpoint(what));
        if bytes.len() < 12 || &bytes[..8] != MAGIC {
            return bad("not a Ladya training checkpoint (it does not start with LADYCKPT)".to_string());
        }
        let mut fields = Fields { bytes: &bytes[8..] };
        let version = fields.u32();
        if !(2..=VERSION).contains(&version) {
            return bad(format!("checkpoint format version {version}, but this build reads versions 2 and {VERSION}"));
        }
        let (header_bytes, checksum_bytes) =
            if version >= 3 { (HEADER_BYTES, CHECKSUM_BYTES) } else { (HEADER_BYTES_2, 0) };
        if bytes.len() < header_bytes + checksum_bytes {
            return bad(format!(
                "the checkpoint is cut short: it has {} bytes, fewer than its header's {}",
                bytes.len(),
                header_bytes + checksum_bytes
            ));
        }
        let game = game_name::from_bytes(&fields.take::<8>());
        let (inputs, hidden, scale) = (fields.u32() as usize, fields.u32() as usize, fields.u32());
        let Some(buckets) = OutputBuckets::from_bytes(fields.take()) else {
            return bad("the checkpoint's output buckets are not ones this build knows".to_string());
        };
        let (seed, epochs, steps) = (fields.u64(), fields.u32(), fields.u64());
        let data = (version >= 3).then(|| fields.u64());
        let parameters = crate::model::parameter_count(inputs, hidden, buckets) as u64;
        let expected = (header_bytes + checksum_bytes) as u64 + 12 * parameters;
        if bytes.len() as u64 != expected {
            return bad(format!(
                "the checkpoint has {} bytes, but its header says {expected}: it is cut short or corrupt",
                bytes.len()
            ));
        }
        if version >= 3 {
            let (body, sum) = bytes.split_at(bytes.len() - CHECKSUM_BYTES);
            if u64::from_le_bytes(sum.try_into().unwrap_or([0; 8])) != checksum(body) {
                return bad("the checkpoint is corrupt: its checksum does not match its contents".to_string());
            }
        }
        let n = parameters as usize;
        let (values, means, squares) = (fields.floats(n), fields.floats(n), fields.floats(n));
        if values.iter().chain(&means).chain(&squares).any(|x| !x.is_finite()) {
            return bad("the checkpoint holds a number that is not finite".to_string());
        }
        let model = Model::from_values(inputs, hidden, buckets, scale, values);
        Ok(Checkpoint { game, seed, epochs, data, model, adam: Adam::from_parts(steps, means, squares) })
    }
}
