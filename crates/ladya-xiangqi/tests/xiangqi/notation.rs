//! Move notation: ICCS, the UCI form of Fairy-Stockfish and WXF, printed and read back for
//! every legal move of many positions, and the WXF examples of the federation's rules.

use std::collections::HashSet;

use ladya_core::perft::parse_perft_cases;
use ladya_core::{Game, MoveList};
use ladya_xiangqi::{Move, MoveError, Position, XiangqiError, iccs_to_uci, uci_to_iccs};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn legal(pos: &Position) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.append_legal_moves(&mut list);
    list.to_vec()
}

/// Every legal move of `pos` survives each notation both ways, and WXF names are distinct.
fn round_trips(pos: &Position) {
    let mut names = HashSet::new();
    for m in legal(pos) {
        let iccs = pos.move_text(m);
        assert_eq!(pos.parse_move(&iccs), Ok(m), "{iccs} in {}", pos.fen());
        assert_eq!(pos.parse_iccs(&iccs.to_uppercase()), Ok(m));
        assert_eq!(pos.parse_uci(&m.uci()), Ok(m), "{} in {}", m.uci(), pos.fen());
        assert_eq!(uci_to_iccs(&m.uci()).as_deref(), Some(iccs.as_str()));
        assert_eq!(iccs_to_uci(&iccs), Some(m.uci()));
        let wxf = pos.human_move_text(m);
        assert_eq!(Game::parse_move(pos, &wxf), Ok(m), "{wxf} ({iccs}) in {}", pos.fen());
        assert!(names.insert(wxf.clone()), "{wxf} names two moves in {}", pos.fen());
    }
}

#[test]
fn every_move_of_the_reference_positions_round_trips() {
    for case in parse_perft_cases(include_str!("../../../../data/xiangqi-perft.epd")).unwrap() {
        let mut pos = position(&case.fen);
        round_trips(&pos);
        // And one ply further along every move.
        for m in legal(&pos) {
            pos.make(m);
            round_trips(&pos);
            pos.unmake();
        }
    }
}

#[test]
fn tandem_positions_round_trip() {
    for fen in [
        // Five red soldiers on one file, two horses, two rooks and two cannons in tandem.
        "3k5/6P2/6P2/6P2/6P2/R5P2/R8/2H5C/2H1A4/4KA2C w",
        // Three and two soldiers on two files, for both sides.
        "4k4/9/6P2/2P3P2/2P3P2/2p1p4/2p1p4/4p4/9/3K5 w",
        "4k4/9/6P2/2P3P2/2P3P2/2p1p4/2p1p4/4p4/9/3K5 b",
        // Advisors and elephants in tandem.
        "3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w",
    ] {
        round_trips(&position(fen));
    }
}

fn wxf(fen: &str, iccs: &str) -> String {
    let pos = position(fen);
    pos.human_move(pos.parse_iccs(iccs).unwrap())
}

#[test]
fn wxf_names_of_opening_moves() {
    let start = Position::START_FEN;
    assert_eq!(wxf(start, "h2e2"), "C2.5");
    assert_eq!(wxf(start, "b0c2"), "H8+7");
    assert_eq!(wxf(start, "h0g2"), "H2+3");
    assert_eq!(wxf(start, "c3c4"), "P7+1");
    assert_eq!(wxf(start, "i0i2"), "R1+2");
    assert_eq!(wxf(start, "c0e2"), "E7+5");
    assert_eq!(wxf(start, "f0e1"), "A4+5");
    assert_eq!(wxf(start, "e0e1"), "K5+1");
    assert_eq!(wxf(start, "h2h9"), "C2+7");
    // Black counts files from its own right, the a-file: its b7 cannon is on file 2.
    let black = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
    assert_eq!(wxf(black, "h7e7"), "C8.5");
    assert_eq!(wxf(black, "b9c7"), "H2+3");
    assert_eq!(wxf(black, "b7b0"), "C2+7");
    assert_eq!(wxf(black, "e9e8"), "K5+1");
}

#[test]
fn wxf_tandem_pieces_use_front_and_rear() {
    // Rooks a3 and a6 (file 9): the front one crosses to file 3, the rear one goes forward.
    let rooks = "3k5/9/9/R8/9/9/R8/9/9/4K4 w";
    assert_eq!(wxf(rooks, "a6g6"), "R+.3");
    assert_eq!(wxf(rooks, "a3a4"), "R-+1");
    // Cannons b2 and b0 of Black (Black's file 2): rear is the one nearer Black's side.
    let cannons = "3k5/9/9/9/9/9/9/1c7/9/1c2K4 b";
    assert_eq!(wxf(cannons, "b2b3"), "C--1");
    assert_eq!(wxf(cannons, "b0a0"), "C+.1");
    // Advisors and elephants keep their file number: direction tells them apart.
    let guards = "3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w";
    assert_eq!(wxf(guards, "d0e1"), "A6+5");
    assert_eq!(wxf(guards, "d2e1"), "A6-5");
    assert_eq!(wxf(guards, "c0e2"), "E7+5");
    assert_eq!(wxf(guards, "c4e2"), "E7-5");
}

#[test]
fn wxf_tandem_soldiers_follow_the_federation_examples() {
    // Three soldiers on file 3 (g) traversing to file 4 (f).
    let three = "3k5/9/6P2/6P2/6P2/9/9/9/9/4K4 w";
    assert_eq!(wxf(three, "g7f7"), "P+.4");
    assert_eq!(wxf(three, "g6f6"), "P3.4");
    assert_eq!(wxf(three, "g5f5"), "P-.4");
    // Five on file 3.
    let five = "3k2P2/6P2/6P2/6P2/6P2/9/9/9/9/4K4 w";
    let names: Vec<String> = ["g9f9", "g8f8", "g7f7", "g6f6", "g5f5"].iter().map(|m| wxf(five, m)).collect();
    assert_eq!(names, ["++.4", "P+.4", "P3.4", "P-.4", "--.4"]);
    // Four on file 3.
    let four = "3k2P2/6P2/6P2/6P2/9/9/9/9/9/4K4 w";
    let names: Vec<String> = ["g9f9", "g8f8", "g7f7", "g6f6"].iter().map(|m| wxf(four, m)).collect();
    assert_eq!(names, ["++.4", "P+.4", "P-.4", "--.4"]);
    // Three on file 3 and two on file 7: the file number replaces the letter.
    let two_files = "3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/4K4 w";
    let names: Vec<String> = ["g7f7", "g6f6", "g5f5", "c6d6", "c5d5"].iter().map(|m| wxf(two_files, m)).collect();
    assert_eq!(names, ["3+.4", "33.4", "3-.4", "7+.6", "7-.6"]);
}

#[test]
fn wxf_reading_accepts_variants() {
    let start = Position::start();
    let h2e2 = start.parse_iccs("h2e2").unwrap();
    for text in ["C2.5", "c2.5", "C2=5", "C2.5+", "C2.5!?", " C2.5 "] {
        assert_eq!(start.parse_move(text), Ok(h2e2), "{text}");
    }
    assert_eq!(start.parse_move("N8+7"), start.parse_iccs("b0c2"));
    assert_eq!(start.parse_move("B3+5"), start.parse_iccs("g0e2"));
    let rooks = position("3k5/9/9/R8/9/9/R8/9/9/4K4 w");
    assert_eq!(rooks.parse_move("+R.3"), rooks.parse_iccs("a6g6"));
    // The plain file number, when only one of the pair can make the move.
    assert_eq!(rooks.parse_move("R9+3"), rooks.parse_iccs("a6a9"));
    assert!(matches!(rooks.parse_move("R9+1"), Err(MoveError::Ambiguous { .. })));
    assert!(matches!(rooks.parse_move("R9.3"), Err(MoveError::Ambiguous { .. })));
    // The rear rook cannot cross the front one.
    assert_eq!(rooks.parse_move("R-+4"), Err(MoveError::Illegal("R-+4".into())));
}

#[test]
fn bad_moves_are_errors() {
    let start = Position::start();
    for text in ["", "x", "z2e2", "h2e", "h2e2e", "h10e2", "Z2.5", "C2.", "C2*5", "C0.5", "h2–e2", "卒3.4"] {
        assert!(matches!(start.parse_move(text), Err(MoveError::Malformed(_))), "{text}");
    }
    for text in ["h2e9", "i0i3", "C2.4x", "R1+3", "H8+6", "P5.4"] {
        assert!(start.parse_move(text).is_err(), "{text}");
    }
    assert_eq!(start.parse_move("R1+3"), Err(MoveError::Illegal("R1+3".into())));
    assert_eq!(start.parse_iccs("e0e2"), Err(MoveError::Illegal("e0e2".into())));
    assert!(matches!(Game::parse_move(&start, "a0a0"), Err(XiangqiError::Move(MoveError::Illegal(_)))));
    assert_eq!(start.parse_uci("h3e3"), start.parse_iccs("h2e2"));
    assert!(matches!(start.parse_uci("h0e0"), Err(MoveError::Malformed(_))));
    assert_eq!(uci_to_iccs("a10a9").as_deref(), Some("a9a8"));
    assert_eq!(iccs_to_uci("a9a8").as_deref(), Some("a10a9"));
    assert_eq!(uci_to_iccs("a11a9"), None);
    assert_eq!(iccs_to_uci("a10a9"), None);
}

#[test]
fn no_move_text_panics() {
    // Every text of up to four characters over an alphabet of move parts, and a few longer.
    let alphabet = ['C', 'p', '+', '-', '.', '=', '2', '0', '1', 'h', 'e', 'é'];
    let pos = position("3k5/6P2/6P2/6P2/6P2/R5P2/R8/2H5C/2H1A4/4KA2C w");
    let mut texts = vec![String::new()];
    for _ in 0..4 {
        let longer: Vec<String> = texts.iter().flat_map(|t| alphabet.iter().map(move |c| format!("{t}{c}"))).collect();
        for text in &longer {
            let _ = pos.parse_move(text);
            let _ = pos.parse_uci(text);
        }
        texts = longer;
    }
    for text in ["a10a10", "i9i9i9", "++++", "P+.4+++++", "1010"] {
        let _ = pos.parse_move(text);
        let _ = uci_to_iccs(text);
    }
}
