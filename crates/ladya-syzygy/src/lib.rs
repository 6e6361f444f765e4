//! Syzygy endgame tablebases for Ladya's chess: win/draw/loss (WDL) probes for the search and
//! distance-to-zero (DTZ) probes for the root, on Ladya's [`Position`].
//!
//! The probing code is the `pyrrhic-rs` crate, fed the position's bitboards at probe time and
//! Ladya's attack tables. Its tables are one set per process: [`load`] replaces them (an empty
//! path unloads them), and every probe here reads them under a lock, so that tables are never
//! freed while a probe runs.
//!
//! Without tables, [`max_pieces`] is 0 and every probe answers `None` at once.
//!
//! ```
//! use ladya_chess::Position;
//!
//! assert!(ladya_syzygy::load("/no/such/directory").is_err());
//! assert_eq!(ladya_syzygy::max_pieces(), 0);
//! let pos = Position::from_fen("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")?;
//! assert_eq!(ladya_syzygy::probe_wdl(&pos), None); // no tables loaded
//! # Ok::<(), ladya_chess::FenError>(())
//! ```

use std::sync::RwLock;
use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use ladya_chess::board::{KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS, bishop_attacks, queen_attacks, rook_attacks};
use ladya_chess::{Kind, Move, MoveList, Position, Side};
use pyrrhic_rs::{DtzProbeValue, EngineAdapter, TableBases, WdlProbeResult};

/// A tablebase verdict from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost.
    Loss,
    /// Lost, but drawn by the 50-move rule.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won, but drawn by the 50-move rule.
    CursedWin,
    /// Won.
    Win,
}

impl Wdl {
    /// -2 (loss) to 2 (win), as the tables' tools write it.
    pub fn signed(self) -> i32 {
        self as i32 - 2
    }

    /// The verdict for the other side.
    pub fn flip(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }

    /// The verdict with the 50-move rule (`rule50`) or without it, where a cursed win is a win
    /// and a blessed loss a loss.
    pub fn under(self, rule50: bool) -> Wdl {
        match self {
            Wdl::CursedWin if !rule50 => Wdl::Win,
            Wdl::BlessedLoss if !rule50 => Wdl::Loss,
            other => other,
        }
    }

    fn from_probe(result: WdlProbeResult) -> Wdl {
        match result {
            WdlProbeResult::Loss => Wdl::Loss,
            WdlProbeResult::BlessedLoss => Wdl::BlessedLoss,
            WdlProbeResult::Draw => Wdl::Draw,
            WdlProbeResult::CursedWin => Wdl::CursedWin,
            WdlProbeResult::Win => Wdl::Win,
        }
    }
}

/// A legal move of a root position with what the tables say of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RootMove {
    /// The move.
    pub mv: Move,
    /// The verdict after it, for the side that plays it, counting the root's 50-move clock
    /// (or none, when probed without the rule).
    pub wdl: Wdl,
    /// Plies from the root to the next capture or pawn move along the best play after it
    /// (0 for a draw).
    pub dtz: u32,
}

/// A root position as the DTZ tables see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RootProbe {
    /// The position's verdict.
    pub wdl: Wdl,
    /// Its distance to zeroing in plies, positive when the side to move wins, negative when it
    /// loses, 0 in a draw (`python-chess`'s `probe_dtz` convention).
    pub dtz: i32,
    /// Every legal move.
    pub moves: Vec<RootMove>,
}

/// Ladya's attack tables for the prober.
#[derive(Clone)]
struct Attacks;

impl EngineAdapter for Attacks {
    fn pawn_attacks(color: pyrrhic_rs::Color, square: u64) -> u64 {
        let side = if color == pyrrhic_rs::Color::White { Side::White } else { Side::Black };
        PAWN_ATTACKS[side.index()][(square & 63) as usize]
    }
    fn knight_attacks(square: u64) -> u64 {
        KNIGHT_ATTACKS[(square & 63) as usize]
    }
    fn bishop_attacks(square: u64, occupied: u64) -> u64 {
        bishop_attacks((square & 63) as u8, occupied)
    }
    fn rook_attacks(square: u64, occupied: u64) -> u64 {
        rook_attacks((square & 63) as u8, occupied)
    }
    fn queen_attacks(square: u64, occupied: u64) -> u64 {
        queen_attacks((square & 63) as u8, occupied)
    }
    fn king_attacks(square: u64) -> u64 {
        KING_ATTACKS[(square & 63) as usize]
    }
}

/// The loaded tables, if any.
static TABLES: RwLock<Option<TableBases<Attacks>>> = RwLock::new(None);
/// The most pieces (kings included) a loaded table holds; 0 without tables.
static MAX_PIECES: AtomicU32 = AtomicU32::new(0);

/// Loads the tables in `path` (directories separated by `:`), replacing those loaded before,
/// and returns the most pieces a table found holds. An empty path (or `<empty>`, as UCI GUIs
/// send it) unloads them and returns 0.
///
/// # Errors
/// No table file in `path`, or the prober failed to start; the tables loaded before are
/// unloaded then too.
pub fn load(path: &str) -> Result<u32, String> {
    let path = path.trim();
    let mut tables = TABLES.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    MAX_PIECES.store(0, Relaxed);
    // The prober holds one set of tables at a time: the old set goes before the new one comes.
    *tables = None;
    if path.is_empty() || path == "<empty>" {
        return Ok(0);
    }
    // The prober counts a table for every name it looks for, found or not: the most pieces
    // come from the files themselves.
    let pieces = largest_table(path);
    if pieces == 0 {
        return Err(format!("no Syzygy table (*.rtbw) in '{path}'"));
    }
    match TableBases::<Attacks>::new(path) {
        Ok(loaded) => {
            *tables = Some(loaded);
            MAX_PIECES.store(pieces, Relaxed);
            Ok(pieces)
        }
        Err(e) => Err(format!("Syzygy tables in '{path}' could not be loaded ({e:?})")),
    }
}

/// The most pieces of a WDL table (`KQRvKN.rtbw`: 5) in the directories of `path`; 0 if none.
fn largest_table(path: &str) -> u32 {
    let mut largest = 0;
    for dir in path.split(':').filter(|d| !d.is_empty()) {
        let Ok(entries) = std::fs::read_dir(dir) else { continue };
        for entry in entries.flatten() {
            let name = entry.file_name();
            let Some(stem) = name.to_str().and_then(|n| n.strip_suffix(".rtbw")) else { continue };
            let table = stem.split_once('v').is_some_and(|(a, b)| {
                [a, b].iter().all(|s| s.starts_with('K') && s.len() <= 7 && s.chars().all(|c| "KQRBNP".contains(c)))
            });
            if table {
                largest = largest.max(stem.len() as u32 - 1);
            }
        }
    }
    largest.min(7)
}

/// The most pieces (kings included) that the loaded tables hold; 0 without tables.
pub fn max_pieces() -> u32 {
    MAX_PIECES.load(Relaxed)
}

/// Whether `pos` is one the tables can hold: few enough pieces and no castling right.
fn probeable(pos: &Position) -> bool {
    let pieces = pos.occupied().count_ones();
    pieces <= MAX_PIECES.load(Relaxed) && !pos.has_castling_rights()
}

/// The bitboards the prober reads.
struct Boards {
    white: u64,
    black: u64,
    kings: u64,
    queens: u64,
    rooks: u64,
    bishops: u64,
    knights: u64,
    pawns: u64,
    ep: u32,
    white_to_move: bool,
}

impl Boards {
    fn of(pos: &Position) -> Boards {
        Boards {
            white: pos.side_set(Side::White),
            black: pos.side_set(Side::Black),
            kings: pos.kind_set(Kind::King),
            queens: pos.kind_set(Kind::Queen),
            rooks: pos.kind_set(Kind::Rook),
            bishops: pos.kind_set(Kind::Bishop),
            knights: pos.kind_set(Kind::Knight),
            pawns: pos.kind_set(Kind::Pawn),
            ep: pos.en_passant().map_or(0, u32::from),
            white_to_move: pos.side_to_move() == Side::White,
        }
    }
}

/// The WDL tables' verdict on `pos` as if its 50-move clock were 0 (as it is just after a
/// capture or a pawn move), or `None`: no table for it, a castling right left, or a failed
/// probe (a missing file).
pub fn probe_wdl(pos: &Position) -> Option<Wdl> {
    if !probeable(pos) {
        return None;
    }
    let tables = TABLES.read().unwrap_or_else(std::sync::PoisonError::into_inner);
    let tables = tables.as_ref()?;
    let b = Boards::of(pos);
    let result = tables.probe_wdl(
        b.white,
        b.black,
        b.kings,
        b.queens,
        b.rooks,
        b.bishops,
        b.knights,
        b.pawns,
        b.ep,
        b.white_to_move,
    );
    result.ok().map(Wdl::from_probe)
}

/// The DTZ tables' verdict on `pos` and on each of its legal moves, counting its 50-move clock
/// when `rule50` (else as if the clock were 0), or `None`: no table for it, a castling right
/// left, no legal move, or a failed probe (a missing file).
pub fn probe_root(pos: &Position, rule50: bool) -> Option<RootProbe> {
    if !probeable(pos) {
        return None;
    }
    // The prober's root probe is not safe beside other probes: it runs alone.
    let tables = TABLES.write().unwrap_or_else(std::sync::PoisonError::into_inner);
    let tables = tables.as_ref()?;
    let b = Boards::of(pos);
    let clock = if rule50 { u32::from(pos.halfmove_clock()).min(255) } else { 0 };
    let probe = tables
        .probe_root(
            b.white,
            b.black,
            b.kings,
            b.queens,
            b.rooks,
            b.bishops,
            b.knights,
            b.pawns,
            clock,
            b.ep,
            b.white_to_move,
        )
        .ok()?;
    let DtzProbeValue::DtzResult(root) = probe.root else {
        return None; // mate or stalemate: nothing to choose
    };
    let wdl = Wdl::from_probe(root.wdl);
    let dtz = i32::from(root.dtz);
    let dtz = match wdl {
        Wdl::Win | Wdl::CursedWin => dtz,
        Wdl::Draw => 0,
        Wdl::Loss | Wdl::BlessedLoss => -dtz,
    };
    let mut legal = MoveList::new();
    pos.append_legal_moves(&mut legal);
    let mut moves = Vec::with_capacity(legal.len());
    for value in &probe.moves[..probe.num_moves] {
        let DtzProbeValue::DtzResult(r) = *value else { return None };
        let promotion = match r.promotion {
            pyrrhic_rs::Piece::Queen => Some(Kind::Queen),
            pyrrhic_rs::Piece::Rook => Some(Kind::Rook),
            pyrrhic_rs::Piece::Bishop => Some(Kind::Bishop),
            pyrrhic_rs::Piece::Knight => Some(Kind::Knight),
            _ => None,
        };
        let mv = legal
            .iter()
            .copied()
            .find(|m| m.from() == r.from_square && m.to() == r.to_square && m.promotion() == promotion)?;
        moves.push(RootMove { mv, wdl: Wdl::from_probe(r.wdl), dtz: u32::from(r.dtz) });
    }
    // Every legal move must have a verdict, or the choice among them would be blind.
    (moves.len() == legal.len()).then_some(RootProbe { wdl, dtz, moves })
}

/// The moves of `probe` that keep the best verdict for the side to move, with the 50-move rule
/// or without it (`rule50`): every move that wins (within the rule's count, when it counts) if
/// one does, else every move that draws if one does, else every move that loses only to the
/// 50-move rule if one does, else every move.
pub fn best_moves(probe: &RootProbe, rule50: bool) -> Vec<Move> {
    let best = probe.moves.iter().map(|m| m.wdl.under(rule50)).max();
    probe.moves.iter().filter(|m| Some(m.wdl.under(rule50)) == best).map(|m| m.mv).collect()
}
