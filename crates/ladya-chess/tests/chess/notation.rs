//! Moves as text: SAN and UCI round trips on every legal move of many positions, and the
//! forms people write (disambiguation, en passant, castling, promotion, check marks).

use ladya_chess::{MoveError, Position};
use ladya_core::MoveList;
use ladya_core::perft::parse_perft_cases;

/// The test positions and every position one move from them.
fn positions() -> Vec<Position> {
    let mut roots: Vec<Position> = [
        Position::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    ]
    .iter()
    .map(|f| Position::from_fen(f).unwrap())
    .collect();
    roots.extend(
        parse_perft_cases(include_str!("../../../../data/chess-perft.epd"))
            .unwrap()
            .iter()
            .map(|c| Position::from_fen(&c.fen).unwrap()),
    );
    let mut all = roots.clone();
    for root in &roots {
        let mut moves = MoveList::new();
        root.append_legal_moves(&mut moves);
        for &m in moves.iter() {
            let mut child = root.clone();
            child.make(m);
            all.push(child);
        }
    }
    all
}

#[test]
fn every_legal_move_round_trips_through_san_and_uci() {
    let mut checked = 0;
    for pos in positions() {
        let mut moves = MoveList::new();
        pos.append_legal_moves(&mut moves);
        let mut sans = Vec::new();
        for &m in moves.iter() {
            let san = pos.human_move(m);
            assert_eq!(pos.parse_san(&san), Ok(m), "{san} in {}", pos.to_fen());
            assert_eq!(pos.parse_move(&m.to_string()), Ok(m), "{m} in {}", pos.to_fen());
            sans.push(san);
            checked += 1;
        }
        sans.sort();
        sans.dedup();
        assert_eq!(sans.len(), moves.len(), "two moves share a SAN in {}", pos.to_fen());
    }
    assert!(checked > 20_000);
}

#[test]
fn san_forms_people_write() {
    let pos = Position::from_fen("r3k2r/pp1n1ppp/8/2pPp3/8/5N2/PPP1NPPP/R3K2R w KQkq c6 0 10").unwrap();
    let san = |text: &str| pos.human_move(pos.parse_move(text).unwrap());
    assert_eq!(san("dxc6 e.p."), "dxc6");
    assert_eq!(san("d5c6"), "dxc6");
    assert_eq!(san("0-0"), "O-O");
    assert_eq!(san("O-O-O"), "O-O-O");
    assert_eq!(san("Nfd4"), "Nfd4");
    assert_eq!(san("Ned4"), "Ned4");
    assert_eq!(san("Ng3"), "Ng3");
    assert!(matches!(pos.parse_move("Nd4"), Err(MoveError::Ambiguous { .. })));

    // Rank disambiguation and the full square when neither file nor rank alone is enough.
    let rooks = Position::from_fen("1k6/8/R7/8/R3Q2Q/8/8/K6Q w - - 0 1").unwrap();
    assert_eq!(rooks.human_move(rooks.parse_move("a4a5").unwrap()), "R4a5");
    assert_eq!(rooks.human_move(rooks.parse_move("h4e1").unwrap()), "Qh4e1");
    assert_eq!(rooks.parse_move("Qh4e1"), rooks.parse_move("h4e1"));

    let promo = Position::from_fen("3qk3/4P3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    assert_eq!(promo.human_move(promo.parse_move("exd8=Q+").unwrap()), "exd8=Q+");
    assert_eq!(promo.human_move(promo.parse_move("e7d8n").unwrap()), "exd8=N");
    assert_eq!(promo.parse_move("exd8Q"), promo.parse_move("e7d8q"));

    let mate = Position::from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1").unwrap();
    assert_eq!(mate.human_move(mate.parse_move("a1a8").unwrap()), "Ra8#");
}

#[test]
fn bad_and_illegal_moves_are_errors() {
    let pos = Position::start();
    for (text, malformed) in [
        ("e2e5", false),
        ("e7e5", false),
        ("Nf6", false),
        ("O-O", false),
        ("e2e4x", true),
        ("", true),
        ("zz", true),
        ("Ke", true),
        ("e1g1q", false),
        ("Nxf3", false),
        ("e8=K", true),
        ("ё2ё4", true),
    ] {
        match pos.parse_move(text) {
            Err(MoveError::Malformed(_)) => assert!(malformed, "{text} called malformed"),
            Err(MoveError::Illegal(_)) => assert!(!malformed, "{text} called illegal"),
            other => panic!("{text}: {other:?}"),
        }
    }
}
