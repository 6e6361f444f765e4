//! Text helpers the front ends share: option words, a plain board diagram, and messages cut
//! to a readable length.

use std::borrow::Cow;

use ladya_core::{EndReason, Outcome, Side};

use crate::session::Session;

/// The most characters of an input an error message repeats.
const MESSAGE_CHARS: usize = 200;

/// `message` cut to 200 characters (`MESSAGE_CHARS`), with how long it was, so that an error
/// about a huge input (a megabyte line) stays one readable line.
///
/// ```
/// let long = "x".repeat(1_000_000);
/// let message = ladya_protocol::clip(&long);
/// assert!(message.len() < 300 && message.ends_with("... (1000000 bytes)"));
/// assert_eq!(ladya_protocol::clip("short"), "short");
/// ```
pub fn clip(message: &str) -> Cow<'_, str> {
    match message.char_indices().nth(MESSAGE_CHARS) {
        None => Cow::Borrowed(message),
        Some((cut, _)) => Cow::Owned(format!("{}... ({} bytes)", &message[..cut], message.len())),
    }
}

/// An ending as people say it, with the game's names of the sides and a capital first letter:
/// `White wins by checkmate`, `Draw by repetition`. Where the loser's own deed decided the game
/// (xiangqi's perpetual check and chase, ugolki's piece left at home), the words say who did
/// it: `Black wins: Red gave perpetual check`.
pub fn outcome_words(outcome: Outcome, side_name: impl Fn(Side) -> &'static str) -> String {
    let Some(winner) = outcome.winner else {
        return format!("Draw by {}", outcome.reason);
    };
    let (winner_name, loser) = (side_name(winner), side_name(winner.opponent()));
    match outcome.reason {
        EndReason::PerpetualCheck => format!("{winner_name} wins: {loser} gave perpetual check"),
        EndReason::PerpetualChase => format!("{winner_name} wins: {loser} chased perpetually"),
        EndReason::OwnHome => format!("{winner_name} wins: {loser} left a piece in its own home"),
        reason => format!("{winner_name} wins by {reason}"),
    }
}

/// Reads a count of time units (`wtime`'s milliseconds, UCCI's `time`): any number, `1e3`
/// included, with below zero read as zero (a clock that ran out) and beyond `u64` as the most
/// it holds; `None` for text that is not a number.
pub(crate) fn time_units(text: &str) -> Option<u64> {
    let units: f64 = text.parse().ok().filter(|t: &f64| !t.is_nan())?;
    Some(units.max(0.0) as u64)
}

/// Splits `name NAME... [value VALUE...]` into the name and the value (possibly empty).
pub(crate) fn option_words(words: &[&str]) -> Option<(String, String)> {
    let (first, rest) = words.split_first()?;
    if *first != "name" {
        return None;
    }
    let value_at = rest.iter().position(|w| *w == "value").unwrap_or(rest.len());
    let name = rest[..value_at].join(" ");
    if name.is_empty() {
        return None;
    }
    let value = rest.get(value_at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    Some((name, value))
}

/// The board drawn from the FEN's placement field (any game: ranks separated by `/`,
/// digits for empty squares), with the FEN, key and legal move count, as `d` prints it.
pub(crate) fn board_diagram(session: &dyn Session) -> String {
    let fen = session.fen();
    let placement = fen.split_whitespace().next().unwrap_or_default();
    let rows: Vec<Vec<char>> = placement
        .split('/')
        .map(|rank| {
            rank.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec![' '; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let rule = format!(" +{}", "---+".repeat(width));
    let mut out = vec![String::new(), rule.clone()];
    for (i, row) in rows.iter().enumerate() {
        let cells: String = row.iter().map(|c| format!(" {c} |")).collect();
        out.push(format!(" |{cells} {}", rows.len() - i - usize::from(session.game() == "xiangqi")));
        out.push(rule.clone());
    }
    let files: String = (0..width).map(|f| format!("   {}", (b'a' + f as u8) as char)).collect();
    out.push(files);
    out.push(String::new());
    out.push(format!("Fen: {fen}"));
    out.push(format!("Key: {:016X}", session.key()));
    out.push(format!("Legal moves: {}", session.legal_moves().len()));
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_say_who_did_what_with_a_capital_first() {
        let xiangqi = |side: Side| if side == Side::White { "Red" } else { "Black" };
        let chess = |side: Side| if side == Side::White { "White" } else { "Black" };
        for (outcome, words) in [
            (Outcome::win(Side::Black, EndReason::PerpetualCheck), "Black wins: Red gave perpetual check"),
            (Outcome::win(Side::White, EndReason::PerpetualCheck), "Red wins: Black gave perpetual check"),
            (Outcome::win(Side::Black, EndReason::PerpetualChase), "Black wins: Red chased perpetually"),
            (Outcome::win(Side::White, EndReason::Checkmate), "Red wins by checkmate"),
            (Outcome::win(Side::Black, EndReason::Stalemate), "Black wins by stalemate"),
        ] {
            assert_eq!(outcome_words(outcome, xiangqi), words);
        }
        assert_eq!(
            outcome_words(Outcome::win(Side::White, EndReason::OwnHome), chess),
            "White wins: Black left a piece in its own home"
        );
        let reasons = [
            EndReason::Checkmate,
            EndReason::Stalemate,
            EndReason::Repetition,
            EndReason::PerpetualCheck,
            EndReason::PerpetualChase,
            EndReason::FiftyMoves,
            EndReason::NoCaptureLimit,
            EndReason::InsufficientMaterial,
            EndReason::OwnHome,
            EndReason::TargetFilled,
            EndReason::MoveLimit,
        ];
        for reason in reasons {
            for winner in [None, Some(Side::White), Some(Side::Black)] {
                let words = outcome_words(Outcome { winner, reason }, chess);
                assert!(words.starts_with(char::is_uppercase), "{words}");
            }
        }
        assert_eq!(outcome_words(Outcome::draw(EndReason::Stalemate), chess), "Draw by stalemate");
    }

    #[test]
    fn option_names_may_have_spaces() {
        let words: Vec<&str> = "name Move Overhead value 100".split(' ').collect();
        assert_eq!(option_words(&words), Some(("Move Overhead".into(), "100".into())));
        let words: Vec<&str> = "name Clear Hash".split(' ').collect();
        assert_eq!(option_words(&words), Some(("Clear Hash".into(), String::new())));
        assert_eq!(option_words(&["value", "3"]), None);
        assert_eq!(option_words(&["name"]), None);
    }
}
