//! No outside text makes chess panic: FENs and moves mangled in every way a sweep can think
//! of (cut, duplicated, characters replaced by others including multi-byte ones) are read
//! into a position or refused with an error.

use ladya_chess::Position;
use ladya_core::perft::parse_perft_cases;

const ODD: [&str; 12] = ["", " ", "/", "9", "0", "-", "K", "x", "♞", "ё", "漢", "\u{0}"];

/// Variants of `text`: every prefix, and every character replaced by each odd string.
fn mangled(text: &str) -> Vec<String> {
    let chars: Vec<char> = text.chars().collect();
    let mut out: Vec<String> = (0..=chars.len()).map(|n| chars[..n].iter().collect()).collect();
    for i in 0..chars.len() {
        for odd in ODD {
            let mut s: String = chars[..i].iter().collect();
            s.push_str(odd);
            s.extend(&chars[i + 1..]);
            out.push(s);
        }
    }
    out.push(text.repeat(3));
    out
}

#[test]
fn mangled_fens_never_panic() {
    let mut fens = vec![Position::START_FEN.to_string()];
    fens.extend(
        parse_perft_cases(include_str!("../../../../data/chess-perft.epd")).unwrap().into_iter().map(|c| c.fen),
    );
    let mut accepted = 0;
    for fen in &fens {
        for text in mangled(fen) {
            if let Ok(pos) = Position::from_fen(&text) {
                // Whatever is accepted is a sound position: it can be written and read back.
                assert_eq!(Position::from_fen(&pos.to_fen()).map(|p| p.to_fen()), Ok(pos.to_fen()), "{text}");
                accepted += 1;
            }
        }
    }
    assert!(accepted > 100);
}

#[test]
fn mangled_moves_never_panic() {
    let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1").unwrap();
    for text in ["e2e4", "a7a8q", "Nbd7", "exd6 e.p.", "O-O-O", "e8=Q+", "Qxe6", "0000"] {
        for m in mangled(text) {
            let _ = pos.parse_move(&m);
            let _ = pos.parse_uci(&m);
            let _ = pos.parse_san(&m);
        }
    }
}
