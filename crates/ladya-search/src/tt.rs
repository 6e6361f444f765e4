//! The transposition table: results of earlier searches, shared by all search threads.
//!
//! Entries are packed into 64 bits and stored beside `key ^ data`, so a reader sees a torn
//! write (two threads storing at once) as a miss instead of a wrong hit, without locks. Four
//! entries make a 64-byte bucket, one cache line. Replacement prefers keeping deep entries of
//! the current search; a generation counter ages out entries of earlier searches.

use std::sync::atomic::{AtomicU8, AtomicU64, Ordering::Relaxed};

use ladya_core::Score;

/// What a stored score says about the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value is at most the score (every move failed low).
    Upper = 1,
    /// The true value is at least the score (a move failed high).
    Lower = 2,
    /// The score is the true value (to the depth searched).
    Exact = 3,
}

/// A decoded table entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The best move's code (`MoveCode::code`), 0 if none.
    pub move_code: u16,
    /// The score, node-relative for mates (see `ladya_core::score::to_table`).
    pub score: Score,
    /// The static evaluation of the position.
    pub eval: Score,
    /// The depth searched (0 for quiescence).
    pub depth: i32,
    /// The kind of bound the score is.
    pub bound: Bound,
}

struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

const SLOTS_PER_BUCKET: usize = 4;

#[repr(align(64))]
struct Bucket([Slot; SLOTS_PER_BUCKET]);

impl Bucket {
    fn empty() -> Bucket {
        Bucket(std::array::from_fn(|_| Slot { check: AtomicU64::new(0), data: AtomicU64::new(0) }))
    }
}

/// Depth as stored: shifted so that quiescence (0) and one level below fit in a `u8`.
const DEPTH_OFFSET: i32 = 1;

fn pack(move_code: u16, score: Score, eval: Score, depth: i32, bound: Bound, generation: u8) -> u64 {
    let depth = (depth + DEPTH_OFFSET).clamp(0, 255) as u64;
    move_code as u64
        | (score as i16 as u16 as u64) << 16
        | (eval as i16 as u16 as u64) << 32
        | depth << 48
        | (bound as u64) << 56
        | ((generation & 63) as u64) << 58
}

fn unpack(data: u64) -> Option<Entry> {
    let bound = match (data >> 56) & 3 {
        1 => Bound::Upper,
        2 => Bound::Lower,
        3 => Bound::Exact,
        _ => return None,
    };
    Some(Entry {
        move_code: data as u16,
        score: (data >> 16) as u16 as i16 as Score,
        eval: (data >> 32) as u16 as i16 as Score,
        depth: ((data >> 48) & 255) as i32 - DEPTH_OFFSET,
        bound,
    })
}

fn generation_of(data: u64) -> u8 {
    (data >> 58) as u8 & 63
}

/// A lock-free hash table of search results, sized in megabytes.
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

impl TranspositionTable {
    /// A table using about `megabytes` of memory (at least one bucket).
    pub fn new(megabytes: usize) -> TranspositionTable {
        let count = (megabytes.max(1) << 20) / std::mem::size_of::<Bucket>();
        TranspositionTable {
            buckets: (0..count.max(1)).map(|_| Bucket::empty()).collect(),
            generation: AtomicU8::new(0),
        }
    }

    /// The table's size in megabytes.
    pub fn megabytes(&self) -> usize {
        (self.buckets.len() * std::mem::size_of::<Bucket>()) >> 20
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for slot in self.buckets.iter().flat_map(|b| b.0.iter()) {
            slot.check.store(0, Relaxed);
            slot.data.store(0, Relaxed);
        }
        self.generation.store(0, Relaxed);
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let index = ((key as u128 * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets[index]
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        for slot in &self.bucket(key).0 {
            let data = slot.data.load(Relaxed);
            if slot.check.load(Relaxed) ^ data == key {
                return unpack(data);
            }
        }
        None
    }

    /// Stores a search result for `key`. A result without a move keeps the move stored before.
    #[inline]
    pub fn store(&self, key: u64, move_code: u16, score: Score, eval: Score, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed) & 63;
        let bucket = self.bucket(key);
        let mut victim = &bucket.0[0];
        let mut victim_worth = i32::MAX;
        for slot in &bucket.0 {
            let data = slot.data.load(Relaxed);
            if slot.check.load(Relaxed) ^ data == key {
                let old = unpack(data);
                // Keep a deeper exact-enough result of this search rather than a shallow one.
                if let Some(old) = old
                    && bound != Bound::Exact
                    && generation_of(data) == generation
                    && old.depth > depth + 3
                {
                    return;
                }
                let kept_move = if move_code == 0 { old.map_or(0, |o| o.move_code) } else { move_code };
                let new = pack(kept_move, score, eval, depth, bound, generation);
                slot.data.store(new, Relaxed);
                slot.check.store(key ^ new, Relaxed);
                return;
            }
            // Worth keeping: deep entries of recent searches.
            let worth = match unpack(data) {
                None => i32::MIN,
                Some(e) => e.depth - 8 * (generation.wrapping_sub(generation_of(data)) & 63) as i32,
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = slot;
            }
        }
        let new = pack(move_code, score, eval, depth, bound, generation);
        victim.data.store(new, Relaxed);
        victim.check.store(key ^ new, Relaxed);
    }

    /// Permille of sampled entries written during the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed) & 63;
        let sample = self.buckets.len().min(250);
        let used = self.buckets[..sample]
            .iter()
            .flat_map(|b| b.0.iter())
            .filter(|s| {
                let data = s.data.load(Relaxed);
                unpack(data).is_some() && generation_of(data) == generation
            })
            .count();
        (used * 1000 / (sample * SLOTS_PER_BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.megabytes(), 1);
        assert_eq!(tt.probe(0x1234), None);
        tt.store(0x1234, 77, -31_990, -45, 9, Bound::Lower);
        assert_eq!(
            tt.probe(0x1234),
            Some(Entry { move_code: 77, score: -31_990, eval: -45, depth: 9, bound: Bound::Lower })
        );
        // Storing without a move keeps the old move.
        tt.store(0x1234, 0, 12, 3, 10, Bound::Exact);
        assert_eq!(tt.probe(0x1234).map(|e| (e.move_code, e.score, e.depth)), Some((77, 12, 10)));
        tt.store(0x9999, 5, 0, 0, 0, Bound::Upper);
        assert_eq!(tt.probe(0x9999).map(|e| e.depth), Some(0));
        tt.clear();
        assert_eq!(tt.probe(0x1234), None);
    }

    #[test]
    fn a_full_bucket_evicts_the_shallowest_entry() {
        let tt = TranspositionTable::new(1);
        let n = tt.buckets.len() as u128;
        // Keys that map to bucket 0: the top bits of key * n must be zero.
        let keys: Vec<u64> = (1..=5u64).filter(|&k| (k as u128 * n) >> 64 == 0).collect();
        assert_eq!(keys.len(), 5);
        for (i, &k) in keys[..4].iter().enumerate() {
            tt.store(k, 1, 0, 0, 10 + i as i32, Bound::Exact);
        }
        tt.store(keys[4], 1, 0, 0, 5, Bound::Exact);
        assert_eq!(tt.probe(keys[0]), None, "the shallowest entry went");
        assert!(keys[1..].iter().all(|&k| tt.probe(k).is_some()));
        assert_eq!(tt.hashfull(), 4 * 1000 / (250 * 4) as u32);
    }
}
