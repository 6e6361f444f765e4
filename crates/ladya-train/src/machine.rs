//! What the trainer asks of the machine: work on several threads, and cache lines ahead of
//! use.

/// Runs `work` on each of `jobs`, the first on this thread and each other on a thread of its
/// own, and returns the results in order.
pub(crate) fn in_parallel<J: Send, T: Send>(jobs: impl IntoIterator<Item = J>, work: impl Fn(J) -> T + Sync) -> Vec<T> {
    let work = &work;
    std::thread::scope(|scope| {
        let mut jobs = jobs.into_iter();
        let first = jobs.next();
        let others: Vec<_> = jobs.map(|job| scope.spawn(move || work(job))).collect();
        let mut results: Vec<T> = first.map(work).into_iter().collect();
        results.extend(others.into_iter().map(|thread| thread.join().unwrap_or_else(|e| std::panic::resume_unwind(e))));
        results
    })
}

/// Asks the processor to bring `slice[at]` into its cache ahead of use; nothing past the end.
#[inline(always)]
pub(crate) fn prefetch<T>(slice: &[T], at: usize) {
    #[cfg(target_arch = "x86_64")]
    if let Some(item) = slice.get(at) {
        // SAFETY: SSE, which has the prefetch instruction, is part of every x86-64 processor,
        // and prefetching a valid address changes nothing but the cache.
        unsafe { std::arch::x86_64::_mm_prefetch::<{ std::arch::x86_64::_MM_HINT_T0 }>((item as *const T).cast()) }
    }
}
