//! Output buckets: a network may keep several output layers and pick one by the position's
//! phase, so that the same hidden values can be weighed differently in the opening and the
//! ending (chess and xiangqi by the pieces left, ugolki by the move number, which its
//! deadlines follow).

use std::fmt;
use std::str::FromStr;

/// The most output buckets a network may have.
pub const MAX_BUCKETS: usize = 32;

/// How a network picks its output layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutputBuckets {
    /// One output layer for every position.
    Single,
    /// `count` layers by the number of pieces on the board, from 1 up to `most`, in equal
    /// ranges (more pieces than `most` fall in the last).
    Pieces {
        /// The number of layers.
        count: u8,
        /// The most pieces the game starts with.
        most: u16,
    },
    /// `count` layers by the full-move number, from 1 up to `last`, in equal ranges (later
    /// moves fall in the last).
    Moves {
        /// The number of layers.
        count: u8,
        /// The last move number of the ranges.
        last: u16,
    },
}

impl OutputBuckets {
    /// The number of output layers.
    pub fn count(self) -> usize {
        match self {
            OutputBuckets::Single => 1,
            OutputBuckets::Pieces { count, .. } | OutputBuckets::Moves { count, .. } => count as usize,
        }
    }

    /// The layer of a position of `pieces` pieces at full move `move_number`.
    #[inline]
    pub fn bucket(self, pieces: usize, move_number: u32) -> usize {
        let (value, count, span) = match self {
            OutputBuckets::Single => return 0,
            OutputBuckets::Pieces { count, most } => (pieces, count as usize, most as usize),
            OutputBuckets::Moves { count, last } => (move_number as usize, count as usize, last as usize),
        };
        (value.saturating_sub(1) * count / span).min(count - 1)
    }

    /// Whether the layer depends on the move number (which data of format 1 does not keep).
    pub fn needs_move_numbers(self) -> bool {
        matches!(self, OutputBuckets::Moves { .. })
    }

    /// The four bytes of a network file: kind (0 single, 1 pieces, 2 moves), count, span
    /// (u16).
    pub fn to_bytes(self) -> [u8; 4] {
        let (kind, count, span) = match self {
            OutputBuckets::Single => (0, 1, 0),
            OutputBuckets::Pieces { count, most } => (1, count, most),
            OutputBuckets::Moves { count, last } => (2, count, last),
        };
        let span = span.to_le_bytes();
        [kind, count, span[0], span[1]]
    }

    /// Reads [`OutputBuckets::to_bytes`]; `None` for a kind it does not know or a bad count
    /// or span.
    pub fn from_bytes(bytes: [u8; 4]) -> Option<OutputBuckets> {
        let (count, span) = (bytes[1], u16::from_le_bytes([bytes[2], bytes[3]]));
        let buckets = match bytes[0] {
            0 if count == 1 && span == 0 => OutputBuckets::Single,
            1 => OutputBuckets::Pieces { count, most: span },
            2 => OutputBuckets::Moves { count, last: span },
            _ => return None,
        };
        buckets.is_valid().then_some(buckets)
    }

    fn is_valid(self) -> bool {
        match self {
            OutputBuckets::Single => true,
            OutputBuckets::Pieces { count, most: span } | OutputBuckets::Moves { count, last: span } => {
                (1..=MAX_BUCKETS).contains(&(count as usize)) && span >= 1
            }
        }
    }
}

impl fmt::Display for OutputBuckets {
    /// `single`, `pieces:COUNT:MOST` or `moves:COUNT:LAST`, as [`OutputBuckets::from_str`]
    /// reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OutputBuckets::Single => write!(f, "single"),
            OutputBuckets::Pieces { count, most } => write!(f, "pieces:{count}:{most}"),
            OutputBuckets::Moves { count, last } => write!(f, "moves:{count}:{last}"),
        }
    }
}

impl FromStr for OutputBuckets {
    type Err = String;

    /// `single`, `pieces:COUNT:MOST` or `moves:COUNT:LAST`.
    fn from_str(text: &str) -> Result<OutputBuckets, String> {
        let bad = || format!("bad output buckets '{text}': write single, pieces:COUNT:MOST or moves:COUNT:LAST");
        let parts: Vec<&str> = text.split(':').collect();
        let buckets = match parts.as_slice() {
            ["single"] => OutputBuckets::Single,
            [kind @ ("pieces" | "moves"), count, span] => {
                let count: u8 = count.parse().map_err(|_| bad())?;
                let span: u16 = span.parse().map_err(|_| bad())?;
                if *kind == "pieces" {
                    OutputBuckets::Pieces { count, most: span }
                } else {
                    OutputBuckets::Moves { count, last: span }
                }
            }
            _ => return Err(bad()),
        };
        if !buckets.is_valid() {
            return Err(format!(
                "bad output buckets '{text}': from 1 to {MAX_BUCKETS} layers over a span of 1 or more"
            ));
        }
        Ok(buckets)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_fall_in_equal_ranges() {
        let pieces = OutputBuckets::Pieces { count: 8, most: 32 };
        let by_pieces: Vec<usize> = [2, 4, 5, 8, 9, 28, 29, 32, 40].iter().map(|&p| pieces.bucket(p, 1)).collect();
        assert_eq!(by_pieces, [0, 0, 1, 1, 2, 6, 7, 7, 7]);
        let moves = OutputBuckets::Moves { count: 8, last: 80 };
        let by_moves: Vec<usize> = [1, 10, 11, 40, 41, 80, 81].iter().map(|&m| moves.bucket(24, m)).collect();
        assert_eq!(by_moves, [0, 0, 1, 3, 4, 7, 7]);
        assert_eq!(OutputBuckets::Single.bucket(32, 200), 0);
    }

    #[test]
    fn buckets_are_read_back_from_text_and_bytes() {
        for buckets in [
            OutputBuckets::Single,
            OutputBuckets::Pieces { count: 8, most: 32 },
            OutputBuckets::Moves { count: 8, last: 80 },
        ] {
            assert_eq!(buckets.to_string().parse(), Ok(buckets));
            assert_eq!(OutputBuckets::from_bytes(buckets.to_bytes()), Some(buckets));
        }
        assert!("pieces:0:32".parse::<OutputBuckets>().is_err());
        assert!("moves:8".parse::<OutputBuckets>().is_err());
        assert!("pieces:33:32".parse::<OutputBuckets>().is_err());
        assert_eq!(OutputBuckets::from_bytes([3, 1, 0, 0]), None);
        assert_eq!(OutputBuckets::from_bytes([1, 4, 0, 0]), None);
    }
}
