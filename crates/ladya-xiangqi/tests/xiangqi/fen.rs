//! FEN reading and writing: round trips, the accepted variants, and a typed error for each
//! kind of bad FEN. No input may panic.

use ladya_core::Side;
use ladya_core::fen_board::BoardError;
use ladya_core::perft::parse_perft_cases;
use ladya_xiangqi::{FenError, Kind, Position};

const START: &str = Position::START_FEN;

fn error(fen: &str) -> FenError {
    Position::from_fen(fen).expect_err(fen)
}

#[test]
fn reference_positions_round_trip() {
    for case in parse_perft_cases(include_str!("../../../../data/xiangqi-perft.epd")).unwrap() {
        let pos = Position::from_fen(&case.fen).unwrap();
        assert_eq!(pos.to_fen(), case.fen);
        assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
    }
    assert_eq!(Position::start().to_fen(), START);
}

#[test]
fn accepted_variants() {
    let start = Position::start();
    let aliases = "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r - - 0 1";
    assert_eq!(Position::from_fen(aliases).unwrap(), start);
    let placement = START.split_whitespace().next().unwrap();
    assert_eq!(Position::from_fen(placement).unwrap(), start);
    assert_eq!(Position::from_fen(&format!("{placement} w")).unwrap(), start);
    assert_eq!(Position::from_fen(&format!("{placement} r - -")).unwrap(), start);
    let black = Position::from_fen(&format!("{placement} b - - 7 31")).unwrap();
    assert_eq!(black.side_to_move(), Side::Black);
    assert_eq!((black.halfmove_clock(), black.fullmove_number()), (7, 31));
    assert_eq!(black.to_fen(), format!("{placement} b - - 7 31"));
    assert_ne!(black.key(), start.key());
}

/// A letter that is neither a xiangqi piece nor a digit 1-9 on `rank`.
fn unknown_letter(rank: u8, letter: char) -> FenError {
    FenError::Board(BoardError::UnknownLetter { rank, letter, pieces: "KABNRCP, also E and H, either case", files: 9 })
}

#[test]
fn bad_fens_name_what_is_wrong() {
    let p = START.split_whitespace().next().unwrap();
    assert_eq!(error(""), FenError::Empty);
    assert_eq!(error("   "), FenError::Empty);
    assert_eq!(error(&format!("{p} w - - 0 1 extra")), FenError::FieldCount(7));
    assert_eq!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w"),
        FenError::Board(BoardError::RankCount { found: 9, ranks: 10 })
    );
    assert_eq!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/8/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        FenError::Board(BoardError::RankLength { rank: 4, squares: 8, files: 9 })
    );
    assert_eq!(
        error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR1 w"),
        FenError::Board(BoardError::RankLength { rank: 0, squares: 10, files: 9 })
    );
    assert_eq!(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAQABNR w"), unknown_letter(0, 'Q'));
    assert_eq!(error("rnbakabnr/9/1c5c1/p1p1p1p1p/9/0/P1P1P1P1P/1C5C1/9/RNBAKABNR w"), unknown_letter(4, '0'));
    assert_eq!(error(&format!("{p} x")), FenError::BadSide("x".into()));
    assert_eq!(error(&format!("{p} w KQkq -")), FenError::UnusedField { field: "castling", text: "KQkq".into() });
    assert_eq!(error(&format!("{p} w - e3")), FenError::UnusedField { field: "en passant", text: "e3".into() });
    assert_eq!(error(&format!("{p} w - - x 1")), FenError::BadHalfmoveClock("x".into()));
    assert_eq!(error(&format!("{p} w - - -1 1")), FenError::BadHalfmoveClock("-1".into()));
    assert_eq!(error(&format!("{p} w - - 0 0")), FenError::BadFullmoveNumber("0".into()));
    assert_eq!(error(&format!("{p} w - - 0 99999")), FenError::BadFullmoveNumber("99999".into()));
    assert_eq!(error("4k4/9/9/9/9/9/9/9/9/9 w"), FenError::GeneralCount { side: Side::White, count: 0 });
    assert_eq!(error("3kk4/9/9/9/9/9/9/9/9/4K4 w"), FenError::GeneralCount { side: Side::Black, count: 2 });
    assert_eq!(
        error("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"),
        FenError::TooManyPieces { side: Side::White, kind: Kind::Rook, count: 3, max: 2 }
    );
    assert_eq!(
        error("3k5/9/9/9/9/pppppp3/9/9/9/4K4 w"),
        FenError::TooManyPieces { side: Side::Black, kind: Kind::Soldier, count: 6, max: 5 }
    );
}

fn illegal_square(fen: &str) -> (Side, Kind, String) {
    match error(fen) {
        FenError::IllegalSquare { side, kind, square, .. } => (side, kind, square),
        other => panic!("{fen}: expected IllegalSquare, got {other:?}"),
    }
}

#[test]
fn pieces_off_their_legal_squares() {
    let red = |kind, square: &str| (Side::White, kind, square.to_string());
    let black = |kind, square: &str| (Side::Black, kind, square.to_string());
    // A general outside its palace, on either side.
    assert_eq!(illegal_square("3k5/9/9/9/9/9/9/9/9/2K6 w"), red(Kind::General, "c0"));
    assert_eq!(illegal_square("9/9/9/4k4/9/9/9/9/9/4K4 w"), black(Kind::General, "e6"));
    // An advisor off its five points (e0 is in the palace but not one of them).
    assert_eq!(illegal_square("3k5/9/9/9/9/9/9/9/9/3KA4 w"), red(Kind::Advisor, "e0"));
    assert_eq!(illegal_square("3ka4/9/9/9/9/9/9/9/9/4K4 w"), black(Kind::Advisor, "e9"));
    // An elephant off its seven points, or across the river.
    assert_eq!(illegal_square("3k5/9/9/9/9/9/9/9/9/3KB4 w"), red(Kind::Elephant, "e0"));
    assert_eq!(illegal_square("3k5/9/9/9/2B6/9/9/9/9/4K4 w"), red(Kind::Elephant, "c5"));
    assert_eq!(illegal_square("3k5/9/9/9/9/2b6/9/9/9/4K4 w"), black(Kind::Elephant, "c4"));
    // A soldier behind its start rank, or off its start file before the river.
    assert_eq!(illegal_square("3k5/9/9/9/9/9/9/4P4/9/4K4 w"), red(Kind::Soldier, "e2"));
    assert_eq!(illegal_square("3k5/9/9/9/9/9/1P7/9/9/4K4 w"), red(Kind::Soldier, "b3"));
    assert_eq!(illegal_square("3k5/p8/9/9/9/9/9/9/9/4K4 w"), black(Kind::Soldier, "a8"));
}

#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    // Facing generals on an open file: both are attacked, and the side not to move is named.
    assert_eq!(error("4k4/9/9/9/9/9/9/9/9/4K4 w"), FenError::OpponentInCheck(Side::Black));
    assert_eq!(error("4k4/9/9/9/9/9/9/9/9/4K4 b"), FenError::OpponentInCheck(Side::White));
    // A rook checking the general of the side that just moved.
    assert_eq!(error("3k5/9/9/9/9/9/9/9/9/3RK4 w"), FenError::OpponentInCheck(Side::Black));
    // The same check with that side to move is fine.
    assert!(Position::from_fen("3k5/9/9/9/9/9/9/9/9/3RK4 b").unwrap().in_check());
}

#[test]
fn errors_read_well() {
    let text = error("3k5/9/9/9/9/9/9/9/9/3KA4 w").to_string();
    assert!(text.starts_with("Red advisor on e0: advisors stand only on the five points"), "{text}");
    assert_eq!(error("4k4/9/9/9/9/9/9/9/9/4K4 w").to_string(), "Black is not to move but its general is attacked");
}

#[test]
fn garbage_never_panics() {
    // Every prefix, and every single-character mutation, of some FENs.
    let alphabet = ['k', 'K', 'r', 'P', 'p', 'e', 'H', '1', '9', '0', '/', ' ', '-', 'w', 'b', 'é', 'x'];
    for fen in [START, "4ck3/9/9/9/9/5r3/2N6/4C4/4K4/5R3 w - - 12 40"] {
        let chars: Vec<char> = fen.chars().collect();
        for end in 0..=chars.len() {
            let _ = Position::from_fen(&chars[..end].iter().collect::<String>());
        }
        for i in 0..chars.len() {
            for &c in &alphabet {
                let mut mutated = chars.clone();
                mutated[i] = c;
                let _ = Position::from_fen(&mutated.iter().collect::<String>());
            }
        }
    }
}

/// Found with `ladya-fuzz`: a full-move number of 65535 became 65536 after Black's move, which
/// no FEN reads; it now stops at 65535, so every position's FEN reads back.
#[test]
fn the_fullmove_number_stops_at_the_largest_fen_value() {
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 65535").unwrap();
    for text in ["d9d8", "a0a1", "d8d9"] {
        pos.play_text(text).unwrap();
        assert_eq!(pos.fullmove_number(), 65535, "{text}");
        let written = pos.to_fen();
        assert_eq!(Position::from_fen(&written).unwrap().to_fen(), written);
    }
}
