//! Make/unmake is exact and the incremental Zobrist key and material/piece-square score are
//! right: every node of perft trees is checked against a key and a score computed from
//! scratch, and every unmake must restore the position field for field (history included).

use ladya_chess::Position;
use ladya_core::perft::{parse_perft_cases, verify_tree};

fn verify(fen: &str, depth: u32) -> u64 {
    let mut pos = Position::from_fen(fen).unwrap();
    verify_tree(&mut pos, depth, &mut |p: &Position| {
        if p.key() != p.compute_key() {
            Err(format!("incremental key differs from scratch key in {}", p.to_fen()))
        } else if p.psqt() != p.compute_psqt() {
            Err(format!(
                "incremental psqt {:?} differs from scratch {:?} in {}",
                p.psqt(),
                p.compute_psqt(),
                p.to_fen()
            ))
        } else {
            Ok(())
        }
    })
    .unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn standard_positions_restore_exactly() {
    for (fen, depth) in [
        (Position::START_FEN, 4),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 3),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    ] {
        assert!(verify(fen, depth) > 1000, "{fen}");
    }
}

#[test]
fn reference_positions_restore_exactly() {
    let cases = parse_perft_cases(include_str!("../../../../data/chess-perft.epd")).unwrap();
    for case in cases {
        verify(&case.fen, 3);
    }
}

#[test]
fn null_move_restores_exactly() {
    let fen = "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3";
    let mut pos = Position::from_fen(fen).unwrap();
    let before = pos.clone();
    pos.make_null();
    assert_eq!(pos.key(), pos.compute_key());
    assert_eq!(pos.psqt(), before.psqt());
    assert_eq!(pos.en_passant(), None);
    pos.unmake();
    assert!(pos == before);
}

/// Each side's piece key follows its knights, bishops, rooks, queens and king, not its pawns.
#[test]
fn piece_keys_follow_each_sides_pieces_but_not_its_pawns() {
    use ladya_core::Game;
    let keys = |moves: &[&str]| {
        let mut pos = Position::start();
        for text in moves {
            let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            pos.make(m);
        }
        pos.piece_keys().expect("chess names its pieces")
    };
    let start = keys(&[]);
    assert_ne!(start[0], start[1]);
    assert_eq!(keys(&["e2e4", "e7e5"]), start);
    let knight_out = keys(&["g1f3"]);
    assert_ne!(knight_out[0], start[0]);
    assert_eq!(knight_out[1], start[1]);
    assert_eq!(keys(&["g1f3", "g8f6", "f3g1", "f6g8"]), start);
    let pawn_taken = keys(&["e2e4", "d7d5", "e4d5"]);
    assert_eq!(pawn_taken, start);
    let queen_taken = keys(&["e2e4", "d7d5", "e4d5", "d8d5", "b1c3", "d5a2", "a1a2"]);
    assert_ne!(queen_taken[0], start[0]);
    assert_ne!(queen_taken[1], start[1]);
}
