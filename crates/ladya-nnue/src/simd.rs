//! The two loops inference spends its time in, written for AVX-512, for AVX2 and portably, all
//! giving exactly the same numbers: updating a hidden layer by rows of weights, and the output's dot
//! product of clipped, squared hidden values with the output weights.

use crate::quantisation::QA;

/// The instruction set the loops run with, one the processor is known to have.
///
/// A value can only be had from [`Kernels::detect`], [`Kernels::portable`], [`Kernels::avx2`],
/// [`Kernels::avx512`] and [`Kernels::available`], which ask the processor first: safe code cannot build kernels
/// the processor lacks, so the `unsafe` calls into them below are sound.
///
/// ```compile_fail
/// // The instruction set cannot be named from outside: only the constructors make kernels.
/// let kernels = ladya_nnue::simd::Kernels::Avx2;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kernels(Kind);

/// What [`Kernels`] holds; private, so that only the checked constructors make one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// Plain Rust, for every processor.
    Portable,
    /// 256-bit integer vectors of x86-64 processors that have AVX2; only made after
    /// `is_x86_feature_detected!("avx2")` said so.
    #[cfg(target_arch = "x86_64")]
    Avx2,
    /// 512-bit integer vectors of x86-64 processors that have AVX-512 F and BW; only made after
    /// `is_x86_feature_detected!` said so for both.
    #[cfg(target_arch = "x86_64")]
    Avx512,
}

impl Kernels {
    /// The fastest kernels this processor runs.
    pub fn detect() -> Kernels {
        Kernels::avx512().or(Kernels::avx2()).unwrap_or(Kernels::portable())
    }

    /// Plain Rust, for every processor.
    pub const fn portable() -> Kernels {
        Kernels(Kind::Portable)
    }

    /// 256-bit integer vectors, if this processor is an x86-64 that has AVX2; `None` otherwise.
    pub fn avx2() -> Option<Kernels> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") {
            return Some(Kernels(Kind::Avx2));
        }
        None
    }

    /// 512-bit integer vectors, if this processor is an x86-64 that has AVX-512 F and BW;
    /// `None` otherwise.
    pub fn avx512() -> Option<Kernels> {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw") {
            return Some(Kernels(Kind::Avx512));
        }
        None
    }

    /// Every kind of kernel this processor runs, portable first, the fastest last.
    pub fn available() -> Vec<Kernels> {
        std::iter::once(Kernels::portable()).chain(Kernels::avx2()).chain(Kernels::avx512()).collect()
    }

    /// The instruction set's name: `portable`, `avx2` or `avx512`.
    pub fn name(self) -> &'static str {
        match self.0 {
            Kind::Portable => "portable",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => "avx2",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => "avx512",
        }
    }

    /// `out = from + sum(add) - sum(remove)`, element by element, wrapping on overflow. Every
    /// slice has the length of `out`, a multiple of 16.
    ///
    /// # Panics
    /// If a slice is shorter than `out`.
    #[inline(always)]
    pub fn update(self, out: &mut [i16], from: &[i16], add: &[&[i16]], remove: &[&[i16]]) {
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Kind::Avx2` is private and only made by `Kernels::avx2`, after
            // `is_x86_feature_detected!("avx2")` said the processor has AVX2; the function checks
            // the slices' lengths itself.
            Kind::Avx2 => unsafe { avx2::update(out, from, add, remove) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Kind::Avx512` is only made by `Kernels::avx512`, after the processor said
            // it has AVX-512 F and BW; the function checks the slices' lengths itself.
            Kind::Avx512 => unsafe { avx512::update(out, from, add, remove) },
            Kind::Portable => portable::update(out, from, add, remove),
        }
    }

    /// `sum(clip(v)^2 * w)` over `values` and `weights` (of one length, a multiple of 16), where
    /// `clip` bounds a value to 0..=[`QA`] and every weight is within ±127.
    ///
    /// # Panics
    /// If `weights` is shorter than `values`.
    #[inline(always)]
    pub fn clipped_square_dot(self, values: &[i16], weights: &[i16]) -> i64 {
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Kind::Avx2` is only made after the processor said it has AVX2 (see
            // `Kernels::avx2`); the function checks the slices' lengths itself.
            Kind::Avx2 => unsafe { avx2::clipped_square_dot(values, weights) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Kind::Avx512` is only made after the processor said it has AVX-512 F and
            // BW (see `Kernels::avx512`); the function checks the slices' lengths itself.
            Kind::Avx512 => unsafe { avx512::clipped_square_dot(values, weights) },
            Kind::Portable => portable::clipped_square_dot(values, weights),
        }
    }
}

mod portable {
    use super::QA;

    pub(super) fn update(out: &mut [i16], from: &[i16], add: &[&[i16]], remove: &[&[i16]]) {
        out.copy_from_slice(&from[..out.len()]);
        for row in add {
            for (o, w) in out.iter_mut().zip(row.iter()) {
                *o = o.wrapping_add(*w);
            }
        }
        for row in remove {
            for (o, w) in out.iter_mut().zip(row.iter()) {
                *o = o.wrapping_sub(*w);
            }
        }
    }

    pub(super) fn clipped_square_dot(values: &[i16], weights: &[i16]) -> i64 {
        values
            .iter()
            .zip(weights)
            .map(|(&v, &w)| {
                let v = v.clamp(0, QA as i16) as i64;
                v * v * w as i64
            })
            .sum()
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    use super::QA;

    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn update(out: &mut [i16], from: &[i16], add: &[&[i16]], remove: &[&[i16]]) {
        let n = out.len();
        assert!(n.is_multiple_of(16) && from.len() >= n);
        assert!(add.iter().chain(remove).all(|row| row.len() >= n));
        for i in (0..n).step_by(16) {
            // SAFETY: every slice holds at least `n` values, checked above, and `i + 16 <= n`.
            unsafe {
                let mut v = _mm256_loadu_si256(from.as_ptr().add(i).cast());
                for row in add {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(row.as_ptr().add(i).cast()));
                }
                for row in remove {
                    v = _mm256_sub_epi16(v, _mm256_loadu_si256(row.as_ptr().add(i).cast()));
                }
                _mm256_storeu_si256(out.as_mut_ptr().add(i).cast(), v);
            }
        }
    }

    /// Each lane sums at most 2 x 512 / 16 products of at most 255 x 255 x 127, which stays
    /// within 32 bits for any width the file format allows; the lanes are added in 64 bits.
    ///
    /// # Safety
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn clipped_square_dot(values: &[i16], weights: &[i16]) -> i64 {
        let n = values.len();
        assert!(n.is_multiple_of(16) && weights.len() >= n);
        let (zero, top) = (_mm256_setzero_si256(), _mm256_set1_epi16(QA as i16));
        let mut sum = _mm256_setzero_si256();
        for i in (0..n).step_by(16) {
            // SAFETY: both slices hold at least `n` values, checked above, and `i + 16 <= n`.
            unsafe {
                let v =
                    _mm256_min_epi16(_mm256_max_epi16(_mm256_loadu_si256(values.as_ptr().add(i).cast()), zero), top);
                let w = _mm256_loadu_si256(weights.as_ptr().add(i).cast());
                // v * w fits in 16 bits (255 x 127); times v again, pairwise into 32 bits.
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(_mm256_mullo_epi16(v, w), v));
            }
        }
        let mut lanes = [0i32; 8];
        // SAFETY: `lanes` is 32 bytes, one whole vector, and `storeu` needs no alignment.
        unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), sum) };
        lanes.iter().map(|&l| l as i64).sum()
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::*;

    use super::QA;

    /// 32 values a vector; a width that is an odd multiple of 16 ends with one AVX2 step.
    ///
    /// # Safety
    /// The processor must have AVX-512 F and BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn update(out: &mut [i16], from: &[i16], add: &[&[i16]], remove: &[&[i16]]) {
        let n = out.len();
        assert!(n.is_multiple_of(16) && from.len() >= n);
        assert!(add.iter().chain(remove).all(|row| row.len() >= n));
        let whole = n - n % 32;
        for i in (0..whole).step_by(32) {
            // SAFETY: every slice holds at least `n` values, checked above, and `i + 32 <= n`.
            unsafe {
                let mut v = _mm512_loadu_si512(from.as_ptr().add(i).cast());
                for row in add {
                    v = _mm512_add_epi16(v, _mm512_loadu_si512(row.as_ptr().add(i).cast()));
                }
                for row in remove {
                    v = _mm512_sub_epi16(v, _mm512_loadu_si512(row.as_ptr().add(i).cast()));
                }
                _mm512_storeu_si512(out.as_mut_ptr().add(i).cast(), v);
            }
        }
        if whole < n {
            // SAFETY: as above, with `whole + 16 == n`; AVX-512 F implies AVX2.
            unsafe {
                let mut v = _mm256_loadu_si256(from.as_ptr().add(whole).cast());
                for row in add {
                    v = _mm256_add_epi16(v, _mm256_loadu_si256(row.as_ptr().add(whole).cast()));
                }
                for row in remove {
                    v = _mm256_sub_epi16(v, _mm256_loadu_si256(row.as_ptr().add(whole).cast()));
                }
                _mm256_storeu_si256(out.as_mut_ptr().add(whole).cast(), v);
            }
        }
    }

    /// As the AVX2 kernel, in 16 lanes of 32 bits: each sums at most 2 x 512 / 32 products.
    ///
    /// # Safety
    /// The processor must have AVX-512 F and BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn clipped_square_dot(values: &[i16], weights: &[i16]) -> i64 {
        let n = values.len();
        assert!(n.is_multiple_of(16) && weights.len() >= n);
        let whole = n - n % 32;
        let (zero, top) = (_mm512_setzero_si512(), _mm512_set1_epi16(QA as i16));
        let mut sum = _mm512_setzero_si512();
        for i in (0..whole).step_by(32) {
            // SAFETY: both slices hold at least `n` values, checked above, and `i + 32 <= n`.
            unsafe {
                let v =
                    _mm512_min_epi16(_mm512_max_epi16(_mm512_loadu_si512(values.as_ptr().add(i).cast()), zero), top);
                let w = _mm512_loadu_si512(weights.as_ptr().add(i).cast());
                // v * w fits in 16 bits (255 x 127); times v again, pairwise into 32 bits.
                sum = _mm512_add_epi32(sum, _mm512_madd_epi16(_mm512_mullo_epi16(v, w), v));
            }
        }
        let mut total = 0i64;
        if whole < n {
            // SAFETY: as above, with `whole + 16 == n`; AVX-512 F implies AVX2.
            total = unsafe { super::avx2::clipped_square_dot(&values[whole..n], &weights[whole..n]) };
        }
        let mut lanes = [0i32; 16];
        // SAFETY: `lanes` is 64 bytes, one whole vector, and `storeu` needs no alignment.
        unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), sum) };
        total + lanes.iter().map(|&l| l as i64).sum::<i64>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A sequence of awkward values from a fixed seed.
    fn values(n: usize, seed: u64, spread: i64) -> Vec<i16> {
        let mut rng = ladya_core::rng::Rng::new(seed);
        (0..n).map(|_| (rng.below(2 * spread as usize + 1) as i64 - spread) as i16).collect()
    }

    #[test]
    fn every_kernel_gives_the_same_numbers() {
        for n in [16, 48, 64, 272, 512] {
            let hidden = values(n, 1, 400);
            let weights = values(n, 2, 127);
            let rows: Vec<Vec<i16>> = (3..7).map(|s| values(n, s, i16::MAX as i64)).collect();
            let mut results = Vec::new();
            for kernels in Kernels::available() {
                let mut out = vec![0; n];
                kernels.update(&mut out, &hidden, &[&rows[0], &rows[1]], &[&rows[2], &rows[3]]);
                results.push((out, kernels.clipped_square_dot(&hidden, &weights)));
            }
            let (out, dot) = &results[0];
            let expected: Vec<i16> = (0..n)
                .map(|i| {
                    hidden[i]
                        .wrapping_add(rows[0][i])
                        .wrapping_add(rows[1][i])
                        .wrapping_sub(rows[2][i])
                        .wrapping_sub(rows[3][i])
                })
                .collect();
            assert_eq!(out, &expected);
            let by_hand: i64 = (0..n).map(|i| (hidden[i].clamp(0, 255) as i64).pow(2) * weights[i] as i64).sum();
            assert_eq!(*dot, by_hand);
            assert!(results.iter().all(|r| r == &results[0]), "kernels disagree at width {n}");
        }
    }

    #[test]
    fn only_kernels_the_processor_runs_can_be_had() {
        #[cfg(target_arch = "x86_64")]
        let has_avx2 = std::arch::is_x86_feature_detected!("avx2");
        #[cfg(not(target_arch = "x86_64"))]
        let has_avx2 = false;
        #[cfg(target_arch = "x86_64")]
        let has_avx512 =
            std::arch::is_x86_feature_detected!("avx512f") && std::arch::is_x86_feature_detected!("avx512bw");
        #[cfg(not(target_arch = "x86_64"))]
        let has_avx512 = false;
        assert_eq!(Kernels::avx2().is_some(), has_avx2);
        assert_eq!(Kernels::avx512().is_some(), has_avx512);
        assert_eq!(Kernels::portable().name(), "portable");
        let names: Vec<&str> = Kernels::available().iter().map(|k| k.name()).collect();
        let mut expected = vec!["portable"];
        expected.extend(has_avx2.then_some("avx2"));
        expected.extend(has_avx512.then_some("avx512"));
        assert_eq!(names, expected);
        assert_eq!(Kernels::detect().name(), *expected.last().unwrap());
    }

    #[test]
    fn the_widest_layer_at_full_activation_does_not_overflow() {
        let n = crate::quantisation::MAX_HIDDEN;
        let (hidden, weights) = (vec![QA as i16; n], vec![127; n]);
        for kernels in Kernels::available() {
            assert_eq!(kernels.clipped_square_dot(&hidden, &weights), n as i64 * 255 * 255 * 127);
        }
    }
}
