//! The table of proven results.
//!
//! For a position and the side that attacks, an entry holds the fewest moves a mate has been
//! proven within and the most moves it has been proven impossible within; both facts stay true
//! for longer (respectively shorter) limits, so one entry answers many questions. Entries
//! describe positions alone, never the way they were reached: the prover stores and reads
//! them only where the history cannot change the answer (see the crate documentation), so
//! one table serves every problem of a batch.
//!
//! The table is a [`HashTable`] of one-slot buckets: a slot torn by two threads storing at once
//! reads as a miss instead of a wrong answer, without locks.

use ladya_core::hashtable::{HashTable, HashTableError};

/// Set in every packed entry, so that none is 0, the empty slot.
const FILLED: u64 = 1 << 16;
/// `mate` when no mate is known.
const UNKNOWN: u8 = u8::MAX;

/// What the table knows about one position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// A mate is proven within this many moves, or [`UNKNOWN`].
    mate: u8,
    /// Mate is proven impossible within `no_mate - 1` moves; 0 if nothing is known.
    no_mate: u8,
}

impl Entry {
    const EMPTY: Entry = Entry { mate: UNKNOWN, no_mate: 0 };

    /// Whether the attacker mates within `n` moves, if the entry tells.
    #[inline]
    pub(crate) fn decide(self, n: u32) -> Option<bool> {
        if n >= self.mate as u32 {
            Some(true)
        } else if n < self.no_mate as u32 {
            Some(false)
        } else {
            None
        }
    }

    fn pack(self) -> u64 {
        self.mate as u64 | (self.no_mate as u64) << 8 | FILLED
    }

    fn unpack(data: u64) -> Entry {
        Entry { mate: data as u8, no_mate: (data >> 8) as u8 }
    }
}

/// A lock-free table of proven and disproven mates, shared by the solver's threads.
pub struct Table {
    slots: HashTable,
}

impl Table {
    /// An empty table of `megabytes`, or an error if that is 0 or the memory cannot be had.
    ///
    /// The memory is mapped lazily (see [`HashTable`]): a large table costs nothing until it is
    /// written (64 MB took 90 ms to set up slot by slot, dominating a whole batch of mate-in-2
    /// problems; `ladya solve --mate 1` starts in 4 ms).
    ///
    /// # Errors
    /// [`HashTableError`] when the size is zero or the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<Table, HashTableError> {
        Ok(Table { slots: HashTable::try_new_mib(megabytes)? })
    }

    /// What is known about the position with (salted) key `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Entry {
        self.slots.probe(key).map_or(Entry::EMPTY, Entry::unpack)
    }

    /// Asks for huge pages behind the table ([`HashTable::advise_huge_pages`]): worth it for
    /// the line search, whose probes are many and spread over the whole table.
    pub(crate) fn advise_huge_pages(&self) {
        self.slots.advise_huge_pages();
    }

    /// Starts fetching the entry of `key` from memory, for a probe a little later.
    #[inline(always)]
    pub(crate) fn prefetch(&self, key: u64) {
        self.slots.prefetch(key);
    }

    /// Records that the attacker mates within `n` moves.
    pub(crate) fn store_mate(&self, key: u64, n: u32) {
        let old = self.probe(key);
        self.write(key, Entry { mate: old.mate.min(n.min(UNKNOWN as u32 - 1) as u8), ..old });
    }

    /// Records that the attacker cannot mate within `n` moves.
    pub(crate) fn store_no_mate(&self, key: u64, n: u32) {
        let old = self.probe(key);
        let bound = (n + 1).min(UNKNOWN as u32) as u8;
        self.write(key, Entry { no_mate: old.no_mate.max(bound), ..old });
    }

    /// Records that the cooperative play under `key` (salted with what is left of it) has no
    /// solution.
    pub(crate) fn store_unsolvable(&self, key: u64) {
        self.store_no_mate(key, UNKNOWN as u32);
    }

    /// Whether [`Table::store_unsolvable`] recorded `key`.
    #[inline]
    pub(crate) fn unsolvable(&self, key: u64) -> bool {
        self.probe(key).no_mate == UNKNOWN
    }

    fn write(&self, key: u64, entry: Entry) {
        self.slots.store(key, entry.pack());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_answer_longer_and_shorter_limits() {
        let table = Table::try_new(1).unwrap();
        let key = 0x1234_5678_9ABC_DEF0;
        assert_eq!(table.probe(key).decide(3), None);
        table.store_no_mate(key, 2);
        assert_eq!(table.probe(key).decide(1), Some(false));
        assert_eq!(table.probe(key).decide(2), Some(false));
        assert_eq!(table.probe(key).decide(3), None);
        table.store_mate(key, 4);
        assert_eq!(table.probe(key).decide(5), Some(true));
        assert_eq!(table.probe(key).decide(3), None);
        table.store_mate(key, 3);
        assert_eq!(table.probe(key).decide(3), Some(true));
        assert_eq!(table.probe(key).decide(2), Some(false));
        // Another key in the same slot replaces the entry; the old key then misses.
        let other = key ^ 1;
        table.store_mate(other, 1);
        assert_eq!(table.probe(other).decide(1), Some(true));
        assert_eq!(table.probe(key).decide(3), None);
        // Mate within zero moves (the defender is mated already) is a fact too.
        table.store_mate(7, 0);
        assert_eq!(table.probe(7).decide(0), Some(true));
        assert!(Table::try_new(0).is_err());
        assert!(Table::try_new(usize::MAX).is_err());
    }
}
