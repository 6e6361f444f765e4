//! Boards drawn for people in a terminal: Unicode pieces or letters, with colours when the
//! terminal has them.

use ladya_core::Side;

/// How to draw a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct View {
    /// Black (the second player) at the bottom.
    pub flipped: bool,
    /// Unicode pieces (else ASCII letters).
    pub unicode: bool,
    /// ANSI colours.
    pub color: bool,
}

const RESET: &str = "\x1b[0m";
const LIGHT: &str = "\x1b[48;5;180m";
const DARK: &str = "\x1b[48;5;137m";
const WHITE_PIECE: &str = "\x1b[1;97m";
const BLACK_PIECE: &str = "\x1b[1;30m";
const DIM: &str = "\x1b[2m";

/// File letters across the bottom of a board, `width` files, `cell` columns each.
fn file_labels(width: usize, cell: usize, flipped: bool, indent: usize) -> String {
    let mut files: Vec<char> = (0..width).map(|f| (b'a' + f as u8) as char).collect();
    if flipped {
        files.reverse();
    }
    let mut line = " ".repeat(indent);
    for f in files {
        line.push_str(&format!("{f:^cell$}"));
    }
    line.trim_end().to_string()
}

/// Files and ranks in drawing order: top rank first, left file first.
fn order(files: u8, ranks: u8, flipped: bool) -> (Vec<u8>, Vec<u8>) {
    let mut f: Vec<u8> = (0..files).collect();
    let mut r: Vec<u8> = (0..ranks).rev().collect();
    if flipped {
        f.reverse();
        r.reverse();
    }
    (f, r)
}

/// A chess board, rank 8 at the top (rank 1 when flipped).
pub(crate) fn chess(pos: &ladya_chess::Position, view: &View) -> String {
    use ladya_chess::Piece;
    use ladya_chess::bitboard::square_at;
    let glyph = |p: Piece| -> char {
        let k = p.kind() as usize;
        match (view.unicode, view.color, p.side()) {
            (false, _, _) => p.fen_letter(),
            // With colours, the solid glyphs read best for both sides.
            (true, true, _) | (true, false, Side::Black) => ['♟', '♞', '♝', '♜', '♛', '♚'][k],
            (true, false, Side::White) => ['♙', '♘', '♗', '♖', '♕', '♔'][k],
        }
    };
    let (files, ranks) = order(8, 8, view.flipped);
    let mut lines = Vec::new();
    for &r in &ranks {
        let mut line = format!("{} ", r + 1);
        for &f in &files {
            let piece = pos.piece_at(square_at(f, r));
            let light = (f + r) % 2 == 1;
            let text = match (piece.is_none(), view.color) {
                (true, true) => ' ',
                (true, false) => '·',
                (false, _) => glyph(piece),
            };
            if view.color {
                let bg = if light { LIGHT } else { DARK };
                let fg = if !piece.is_none() && piece.side() == Side::White { WHITE_PIECE } else { BLACK_PIECE };
                line.push_str(&format!("{bg}{fg} {text} {RESET}"));
            } else {
                line.push_str(&format!(" {text} "));
            }
        }
        lines.push(line);
    }
    lines.push(file_labels(8, 3, view.flipped, 2));
    lines.join("\n")
}

/// An ugolki board with both home corners marked.
pub(crate) fn ugolki(pos: &ladya_ugolki::Position, view: &View) -> String {
    let layout = pos.layout();
    let white_home = layout.home(Side::White);
    let black_home = layout.home(Side::Black);
    let (files, ranks) = order(8, 8, view.flipped);
    let mut lines = Vec::new();
    for &r in &ranks {
        let mut line = format!("{} ", r + 1);
        for &f in &files {
            let square = r * 8 + f;
            let bit = 1u64 << square;
            let piece = pos.piece_at(square);
            let text = match (piece, view.unicode, view.color) {
                (Some(_), true, true) => '●',
                (Some(Side::White), true, false) => '○',
                (Some(Side::Black), true, false) => '●',
                (Some(Side::White), false, _) => 'W',
                (Some(Side::Black), false, _) => 'B',
                (None, _, true) => ' ',
                (None, _, false) if white_home & bit != 0 => '+',
                (None, _, false) if black_home & bit != 0 => 'x',
                (None, _, false) => '·',
            };
            if view.color {
                let bg = if white_home & bit != 0 {
                    "\x1b[48;5;151m"
                } else if black_home & bit != 0 {
                    "\x1b[48;5;110m"
                } else if (f + r) % 2 == 1 {
                    LIGHT
                } else {
                    DARK
                };
                let fg = if piece == Some(Side::White) { WHITE_PIECE } else { BLACK_PIECE };
                line.push_str(&format!("{bg}{fg} {text} {RESET}"));
            } else {
                line.push_str(&format!(" {text} "));
            }
        }
        lines.push(line);
    }
    lines.push(file_labels(8, 3, view.flipped, 2));
    let legend = if view.color {
        format!("{DIM}green: White's home (Black's target)   blue: Black's home (White's target){RESET}")
    } else {
        "+ White's home (Black's target)   x Black's home (White's target)".to_string()
    };
    lines.push(legend);
    lines.join("\n")
}
