//! The strength options every protocol offers, named as Stockfish names them so that GUIs
//! find them: `UCI_LimitStrength`, `UCI_Elo` and `Skill Level` (UCI's `setoption`, XBoard's
//! `option`, UCCI's `setoption`).

use ladya_search::Strength;

use ladya_games::Dialect;

/// `UCI_Elo` until a GUI sets it.
const DEFAULT_ELO: u32 = 1500;

/// The strength settings of one engine: `UCI_Elo` counts while `UCI_LimitStrength` is on;
/// otherwise a `Skill Level` below 20 names the strength, as in Stockfish.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct StrengthOptions {
    limit: bool,
    elo: u32,
    skill: u32,
}

impl Default for StrengthOptions {
    fn default() -> Self {
        StrengthOptions { limit: false, elo: DEFAULT_ELO, skill: 20 }
    }
}

/// The options' declarations in `dialect`'s form (UCI's `option name ...`, XBoard's `feature
/// option=...`, UCCI's `option ...`).
pub(crate) fn declarations(dialect: Dialect) -> Vec<String> {
    let (min, max) = (Strength::MIN_ELO, Strength::MAX_ELO);
    let uci = || {
        vec![
            "option name UCI_LimitStrength type check default false".to_string(),
            format!("option name UCI_Elo type spin default {DEFAULT_ELO} min {min} max {max}"),
            "option name Skill Level type spin default 20 min 0 max 20".to_string(),
        ]
    };
    match dialect {
        Dialect::Xboard => vec![
            "feature option=\"UCI_LimitStrength -check 0\"".to_string(),
            format!("feature option=\"UCI_Elo -spin {DEFAULT_ELO} {min} {max}\""),
            "feature option=\"Skill Level -spin 20 0 20\"".to_string(),
        ],
        // UCCI names an option in one word.
        Dialect::Ucci => vec![
            "option UCI_LimitStrength type check default false".to_string(),
            format!("option UCI_Elo type spin min {min} max {max} default {DEFAULT_ELO}"),
            "option skilllevel type spin min 0 max 20 default 20".to_string(),
        ],
        Dialect::Uci | Dialect::UciRanks0 | Dialect::Human => uci(),
    }
}

impl StrengthOptions {
    /// Sets the option called `name` (any case) to `value`: `None` when `name` is not a
    /// strength option, else whether the value was taken.
    pub(crate) fn set(&mut self, name: &str, value: &str) -> Option<Result<(), String>> {
        let number = |name: &str, lo: u32, hi: u32| {
            value
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| format!("{name} must be {lo} to {hi}, not '{value}'"))
        };
        Some(match name.to_ascii_lowercase().as_str() {
            "uci_limitstrength" => match value.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "on" => Ok(true),
                "false" | "0" | "off" => Ok(false),
                _ => Err(format!("UCI_LimitStrength must be true or false, not '{value}'")),
            }
            .map(|on| self.limit = on),
            "uci_elo" => number("UCI_Elo", Strength::MIN_ELO, Strength::MAX_ELO).map(|elo| self.elo = elo),
            "skill level" | "skill_level" | "skilllevel" => number("Skill Level", 0, 20).map(|s| self.skill = s),
            _ => return None,
        })
    }

    /// The strength these settings ask for; `None` is full strength.
    pub(crate) fn strength(&self) -> Option<Strength> {
        if self.limit {
            Strength::from_elo(self.elo).ok()
        } else {
            Strength::from_skill_level(self.skill).ok().flatten()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_counts_while_limit_strength_is_on_and_skill_level_otherwise() {
        let mut options = StrengthOptions::default();
        assert_eq!(options.strength(), None);
        assert_eq!(options.set("UCI_Elo", "1200"), Some(Ok(())));
        assert_eq!(options.strength(), None);
        assert_eq!(options.set("uci_limitstrength", "true"), Some(Ok(())));
        assert_eq!(options.strength().map(Strength::elo), Some(1200));
        assert_eq!(options.set("Skill Level", "3"), Some(Ok(())));
        assert_eq!(options.strength().map(Strength::elo), Some(1200));
        assert_eq!(options.set("UCI_LimitStrength", "false"), Some(Ok(())));
        assert_eq!(options.strength().map(Strength::elo), Some(845));
        assert!(options.set("UCI_Elo", "3000").unwrap().unwrap_err().contains("500 to 2800"));
        assert!(options.set("Skill Level", "x").unwrap().is_err());
        assert!(options.set("UCI_LimitStrength", "maybe").unwrap().is_err());
        assert_eq!(options.set("Hash", "16"), None);
    }
}
