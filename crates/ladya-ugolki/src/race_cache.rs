//! The race counts one game has found ([`crate::solo`] works them out): a lock-free table
//! keyed by a side's configuration alone. A [`Position`](crate::Position) carries the table of
//! its game, shared by its copies, so that the searches of one game share what they found and a
//! new game starts empty; the position only holds it and never reads it, so the rules do not
//! depend on the race code.

use std::sync::OnceLock;

use ladya_core::hashtable::HashTable;

use crate::board::Bitboard;

/// What is known of a configuration's fewest moves to fill its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Fewest {
    /// At least this many moves.
    pub(crate) low: u8,
    /// At most this many (`u8::MAX`: no solution known).
    pub(crate) high: u8,
}

impl Fewest {
    /// Exactly `n` moves.
    pub(crate) const fn exact(n: u8) -> Fewest {
        Fewest { low: n, high: n }
    }

    /// Whether the count is known exactly.
    pub(crate) const fn is_exact(self) -> bool {
        self.low == self.high
    }
}

/// A result kept in the shared table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Entry {
    /// Bounds on the fewest moves, and whether IDA* has tried to close them.
    Fewest { known: Fewest, searched: bool },
    /// The most pieces in the target after `moves` moves (`None`: over budget).
    Count { moves: u8, best: Option<u8> },
}

impl Entry {
    /// Packs into the low 32 bits: kind, two values and a flag.
    fn pack(self) -> u64 {
        match self {
            Entry::Fewest { known, searched } => {
                1 | (known.low as u64) << 8 | (known.high as u64) << 16 | (searched as u64) << 24
            }
            Entry::Count { moves, best } => 2 | (moves as u64) << 8 | best.map_or(0, |b| b as u64 + 1) << 16,
        }
    }

    fn unpack(data: u64) -> Option<Entry> {
        let (a, b, c) = ((data >> 8) as u8, (data >> 16) as u8, (data >> 24) as u8);
        match data & 0xFF {
            1 => Some(Entry::Fewest { known: Fewest { low: a, high: b }, searched: c != 0 }),
            2 => Some(Entry::Count { moves: a, best: b.checked_sub(1) }),
            _ => None,
        }
    }
}

/// Slots of the shared table (16 bytes each: 2 MiB).
const TABLE_SLOTS: usize = 1 << 17;

/// The lock-free table of results by configuration.
pub(crate) struct Table(HashTable);

/// The race counts one game has found, shared by the threads searching it: made with the
/// game's first position (a new game starts empty, so a search's result never depends on what
/// ran before it in the process), its 2 MiB taken at the first race it is asked about.
#[derive(Default)]
pub(crate) struct RaceCache(OnceLock<Table>);

impl RaceCache {
    pub(crate) fn table(&self) -> &Table {
        self.0.get_or_init(|| {
            Table(HashTable::try_new(TABLE_SLOTS * HashTable::<1>::BUCKET_BYTES).expect("2 MiB for the race cache"))
        })
    }
}

/// A cache is no part of what a position is: two positions equal but for it are equal.
impl PartialEq for RaceCache {
    fn eq(&self, _: &RaceCache) -> bool {
        true
    }
}

impl Eq for RaceCache {}

impl Table {
    /// The key of a configuration's fewest-moves entry (`moves` `None`) or of its count entry
    /// for a number of moves: different keys, so they live in different slots. The mixing is
    /// a bijection for each `moves`, and an entry records its kind and `moves`, so a hit is
    /// always the configuration's own entry.
    fn key(pieces: Bitboard, moves: Option<u8>) -> u64 {
        let salt = moves.map_or(0, |m| m as u64 + 1);
        (pieces ^ salt.wrapping_mul(0xD6E8_FEB8_6659_FD93)).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    pub(crate) fn load(&self, pieces: Bitboard, moves: Option<u8>) -> Option<Entry> {
        let entry = Entry::unpack(self.0.probe(Self::key(pieces, moves))?)?;
        match (entry, moves) {
            (Entry::Fewest { .. }, None) => Some(entry),
            (Entry::Count { moves: m, .. }, Some(wanted)) if m == wanted => Some(entry),
            _ => None,
        }
    }

    pub(crate) fn store(&self, pieces: Bitboard, entry: Entry) {
        let moves = match entry {
            Entry::Fewest { .. } => None,
            Entry::Count { moves, .. } => Some(moves),
        };
        self.0.store(Self::key(pieces, moves), entry.pack());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::bit;

    #[test]
    fn the_table_keeps_kinds_apart() {
        let c = bit(0) | bit(9) | bit(18);
        let fewest = Entry::Fewest { known: Fewest { low: 7, high: 9 }, searched: true };
        let count = Entry::Count { moves: 4, best: Some(2) };
        let cache = RaceCache::default();
        cache.table().store(c, fewest);
        cache.table().store(c, count);
        assert_eq!(cache.table().load(c, None), Some(fewest));
        assert_eq!(cache.table().load(c, Some(4)), Some(count));
        assert_eq!(cache.table().load(c, Some(5)), None);
        for e in [fewest, count, Entry::Count { moves: 80, best: None }] {
            assert_eq!(Entry::unpack(e.pack()), Some(e));
        }
    }
}
