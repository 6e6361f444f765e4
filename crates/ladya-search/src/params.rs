//! The search's tunable numbers in one table: pruning margins and depths, the late-move
//! reduction formula, the aspiration window, history bonuses and the time budget.
//!
//! A search copies its [`Params`] from [`SearchOptions::params`](crate::SearchOptions::params)
//! into every thread. Each number has a range it may be set within ([`Params::set`], the
//! engines' `setoption`) and the step an SPSA tuner perturbs it by ([`Param::c_end`]);
//! [`Params::openbench_spsa`] writes the table as OpenBench's SPSA form takes it.
//!
//! ```
//! use ladya_search::Params;
//!
//! let mut params = Params::default();
//! assert_eq!(params.get("RfpMargin"), Some(60));
//! params.set("rfpmargin", "96").expect("a parameter").expect("in range");
//! assert_eq!(params.rfp_margin, 96);
//! let refused = params.set("RfpMargin", "5000").expect("a parameter").unwrap_err();
//! assert_eq!(refused, "RfpMargin must be 20 to 200, not '5000'");
//! assert!(params.set("Hash", "16").is_none());
//! ```

use ladya_games::EngineGame;

/// One tunable number: its name (as an engine option), default and range, and its SPSA step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Param {
    /// The option's name (`setoption name NAME`), matched without regard to case.
    pub name: &'static str,
    /// The value the search uses unless told otherwise.
    pub default: i32,
    /// The smallest value accepted.
    pub min: i32,
    /// The largest value accepted.
    pub max: i32,
    /// The perturbation an SPSA tuner applies at the end of its run (OpenBench's `c_end`),
    /// about a twentieth of the range.
    pub c_end: i32,
}

/// The SPSA learning rate at the end of a run (OpenBench's `r_end`), the same for every number.
pub const R_END: f64 = 0.002;

/// Defines [`Params`], its default and its table from one list, so that the three agree.
macro_rules! params {
    ($($(#[doc = $doc:literal])+ $field:ident $name:literal = $default:literal, $min:literal..=$max:literal, $c_end:literal;)+) => {
        /// The search's tunable numbers; [`Params::default`] is what the search uses normally.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Params {
            $($(#[doc = $doc])+ pub $field: i32,)+
        }

        impl Default for Params {
            fn default() -> Self {
                Params { $($field: $default,)+ }
            }
        }

        impl Params {
            /// Every number: name, default, range and SPSA step, in the order of the fields.
            pub const TABLE: &'static [Param] =
                &[$(Param { name: $name, default: $default, min: $min, max: $max, c_end: $c_end },)+];

            /// The field of the number at `index` in [`Params::TABLE`].
            fn slot(&mut self, index: usize) -> Option<&mut i32> {
                [$(&mut self.$field,)+].into_iter().nth(index)
            }
        }
    };
}

params! {
    /// Aspiration windows from this iteration depth on.
    asp_depth "AspDepth" = 5, 1..=12, 1;
    /// The aspiration window's first half-width; it doubles at each failure.
    asp_delta "AspDelta" = 20, 5..=100, 5;
    /// With `fail-high-reduction`, a root search that failed high this many times in a row and
    /// more is searched this many plies shallower (one ply less per failure).
    asp_fail_high_plies "AspFailHighPlies" = 3, 0..=6, 1;
    /// Reverse futility pruning at depths up to this.
    rfp_depth "RfpDepth" = 7, 1..=12, 1;
    /// Reverse futility margin per ply of depth (less one ply when improving).
    rfp_margin "RfpMargin" = 60, 20..=200, 8;
    /// Razoring at depths up to this.
    razor_depth "RazorDepth" = 2, 1..=6, 1;
    /// Razoring margin per ply of depth.
    razor_margin "RazorMargin" = 250, 50..=600, 25;
    /// Null-move pruning from this depth on.
    nmp_depth "NmpDepth" = 3, 1..=8, 1;
    /// Null-move reduction: this many plies ...
    nmp_base "NmpBase" = 3, 1..=6, 1;
    /// ... plus the depth divided by this ...
    nmp_depth_div "NmpDepthDiv" = 4, 2..=10, 1;
    /// ... plus how far the evaluation is above beta divided by this ...
    nmp_eval_div "NmpEvalDiv" = 200, 50..=600, 25;
    /// ... that last term at most this.
    nmp_eval_max "NmpEvalMax" = 3, 0..=6, 1;
    /// With `null-move-verification`, a null move that fails high at this depth or deeper is
    /// verified by a search of the node without it.
    nmp_verify_depth "NmpVerifyDepth" = 14, 6..=24, 2;
    /// Singular extensions from this depth on.
    se_depth "SeDepth" = 7, 4..=12, 1;
    /// Singular extensions need a table entry at most this much shallower than the node.
    se_tt_depth "SeTtDepth" = 3, 1..=6, 1;
    /// The singular search's bound: the table's score less this much per ply of depth.
    se_margin "SeMargin" = 2, 1..=8, 1;
    /// With `double-extensions`, the hash move is extended two plies when the singular search
    /// falls this much further short of its bound ...
    se_double_margin "SeDoubleMargin" = 20, 5..=60, 4;
    /// ... at most this many times along one line.
    se_double_max "SeDoubleMax" = 5, 1..=12, 1;
    /// Internal iterative reductions from this depth on.
    iir_depth "IirDepth" = 4, 2..=10, 1;
    /// Losing noisy moves are pruned by static exchange at depths up to this ...
    see_noisy_depth "SeeNoisyDepth" = 6, 1..=12, 1;
    /// ... when they lose more than this much per ply of depth.
    see_noisy_margin "SeeNoisyMargin" = 100, 20..=300, 12;
    /// Quiet moves are pruned by static exchange at depths up to this ...
    see_quiet_depth "SeeQuietDepth" = 8, 1..=12, 1;
    /// ... when they lose more than this much per ply of depth.
    see_quiet_margin "SeeQuietMargin" = 64, 10..=200, 8;
    /// Late-move pruning at depths up to this.
    lmp_depth "LmpDepth" = 8, 1..=16, 1;
    /// Late-move pruning after (this + depth²) quiet moves, half as many when not improving.
    lmp_base "LmpBase" = 3, 0..=10, 1;
    /// Futility pruning at depths up to this.
    fut_depth "FutDepth" = 6, 1..=12, 1;
    /// Futility margin: this much ...
    fut_base "FutBase" = 60, 0..=300, 12;
    /// ... plus this much per ply of depth.
    fut_margin "FutMargin" = 60, 20..=250, 8;
    /// With `history-pruning`, quiet moves are pruned by their histories at depths up to this ...
    hist_prune_depth "HistPruneDepth" = 4, 1..=8, 1;
    /// ... when their histories sum below minus this much per ply of depth.
    hist_prune_margin "HistPruneMargin" = 3000, 500..=8000, 400;
    /// Late-move reductions from this depth on.
    lmr_depth "LmrDepth" = 3, 1..=6, 1;
    /// Late-move reduction table: this many hundredths of a ply ...
    lmr_base "LmrBase" = 50, 0..=200, 10;
    /// ... plus ln(depth) × ln(move number) divided by this many hundredths.
    lmr_div "LmrDiv" = 200, 100..=400, 15;
    /// A quiet move is reduced a ply less (more) for each this much of good (bad) history,
    /// two plies at most.
    lmr_history_div "LmrHistoryDiv" = 8000, 1000..=32000, 800;
    /// Plies more of reduction at a node expected to fail high (a cut node).
    lmr_cut_node "LmrCutNode" = 1, 0..=3, 1;
    /// History bonus of a quiet move that cuts off: this times depth² ...
    hist_bonus_mul "HistBonusMul" = 16, 4..=64, 3;
    /// ... at most this.
    hist_bonus_max "HistBonusMax" = 1200, 200..=4000, 150;
    /// The largest correction of the static evaluation by the correction history.
    corr_max "CorrMax" = 128, 16..=512, 24;
    /// Under a clock: stop iterating after this percentage of the move's share of the time ...
    tm_soft_pct "TmSoftPct" = 60, 20..=100, 4;
    /// ... and stop searching at this percentage of it.
    tm_hard_pct "TmHardPct" = 400, 100..=1000, 30;
    /// The percentage of the increment added to a move's share.
    tm_inc_pct "TmIncPct" = 75, 0..=100, 5;
    /// Time scaling by the best move's share of the nodes: (this / 100 − share) ...
    tm_nodes_base "TmNodesBase" = 160, 100..=250, 8;
    /// ... times this / 100.
    tm_nodes_mul "TmNodesMul" = 130, 50..=250, 10;
    /// Time scaling: the score has fallen when it is this much below the last iteration's ...
    tm_drop_margin "TmDropMargin" = 30, 5..=100, 5;
    /// ... and then the time is multiplied by this / 100.
    tm_drop_pct "TmDropPct" = 130, 100..=200, 5;
}

impl Params {
    /// Where the number called `name` (any case) is in [`Params::TABLE`].
    fn index(name: &str) -> Option<usize> {
        Params::TABLE.iter().position(|p| p.name.eq_ignore_ascii_case(name))
    }

    /// The value of the number called `name` (any case); `None` for a name not in the table.
    pub fn get(&self, name: &str) -> Option<i32> {
        let mut copy = *self;
        Params::index(name).and_then(|i| copy.slot(i).map(|v| *v))
    }

    /// Sets the number called `name` (any case) to `value`: `None` when no number has that
    /// name (it may be another option), else whether the value was taken.
    ///
    /// # Errors
    /// A value that is not a whole number within the number's range, said as `NAME must be MIN
    /// to MAX, not 'VALUE'`; the number keeps its value.
    pub fn set(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let index = Params::index(name)?;
        let param = Params::TABLE[index];
        let slot = self.slot(index)?;
        Some(match value.trim().parse::<i32>() {
            Ok(v) if (param.min..=param.max).contains(&v) => {
                *slot = v;
                Ok(())
            }
            _ => Err(format!("{} must be {} to {}, not '{value}'", param.name, param.min, param.max)),
        })
    }

    /// These numbers as a search of `G` uses them: each number `G` tunes
    /// ([`EngineGame::PARAMS`]) and left at its default takes the game's value. A number set
    /// to any other value keeps it; set to its default, as a GUI that echoes every declared
    /// option sets it, it takes the game's value too.
    ///
    /// ```
    /// use ladya_games::EngineGame;
    /// use ladya_search::Params;
    ///
    /// for &(name, value) in ladya_xiangqi::Position::PARAMS {
    ///     assert_eq!(Params::default().for_game::<ladya_xiangqi::Position>().get(name), Some(value));
    ///     let param = Params::TABLE.iter().find(|p| p.name == name).unwrap();
    ///     let mut echoed = Params::default();
    ///     echoed.set(name, &param.default.to_string()).unwrap().unwrap();
    ///     assert_eq!(echoed.for_game::<ladya_xiangqi::Position>().get(name), Some(value));
    ///     let chosen = if param.default > param.min { param.default - 1 } else { param.default + 1 };
    ///     let mut other = Params::default();
    ///     other.set(name, &chosen.to_string()).unwrap().unwrap();
    ///     assert_eq!(other.for_game::<ladya_xiangqi::Position>().get(name), Some(chosen));
    /// }
    /// ```
    pub fn for_game<G: EngineGame>(self) -> Params {
        self.with_values(G::PARAMS)
    }

    /// These numbers with each of `values` in place of a number left at its default.
    fn with_values(self, values: &[(&str, i32)]) -> Params {
        let mut params = self;
        for &(name, value) in values {
            if let Some(index) = Params::index(name)
                && let Some(slot) = params.slot(index)
                && *slot == Params::TABLE[index].default
            {
                *slot = value;
            }
        }
        params
    }

    /// The UCI declarations of the numbers: `option name NAME type spin default D min A max B`.
    pub fn uci_declarations() -> impl Iterator<Item = String> {
        Params::TABLE
            .iter()
            .map(|p| format!("option name {} type spin default {} min {} max {}", p.name, p.default, p.min, p.max))
    }

    /// The table as OpenBench's SPSA form takes it, a line per number:
    /// `NAME, int, VALUE, MIN, MAX, C_END, R_END`, with these numbers' values.
    pub fn openbench_spsa(&self) -> impl Iterator<Item = String> + '_ {
        Params::TABLE.iter().map(|p| {
            let value = self.get(p.name).unwrap_or(p.default);
            format!("{}, int, {value}, {}, {}, {}, {R_END}", p.name, p.min, p.max, p.c_end)
        })
    }

    /// The late-move reduction of a move number `moves` at `depth`, in whole plies:
    /// `LmrBase / 100 + ln(depth) × ln(moves) / (LmrDiv / 100)`, rounded down.
    pub(crate) fn reduction(&self, depth: usize, moves: usize) -> u8 {
        if depth == 0 || moves == 0 {
            return 0;
        }
        let base = f64::from(self.lmr_base) / 100.0;
        let div = f64::from(self.lmr_div) / 100.0;
        // At most 2 + ln(128) × ln(63) / 1 < 23 plies within the ranges.
        (base + (depth as f64).ln() * (moves as f64).ln() / div) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_describes_the_defaults() {
        let defaults = Params::default();
        for p in Params::TABLE {
            assert_eq!(defaults.get(p.name), Some(p.default), "{}", p.name);
            assert!(p.min <= p.default && p.default <= p.max && p.c_end > 0, "{}", p.name);
            assert_eq!(Params::TABLE.iter().filter(|q| q.name.eq_ignore_ascii_case(p.name)).count(), 1);
        }
    }

    #[test]
    fn setting_a_number_changes_that_field_alone() {
        for (i, p) in Params::TABLE.iter().enumerate() {
            let mut params = Params::default();
            let value = if p.default < p.max { p.max } else { p.min };
            params.set(&p.name.to_ascii_uppercase(), &value.to_string()).unwrap().unwrap();
            for (j, q) in Params::TABLE.iter().enumerate() {
                let expected = if i == j { value } else { q.default };
                assert_eq!(params.get(q.name), Some(expected), "{} set, {} read", p.name, q.name);
            }
            assert_ne!(params, Params::default());
        }
        let mut params = Params::default();
        params.set("NmpBase", "4").unwrap().unwrap();
        assert_eq!(params.nmp_base, 4);
        params.set("LmrDiv", "150").unwrap().unwrap();
        assert_eq!(params.lmr_div, 150);
    }

    #[test]
    fn a_games_values_replace_the_defaults_but_not_numbers_chosen() {
        let game = [("RfpMargin", 150), ("LmrDiv", 230)];
        let tuned = Params::default().with_values(&game);
        assert_eq!((tuned.rfp_margin, tuned.lmr_div, tuned.nmp_base), (150, 230, 3));
        let mut chosen = Params::default();
        chosen.set("rfpmargin", "61").unwrap().unwrap();
        chosen.lmr_div = 210;
        let tuned = chosen.with_values(&game);
        assert_eq!((tuned.rfp_margin, tuned.lmr_div), (61, 210));
        let mut echoed = Params::default();
        echoed.set("RfpMargin", "60").unwrap().unwrap();
        assert_eq!(echoed.with_values(&game).rfp_margin, 150);
        let mut refused = Params::default();
        assert!(refused.set("RfpMargin", "5000").unwrap().is_err());
        assert_eq!(refused.with_values(&game).rfp_margin, 150);
    }

    #[test]
    fn values_out_of_range_or_not_numbers_are_refused() {
        let mut params = Params::default();
        for bad in ["0", "13", "-1", "five", "", "2.5", "99999999999"] {
            let error = params.set("AspDepth", bad).unwrap().unwrap_err();
            assert_eq!(error, format!("AspDepth must be 1 to 12, not '{bad}'"));
        }
        assert_eq!(params, Params::default());
        assert!(params.set("Threads", "2").is_none());
        assert_eq!(params.get("Threads"), None);
    }

    #[test]
    fn openbench_lines_have_seven_fields() {
        let lines: Vec<String> = Params::default().openbench_spsa().collect();
        assert_eq!(lines.len(), Params::TABLE.len());
        assert_eq!(lines[0], "AspDepth, int, 5, 1, 12, 1, 0.002");
        for line in &lines {
            let fields: Vec<&str> = line.split(", ").collect();
            assert_eq!(fields.len(), 7, "{line}");
            assert_eq!(fields[1], "int");
        }
        let declared: Vec<String> = Params::uci_declarations().collect();
        assert_eq!(declared[1], "option name AspDelta type spin default 20 min 5 max 100");
    }

    #[test]
    fn the_default_reductions_are_the_published_formula() {
        let params = Params::default();
        for depth in 0..=128usize {
            for moves in 0..64usize {
                let expected = if depth == 0 || moves == 0 {
                    0
                } else {
                    (0.5 + (depth as f64).ln() * (moves as f64).ln() / 2.0) as u8
                };
                assert_eq!(params.reduction(depth, moves), expected, "{depth} {moves}");
            }
        }
        let mut deep = Params::default();
        deep.set("LmrBase", "200").unwrap().unwrap();
        deep.set("LmrDiv", "100").unwrap().unwrap();
        assert_eq!(deep.reduction(128, 63), (2.0 + 128f64.ln() * 63f64.ln()) as u8);
    }
}
