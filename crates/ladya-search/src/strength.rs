//! Playing below full strength, for people: a rating on Ladya's scale becomes a smaller search
//! and a choice among its best few moves, so that a weaker level plays like a weaker player
//! (shallow sight, a plausible second-best move now and then) rather than making random moves.
//!
//! A level searches alone until a node budget is spent (checked between iterations, so a level
//! plays the same on any machine, unless a clock too short for its budget cuts it off), with
//! enough principal variations to know its candidates' scores. It then draws one of them: a
//! move scoring `d` centipawns below the best is drawn with a weight of `exp(-d / temperature)`,
//! and moves more than a margin below the best are never drawn. The budget shrinks and the
//! temperature and margin grow as the rating falls; the table in [`LEVELS`] was calibrated in
//! games (docs/play.md), and a game may widen the temperature and margin
//! (`EngineGame::LEVEL_SPREAD`).
//!
//! ```
//! use ladya_search::Strength;
//!
//! let club = Strength::from_elo(1600)?;
//! assert_eq!(club.elo(), 1600);
//! assert!(Strength::from_elo(1200)?.nodes() < club.nodes());
//! // Skill Level 20 is full strength, as in Stockfish; lower levels are ratings.
//! assert!(Strength::from_skill_level(20)?.is_none());
//! assert_eq!(Strength::from_skill_level(0)?.map(|s| s.elo()), Some(Strength::MIN_ELO));
//! assert!(Strength::from_elo(100).is_err());
//! # Ok::<(), String>(())
//! ```

use std::time::{SystemTime, UNIX_EPOCH};

use ladya_core::rng::Rng;
use ladya_core::score::{Score, mate_moves};

/// The calibration points: a rating, the nodes its search may spend, the temperature of its
/// choice (centipawns), the margin below the best move beyond which no move is chosen
/// (centipawns), and how many candidate moves it weighs. Between two points the node budget is
/// interpolated geometrically, the rest linearly.
const LEVELS: [(u32, f64, f64, f64, usize); 7] = [
    (500, 40.0, 260.0, 900.0, 8),
    (800, 135.0, 150.0, 530.0, 8),
    (1200, 570.0, 77.0, 260.0, 6),
    (1600, 1_550.0, 48.0, 160.0, 5),
    (2000, 6_300.0, 21.0, 77.0, 4),
    (2400, 16_000.0, 12.0, 48.0, 4),
    (2800, 32_000.0, 8.0, 32.0, 4),
];

/// How far a mate counts below or above any other score when moves are weighed.
const MATE_AS: Score = 2_000;

/// A playing strength below full, named by a rating (`UCI_Elo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    elo: u32,
    seed: u64,
}

impl Strength {
    /// The lowest rating a level can have.
    pub const MIN_ELO: u32 = LEVELS[0].0;
    /// The highest rating a level can have; above it is full strength.
    pub const MAX_ELO: u32 = LEVELS[LEVELS.len() - 1].0;

    /// The level of rating `elo`.
    ///
    /// # Errors
    /// A rating outside [`Strength::MIN_ELO`]..=[`Strength::MAX_ELO`], with the range.
    pub fn from_elo(elo: u32) -> Result<Strength, String> {
        if (Strength::MIN_ELO..=Strength::MAX_ELO).contains(&elo) {
            Ok(Strength { elo, seed: 0 })
        } else {
            Err(format!("a rating must be {} to {}, not {elo}", Strength::MIN_ELO, Strength::MAX_ELO))
        }
    }

    /// Stockfish's `Skill Level`: 20 is full strength (`None`), 0 to 19 are ratings evenly
    /// spread from [`Strength::MIN_ELO`] upwards.
    ///
    /// # Errors
    /// A level above 20.
    pub fn from_skill_level(level: u32) -> Result<Option<Strength>, String> {
        match level {
            20 => Ok(None),
            0..20 => {
                Strength::from_elo(Strength::MIN_ELO + level * (Strength::MAX_ELO - Strength::MIN_ELO) / 20).map(Some)
            }
            _ => Err(format!("Skill Level must be 0 to 20, not {level}")),
        }
    }

    /// The same level drawing its moves from `seed`: searches with different seeds may choose
    /// different moves in the same position; the same seed and the same search (a fresh
    /// table, no clock cutting it short), the same move.
    #[must_use]
    pub fn with_seed(self, seed: u64) -> Strength {
        Strength { seed, ..self }
    }

    /// The same level drawing from a seed taken from the clock: each call a new one, so that
    /// games against a level differ.
    #[must_use]
    pub fn with_fresh_seed(self) -> Strength {
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64);
        self.with_seed(nanos)
    }

    /// The rating.
    pub fn elo(self) -> u32 {
        self.elo
    }

    /// The nodes a search at this level spends: no new iteration starts beyond them.
    pub fn nodes(self) -> u64 {
        self.interpolate(|(_, nodes, ..)| nodes.ln()).exp().round() as u64
    }

    /// How many of the best moves the search scores to choose from.
    pub fn candidates(self) -> usize {
        self.interpolate(|(.., lines)| lines as f64).round() as usize
    }

    /// The temperature and the margin of the choice, in centipawns.
    fn spread(self) -> (f64, f64) {
        (self.interpolate(|(_, _, t, _, _)| t), self.interpolate(|(_, _, _, m, _)| m))
    }

    /// A value of the calibration table at this rating, linear between its points.
    fn interpolate(self, value: impl Fn((u32, f64, f64, f64, usize)) -> f64) -> f64 {
        let upper = LEVELS.iter().position(|l| l.0 >= self.elo).unwrap_or(LEVELS.len() - 1).max(1);
        let (low, high) = (LEVELS[upper - 1], LEVELS[upper]);
        let t = (f64::from(self.elo) - f64::from(low.0)) / f64::from(high.0 - low.0);
        value(low) + (value(high) - value(low)) * t.clamp(0.0, 1.0)
    }

    /// Which of `scores` (the candidates' scores, best first) to play in the position with
    /// hash `key`, the temperature and margin times `spread`: always 0 when there is one
    /// candidate.
    pub(crate) fn choose(self, scores: &[Score], spread: f64, key: u64) -> usize {
        let weighed = |s: Score| match mate_moves(s) {
            Some(m) if m > 0 => f64::from(MATE_AS - m),
            Some(m) => f64::from(-MATE_AS - m),
            // Below any mate the search can find (a mate in at most MAX_PLY plies).
            None => f64::from(s.clamp(-MATE_AS + 600, MATE_AS - 600)),
        };
        let Some(&first) = scores.first() else { return 0 };
        let best = weighed(first);
        let (temperature, margin) = self.spread();
        let (temperature, margin) = (temperature * spread, margin * spread);
        let weights: Vec<f64> = scores
            .iter()
            .map(|&s| {
                let behind = best - weighed(s);
                if behind > margin { 0.0 } else { (-behind / temperature).exp() }
            })
            .collect();
        let total: f64 = weights.iter().sum();
        let draw = Rng::new(self.seed ^ key).f64() * total;
        let mut sum = 0.0;
        for (i, w) in weights.iter().enumerate() {
            sum += w;
            if draw < sum {
                return i;
            }
        }
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_ratings_search_less_and_choose_more_loosely() {
        let mut last: Option<(u64, f64, f64, usize)> = None;
        for elo in (Strength::MIN_ELO..=Strength::MAX_ELO).step_by(50) {
            let s = Strength::from_elo(elo).unwrap();
            let (t, m) = s.spread();
            if let Some((nodes, lt, lm, lines)) = last {
                assert!(s.nodes() >= nodes && t <= lt && m <= lm && s.candidates() <= lines, "{elo}");
            }
            last = Some((s.nodes(), t, m, s.candidates()));
        }
        assert_eq!(Strength::from_elo(500).unwrap().nodes(), 40);
        assert_eq!(Strength::from_elo(2800).unwrap().nodes(), 32_000);
        // Halfway between two points in rating, geometric in nodes.
        assert_eq!(Strength::from_elo(1000).unwrap().nodes(), 277);
    }

    #[test]
    fn ratings_and_skill_levels_out_of_range_are_refused() {
        assert!(Strength::from_elo(499).is_err() && Strength::from_elo(2801).is_err());
        assert_eq!(Strength::from_skill_level(10).unwrap().map(Strength::elo), Some(1650));
        assert!(Strength::from_skill_level(21).is_err());
    }

    #[test]
    fn the_choice_follows_the_scores() {
        let weak = Strength::from_elo(800).unwrap();
        let strong = Strength::from_elo(2800).unwrap();
        let scores = [50, 40, -420, -2000];
        let mut picked = [[0usize; 4]; 2];
        for key in 0..4000u64 {
            picked[0][weak.with_seed(7).choose(&scores, 1.0, key)] += 1;
            picked[1][strong.with_seed(7).choose(&scores, 1.0, key)] += 1;
        }
        // The weak level plays the second-best move often, a move 470 behind rarely, one
        // beyond its margin never; the strong one only the best and the nearly-as-good move.
        assert!(picked[0][1] > 1500 && picked[0][0] > picked[0][1], "{picked:?}");
        assert!(picked[0][2] > 0 && picked[0][2] < 200 && picked[0][3] == 0, "{picked:?}");
        assert!(picked[1][0] > 3000 && picked[1][2] == 0 && picked[1][3] == 0, "{picked:?}");
        // A wider spread (ugolki's) reaches further down the list.
        let mut wide = [0usize; 4];
        for key in 0..4000u64 {
            wide[weak.with_seed(7).choose(&scores, 4.0, key)] += 1;
        }
        assert!(wide[2] > 2 * picked[0][2] && wide[3] > 0, "{wide:?} {picked:?}");
        // The same seed and position, the same move; a lone candidate is always chosen.
        assert_eq!(weak.with_seed(3).choose(&scores, 1.0, 99), weak.with_seed(3).choose(&scores, 1.0, 99));
        assert_eq!(weak.choose(&[-30], 1.0, 5), 0);
    }

    #[test]
    fn a_mate_outweighs_any_score() {
        let mate_in_two = ladya_core::score::mate_in(3);
        let s = Strength::from_elo(1200).unwrap();
        for key in 0..500 {
            assert_eq!(s.choose(&[mate_in_two, 900, 850], 1.0, key), 0);
        }
    }
}
