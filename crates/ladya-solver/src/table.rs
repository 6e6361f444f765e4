//! The table of proven results.
//!
//! For a position and the side that attacks, an entry holds the fewest moves a mate has been
//! proven within and the most moves it has been proven impossible within; both facts stay true
//! for longer (respectively shorter) limits, so one entry answers many questions. Entries
//! describe positions alone, never the way they were reached: the prover stores and reads
//! them only where the history cannot change the answer (see the crate documentation), so
//! one table serves every problem of a batch.
//!
//! Each slot keeps `key ^ data` beside `data`, so a reader sees a torn write (two threads
//! storing at once) as a miss instead of a wrong answer, without locks.

use std::alloc::Layout;
use std::fmt;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Marks a slot that holds an entry (an empty slot is all zeros).
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

/// One entry's place: `key ^ data` and `data`.
type Slot = [AtomicU64; 2];

/// The memory for a table could not be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableTooLarge {
    /// The size asked for.
    pub megabytes: usize,
}

impl fmt::Display for TableTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot allocate a table of {} MB", self.megabytes)
    }
}

impl std::error::Error for TableTooLarge {}

/// A lock-free table of proven and disproven mates, shared by the solver's threads.
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

impl Table {
    /// A table using at most `megabytes` of memory (and at least one slot), or an error if
    /// the memory cannot be had.
    ///
    /// The memory comes zeroed from the allocator, which maps fresh pages lazily: a large table
    /// costs nothing until it is written (64 MB took 90 ms to set up slot by slot, dominating
    /// a whole batch of mate-in-2 problems; `ladya solve --mate 1` now starts in 4 ms).
    pub fn new(megabytes: usize) -> Result<Table, TableTooLarge> {
        let wanted = megabytes.saturating_mul(1 << 20) / std::mem::size_of::<Slot>();
        let count: usize = if wanted <= 1 { 1 } else { 1 << wanted.ilog2() };
        let too_large = TableTooLarge { megabytes };
        let layout = Layout::array::<Slot>(count).map_err(|_| too_large)?;
        // Safety: the layout is not empty (at least one slot of 16 bytes).
        let memory = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<Slot>();
        if memory.is_null() {
            return Err(too_large);
        }
        // Safety: `memory` holds `count` slots, allocated by the global allocator with the
        // layout of `[Slot; count]`, which is what the box frees. All-zero bytes are a valid
        // slot: `AtomicU64` has the in-memory representation of `u64`.
        let slots = unsafe { Box::from_raw(std::ptr::slice_from_raw_parts_mut(memory, count)) };
        Ok(Table { slots, mask: count - 1 })
    }

    /// What is known about the position with (salted) key `key`.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Entry {
        let [check, data] = &self.slots[key as usize & self.mask];
        let data = data.load(Relaxed);
        if data & FILLED != 0 && check.load(Relaxed) ^ data == key { Entry::unpack(data) } else { Entry::EMPTY }
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

    fn write(&self, key: u64, entry: Entry) {
        let [check, data] = &self.slots[key as usize & self.mask];
        let packed = entry.pack();
        check.store(key ^ packed, Relaxed);
        data.store(packed, Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_answer_longer_and_shorter_limits() {
        let table = Table::new(1).unwrap();
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
        let other = key ^ (1 << 40);
        table.store_mate(other, 1);
        assert_eq!(table.probe(other).decide(1), Some(true));
        assert_eq!(table.probe(key).decide(3), None);
        // Mate within zero moves (the defender is mated already) is a fact too.
        table.store_mate(7, 0);
        assert_eq!(table.probe(7).decide(0), Some(true));
        assert_eq!(Table::new(0).unwrap().probe(0).decide(0), None);
        assert!(Table::new(usize::MAX).is_err());
    }
}
