//! EPD lines, read once for every game: a position in the game's FEN form followed by
//! `;`-separated operations (`bm Qg6; id "WAC.001";`).
//!
//! ```
//! use ladya_core::epd::operations;
//!
//! let ops: Vec<_> = operations("bm O-O; id \"x\";").collect();
//! assert_eq!(ops, [("bm", "O-O"), ("id", "\"x\"")]);
//! ```

use crate::game::Game;

/// The most FEN fields a position takes (chess and xiangqi: six with the clocks).
const MAX_FEN_FIELDS: usize = 6;

/// Splits an EPD line into its position, the position's text, and the operations after it.
/// The position is the longest run of leading fields that reads as one (chess and xiangqi
/// take four fields, or six with the clocks; ugolki three), so every game's EPD and a FEN with
/// its clocks both read.
///
/// # Errors
/// No leading fields read as a position: the error of the longest attempt.
///
/// # Examples
///
/// ```
/// use ladya_core::Game;
/// use ladya_core::epd::split_epd;
///
/// let line = "6k1/5ppp/8/8/8/8/8/R5K1 w - - bm Ra8#; id \"back rank\";";
/// let (pos, fen, ops) = split_epd::<ladya_chess::Position>(line)?;
/// assert_eq!(fen, "6k1/5ppp/8/8/8/8/8/R5K1 w - -");
/// assert_eq!(ops, "bm Ra8#; id \"back rank\";");
/// assert_eq!(pos.count_legal_moves(), 17);
/// # Ok::<(), String>(())
/// ```
pub fn split_epd<G: Game>(line: &str) -> Result<(G, String, String), String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let mut first_error = None;
    for count in (1..=fields.len().min(MAX_FEN_FIELDS)).rev() {
        let fen = fields[..count].join(" ");
        match G::from_fen(&fen) {
            Ok(pos) => return Ok((pos, fen, fields[count..].join(" "))),
            Err(e) => {
                first_error.get_or_insert(e.to_string());
            }
        }
    }
    Err(format!("bad {} position: {}", G::NAME, first_error.unwrap_or_else(|| "the line is empty".into())))
}

/// The `;`-separated operations of an EPD line, each as its name and its arguments.
pub fn operations(operations: &str) -> impl Iterator<Item = (&str, &str)> {
    operations.split(';').map(str::trim).filter(|op| !op.is_empty()).map(|op| {
        let (name, args) = op.split_once(' ').unwrap_or((op, ""));
        (name, args.trim())
    })
}

/// The moves of an operation such as `bm` or `am` (`name`), its whitespace-separated
/// arguments `args` read as moves of `pos`.
///
/// # Errors
/// The first argument that is not a legal move of `pos`, with the operation's name.
///
/// # Examples
///
/// ```
/// use ladya_core::epd::moves;
///
/// let pos = ladya_chess::Position::start();
/// let best = moves(&pos, "bm", "e4 d4")?;
/// assert_eq!(best.iter().map(|m| m.to_string()).collect::<Vec<_>>(), ["e2e4", "d2d4"]);
/// assert!(moves(&pos, "bm", "e5").is_err());
/// # Ok::<(), String>(())
/// ```
pub fn moves<G: Game>(pos: &G, name: &str, args: &str) -> Result<Vec<G::Move>, String> {
    args.split_whitespace().map(|text| pos.parse_move(text).map_err(|e| format!("{name} {text}: {e}"))).collect()
}
