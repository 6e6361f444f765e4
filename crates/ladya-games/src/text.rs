//! Text the front ends share: messages cut to a readable length and endings in words.

use std::borrow::Cow;

use ladya_core::{EndReason, Outcome, Side};

/// The most characters of an input an error message repeats.
const MESSAGE_CHARS: usize = 200;

/// `message` cut to 200 characters (`MESSAGE_CHARS`), with how long it was, so that an error
/// about a huge input (a megabyte line) stays one readable line.
///
/// ```
/// let long = "x".repeat(1_000_000);
/// let message = ladya_games::clip(&long);
/// assert!(message.len() < 300 && message.ends_with("... (1000000 bytes)"));
/// assert_eq!(ladya_games::clip("short"), "short");
/// ```
pub fn clip(message: &str) -> Cow<'_, str> {
    match message.char_indices().nth(MESSAGE_CHARS) {
        None => Cow::Borrowed(message),
        Some((cut, _)) => Cow::Owned(format!("{}... ({} bytes)", &message[..cut], message.len())),
    }
}

/// `n` and `noun`, the noun with an `s` unless `n` is 1: `1 game`, `0 games`, `12 games`.
///
/// ```
/// assert_eq!(ladya_games::counted(1, "game"), "1 game");
/// assert_eq!(ladya_games::counted(0, "game"), "0 games");
/// assert_eq!(ladya_games::counted(2, "king bucket"), "2 king buckets");
/// ```
pub fn counted(n: u64, noun: &str) -> String {
    if n == 1 { format!("1 {noun}") } else { format!("{n} {noun}s") }
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
}
