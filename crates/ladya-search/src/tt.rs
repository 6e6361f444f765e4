//! The transposition table: results of earlier searches, shared by all search threads.
//!
//! A typed layer over [`ladya_core::hashtable::HashTable`], which stores 64-bit entries beside
//! `key ^ data` (a torn write reads as a miss, without locks): this module packs entries into
//! 64 bits and chooses what to replace. Four entries make a 64-byte bucket, one cache line.
//! Replacement prefers keeping deep entries of the current search; a generation counter ages
//! out entries of earlier searches. Beside its entries the table keeps each search thread's
//! histories between searches, when the search asks for that.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};

use ladya_core::hashtable::{HashTable, HashTableError};
use ladya_core::{Game, Score};

use crate::histories::Histories;
use crate::options::Features;

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

impl Bound {
    /// Whether a `score` with this bound settles a window (`alpha`, `beta`): an exact score
    /// always does, a lower bound at `beta` or above, an upper bound at `alpha` or below.
    ///
    /// ```
    /// use ladya_search::tt::Bound;
    ///
    /// assert!(Bound::Lower.settles(50, 0, 50) && !Bound::Lower.settles(49, 0, 50));
    /// assert!(Bound::Upper.settles(0, 0, 50) && !Bound::Upper.settles(1, 0, 50));
    /// assert!(Bound::Exact.settles(25, 0, 50));
    /// ```
    pub fn settles(self, score: Score, alpha: Score, beta: Score) -> bool {
        match self {
            Bound::Exact => true,
            Bound::Lower => score >= beta,
            Bound::Upper => score <= alpha,
        }
    }
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

const SLOTS_PER_BUCKET: usize = 4;

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

/// A lock-free hash table of search results, sized in megabytes (MiB), and the search
/// threads' histories kept from the last search (see `Features::kept_histories`).
pub struct TranspositionTable {
    table: HashTable<SLOTS_PER_BUCKET>,
    generation: AtomicU8,
    /// Each thread's histories from the last search that kept them, by thread number.
    histories: Mutex<Vec<Option<Histories>>>,
}

impl TranspositionTable {
    /// An empty table of `megabytes`, backed by huge pages where Linux grants them: a search
    /// probes the whole table at random, and with ordinary pages `ladya bench chess` ran about
    /// 7% slower here, waiting on address translation.
    ///
    /// # Errors
    /// [`HashTableError`] when that is 0 or the memory cannot be had.
    pub fn try_new(megabytes: usize) -> Result<TranspositionTable, HashTableError> {
        let table = HashTable::try_new_mib(megabytes)?;
        table.advise_huge_pages();
        Ok(TranspositionTable { table, generation: AtomicU8::new(0), histories: Mutex::new(Vec::new()) })
    }

    /// The table's size in megabytes.
    pub fn megabytes(&self) -> usize {
        self.table.bytes() >> 20
    }

    /// Forgets everything (a new game), the kept histories too.
    pub fn clear(&self) {
        self.table.clear();
        self.generation.store(0, Relaxed);
        self.kept_histories().clear();
    }

    fn kept_histories(&self) -> std::sync::MutexGuard<'_, Vec<Option<Histories>>> {
        // A thread that panicked holding the lock left only statistics behind: still usable.
        self.histories.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Thread `thread`'s histories for a search of `G` with `features`: those kept from the
    /// last search if it kept them, this one keeps them and they fit, else empty ones.
    pub(crate) fn take_histories<G: Game>(&self, thread: usize, features: &Features) -> Histories {
        let kept = self.kept_histories().get_mut(thread).and_then(Option::take);
        kept.filter(|h| features.kept_histories && h.fit::<G>(features))
            .unwrap_or_else(|| Histories::new::<G>(features))
    }

    /// Keeps thread `thread`'s histories for the next search, if `features` asks for that.
    pub(crate) fn keep_histories(&self, thread: usize, histories: Histories, features: &Features) {
        if features.kept_histories {
            let mut kept = self.kept_histories();
            if kept.len() <= thread {
                kept.resize_with(thread + 1, || None);
            }
            kept[thread] = Some(histories);
        }
    }

    /// Marks the start of a new search: older entries become the first to be replaced.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Relaxed);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.table.probe(key).and_then(unpack)
    }

    /// Stores a search result for `key`. A result without a move keeps the move stored before.
    #[inline]
    pub fn store(&self, key: u64, move_code: u16, score: Score, eval: Score, depth: i32, bound: Bound) {
        let generation = self.generation.load(Relaxed) & 63;
        let bucket = self.table.bucket(key);
        let mut victim = &bucket[0];
        let mut victim_worth = i32::MAX;
        for slot in bucket {
            let (stored, data) = slot.read();
            if stored == key {
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
                slot.set(key, pack(kept_move, score, eval, depth, bound, generation));
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
        victim.set(key, pack(move_code, score, eval, depth, bound, generation));
    }

    /// Permille of sampled entries written during the current search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed) & 63;
        self.table.hashfull_by(|data| unpack(data).is_some() && generation_of(data) == generation)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds_entries() {
        let tt = TranspositionTable::try_new(1).unwrap();
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
        let tt = TranspositionTable::try_new(1).unwrap();
        let n = tt.table.bucket_count() as u128;
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

    #[test]
    fn an_impossible_size_is_an_error() {
        assert!(TranspositionTable::try_new(0).is_err());
        assert!(TranspositionTable::try_new(usize::MAX).is_err());
        assert!(TranspositionTable::try_new(1 << 42).is_err());
    }
}
