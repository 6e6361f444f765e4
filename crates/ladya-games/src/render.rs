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
const RED_PIECE: &str = "\x1b[1;31m";
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

/// Terminal columns of a text: East Asian wide and full-width characters take two.
fn columns(text: &str) -> usize {
    text.chars()
        .map(|c| if ('\u{1100}'..='\u{ffef}').contains(&c) && !('\u{2500}'..='\u{257f}').contains(&c) { 2 } else { 1 })
        .sum()
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
    use ladya_chess::board::square_at;
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

/// A xiangqi board: pieces on the points, the river across the middle and the palace
/// diagonals; Red's Chinese characters 帥仕相傌俥炮兵 and Black's 將士象馬車砲卒 (double width)
/// under Unicode, FEN letters otherwise. Ranks are numbered 0-9 from Red's side, as ICCS.
pub(crate) fn xiangqi(pos: &ladya_xiangqi::Position, view: &View) -> String {
    use ladya_xiangqi::board::square_at;
    let (files, ranks) = order(9, 10, view.flipped);
    // Point and gap strings: a point is 2 columns wide under Unicode (the characters are
    // double width), 1 otherwise; a gap between points is 2 or 3 columns.
    let (empty, across, down, blank, river) = if view.unicode {
        ("＋", "──", "｜", "  ", "楚 河            漢 界")
    } else {
        ("+", "---", "|", "   ", "~~~~~~ river ~~~~~~")
    };
    let point = |square| -> String {
        let piece = pos.piece_at(square);
        if piece.is_none() {
            return empty.to_string();
        }
        let k = piece.kind() as usize;
        let red = piece.side() == Side::White;
        let text = match (view.unicode, red) {
            (true, true) => ['帥', '仕', '相', '傌', '俥', '炮', '兵'][k].to_string(),
            (true, false) => ['將', '士', '象', '馬', '車', '砲', '卒'][k].to_string(),
            (false, _) => piece.fen_letter().to_string(),
        };
        if view.color { format!("{}{text}{RESET}", if red { RED_PIECE } else { BLACK_PIECE }) } else { text }
    };
    // The palace diagonal in the gap between points (file, rank) and (file + 1, rank - 1).
    let diagonal = |file: u8, upper: u8| -> &str {
        let in_palace = (3..5).contains(&file) && matches!(upper, 9 | 8 | 2 | 1);
        if !in_palace {
            return blank;
        }
        // From the top-left corner down to the centre, or from the centre on to the bottom right.
        let falling = (file == 3) == matches!(upper, 9 | 2);
        match (view.unicode, falling) {
            (true, true) => "＼",
            (true, false) => "／",
            (false, true) => " \\ ",
            (false, false) => " / ",
        }
    };
    let mut lines = Vec::new();
    for (i, &r) in ranks.iter().enumerate() {
        let cells: Vec<String> = files.iter().map(|&f| point(square_at(f, r))).collect();
        lines.push(format!("{r} {}", cells.join(across)));
        let Some(&next) = ranks.get(i + 1) else { break };
        let upper = r.max(next);
        if upper == 5 {
            // Between the two edge lines: 8 gaps and 7 inner points, in terminal columns.
            let inner: usize = if view.unicode { 8 * 2 + 7 * 2 } else { 8 * 3 + 7 };
            let pad = inner.saturating_sub(columns(river));
            let (left, right) = (" ".repeat(pad / 2), " ".repeat(pad - pad / 2));
            lines.push(format!("  {down}{left}{river}{right}{down}"));
            continue;
        }
        let mut line = "  ".to_string();
        for (j, &f) in files.iter().enumerate() {
            line.push_str(down);
            if let Some(&g) = files.get(j + 1) {
                line.push_str(diagonal(f.min(g), upper));
            }
        }
        lines.push(line);
    }
    // Labels under the points: double-width points start one column earlier than they centre.
    lines.push(file_labels(9, 4, view.flipped, if view.unicode { 2 } else { 1 }));
    lines.join("\n")
}
