//! The rules beyond move counting: castling and en-passant legality, and every way a game
//! ends (mate, stalemate, fifty moves, repetition, insufficient material).

use ladya_chess::Position;
use ladya_core::{EndReason, MoveList, Outcome, Side};

fn legal(fen: &str) -> Vec<String> {
    let pos = Position::from_fen(fen).unwrap();
    let mut moves = MoveList::new();
    pos.append_legal_moves(&mut moves);
    moves.iter().map(|m| m.to_string()).collect()
}

fn play(pos: &mut Position, moves: &str) {
    for text in moves.split_whitespace() {
        let m = pos.parse_move(text).unwrap();
        pos.make(m);
    }
}

#[test]
fn castling_never_out_of_through_or_into_check() {
    let free = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert!(legal(free).contains(&"e1g1".into()) && legal(free).contains(&"e1c1".into()));
    // Out of check.
    assert!(!legal("r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1").iter().any(|m| m == "e1g1" || m == "e1c1"));
    // Through an attacked square (f1), into an attacked square (c1).
    let through = legal("r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1");
    assert!(!through.contains(&"e1g1".into()) && through.contains(&"e1c1".into()));
    let into = legal("r3k2r/8/8/8/8/8/2r5/R3K2R w KQkq - 0 1");
    assert!(into.contains(&"e1g1".into()) && !into.contains(&"e1c1".into()));
    // b1 may be attacked on the queen's side: the king does not cross it.
    assert!(legal("r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1").contains(&"e1c1".into()));
    // Blocked path.
    assert!(!legal("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1").contains(&"e1c1".into()));
}

#[test]
fn en_passant_that_exposes_the_king_on_the_rank_is_illegal() {
    let exposed = legal("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1");
    assert!(!exposed.contains(&"e5d6".into()));
    let allowed = legal("8/8/8/K2pP3/8/8/8/7k w - d6 0 1");
    assert!(allowed.contains(&"e5d6".into()));
    // En passant removes a checking pawn.
    assert!(legal("8/8/8/2k5/3pP3/8/8/K7 b - e3 0 1").contains(&"d4e3".into()));
}

#[test]
fn all_four_promotions_with_and_without_capture() {
    let moves = legal("1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    for m in ["a7a8q", "a7a8r", "a7a8b", "a7a8n", "a7b8q", "a7b8r", "a7b8b", "a7b8n"] {
        assert!(moves.contains(&m.to_string()), "{m}");
    }
}

#[test]
fn mate_and_stalemate() {
    let mut pos = Position::start();
    play(&mut pos, "f3 e5 g4 Qh4#");
    assert_eq!(pos.outcome(), Some(Outcome::win(Side::Black, EndReason::Checkmate)));
    let stalemate = Position::from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stalemate.outcome(), Some(Outcome::draw(EndReason::Stalemate)));
    assert_eq!(Position::start().outcome(), None);
}

#[test]
fn fifty_moves_draw_unless_the_last_move_mates() {
    let drawn = Position::from_fen("7k/8/8/8/8/8/8/R6K b - - 100 80").unwrap();
    assert_eq!(drawn.outcome(), Some(Outcome::draw(EndReason::FiftyMoves)));
    let almost = Position::from_fen("7k/8/8/8/8/8/8/R6K b - - 99 80").unwrap();
    assert_eq!(almost.outcome(), None);
    let mated = Position::from_fen("R6k/6pp/8/8/8/8/8/7K b - - 100 80").unwrap();
    assert_eq!(mated.outcome(), Some(Outcome::win(Side::White, EndReason::Checkmate)));
}

#[test]
fn threefold_repetition_and_twofold_inside_search() {
    let mut pos = Position::start();
    play(&mut pos, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(pos.outcome(), None, "second occurrence is not yet a draw");
    assert_eq!(pos.rule_outcome(0), Some(Outcome::draw(EndReason::Repetition)), "but is inside a search from ply 0");
    assert_eq!(pos.rule_outcome(1), None, "the first occurrence precedes a root at ply 1");
    play(&mut pos, "Nf3 Nf6 Ng1 Ng8");
    assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    // A pawn move makes the earlier positions unreachable.
    let mut pos = Position::start();
    play(&mut pos, "Nf3 Nf6 Ng1 Ng8 e4 e5 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8");
    assert_eq!(pos.outcome(), Some(Outcome::draw(EndReason::Repetition)));
    assert_eq!(pos.halfmove_clock(), 8);
}

#[test]
fn insufficient_material() {
    for (fen, dead) in [
        ("8/8/4k3/8/8/3K4/8/8 w - - 0 1", true),
        ("8/8/4k3/8/8/3K4/8/6N1 w - - 0 1", true),
        ("8/8/4k3/8/8/3K4/8/5B2 w - - 0 1", true),
        ("8/8/2b1k3/8/8/3K4/8/5B2 w - - 0 1", true),
        ("8/8/3bk3/8/8/3K4/8/5B2 w - - 0 1", false),
        ("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1", false),
        ("8/8/4k3/8/8/3K4/8/4BN2 w - - 0 1", false),
        ("8/8/4k3/8/8/3K4/7P/8 w - - 0 1", false),
        ("8/8/4k3/8/8/3K4/8/7R w - - 0 1", false),
    ] {
        let pos = Position::from_fen(fen).unwrap();
        let expected = dead.then_some(Outcome::draw(EndReason::InsufficientMaterial));
        assert_eq!(pos.outcome(), expected, "{fen}");
    }
}

#[test]
fn counters_follow_the_moves() {
    let mut pos = Position::start();
    play(&mut pos, "e4 c5 Nf3");
    assert_eq!((pos.halfmove_clock(), pos.fullmove_number()), (1, 2));
    assert_eq!(pos.to_fen(), "rnbqkbnr/pp1ppppp/8/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
    play(&mut pos, "d6 Bb5+ Bd7 Bxd7+ Nxd7 O-O");
    assert_eq!(pos.to_fen(), "r2qkbnr/pp1npppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5");
}

/// The front door is total: a move of another position (the only moves a caller can build)
/// is refused by `play` with the position unchanged and named by `human_move` without a panic;
/// a square off the board holds nothing.
#[test]
fn moves_of_other_positions_and_squares_off_the_board_are_answered() {
    use ladya_chess::Piece;
    let fens = [
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
    ];
    let positions: Vec<Position> = fens.iter().map(|f| f.parse().unwrap()).collect();
    for here in &positions {
        for elsewhere in &positions {
            for &m in elsewhere.legal_moves().iter().chain([ladya_chess::Move::NONE].iter()) {
                let mut pos = here.clone();
                let text = pos.human_move(m);
                match pos.play(m) {
                    Ok(()) => assert!(here.is_legal(m), "{text}"),
                    Err(_) => assert_eq!(&pos, here, "{text}"),
                }
            }
        }
        assert_eq!(here.piece_at(64), Piece::NONE);
        assert_eq!(here.piece_at(255), Piece::NONE);
    }
}
