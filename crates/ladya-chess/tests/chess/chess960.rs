//! Chess960 (Fischer random chess): perft against Stockfish on every position of
//! `data/chess960-perft.epd` (each in Shredder-FEN and X-FEN), exact make/unmake with right
//! keys over their trees, the FEN castling forms, castling notation and the castling rules'
//! corner cases (a rook shielding the king, king and rook on each other's squares).

use ladya_chess::{FenError, Move, MoveKind, Position};
use ladya_core::MoveList;
use ladya_core::perft::{PerftCase, parse_perft_cases, perft, verify_checks, verify_tree};

fn cases() -> Vec<PerftCase> {
    parse_perft_cases(include_str!("../../../../data/chess960-perft.epd")).unwrap()
}

fn chess960(fen: &str) -> Position {
    Position::from_fen_chess960(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut moves = MoveList::new();
    pos.append_legal_moves(&mut moves);
    moves.iter().copied().collect()
}

fn castlings(pos: &Position) -> Vec<String> {
    legal(pos).into_iter().filter(|m| m.is_castling()).map(|m| pos.uci_text(m)).collect()
}

#[test]
fn perft_matches_stockfish_in_both_castling_forms() {
    let cases = cases();
    assert!(cases.len() >= 290);
    let shredder =
        cases.iter().filter(|c| c.fen.split(' ').nth(2).is_some_and(|f| f.contains(['H', 'h', 'F']))).count();
    assert!(shredder > 50, "too few Shredder-FEN lines: {shredder}");
    let mut checked = 0;
    for case in &cases {
        let mut pos = chess960(&case.fen);
        for &(depth, expected) in &case.counts {
            assert_eq!(perft(&mut pos, depth), expected, "perft {depth} of {}", case.fen);
            checked += 1;
        }
    }
    assert!(checked >= 4 * 290);
}

#[test]
fn make_unmake_and_keys_are_exact_over_chess960_trees() {
    for case in cases() {
        let mut pos = chess960(&case.fen);
        verify_tree(&mut pos, 3, &mut |p: &Position| {
            if p.key() != p.compute_key() {
                Err(format!("incremental key differs from scratch key in {}", p.to_fen()))
            } else if p.psqt() != p.compute_psqt() {
                Err(format!("incremental psqt differs from scratch in {}", p.to_fen()))
            } else {
                Ok(())
            }
        })
        .unwrap_or_else(|e| panic!("{}: {e}", case.fen));
    }
}

#[test]
fn gives_check_agrees_with_making_the_move() {
    let mut checks = 0;
    for case in cases().iter().step_by(2) {
        let counts = verify_checks(&mut chess960(&case.fen), 2).unwrap_or_else(|e| panic!("{}: {e}", case.fen));
        checks += counts.checks;
    }
    assert!(checks > 1000, "only {checks} checks seen");
}

#[test]
fn fens_round_trip_in_both_forms() {
    for case in cases() {
        let pos = chess960(&case.fen);
        let (xfen, shredder) = (pos.to_fen(), pos.to_shredder_fen());
        assert!(case.fen == xfen || case.fen == shredder, "{} written as {xfen} and {shredder}", case.fen);
        assert!(chess960(&xfen) == pos, "{xfen}");
        assert!(chess960(&shredder) == pos, "{shredder}");
    }
}

#[test]
fn x_fen_names_a_file_only_for_an_inner_rook() {
    // Rooks on a1 and b1 with the king on e1: the b1 rook castles.
    let pos = chess960("4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(pos.to_fen(), "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1");
    assert_eq!(castlings(&pos), ["e1b1"]);
    let outer = chess960("4k3/8/8/8/8/8/8/RR2K3 w Q - 0 1");
    assert_eq!(outer.to_shredder_fen(), "4k3/8/8/8/8/8/8/RR2K3 w A - 0 1");
    assert_eq!(castlings(&outer), Vec::<String>::new(), "the b1 rook is in the way");
    // Standard FENs read and write unchanged in either mode; Shredder letters are accepted.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for text in [kiwipete, &kiwipete.replace("KQkq", "HAha")] {
        assert_eq!(Position::from_fen(text).unwrap().to_fen(), kiwipete);
        assert_eq!(chess960(text).to_fen(), kiwipete);
        assert_eq!(chess960(text).to_shredder_fen(), kiwipete.replace("KQkq", "HAha"));
    }
}

#[test]
fn bad_castling_fields_are_errors() {
    use FenError::*;
    let fault = |right, reason| BadCastlingRight { right, reason };
    for (fen, error) in [
        ("4k3/8/8/8/8/8/4K3/R6R w K - 0 1", fault('K', "the king is not on its first rank")),
        ("4k3/8/8/8/8/8/8/R3K3 w K - 0 1", fault('K', "no rook stands on the king's side of the first rank")),
        ("4k3/8/8/8/8/8/8/4K2R w Q - 0 1", fault('Q', "no rook stands on the queen's side of the first rank")),
        ("4k3/8/8/8/8/8/8/4K2R w G - 0 1", fault('G', "no rook of that side stands on that file of its first rank")),
        ("4k3/8/8/8/8/8/8/4K2r w H - 0 1", fault('H', "no rook of that side stands on that file of its first rank")),
        ("4k3/8/8/8/8/8/8/4K2R w KH - 0 1", BadCastlingField("KH".into())),
        ("4k2r/8/8/8/8/8/8/4K2R w hK - 0 1", BadCastlingField("hK".into())),
        ("4k3/8/8/8/8/8/8/4K2R w K1 - 0 1", BadCastlingField("K1".into())),
    ] {
        assert_eq!(Position::from_fen_chess960(fen).unwrap_err(), error, "{fen}");
    }
    // A standard FEN refuses rooks off the corners and kings off the e-file, naming Chess960.
    assert_eq!(Position::from_fen("4k3/8/8/8/8/8/8/4KR2 w F - 0 1").unwrap_err(), NeedsChess960('F'));
    let frc = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9";
    assert_eq!(Position::from_fen(frc).unwrap_err(), CastlingWithoutPieces { right: 'H', squares: "e1 and h1" });
    let xfen = "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9";
    assert_eq!(Position::from_fen(xfen).unwrap_err(), CastlingWithoutPieces { right: 'K', squares: "e1 and h1" });
    assert!(Position::from_fen(xfen).unwrap_err().to_string().contains("Chess960"));
}

#[test]
fn castling_rook_may_not_have_shielded_the_king() {
    // The b1 rook stands between the queen on a1 and c1, where the king would land.
    assert_eq!(castlings(&chess960("4k3/8/8/8/8/8/8/qR3K2 w Q - 0 1")), Vec::<String>::new());
    assert_eq!(castlings(&chess960("4k3/8/8/8/8/8/8/nR3K2 w Q - 0 1")), ["f1b1"]);
}

#[test]
fn king_and_rook_may_trade_squares_or_stay() {
    // Queen side with the king on d1 and the rook on c1: they swap.
    let mut pos = chess960("k7/8/8/8/8/8/8/2RK4 w Q - 0 1");
    let before = pos.clone();
    let castle = pos.parse_uci("d1c1").unwrap();
    assert_eq!(castle.kind(), MoveKind::CastleQueen);
    pos.make(castle);
    assert_eq!(pos.to_fen(), "k7/8/8/8/8/8/8/2KR4 b - - 1 1");
    assert_eq!(pos.key(), pos.compute_key());
    pos.unmake();
    assert!(pos == before);

    // King side with the king already on g1: only the rook moves.
    let mut pos = chess960("4rkr1/4p1p1/8/8/8/8/8/6KR w K - 0 1");
    let castle = pos.parse_uci("g1h1").unwrap();
    assert_eq!((castle.kind(), pos.human_move(castle)), (MoveKind::CastleKing, "O-O#".to_string()));
    assert!(pos.gives_check(castle));
    pos.make(castle);
    assert_eq!(pos.to_fen(), "4rkr1/4p1p1/8/8/8/8/8/5RK1 b - - 1 1");
}

#[test]
fn rights_go_with_the_king_and_each_rook() {
    let pos = chess960("1r2k1r1/6p1/8/8/8/8/6P1/1R2K1R1 w KQkq - 0 1");
    let after = |moves: &[&str]| {
        let mut p = pos.clone();
        for text in moves {
            let m = p.parse_uci(text).unwrap();
            p.make(m);
        }
        p.to_shredder_fen().split(' ').nth(2).unwrap().to_string()
    };
    assert_eq!(after(&[]), "GBgb");
    assert_eq!(after(&["g1h1"]), "Bgb");
    assert_eq!(after(&["b1b8"]), "Gg", "a rook moving and a rook taken lose their rights");
    assert_eq!(after(&["e1d1"]), "gb");
    assert_eq!(after(&["e1g1"]), "gb", "castling uses both White rights");
}

#[test]
fn castling_is_written_as_the_mode_wants() {
    let text = "1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1";
    let standard = Position::from_fen(text).unwrap();
    let frc = chess960(text);
    assert!(!standard.is_chess960() && frc.is_chess960());
    assert_eq!(castlings(&standard), ["e1g1", "e1c1"]);
    assert_eq!(castlings(&frc), ["e1h1", "e1a1"]);
    for pos in [&standard, &frc] {
        // Both forms are read in both modes, and SAN is the same.
        for (a, b) in [("e1g1", "e1h1"), ("e1c1", "e1a1")] {
            assert_eq!(pos.parse_uci(a).unwrap(), pos.parse_uci(b).unwrap());
        }
        assert_eq!(pos.parse_move("O-O").unwrap(), pos.parse_uci("e1h1").unwrap());
        assert_eq!(pos.human_move(pos.parse_uci("e1a1").unwrap()), "O-O-O");
    }
    // Where the king's own move reaches the castling square, that move is what is meant.
    let pos = chess960("1r2k3/8/8/8/8/8/8/R4K1R w KQ - 0 1");
    assert_eq!(pos.parse_uci("f1g1").unwrap().kind(), MoveKind::Quiet);
    assert_eq!(pos.parse_uci("f1h1").unwrap().kind(), MoveKind::CastleKing);
    // The rook on g1 is where the king goes: e1g1 is castling in both forms.
    let pos = chess960("1r2k3/8/8/8/8/8/8/R3K1R1 w KQ - 0 1");
    assert_eq!(pos.parse_uci("e1g1").unwrap().kind(), MoveKind::CastleKing);
    assert_eq!(castlings(&pos), ["e1g1", "e1a1"]);
}

#[test]
fn mirrored_chess960_positions_keep_their_rooks() {
    for case in cases().iter().take(60) {
        let mut pos = chess960(&case.fen);
        let mut mirror = pos.mirrored();
        assert_eq!(mirror.mirrored().to_fen(), pos.to_fen());
        assert_eq!(perft(&mut mirror, 2), perft(&mut pos, 2), "{}", case.fen);
    }
}

#[test]
fn any_castling_field_is_read_or_refused_without_panic() {
    let letters: Vec<char> = "KQkqAHahCfGe-1x".chars().collect();
    let mut fields: Vec<String> = letters.iter().map(|c| c.to_string()).collect();
    for a in &letters {
        for b in &letters {
            fields.push(format!("{a}{b}"));
            fields.extend(letters.iter().map(|c| format!("{a}{b}{c}")));
        }
    }
    let mut accepted = 0;
    for case in cases().iter().step_by(12) {
        let fields_of: Vec<&str> = case.fen.split(' ').collect();
        for field in &fields {
            let text = [fields_of[0], fields_of[1], field, fields_of[3]].join(" ");
            for pos in [Position::from_fen(&text), Position::from_fen_chess960(&text)].into_iter().flatten() {
                // Whatever is accepted can be written in both forms, read back, and played.
                assert!(chess960(&pos.to_fen()).to_shredder_fen() == pos.to_shredder_fen(), "{text}");
                assert!(chess960(&pos.to_shredder_fen()).to_fen() == pos.to_fen(), "{text}");
                perft(&mut pos.clone(), 2);
                accepted += 1;
            }
        }
    }
    assert!(accepted > 500, "{accepted}");
}

/// Found by `ladya-fuzz run fen-chess960`: a king that castles without moving (c1 to c1,
/// the rook from b1 to d1) was not checked on its own square with the rook gone, so castling
/// uncovered the black rook on a1 and left the king in check.
#[test]
fn a_king_that_stays_put_is_not_uncovered_by_its_castling_rook() {
    let pos = chess960("brk1r2n/1p3Rb1/7p/2qpP3/1Qpn2P1/7B/2P1PN1P/rRK4N w Qq - 2 22");
    assert!(pos.parse_move("c1b1").is_err());
    assert!(legal(&pos).iter().all(|m| !m.is_castling()));
    // Without the black rook on a1 the same castling is legal.
    let open = chess960("brk1r2n/1p3Rb1/7p/2qpP3/1Qpn2P1/7B/2P1PN1P/1RK4N w Qq - 2 22");
    assert!(open.parse_move("c1b1").unwrap().is_castling());
}
