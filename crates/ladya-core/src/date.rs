//! Calendar dates in UTC from the system clock, for PGN's `Date` tag and for logs.

use std::time::{SystemTime, UNIX_EPOCH};

/// A moment in UTC, to the second.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UtcTime {
    /// The year.
    pub year: i64,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, 1 to 31.
    pub day: u32,
    /// Seconds since midnight.
    pub second_of_day: u32,
}

impl UtcTime {
    /// The moment `seconds` after 1970-01-01T00:00:00Z.
    ///
    /// ```
    /// use ladya_core::date::UtcTime;
    /// let leap = UtcTime::from_unix(951_782_400 + 3661);
    /// assert_eq!((leap.year, leap.month, leap.day, leap.second_of_day), (2000, 2, 29, 3661));
    /// ```
    pub fn from_unix(seconds: u64) -> UtcTime {
        let (year, month, day) = civil_date((seconds / 86_400) as i64);
        UtcTime { year, month, day, second_of_day: (seconds % 86_400) as u32 }
    }

    /// Now, by the system clock (1970-01-01 if the clock is before it).
    pub fn now() -> UtcTime {
        UtcTime::from_unix(SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs()))
    }

    /// The date as PGN writes it: `YYYY.MM.DD`.
    ///
    /// ```
    /// assert_eq!(ladya_core::date::UtcTime::from_unix(0).pgn_date(), "1970.01.01");
    /// ```
    pub fn pgn_date(self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// The moment as RFC 3339 writes it: `YYYY-MM-DDTHH:MM:SSZ`.
    ///
    /// ```
    /// let time = ladya_core::date::UtcTime::from_unix(1_709_251_199);
    /// assert_eq!(time.rfc3339(), "2024-02-29T23:59:59Z");
    /// ```
    pub fn rfc3339(self) -> String {
        let s = self.second_of_day;
        format!("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", self.year, self.month, self.day, s / 3600, s / 60 % 60, s % 60)
    }
}

/// The Gregorian date `days` after 1970-01-01: Howard Hinnant's `civil_from_days`, which counts
/// in eras of 400 years starting on March 1st.
fn civil_date(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era = (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let shifted_month = (5 * day_of_year + 2) / 153;
    let day = (day_of_year - (153 * shifted_month + 2) / 5 + 1) as u32;
    let month = if shifted_month < 10 { shifted_month + 3 } else { shifted_month - 9 } as u32;
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moments_are_written_in_utc() {
        // Each against `date -u -d @SECONDS`.
        for (seconds, written) in [
            (0, "1970-01-01T00:00:00Z"),
            (951_782_400, "2000-02-29T00:00:00Z"),
            (1_709_251_199, "2024-02-29T23:59:59Z"),
            (1_795_834_800, "2026-11-28T03:00:00Z"),
            (4_107_542_400, "2100-03-01T00:00:00Z"),
        ] {
            assert_eq!(UtcTime::from_unix(seconds).rfc3339(), written);
        }
        assert_eq!(UtcTime::from_unix(4_107_542_399).pgn_date(), "2100.02.28");
    }
}
