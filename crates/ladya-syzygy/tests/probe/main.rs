//! Probes of the 3- and 4-piece tables that `scripts/syzygy-tables.sh` generates, read from
//! `$LADYA_SYZYGY_PATH` or else the workspace's `target/syzygy`; each test says so and passes
//! without probing when they are absent.

use std::path::PathBuf;
use std::sync::Mutex;

use ladya_chess::{Game, Position};
use ladya_syzygy::{Wdl, best_moves, probe_root, probe_wdl};

/// The tables are one set per process: the tests take turns.
static TURN: Mutex<()> = Mutex::new(());

fn tables() -> Option<String> {
    let dir = std::env::var_os("LADYA_SYZYGY_PATH")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/syzygy"));
    if dir.join("KQvK.rtbw").is_file() && dir.join("KRvKP.rtbz").is_file() {
        Some(dir.to_string_lossy().into_owned())
    } else {
        eprintln!("skipped: no 3- and 4-piece Syzygy tables in {} (scripts/syzygy-tables.sh)", dir.display());
        None
    }
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap()
}

#[test]
fn verdicts_of_known_endings() {
    let _turn = TURN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some(path) = tables() else { return };
    assert_eq!(ladya_syzygy::load(&path), Ok(4));
    assert_eq!(ladya_syzygy::max_pieces(), 4);
    // KQvK: won for the queen's side, lost for the other.
    assert_eq!(probe_wdl(&pos("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")), Some(Wdl::Win));
    assert_eq!(probe_wdl(&pos("8/8/8/8/8/2k5/8/KQ6 b - - 0 1")), Some(Wdl::Loss));
    // The queen hangs with Black to move: a draw; KNvK is always one.
    assert_eq!(probe_wdl(&pos("8/8/8/8/8/8/2k5/K1Q5 b - - 0 1")), Some(Wdl::Draw));
    assert_eq!(probe_wdl(&pos("8/8/8/4k3/8/8/8/KN6 w - - 0 1")), Some(Wdl::Draw));
    // KPvK: the pawn on the seventh queens; the rook's pawn with the king in the corner draws.
    assert_eq!(probe_wdl(&pos("8/4P3/8/8/8/8/k7/4K3 w - - 0 1")), Some(Wdl::Win));
    assert_eq!(probe_wdl(&pos("k7/8/K7/P7/8/8/8/8 w - - 0 1")), Some(Wdl::Draw));
    // Five pieces, or a castling right: no table.
    assert_eq!(probe_wdl(&pos("8/8/8/8/k7/8/8/KQRN4 w - - 0 1")), None);
    assert_eq!(probe_wdl(&pos("4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")), None);
    ladya_syzygy::load("").unwrap();
    assert_eq!(probe_wdl(&pos("8/8/8/8/8/2k5/8/KQ6 w - - 0 1")), None);
}

#[test]
fn the_root_keeps_the_win_within_the_fifty_move_rule() {
    let _turn = TURN.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    let Some(path) = tables() else { return };
    ladya_syzygy::load(&path).unwrap();
    let p = pos("8/8/8/8/8/2k5/8/KQ6 w - - 0 1");
    let root = probe_root(&p, true).unwrap();
    assert_eq!(root.wdl, Wdl::Win);
    assert!(root.dtz > 0);
    assert_eq!(root.moves.len() as u64, p.count_legal_moves());
    let best = best_moves(&root, true);
    assert!(!best.is_empty() && best.len() < root.moves.len(), "{best:?}");
    for m in &best {
        let mut after = p.clone();
        after.make(*m);
        assert_eq!(probe_wdl(&after), Some(Wdl::Loss), "{}", p.move_text(*m));
    }
    // The queen left hanging (Qb3+ Kxb3) is not among them.
    assert!(best.iter().all(|m| p.move_text(*m) != "b1b3"));
    // With 99 plies on the clock, only a move that converts at once keeps the win, and the
    // verdict of the root itself is cursed if none does.
    let late = pos("8/8/8/8/8/2k5/8/KQ6 w - - 99 80");
    let root = probe_root(&late, true).unwrap();
    let root_free = probe_root(&late, false).unwrap();
    assert_eq!(root_free.wdl, Wdl::Win);
    assert!(root.wdl <= Wdl::Win && root.moves.iter().all(|m| m.wdl != Wdl::Win || m.dtz <= 1));
    ladya_syzygy::load("").unwrap();
}
