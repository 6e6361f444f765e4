//! The `KEY=VALUE` setting sets of the command line, read as cutechess-cli reads them:
//! `--sprt elo0=0 elo1=5`, `--openings file=F order=random`, `--draw ...`, `--resign ...`.

use std::path::PathBuf;
use std::str::FromStr;

use crate::openings::{OpeningFormat, OpeningOrder};
use crate::stats::{EloModel, Sprt};
use ladya_games::adjudication::{DrawRule, ResignRule};

/// A bad setting, naming the option and the key.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--{option}: {message}")]
pub struct SettingError {
    /// The option (`sprt`, `openings`, ...).
    pub option: &'static str,
    /// What is wrong.
    pub message: String,
}

/// The settings of one option.
struct Settings<'a> {
    option: &'static str,
    pairs: Vec<(&'a str, &'a str)>,
}

impl<'a> Settings<'a> {
    /// Splits `words` into `KEY=VALUE` pairs, refusing keys not in `keys`.
    fn read(option: &'static str, words: &'a [String], keys: &[&str]) -> Result<Settings<'a>, SettingError> {
        let mut pairs = Vec::new();
        for word in words {
            let error = |message| SettingError { option, message };
            let (key, value) = word.split_once('=').ok_or_else(|| error(format!("'{word}' is not KEY=VALUE")))?;
            if !keys.contains(&key) {
                return Err(error(format!("unknown key '{key}' (known: {})", keys.join(", "))));
            }
            pairs.push((key, value));
        }
        Ok(Settings { option, pairs })
    }

    fn error(&self, message: String) -> SettingError {
        SettingError { option: self.option, message }
    }

    /// The value of `key`, read as `T`, if given (the last one given wins).
    fn get<T: FromStr>(&self, key: &str) -> Result<Option<T>, SettingError> {
        match self.pairs.iter().rev().find(|(k, _)| *k == key) {
            None => Ok(None),
            Some((_, value)) => value.parse().map(Some).map_err(|_| self.error(format!("bad {key} '{value}'"))),
        }
    }

    /// The `score` setting: centipawns from 0 to 100000.
    fn score(&self) -> Result<i32, SettingError> {
        let score: i32 = self.need("score")?;
        if !(0..=100_000).contains(&score) {
            return Err(self.error(format!("score must be 0 to 100000 centipawns, not {score}")));
        }
        Ok(score)
    }

    /// The value of `key`, which must be given.
    fn need<T: FromStr>(&self, key: &str) -> Result<T, SettingError> {
        self.get(key)?.ok_or_else(|| self.error(format!("{key}=... is missing")))
    }
}

/// Reads `--draw movenumber=N movecount=M score=S`.
///
/// # Errors
/// A missing, unknown or malformed setting.
pub fn draw_rule(words: &[String]) -> Result<DrawRule, SettingError> {
    let s = Settings::read("draw", words, &["movenumber", "movecount", "score"])?;
    Ok(DrawRule { move_number: s.need("movenumber")?, move_count: s.need("movecount")?, score: s.score()? })
}

/// Reads `--resign movecount=M score=S`.
///
/// # Errors
/// A missing, unknown or malformed setting.
pub fn resign_rule(words: &[String]) -> Result<ResignRule, SettingError> {
    let s = Settings::read("resign", words, &["movecount", "score"])?;
    Ok(ResignRule { move_count: s.need("movecount")?, score: s.score()? })
}

impl Sprt {
    /// Reads `elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic]`.
    ///
    /// # Errors
    /// A missing, unknown or malformed setting; `elo0` not below `elo1`; error rates outside
    /// 0 to 1.
    pub fn parse(words: &[String]) -> Result<Sprt, SettingError> {
        let s = Settings::read("sprt", words, &["elo0", "elo1", "alpha", "beta", "model"])?;
        let model = match s.get::<String>("model")?.as_deref() {
            None | Some("normalized") => EloModel::Normalized,
            Some("logistic") => EloModel::Logistic,
            Some(other) => return Err(s.error(format!("unknown model '{other}' (normalized or logistic)"))),
        };
        let sprt = Sprt {
            elo0: s.need("elo0")?,
            elo1: s.need("elo1")?,
            alpha: s.get("alpha")?.unwrap_or(0.05),
            beta: s.get("beta")?.unwrap_or(0.05),
            model,
        };
        let rate = |p: f64| p > 0.0 && p < 0.5;
        if sprt.elo0.partial_cmp(&sprt.elo1) != Some(std::cmp::Ordering::Less) || !rate(sprt.alpha) || !rate(sprt.beta)
        {
            return Err(s.error("needs elo0 < elo1 and alpha, beta between 0 and 0.5".into()));
        }
        Ok(sprt)
    }
}

/// `--openings file=F [format=epd|pgn] [order=sequential|random] [seed=N] [plies=N]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningSettings {
    /// The file.
    pub file: PathBuf,
    /// Its format (default: from the file name, `.pgn` or else EPD).
    pub format: OpeningFormat,
    /// The order (default sequential).
    pub order: OpeningOrder,
    /// The shuffle's seed (default 1).
    pub seed: u64,
    /// At most this many moves of each PGN game.
    pub plies: Option<usize>,
}

impl OpeningSettings {
    /// Reads the settings.
    ///
    /// # Errors
    /// A missing file, an unknown or malformed setting.
    pub fn parse(words: &[String]) -> Result<OpeningSettings, SettingError> {
        let s = Settings::read("openings", words, &["file", "format", "order", "seed", "plies"])?;
        let file: PathBuf = s.need("file")?;
        let format = match s.get::<String>("format")? {
            Some(text) => text.parse().map_err(|e: crate::openings::OpeningError| s.error(e.0))?,
            None if file.extension().is_some_and(|e| e == "pgn") => OpeningFormat::Pgn,
            None => OpeningFormat::Epd,
        };
        let order = match s.get::<String>("order")? {
            Some(text) => text.parse().map_err(|e: crate::openings::OpeningError| s.error(e.0))?,
            None => OpeningOrder::Sequential,
        };
        Ok(OpeningSettings { file, format, order, seed: s.get("seed")?.unwrap_or(1), plies: s.get("plies")? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<String> {
        text.split(' ').map(str::to_string).collect()
    }

    #[test]
    fn setting_sets_read_as_cutechess() {
        assert_eq!(
            draw_rule(&words("movenumber=40 movecount=8 score=10")),
            Ok(DrawRule { move_number: 40, move_count: 8, score: 10 })
        );
        assert_eq!(resign_rule(&words("score=600 movecount=3")), Ok(ResignRule { move_count: 3, score: 600 }));
        for bad in [
            "movecount=3",
            "movecount=3 score=x",
            "movecount=3 score=5 foo=1",
            "movecount",
            "movecount=3 score=-2147483648",
        ] {
            assert!(resign_rule(&words(bad)).is_err(), "{bad}");
        }
        let sprt = Sprt::parse(&words("elo0=0 elo1=10 model=logistic")).unwrap();
        assert_eq!((sprt.elo1, sprt.alpha, sprt.model), (10.0, 0.05, EloModel::Logistic));
        for bad in ["elo0=5 elo1=0", "elo0=0", "elo0=0 elo1=5 alpha=0", "elo0=0 elo1=5 model=x"] {
            assert!(Sprt::parse(&words(bad)).is_err(), "{bad}");
        }
        let openings = OpeningSettings::parse(&words("file=a.pgn order=random seed=7 plies=8")).unwrap();
        assert_eq!(
            (openings.format, openings.order, openings.seed, openings.plies),
            (OpeningFormat::Pgn, OpeningOrder::Random, 7, Some(8))
        );
        assert_eq!(OpeningSettings::parse(&words("file=a.epd")).unwrap().format, OpeningFormat::Epd);
        assert!(OpeningSettings::parse(&words("order=random")).unwrap_err().to_string().contains("file"));
    }
}
