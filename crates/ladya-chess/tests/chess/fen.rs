//! FEN reading and writing: round trips, and a typed error for every kind of bad FEN.

use ladya_chess::{FenError, Position};
use ladya_core::Side;
use ladya_core::fen_board::BoardError;
use ladya_core::perft::parse_perft_cases;

#[test]
fn round_trips_keep_every_field() {
    let mut fens = vec![
        Position::START_FEN.to_string(),
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1".to_string(),
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3".to_string(),
        "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 41".to_string(),
        "r3k3/8/8/8/8/8/8/4K2R b Kq - 17 60".to_string(),
    ];
    fens.extend(
        parse_perft_cases(include_str!("../../../../data/chess-perft.epd")).unwrap().into_iter().map(|c| c.fen),
    );
    for fen in fens {
        let pos = Position::from_fen(&fen).unwrap();
        assert_eq!(pos.to_fen(), fen);
        assert_eq!(Position::from_fen(&pos.to_fen()).unwrap(), pos);
    }
}

#[test]
fn clocks_may_be_left_out() {
    let pos = Position::from_fen("4k3/8/8/8/8/8/8/4K3 w - -").unwrap();
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

#[test]
fn unusable_en_passant_square_is_dropped() {
    // After 1. e4 no black pawn can take on e3: the square is not part of the position.
    let pos = Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(pos.en_passant(), None);
    assert_eq!(
        pos.key(),
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap().key()
    );
}

/// A letter that is neither a chess piece nor a digit 1-8 on `rank`.
fn unknown_letter(rank: u8, letter: char) -> BoardError {
    BoardError::UnknownLetter { rank, letter, pieces: "PNBRQK or pnbrqk", files: 8 }
}

#[test]
fn bad_fens_name_what_is_wrong() {
    use FenError::*;
    let cases: Vec<(&str, FenError)> = vec![
        ("", Empty),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq", FieldCount(3)),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra", FieldCount(7)),
        ("rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board(BoardError::RankCount { found: 7, ranks: 8 })),
        ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board(unknown_letter(6, '9'))),
        ("rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", Board(unknown_letter(4, 'X'))),
        (
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board(BoardError::RankLength { rank: 7, squares: 7, files: 8 }),
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/3P5/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            Board(BoardError::RankLength { rank: 3, squares: 9, files: 8 }),
        ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1", KingCount { side: Side::White, count: 2 }),
        ("rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1", KingCount { side: Side::Black, count: 0 }),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", PawnOnBackRank("a1".into())),
        ("4k2p/8/8/8/8/8/8/4K3 w - - 0 1", PawnOnBackRank("h8".into())),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", BadSide("x".into())),
        ("4k3/8/8/8/8/8/4q3/4K3 b - - 0 1", OpponentInCheck(Side::White)),
        ("4k3/8/8/8/8/3n1n2/4r3/4K3 w - - 0 1", TooManyCheckers { side: Side::White, count: 3 }),
        ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", BadCastlingField("X".into())),
        ("r3k2r/8/8/8/8/8/8/R3K2R w kK - 0 1", BadCastlingField("kK".into())),
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", CastlingWithoutPieces { right: 'K', squares: "e1 and h1" }),
        ("4k3/8/8/8/8/8/8/4K3 w - e9 0 1", BadEnPassantField("e9".into())),
        (
            "4k3/8/8/3pP3/8/8/8/4K3 w - d3 0 1",
            ImpossibleEnPassant {
                square: "d3".into(),
                reason: "it must be on the sixth rank with White to move, the third with Black",
            },
        ),
        (
            "4k3/8/8/4P3/8/8/8/4K3 w - d6 0 1",
            ImpossibleEnPassant {
                square: "d6".into(),
                reason: "no pawn stands where the double push would have put it",
            },
        ),
        (
            "4k3/3p4/8/3pP3/8/8/8/4K3 w - d6 0 1",
            ImpossibleEnPassant {
                square: "d6".into(),
                reason: "the square passed over and the pawn's start square must be empty",
            },
        ),
        ("4k3/8/8/8/8/8/8/4K3 w - - -3 1", BadHalfmoveClock("-3".into())),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", BadFullmoveNumber("0".into())),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 x", BadFullmoveNumber("x".into())),
        (
            "qqqqkqqq/qqqqqqqq/8/8/8/8/8/4K3 w - - 0 1",
            TooManyPieces { side: Side::Black, what: "16 pieces, 0 pawns and at least 14 promoted pieces".into() },
        ),
        (
            "4k3/8/8/8/8/PPPPPPPP/P7/4K3 w - - 0 1",
            TooManyPieces { side: Side::White, what: "10 pieces, 9 pawns and at least 0 promoted pieces".into() },
        ),
    ];
    for (fen, expected) in cases {
        assert_eq!(Position::from_fen(fen), Err(expected), "{fen}");
    }
}

#[test]
fn errors_read_well() {
    let e = Position::from_fen("rnbqkbnr/pppppppp/8/8/4X3/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap_err();
    assert_eq!(e.to_string(), "rank 4: 'X' is not a piece letter (PNBRQK or pnbrqk) or a digit 1-8");
}

/// Found by `ladya-fuzz run fen-chess`: a half-move clock of 65535 overflowed at the next move
/// (a panic with overflow checks), and a full-move number of 65535 became 65536 after Black's
/// move, which no FEN reads. Both counters now stop at 65535 and make/unmake stays exact.
#[test]
fn move_counters_stop_at_the_largest_fen_value() {
    let fen = "4k3/8/8/8/8/8/8/R3K3 b - - 65535 65535";
    let mut pos = Position::from_fen(fen).unwrap();
    let before = pos.clone();
    for text in ["e8d8", "a1a2", "d8e8"] {
        pos.play_text(text).unwrap();
        assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (65535, 65535), "{text}");
        let written = pos.to_fen();
        assert_eq!(Position::from_fen(&written).unwrap().to_fen(), written);
    }
    for _ in 0..3 {
        pos.unmake();
    }
    assert_eq!(pos, before);
    assert_eq!(pos.to_fen(), fen);
}
