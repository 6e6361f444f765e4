//! The server's log: one line on stderr per event worth knowing (a limit reached, a request
//! refused, a connection closed by the server), `ladya serve: TIME CLIENT WHAT`, with the time
//! in UTC as in RFC 3339.

use std::fmt::Display;
use std::net::SocketAddr;
use std::time::{SystemTime, UNIX_EPOCH};

/// Writes one line about `what`, which happened with `client` (when known).
pub fn event(client: Option<SocketAddr>, what: impl Display) {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let time = utc(seconds);
    match client {
        Some(client) => eprintln!("ladya serve: {time} {client} {what}"),
        None => eprintln!("ladya serve: {time} {what}"),
    }
}

/// `seconds` since 1970 as `YYYY-MM-DDTHH:MM:SSZ`.
fn utc(seconds: u64) -> String {
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    let (year, month, day) = civil_date(days as i64);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest / 60 % 60, rest % 60)
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
    fn times_are_written_in_utc() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_709_251_199), "2024-02-29T23:59:59Z");
        assert_eq!(utc(1_795_834_800), "2026-11-28T03:00:00Z");
        assert_eq!(utc(4_107_542_400), "2100-03-01T00:00:00Z");
    }
}
