//! Games written as PGN: standard PGN with SAN for chess; for xiangqi and ugolki, PGN with a
//! `Variant` and a `FEN` tag and moves in coordinate form (xiangqi as Fairy-Stockfish and
//! pyffish write them, ranks 1-10).

use ladya_core::Side;
use ladya_core::pgn::{MoveText, Note, write_text};
use ladya_games::GameKind;

use crate::referee::GameRecord;

/// The tags of a game that do not come from its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnHeader {
    /// The event (`Event` tag).
    pub event: String,
    /// The date, `YYYY.MM.DD`.
    pub date: String,
    /// The round: the game's number in the match.
    pub round: usize,
    /// White's (Red's) engine.
    pub white: String,
    /// Black's engine.
    pub black: String,
    /// White's and Black's time controls, PGN's form (`10+0.1`), `-` for none.
    pub time_control: [String; 2],
}

/// Today's date (UTC) in PGN's form.
pub fn today() -> String {
    ladya_core::date::UtcTime::now().pgn_date()
}

/// The game as PGN text, ending with an empty line (written by [`ladya_core::pgn::write_text`]).
pub fn write_pgn(record: &GameRecord, header: &PgnHeader) -> String {
    let mut tags = vec![
        ("Event", header.event.clone()),
        ("Site", "?".to_string()),
        ("Date", header.date.clone()),
        ("Round", header.round.to_string()),
        ("White", header.white.clone()),
        ("Black", header.black.clone()),
        ("Result", record.result().to_string()),
    ];
    if record.game != GameKind::Chess {
        tags.push(("Variant", record.game.name().to_string()));
    }
    let fen = match (&record.start_fen, record.game) {
        (Some(fen), _) => Some(fen.clone()),
        (None, GameKind::Chess) => None,
        (None, game) => Some(ladya_games::with_game!(game, start_fen())),
    };
    if let Some(fen) = &fen {
        tags.push(("FEN", fen.clone()));
        tags.push(("SetUp", "1".to_string()));
    }
    let [white_clock, black_clock] = &header.time_control;
    if white_clock == black_clock {
        tags.push(("TimeControl", white_clock.clone()));
    } else {
        tags.push(("WhiteTimeControl", white_clock.clone()));
        tags.push(("BlackTimeControl", black_clock.clone()));
    }
    tags.push(("PlyCount", record.moves.len().to_string()));
    tags.push(("Termination", record.termination.pgn_tag().to_string()));
    let tags: Vec<(String, String)> = tags.into_iter().map(|(name, value)| (name.to_string(), value)).collect();

    // Move numbers follow the FEN: its side to move and its last field, the move number.
    let fields: Vec<&str> = fen.as_deref().unwrap_or("w 1").split_whitespace().collect();
    let side = if fields.get(1).is_some_and(|s| *s == "b") { Side::Black } else { Side::White };
    let number = fields.last().and_then(|n| n.parse().ok()).filter(|&n| n > 0).unwrap_or(1);
    let moves: Vec<MoveText> = record
        .moves
        .iter()
        .map(|played| MoveText { text: played.text.clone(), note: Note::new(None, played.comment.clone()), line: 0 })
        .collect();
    let mut ending = record.reason.clone();
    if let Some(last_words) = &record.last_words {
        ending += &format!("; last words: {last_words}");
    }
    let mut text = write_text(&tags, number, side, &moves, Some(&ending), record.result());
    text.push('\n');
    text
}

fn start_fen<G: ladya_core::Game>() -> String {
    G::start().fen()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::referee::{PlayedMove, Termination};

    fn header() -> PgnHeader {
        PgnHeader {
            event: "test \"match\"".into(),
            date: "2026.11.24".into(),
            round: 3,
            white: "A".into(),
            black: "B".into(),
            time_control: ["10+0.1".into(), "10+0.1".into()],
        }
    }

    fn played(text: &str, comment: Option<&str>) -> PlayedMove {
        PlayedMove { text: text.into(), comment: comment.map(str::to_string) }
    }

    #[test]
    fn chess_games_are_standard_pgn() {
        let record = GameRecord {
            game: GameKind::Chess,
            start_fen: None,
            moves: vec![played("e4", None), played("e5", Some("+0.10/5 0.100s")), played("Qh5", Some("x{y}"))],
            opening_plies: 1,
            winner: Some(Side::Black),
            reason: "White loses on time".into(),
            termination: Termination::TimeForfeit,
            last_words: Some("'bestmove'".into()),
            broken: None,
        };
        let text = write_pgn(&record, &header());
        assert!(text.starts_with("[Event \"test \\\"match\\\"\"]\n[Site \"?\"]\n"), "{text}");
        assert!(!text.contains("[FEN") && !text.contains("Variant"));
        assert!(text.contains("[PlyCount \"3\"]\n[Termination \"time forfeit\"]\n\n1. e4 e5"), "{text}");
        let movetext = text.rsplit("]\n\n").next().unwrap().split_whitespace().collect::<Vec<_>>().join(" ");
        assert_eq!(
            movetext,
            "1. e4 e5 {+0.10/5 0.100s} 2. Qh5 {x(y)} {White loses on time; last words: 'bestmove'} 0-1"
        );
        assert!(text.lines().all(|l| l.len() <= ladya_core::pgn::LINE_WIDTH) && text.ends_with("0-1\n\n"));
    }

    #[test]
    fn other_games_have_variant_and_fen_tags() {
        let record = GameRecord {
            game: GameKind::Xiangqi,
            start_fen: None,
            moves: vec![played("h3e3", None)],
            opening_plies: 0,
            winner: None,
            reason: "draw by repetition".into(),
            termination: Termination::Normal,
            last_words: None,
            broken: None,
        };
        let text = write_pgn(&record, &header());
        assert!(text.contains("[Variant \"xiangqi\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]\n[SetUp \"1\"]\n"));
        assert!(text.ends_with("1. h3e3 {draw by repetition} 1/2-1/2\n\n"), "{text}");
        let black_first = GameRecord {
            start_fen: Some("BBBB4/BBBB4/BBBB4/8/8/4WWW1/4WWWW/4WWWWW b 7".into()),
            game: GameKind::Ugolki,
            ..record
        };
        assert!(write_pgn(&black_first, &header()).contains("\n7... h3e3 "));
        let odds = PgnHeader { time_control: ["10+0.1".into(), "5+0.1".into()], ..header() };
        assert!(
            write_pgn(&black_first, &odds).contains("[WhiteTimeControl \"10+0.1\"]\n[BlackTimeControl \"5+0.1\"]\n")
        );
        assert_eq!(today().len(), 10);
    }
}
