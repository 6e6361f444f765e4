//! The public functions of the game crates take any value a caller can build: moves of other
//! positions or made up from any two squares, and squares off the board. Nothing panics (this
//! runs with debug assertions and overflow checks on), and off-board values get the answers
//! their documentation gives.

use ladya_core::{Game, MoveCode};

/// What every game answers through the [`Game`] trait for moves that need not be legal, and
/// for a take-back or a null move at the root.
fn check_game_functions<G: Game>(positions: &[G], moves: &[G::Move]) {
    for pos in positions {
        let mut legal = ladya_core::MoveList::new();
        pos.legal_moves(&mut legal);
        for &m in moves {
            let is_legal = legal.iter().any(|l| l.code() == m.code());
            let _ = (pos.is_noisy(m), pos.noisy_value(m), pos.see_ge(m, 0), pos.quiet_value(m));
            assert!(!pos.move_text(m).is_empty());
            if is_legal {
                let mut after = pos.clone();
                let _ = after.gives_check(m);
                assert_eq!(after.fen(), pos.fen(), "gives_check changed the position");
            }
        }
        let mut root = pos.clone();
        root.unmake();
        assert_eq!(root.fen(), pos.fen(), "unmake at the root changed the position");
        let mut passed = pos.clone();
        if !pos.in_check() {
            passed.make_null();
            passed.unmake();
            assert_eq!(passed.fen(), pos.fen());
        }
        let _ = (pos.rule_outcome(0), pos.rule_outcome(usize::MAX), pos.evaluate(), pos.outcome());
    }
}

/// The moves `new` makes from every two squares `0..=255`.
fn every_pair<M>(new: impl Fn(u8, u8) -> M) -> Vec<M> {
    (0..=255u8).flat_map(|from| (0..=255u8).map(move |to| (from, to))).map(|(from, to)| new(from, to)).collect()
}

#[test]
fn chess_takes_foreign_moves_and_off_board_squares() {
    use ladya_chess::board::{between, bishop_attacks, bit, line, queen_attacks, rook_attacks, span, square_at};
    use ladya_chess::{Kind, Move, Position, Side};

    let mut positions: Vec<Position> = [
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1",
        "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2",
    ]
    .iter()
    .map(|f| f.parse().unwrap())
    .collect();
    positions.push(
        Position::from_fen_chess960("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9").unwrap(),
    );
    let mut moves = vec![Move::NONE];
    for pos in &positions {
        moves.extend(pos.legal_moves().iter().copied());
    }
    check_game_functions(&positions, &moves);
    for pos in &positions {
        for &m in &moves {
            let _ = (pos.gives_check(m), pos.see_ge(m, 0), pos.capture_order_value(m), pos.castling_rook_square(m));
            if !pos.is_legal(m) {
                assert_eq!(pos.human_move(m), pos.uci_text(m), "an illegal move is written in coordinates");
            }
        }
        for square in 64..=255u8 {
            assert_eq!(pos.attackers_to(square, pos.occupied()), 0);
            assert!(!pos.is_attacked(square, Side::White, 0) && !pos.is_attacked(square, Side::Black, 0));
            assert!(pos.piece_at(square).is_none());
        }
    }
    for a in 0..=255u8 {
        for b in [0u8, 7, 63, 64, 200, 255] {
            let (between, line, span) = (between(a, b), line(a, b), span(a, b));
            if a >= 64 || b >= 64 {
                assert_eq!((between, line), (0, 0));
            }
            if a >= 64 && b >= 64 {
                assert_eq!(span, 0);
            }
            let _ = square_at(a, b);
        }
        let off_board = a >= 64;
        assert_eq!(rook_attacks(a, 0) == 0, off_board);
        assert_eq!(bishop_attacks(a, 0) == 0, off_board);
        assert_eq!(queen_attacks(a, 0) == 0, off_board);
        assert_eq!(bit(a) == 0, off_board);
        let _ = (ladya_chess::board::square_name(a), Kind::from_index(a));
    }
    assert_eq!(span(60, 200), span(60, 63));
}

#[test]
fn xiangqi_takes_moves_between_any_two_squares() {
    use ladya_xiangqi::board::{BOARD, bit, square_at, square_name};
    use ladya_xiangqi::{Move, Position, Side};

    let positions: Vec<Position> = [
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "4k4/4a4/4b4/9/9/9/9/4B4/4A4/3K5 w - - 0 1",
        "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1",
    ]
    .iter()
    .map(|f| f.parse().unwrap())
    .collect();
    let moves = every_pair(Move::new);
    check_game_functions(&positions, &moves);
    for pos in &positions {
        for &m in &moves {
            let _ = pos.capture_order_value(m);
            if usize::from(m.to()) >= ladya_xiangqi::board::SQUARES {
                assert!(pos.see_ge(m, 0) && !pos.see_ge(m, 1), "an off-board move wins nothing");
                assert!(!pos.is_legal(m));
                assert_eq!(pos.human_move(m), pos.move_text(m));
                let _ = m.uci();
            }
        }
        for square in 90..=255u8 {
            assert!(pos.piece_at(square).is_none());
        }
        let _ = (pos.can_mate(Side::White), pos.general_attacked(Side::Black));
    }
    for square in 0..=255u8 {
        assert_eq!(bit(square) & BOARD != 0, square < 90);
        let _ = (square_name(square), square_at(square, square));
    }
}

#[test]
fn ugolki_takes_moves_between_any_two_squares() {
    use ladya_ugolki::{Move, Position, square_name};

    let positions: Vec<Position> =
        [Position::start().to_fen().as_str(), "WWWW4/WWWW4/WWW5/3W4/4B3/5BBB/4BBBB/4BBBB w 30"]
            .iter()
            .map(|f| f.parse().unwrap())
            .collect();
    let moves = every_pair(Move::new);
    check_game_functions(&positions, &moves);
    for pos in &positions {
        for &m in &moves {
            let legal = pos.is_legal(m);
            assert_eq!(pos.move_path(m).is_some(), legal);
            if !legal {
                assert_eq!(pos.human_move(m), pos.move_text(m));
            }
        }
        for square in 64..=255u8 {
            let _ = (pos.piece_at(square), square_name(square));
        }
    }
}
