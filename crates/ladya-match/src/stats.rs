//! The figures of a match: wins, draws and losses, the Elo difference with its 95% interval and
//! likelihood of superiority (as cutechess-cli computes them from single games), the
//! pentanomial counts of game pairs, and the sequential probability ratio test on those pairs
//! (as fastchess and OpenBench compute it).

use std::f64::consts::{LN_10, SQRT_2};

/// The normal quantile of 97.5%: a 95% interval is the mean plus or minus this many deviations.
const Z_95: f64 = 1.959_963_984_540_054;

/// What an empty pentanomial cell counts as in the log-likelihood ratio, so that a match
/// without, say, a lost pair still has a variance (OpenBench's regularisation).
const EMPTY_CELL: f64 = 1e-3;

/// Wins, draws and losses of one engine against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

/// An Elo difference and the half-width of its 95% interval; either may be infinite or NaN
/// when the score is 0% or 100%.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct EloEstimate {
    /// The Elo difference of the mean score.
    pub elo: f64,
    /// Half the width of the 95% interval, in Elo.
    pub margin: f64,
}

impl Wdl {
    /// Adds one game's result: `points` 1 for a win, 0.5 for a draw, 0 for a loss.
    pub fn add(&mut self, points: f64) {
        if points > 0.75 {
            self.wins += 1;
        } else if points < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The number of games.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// The mean score per game, from 0 to 1 (NaN with no game).
    pub fn score(&self) -> f64 {
        (f64::from(self.wins) + f64::from(self.draws) / 2.0) / f64::from(self.games())
    }

    /// The share of drawn games, from 0 to 1.
    pub fn draw_ratio(&self) -> f64 {
        f64::from(self.draws) / f64::from(self.games())
    }

    /// The Elo difference and its 95% interval from the trinomial distribution of the games.
    pub fn elo(&self) -> EloEstimate {
        let n = f64::from(self.games());
        let mean = self.score();
        let variance = (f64::from(self.wins) * (1.0 - mean).powi(2)
            + f64::from(self.draws) * (0.5 - mean).powi(2)
            + f64::from(self.losses) * mean.powi(2))
            / n;
        let deviation = (variance / n).sqrt();
        let low = elo_of_score(mean - Z_95 * deviation);
        let high = elo_of_score(mean + Z_95 * deviation);
        EloEstimate { elo: elo_of_score(mean), margin: (high - low) / 2.0 }
    }

    /// The likelihood of superiority: the probability, from the decisive games, that the
    /// engine is the stronger one (0 to 1; 0.5 with no decisive game).
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        0.5 * (1.0 + erf((f64::from(self.wins) - f64::from(self.losses)) / (2.0 * decisive).sqrt()))
    }
}

/// The Elo difference at which the stronger side scores `score` (0 to 1) in the logistic model;
/// infinite at 0 and 1, NaN outside.
pub fn elo_of_score(score: f64) -> f64 {
    -400.0 * (1.0 / score - 1.0).log10()
}

/// The expected score (0 to 1) of a side `elo` points stronger, in the logistic model.
pub fn score_of_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The error function, to seven decimals (Numerical Recipes' Chebyshev fit of erfc).
fn erf(x: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let coefficients = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ];
    let polynomial = coefficients.iter().rev().fold(0.0, |acc, c| acc * t + c);
    let erfc = t * (-x * x + polynomial).exp();
    if x >= 0.0 { 1.0 - erfc } else { erfc - 1.0 }
}

/// The pentanomial counts of game pairs (one opening played with each colour): how many pairs
/// scored 0, ½, 1, 1½ and 2 points for the engine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    /// Adds a pair that scored `points` (0 to 2, in half points).
    pub fn add(&mut self, points: f64) {
        let cell = (points * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[cell] += 1;
    }

    /// The number of pairs.
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }
}

/// The Elo scale the SPRT's hypotheses are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EloModel {
    /// Normalized Elo (nElo): the score difference divided by its spread per pair, which does
    /// not depend on the draw rate. Fishtest's, fastchess's and OpenBench's default.
    Normalized,
    /// Logistic Elo, as cutechess-cli and the Elo difference line measure it.
    Logistic,
}

/// The hypothesis an SPRT accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hypothesis {
    /// H0: the difference is `elo0` (or less).
    H0,
    /// H1: the difference is `elo1` (or more).
    H1,
}

/// A sequential probability ratio test of H0 (`elo0`) against H1 (`elo1`) with error rates
/// `alpha` (false H1) and `beta` (false H0).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    /// The Elo difference of H0.
    pub elo0: f64,
    /// The Elo difference of H1.
    pub elo1: f64,
    /// The probability of accepting H1 when H0 holds.
    pub alpha: f64,
    /// The probability of accepting H0 when H1 holds.
    pub beta: f64,
    /// The Elo scale of `elo0` and `elo1`.
    pub model: EloModel,
}

impl Sprt {
    /// The log-likelihood ratio at which H0 is accepted: ln(β / (1 − α)).
    pub fn lower_bound(&self) -> f64 {
        (self.beta / (1.0 - self.alpha)).ln()
    }

    /// The log-likelihood ratio at which H1 is accepted: ln((1 − β) / α).
    pub fn upper_bound(&self) -> f64 {
        ((1.0 - self.beta) / self.alpha).ln()
    }

    /// The log-likelihood ratio of H1 against H0 for the pairs played, in the normal
    /// approximation of the pair scores' distribution (fastchess, OpenBench); 0 with no pair.
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.0.map(|c| f64::from(c).max(EMPTY_CELL));
        let total: f64 = counts.iter().sum();
        let share = |i: usize| counts[i] / total;
        let mean: f64 = (0..5).map(|i| share(i) * i as f64 / 4.0).sum();
        let variance: f64 = (0..5).map(|i| share(i) * (i as f64 / 4.0 - mean).powi(2)).sum();
        let score = |elo: f64| match self.model {
            EloModel::Logistic => score_of_elo(elo),
            // nElo per pair: the score over the pair deviation, scaled as logistic Elo near 0.
            EloModel::Normalized => 0.5 + elo * SQRT_2 * variance.sqrt() / (800.0 / LN_10),
        };
        let (s0, s1) = (score(self.elo0), score(self.elo1));
        total * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * variance)
    }

    /// The hypothesis accepted at `llr`, if it crossed a bound.
    pub fn verdict(&self, llr: f64) -> Option<Hypothesis> {
        if llr >= self.upper_bound() {
            Some(Hypothesis::H1)
        } else if llr <= self.lower_bound() {
            Some(Hypothesis::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(actual: f64, expected: f64) {
        assert!((actual - expected).abs() < 1e-6, "{actual} is not {expected}");
    }

    // The expected figures below were computed independently in Python 3 (math.erf, math.log10)
    // from the formulas: mu = (w + d/2)/n, var = (w(1-mu)^2 + d(1/2-mu)^2 + l mu^2)/n,
    // interval mu ± 1.959964 sqrt(var/n) turned into Elo with -400 log10(1/s - 1), and
    // LOS = (1 + erf((w - l)/sqrt(2(w + l))))/2.
    #[test]
    fn trinomial_elo_interval_and_los() {
        let wdl = Wdl { wins: 30, draws: 40, losses: 20 };
        close(wdl.score(), 0.5555555555555556);
        let estimate = wdl.elo();
        close(estimate.elo, 38.76400520322261);
        close(estimate.margin, 54.01191291156197);
        close(wdl.los(), 0.9213503964748575);
        close(wdl.draw_ratio(), 40.0 / 90.0);
    }

    #[test]
    fn perfect_scores_have_no_finite_elo() {
        let wdl = Wdl { wins: 4, draws: 0, losses: 0 };
        assert!(wdl.elo().elo.is_infinite());
        assert_eq!(Wdl::default().los(), 0.5);
        close(elo_of_score(score_of_elo(123.0)), 123.0);
    }

    #[test]
    fn results_fall_in_their_cells() {
        let mut wdl = Wdl::default();
        for points in [1.0, 0.5, 0.0, 1.0] {
            wdl.add(points);
        }
        assert_eq!(wdl, Wdl { wins: 2, draws: 1, losses: 1 });
        let mut pairs = Pentanomial::default();
        for points in [0.0, 0.5, 1.0, 1.5, 2.0, 2.0] {
            pairs.add(points);
        }
        assert_eq!(pairs, Pentanomial([1, 1, 1, 1, 2]));
    }

    // Bounds: ln(0.05/0.95) and ln(0.95/0.05) from Python's math.log.
    #[test]
    fn sprt_bounds() {
        let sprt = Sprt { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05, model: EloModel::Normalized };
        close(sprt.lower_bound(), -2.9444389791664403);
        close(sprt.upper_bound(), 2.9444389791664403);
        assert_eq!(sprt.verdict(3.0), Some(Hypothesis::H1));
        assert_eq!(sprt.verdict(-3.0), Some(Hypothesis::H0));
        assert_eq!(sprt.verdict(0.0), None);
    }

    // The LLRs were computed in Python 3 by an independent transcription of the method: empty
    // cells count 1e-3; with shares p_i of the pair scores i/4, mean m and variance v, the
    // scores s0, s1 of the hypotheses are 1/(1 + 10^(-elo/400)) (logistic) or
    // 0.5 + elo sqrt(2) sqrt(v) / (800/ln 10) (normalized), and LLR = N (s1 - s0)(2m - s0 - s1)/(2v).
    #[test]
    fn sprt_llr_on_pentanomial_pairs() {
        let llr =
            |counts, elo0, elo1, model| Sprt { elo0, elo1, alpha: 0.05, beta: 0.05, model }.llr(&Pentanomial(counts));
        use EloModel::{Logistic, Normalized};
        close(llr([2, 5, 20, 10, 8], 0.0, 5.0, Normalized), 0.32368242464983843);
        close(llr([2, 5, 20, 10, 8], 0.0, 5.0, Logistic), 0.4359666074808908);
        close(llr([2, 5, 20, 10, 8], 0.0, 10.0, Normalized), 0.6287253637550264);
        close(llr([2, 5, 20, 10, 8], 20.0, 40.0, Normalized), 0.8846610166170461);
        close(llr([0, 0, 0, 0, 12], 0.0, 5.0, Normalized), 9.768725678086387);
        close(llr([0, 0, 0, 0, 12], 0.0, 5.0, Logistic), 274.44714983017786);
        close(llr([10, 30, 60, 25, 5], 0.0, 5.0, Normalized), -0.3539763446256441);
        close(llr([10, 30, 60, 25, 5], 20.0, 40.0, Normalized), -2.60054823756259);
        close(llr([0; 5], 0.0, 5.0, Normalized), 0.0);
    }
}
