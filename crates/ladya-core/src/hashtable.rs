//! A fixed-size, lock-free hash table of 64-bit entries, shared by threads: the search's
//! transposition table, the solver's table of proofs and ugolki's race cache are typed layers
//! over it.
//!
//! The table is an array of buckets of `N` [`Slot`]s; a 64-bit key chooses a bucket by the high
//! bits of `key × buckets` (any number of buckets, no modulo). A slot holds 64 bits of data and
//! `key ^ data`, so a reader sees a slot torn by two writers as a miss (or as another key),
//! never as a wrong hit, without locks. Data 0 marks an empty slot: callers never store it.
//!
//! The memory comes zeroed from the allocator, which maps fresh pages lazily: a big table costs
//! nothing until it is written. An impossible size (no bucket, more than the address space,
//! refused by the allocator) is a [`HashTableError`], never an abort.

use std::alloc::{self, Layout};
use std::fmt;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Bytes in a mebibyte, the unit of the protocols' and the command line's table sizes.
pub const MIB: usize = 1 << 20;

/// Buckets start on cache-line boundaries, so a bucket of four slots is one cache line.
const CACHE_LINE: usize = 64;

/// How many slots [`HashTable::hashfull`] samples (the first ones, whole buckets).
const HASHFULL_SAMPLE: usize = 1000;

/// One entry's place: 64 bits of data and the key XOR the data. All zeros is empty.
#[derive(Debug, Default)]
pub struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    /// The key and the data the slot holds, `(0, 0)` if it is empty. A slot torn by two
    /// writers reads as some other key.
    #[inline]
    pub fn read(&self) -> (u64, u64) {
        let data = self.data.load(Relaxed);
        (self.check.load(Relaxed) ^ data, data)
    }

    /// The data stored under `key`, if the slot holds it.
    #[inline]
    pub fn get(&self, key: u64) -> Option<u64> {
        let (stored, data) = self.read();
        (stored == key && data != 0).then_some(data)
    }

    /// Stores `data` (never 0: that is an empty slot) under `key`, replacing what was there.
    #[inline]
    pub fn set(&self, key: u64, data: u64) {
        debug_assert_ne!(data, 0, "data 0 marks an empty slot");
        self.data.store(data, Relaxed);
        self.check.store(key ^ data, Relaxed);
    }

    fn clear(&self) {
        self.data.store(0, Relaxed);
        self.check.store(0, Relaxed);
    }
}

/// A size in bytes, shown in MiB when it is a whole number of them. Wide enough for any
/// number of MiB a `usize` can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ByteSize(pub u128);

impl fmt::Display for ByteSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mib = MIB as u128;
        if self.0 >= mib && self.0.is_multiple_of(mib) {
            write!(f, "{} MiB", self.0 / mib)
        } else {
            write!(f, "{} bytes", self.0)
        }
    }
}

/// Why a table of the size asked for cannot be had.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum HashTableError {
    /// The size holds no bucket (a size of 0, say).
    #[error("a hash table of {size} is too small: it needs at least {bucket} bytes")]
    TooSmall {
        /// The size asked for.
        size: ByteSize,
        /// The size of one bucket.
        bucket: usize,
    },
    /// The size does not fit in the address space.
    #[error("a hash table of {0} is too large for the address space")]
    TooLarge(ByteSize),
    /// The allocator refused the memory.
    #[error("cannot allocate a hash table of {0}: not enough memory")]
    OutOfMemory(ByteSize),
}

/// A lock-free hash table of buckets of `N` slots, each holding 64 bits of data under a 64-bit
/// key; see the [module documentation](self).
///
/// Buckets of one slot replace on every [`store`](HashTable::store); for wider buckets the
/// caller chooses the slot to replace from [`bucket`](HashTable::bucket).
///
/// ```
/// use ladya_core::hashtable::{HashTable, HashTableError, MIB};
///
/// let table: HashTable = HashTable::try_new_mib(1)?;
/// assert_eq!(table.bytes(), MIB);
/// table.store(0xDEAD_BEEF, 42);
/// assert_eq!(table.probe(0xDEAD_BEEF), Some(42));
/// assert_eq!(table.probe(0xFEED), None);
/// assert_eq!(table.hashfull(), 1);
///
/// // An impossible size is an error, never an abort.
/// assert!(matches!(HashTable::<1>::try_new_mib(usize::MAX), Err(HashTableError::TooLarge(_))));
/// assert!(matches!(HashTable::<1>::try_new(0), Err(HashTableError::TooSmall { .. })));
/// # Ok::<(), HashTableError>(())
/// ```
pub struct HashTable<const N: usize = 1> {
    /// The first bucket, on a cache-line boundary inside `memory`.
    buckets: NonNull<[Slot; N]>,
    /// The number of buckets (at least one).
    len: usize,
    /// The allocation, as the allocator returned it.
    memory: NonNull<u8>,
    /// The allocation's layout, to free it.
    layout: Layout,
}

// SAFETY: the table owns its memory, as a `Box<[[Slot; N]]>` would, and `Slot` (two atomics)
// is `Send` and `Sync`; the raw pointers are only its handles on that memory.
unsafe impl<const N: usize> Send for HashTable<N> {}
// SAFETY: as for `Send`: shared access reaches the memory only as `&[Slot; N]`, whose every
// operation is atomic.
unsafe impl<const N: usize> Sync for HashTable<N> {}

impl<const N: usize> HashTable<N> {
    /// The size of one bucket in bytes.
    pub const BUCKET_BYTES: usize = size_of::<[Slot; N]>();

    /// A table of as many buckets as fit in `bytes`, all empty.
    ///
    /// # Errors
    /// [`HashTableError`] when `bytes` holds no bucket, is too large for the address space, or
    /// the allocator refuses it.
    pub fn try_new(bytes: usize) -> Result<HashTable<N>, HashTableError> {
        const { assert!(N > 0, "a bucket has at least one slot") };
        let size = ByteSize(bytes as u128);
        let len = bytes / Self::BUCKET_BYTES;
        if len == 0 {
            return Err(HashTableError::TooSmall { size, bucket: Self::BUCKET_BYTES });
        }
        // Room to move the buckets up to the next cache line.
        let padding = CACHE_LINE.saturating_sub(align_of::<Slot>());
        let layout = (len * Self::BUCKET_BYTES)
            .checked_add(padding)
            .and_then(|total| Layout::from_size_align(total, align_of::<Slot>()).ok())
            .ok_or(HashTableError::TooLarge(size))?;
        // SAFETY: the layout's size is not zero (at least one bucket). The alignment is the
        // slots' own (no more than the allocator's natural one), so the allocator takes zeroed
        // pages from the system (`calloc`) instead of writing zeros over every byte.
        let memory = NonNull::new(unsafe { alloc::alloc_zeroed(layout) }).ok_or(HashTableError::OutOfMemory(size))?;
        let offset = memory.as_ptr().addr().wrapping_neg() % CACHE_LINE;
        // SAFETY: `memory` is aligned for slots, so `offset` is a multiple of their alignment
        // below `CACHE_LINE`, at most `padding`: the `len` buckets from `memory + offset` lie
        // inside the allocation.
        let buckets = unsafe { memory.add(offset) }.cast::<[Slot; N]>();
        Ok(HashTable { buckets, len, memory, layout })
    }

    /// [`try_new`](HashTable::try_new) with the size in MiB.
    ///
    /// # Errors
    /// As [`try_new`](HashTable::try_new); also when the size in bytes overflows.
    pub fn try_new_mib(mib: usize) -> Result<HashTable<N>, HashTableError> {
        let bytes = mib.checked_mul(MIB).ok_or(HashTableError::TooLarge(ByteSize(mib as u128 * MIB as u128)))?;
        HashTable::try_new(bytes)
    }

    /// Replaces the table by an empty one of `bytes`.
    ///
    /// # Errors
    /// As [`try_new`](HashTable::try_new); the table then stays as it was.
    pub fn resize(&mut self, bytes: usize) -> Result<(), HashTableError> {
        *self = HashTable::try_new(bytes)?;
        Ok(())
    }

    /// The buckets.
    #[inline(always)]
    fn buckets(&self) -> &[[Slot; N]] {
        // SAFETY: `buckets` points to `len` buckets inside the allocation the table owns,
        // properly aligned, initialised (all-zero bytes are valid atomics: `AtomicU64` has the
        // representation of `u64`), and only ever shared (`&self`) while borrowed.
        unsafe { std::slice::from_raw_parts(self.buckets.as_ptr(), self.len) }
    }

    /// The number of buckets.
    pub fn bucket_count(&self) -> usize {
        self.len
    }

    /// The memory the buckets take, in bytes.
    pub fn bytes(&self) -> usize {
        self.len * Self::BUCKET_BYTES
    }

    /// The bucket of `key`.
    #[inline(always)]
    pub fn bucket(&self, key: u64) -> &[Slot; N] {
        let index = ((key as u128 * self.len as u128) >> 64) as usize;
        &self.buckets()[index]
    }

    /// Asks Linux to back the table's untouched memory with huge pages where it can (only the
    /// whole 2 MiB pages inside it): probes spread over a large table then rarely miss the
    /// address-translation cache as well as the data cache (on the h#3 batch of `data/popeye`
    /// the line search had spent half its time waiting for them; the search's transposition
    /// table asks for them too). Not the default: a huge page is zeroed whole at its first
    /// touch, which costs more than it saves for a table that is used sparsely.
    pub fn advise_huge_pages(&self) {
        #[cfg(target_os = "linux")]
        {
            const HUGE_PAGE: usize = 2 * MIB;
            let base = self.memory.as_ptr();
            let start = base.addr().next_multiple_of(HUGE_PAGE);
            let end = (base.addr() + self.layout.size()) / HUGE_PAGE * HUGE_PAGE;
            if end > start {
                // SAFETY: the range lies inside the allocation, which this table owns; the
                // advice changes only how its pages are backed, never their contents. A refusal
                // (huge pages off) leaves ordinary pages, so the result is not looked at.
                unsafe { libc::madvise(base.with_addr(start).cast(), end - start, libc::MADV_HUGEPAGE) };
            }
        }
    }

    /// Asks the processor to bring the bucket of `key` into the cache, so that a later
    /// [`probe`](HashTable::probe) or store finds it there instead of waiting for memory.
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            let bucket: *const [Slot; N] = self.bucket(key);
            // SAFETY: a prefetch is only a hint; it reads nothing and cannot fault.
            unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>(bucket.cast()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    /// The data stored under `key`, if any (from the first slot of its bucket that holds it).
    #[inline]
    pub fn probe(&self, key: u64) -> Option<u64> {
        self.bucket(key).iter().find_map(|slot| slot.get(key))
    }

    /// Empties every slot (one thread; the pages are written, so they become resident).
    pub fn clear(&self) {
        self.buckets().iter().flatten().for_each(Slot::clear);
    }

    /// Permille of the first thousand or so slots that are not empty (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        self.hashfull_by(|data| data != 0)
    }

    /// Permille of the first thousand or so slots whose data `used` accepts (0 for an empty
    /// slot).
    pub fn hashfull_by(&self, used: impl Fn(u64) -> bool) -> u32 {
        let sample = self.len.min(HASHFULL_SAMPLE.div_ceil(N));
        let count = self.buckets()[..sample].iter().flatten().filter(|slot| used(slot.read().1)).count();
        (count * 1000 / (sample * N)) as u32
    }
}

impl HashTable<1> {
    /// Stores `data` (never 0: that is an empty slot) under `key`, replacing whatever the key's
    /// slot held.
    #[inline]
    pub fn store(&self, key: u64, data: u64) {
        self.bucket(key)[0].set(key, data);
    }
}

impl<const N: usize> Drop for HashTable<N> {
    fn drop(&mut self) {
        // SAFETY: `memory` was allocated by the global allocator with `layout`, and nothing
        // borrows the table any more.
        unsafe { alloc::dealloc(self.memory.as_ptr(), self.layout) }
    }
}

impl<const N: usize> fmt::Debug for HashTable<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HashTable").field("slots_per_bucket", &N).field("buckets", &self.len).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_probes_and_clears() {
        let table = HashTable::<1>::try_new(64 * 16).unwrap();
        assert_eq!((table.bucket_count(), table.bytes()), (64, 1024));
        assert_eq!(table.probe(5), None);
        table.store(5, 50);
        table.store(u64::MAX, 7);
        assert_eq!((table.probe(5), table.probe(u64::MAX)), (Some(50), Some(7)));
        table.store(5, 51);
        assert_eq!(table.probe(5), Some(51));
        // Keys 5 and 6 share bucket 0 (the high bits choose it): the later one replaces.
        table.store(6, 60);
        assert_eq!((table.probe(5), table.probe(6)), (None, Some(60)));
        assert_eq!(table.hashfull(), 2 * 1000 / 64);
        table.clear();
        assert_eq!((table.probe(6), table.probe(u64::MAX), table.hashfull()), (None, None, 0));
    }

    #[test]
    fn keys_spread_over_buckets_by_their_high_bits() {
        let table = HashTable::<4>::try_new(1000 * 64).unwrap();
        assert_eq!(table.bucket_count(), 1000);
        let index = |key: u64| {
            let first = table.bucket(key).as_ptr();
            table.buckets().iter().position(|b| std::ptr::eq(b.as_ptr(), first)).unwrap()
        };
        assert_eq!((index(0), index(u64::MAX), index(1 << 63)), (0, 999, 500));
        // Buckets of four slots are cache lines.
        assert_eq!(table.buckets().as_ptr().addr() % CACHE_LINE, 0);
        // A key can be in any slot of its bucket.
        let bucket = table.bucket(9);
        bucket[2].set(9, 90);
        assert_eq!(table.probe(9), Some(90));
        assert_eq!(bucket[2].read(), (9, 90));
        assert_eq!(bucket[0].read(), (0, 0));
        assert_eq!(table.hashfull_by(|d| d == 90), 1);
    }

    #[test]
    fn sizes_are_checked() {
        use HashTableError::*;
        assert_eq!(HashTable::<1>::try_new_mib(3).unwrap().bytes(), 3 * MIB);
        assert_eq!(HashTable::<4>::try_new(64 * 3 + 63).unwrap().bucket_count(), 3);
        assert_eq!(HashTable::<4>::try_new(63).unwrap_err(), TooSmall { size: ByteSize(63), bucket: 64 });
        assert_eq!(HashTable::<1>::try_new(0).unwrap_err(), TooSmall { size: ByteSize(0), bucket: 16 });
        assert_eq!(HashTable::<4>::try_new(usize::MAX).unwrap_err(), TooLarge(ByteSize(usize::MAX as u128)));
        let error = HashTable::<1>::try_new_mib(usize::MAX).unwrap_err();
        assert_eq!(error, TooLarge(ByteSize(usize::MAX as u128 * MIB as u128)));
        assert_eq!(error.to_string(), "a hash table of 18446744073709551615 MiB is too large for the address space");
        // Within the address space, but more than any machine has: the allocator refuses.
        let error = HashTable::<1>::try_new(1 << 62).unwrap_err();
        assert_eq!(error, OutOfMemory(ByteSize(1 << 62)));
        assert_eq!(error.to_string(), "cannot allocate a hash table of 4398046511104 MiB: not enough memory");
        assert_eq!(
            HashTable::<1>::try_new(0).unwrap_err().to_string(),
            "a hash table of 0 bytes is too small: it needs at least 16 bytes"
        );
    }

    #[test]
    fn a_failed_resize_keeps_the_table() {
        let mut table = HashTable::<1>::try_new_mib(1).unwrap();
        table.store(3, 30);
        assert!(table.resize(0).is_err());
        assert!(table.resize(usize::MAX).is_err());
        assert_eq!((table.bytes(), table.probe(3)), (MIB, Some(30)));
        table.resize(2 * MIB).unwrap();
        assert_eq!((table.bytes(), table.probe(3)), (2 * MIB, None));
    }

    #[test]
    fn a_big_table_is_cheap_until_written() {
        // 8 GiB of zeroed memory: mapped lazily, so this is quick and takes little memory.
        if let Ok(table) = HashTable::<4>::try_new_mib(8 << 10) {
            table.bucket(u64::MAX)[3].set(1, 2);
            assert_eq!(table.bucket(u64::MAX)[3].read(), (1, 2));
            assert_eq!(table.probe(12345), None);
        }
    }

    #[test]
    fn threads_never_see_a_torn_entry_as_a_hit() {
        // Two writers fill a tiny table, where they keep colliding, with data derived from the
        // key; two readers check that every hit carries its key's data.
        let table = HashTable::<2>::try_new(4 * 32).unwrap();
        let data_of = |key: u64| key.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
        let keys = |seed: u64| (0..1_000_000u64).map(move |i| (i ^ seed).wrapping_mul(0xD6E8_FEB8_6659_FD93));
        std::thread::scope(|s| {
            for seed in [1, 2] {
                let table = &table;
                s.spawn(move || {
                    for key in keys(seed) {
                        let bucket = table.bucket(key);
                        bucket[(key & 1) as usize].set(key, data_of(key));
                    }
                });
            }
            for seed in [1, 2] {
                let table = &table;
                s.spawn(move || {
                    for key in keys(seed).chain(keys(3 - seed)) {
                        if let Some(data) = table.probe(key) {
                            assert_eq!(data, data_of(key), "key {key:#x}");
                        }
                    }
                });
            }
        });
        // Every hit afterwards is consistent too (a slot torn by the last writes reads as a
        // miss), and some entries survived.
        let hits =
            keys(1).chain(keys(2)).filter(|&key| table.probe(key).inspect(|&d| assert_eq!(d, data_of(key))).is_some());
        assert!(hits.count() > 0);
    }
}
