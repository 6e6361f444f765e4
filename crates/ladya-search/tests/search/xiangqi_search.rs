//! The search's behaviour on xiangqi: mates that need the flying-general rule (a general
//! controlling a file) and cannon screens, found with the exact mate score as `go mate N` finds
//! them: the search stops once the mate is proven, and must prove it within depth 12; and
//! which kept histories a search takes up.
//! Each position and its mate distance were checked with Fairy-Stockfish 11.1 (`go depth 22`
//! with MultiPV 3, `UCI_Variant xiangqi`), which also lists the other first moves that mate as
//! fast.

use ladya_core::MoveList;
use ladya_core::score::{mate_in, mated_in};
use ladya_search::{Limits, SearchControl, SearchOptions, SearchResult, TranspositionTable, search};
use ladya_xiangqi::{Move, Position};

/// The deepest iteration a mate search here may take. The depth at which a mate is first
/// proven moves with the built-in network and the reductions, so the tests bound it instead of
/// pinning it, with room for the next network: with internal iterative reductions the mate in
/// three of `5a3/9/4k4/9/9/9/6R2/3K5/9/9 w` is first proven at depth 15 (a mate in five
/// before), without them at depth 8.
const MATE_SEARCH_DEPTH: u32 = 18;

fn run(pos: &Position, limits: &Limits) -> SearchResult<Move> {
    let tt = TranspositionTable::try_new(16).unwrap();
    search(pos, limits, &SearchOptions::default(), &tt, &SearchControl::new(), &mut |_| {})
}

/// Searches `fen` for a mate in `moves`, as `go mate` does, and checks that it announces
/// exactly that mate with one of the `first` moves (ICCS), and that the principal variation
/// really ends the game that fast.
fn assert_mate(fen: &str, moves: usize, first: &[&str]) {
    let pos = Position::from_fen(fen).unwrap();
    let limits = Limits { depth: Some(MATE_SEARCH_DEPTH), mate: Some(moves as u32), ..Limits::default() };
    let r = run(&pos, &limits);
    let best = r.best.map(|m| m.to_string()).unwrap_or_default();
    assert_eq!(r.score, mate_in(2 * moves - 1), "{fen}: best {best}, pv {:?}", r.pv);
    assert!(first.contains(&best.as_str()), "{fen}: best {best}, expected one of {first:?}");
    let mut walk = pos.clone();
    for &m in &r.pv {
        let mut legal = MoveList::new();
        walk.append_legal_moves(&mut legal);
        assert!(legal.contains(&m), "{fen}: pv {:?}", r.pv);
        walk.make(m);
    }
    assert_eq!(r.pv.len(), 2 * moves - 1, "{fen}: pv {:?}", r.pv);
    let outcome = walk.outcome().expect("the principal variation ends in mate");
    assert_eq!(outcome.winner, Some(pos.side_to_move()), "{fen}");
}

#[test]
fn mates_with_the_flying_general() {
    // 1. Rf5#: e9 would face the red general. 1. Ra8 wins as well: the black general has no
    // move left, and a side that cannot move loses.
    assert_mate("5k3/9/9/9/R8/9/9/9/9/4K4 w - - 0 1", 1, &["a5f5", "a5a8"]);
    // 1. Ke1 (the general takes the e-file, which the black general may then not step onto)
    // and 2. Rd5# whatever Black plays.
    assert_mate("9/3k5/9/9/R8/9/9/9/5K3/p8 w - - 0 1", 2, &["f1e1"]);
    // 1. Ke0 Kd8 2. Rd2#.
    assert_mate("9/9/3k5/9/2b6/9/9/4R4/5N3/5K3 w - - 0 1", 2, &["f0e0"]);
    // 1. Re3+ Kf7 2. Ke2 Kf8 3. Rf3# (or 1. Rf3+ first).
    assert_mate("5a3/9/4k4/9/9/9/6R2/3K5/9/9 w - - 0 1", 3, &["g3e3", "g3f3"]);
}

#[test]
fn mates_with_cannon_screens() {
    // 1. Ce5#: the cannon on e3 checks over the one on e5; an advisor stepping to e8 would
    // screen the front cannon, so nothing blocks.
    assert_mate("3aka3/9/9/9/1C7/9/4C4/9/9/3K5 w - - 0 1", 1, &["b5e5"]);
    // 1. Cd4 Kd8 2. Cd2#: two cannons stacked on the d-file.
    assert_mate("3k5/9/6P2/9/9/4C4/9/1C7/4K4/3A5 w - - 0 1", 2, &["e4d4"]);
    // 1. Ce3+ (over the cannon on e7) Kd9 2. Rd6#; 1. Rg8 Kd9 2. Re8# as well.
    assert_mate("4k4/9/4C4/6R2/9/9/C8/4K4/9/9 w - - 0 1", 2, &["a3e3", "g6g8"]);
}

#[test]
fn mates_with_both() {
    // 1. Ke2 (holding the e-file) Kf9 2. Cf6 Kf8 3. Cf3#, over the cannon on f6. Shallow
    // searches prefer checks with the cannons.
    assert_mate("9/5k3/9/6C2/9/9/C8/3K1A3/9/9 w - - 0 1", 3, &["d2e2"]);
    // 1. Ke2 Ae8 2. Cf0 Kf8 3. Cf4#: the cannon on f0 checks over the one on f4, and a block
    // on f7 would screen the front cannon. (Fairy-Stockfish finds this mate at depth 22; at
    // depth 18 it reports the mate in four that starts 1. Cf4+.) Shallow searches reduce the quiet
    // first move away in favour of taking the advisor.
    assert_mate("3a5/9/5k3/9/9/8C/9/3K5/4A4/3C5 w - - 0 1", 3, &["d2e2"]);
}

#[test]
fn the_mated_side_sees_its_fate() {
    // After 1. Ke1 of the second flying-general mate, Black is mated in two plies whatever it
    // does.
    let mut pos = Position::from_fen("9/3k5/9/9/R8/9/9/9/5K3/p8 w - - 0 1").unwrap();
    pos.make(pos.parse_move("f1e1").unwrap());
    assert_eq!(run(&pos, &Limits::depth(5)).score, mated_in(2));
}

#[test]
fn kept_histories_without_a_table_the_search_needs_start_anew() {
    // A middlegame, one of the bench's positions.
    let pos = Position::from_fen("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1").unwrap();
    let with = SearchOptions::default();
    let mut without = SearchOptions::default();
    without.features.set("continuation-history", false).unwrap();
    let mut fresh_histories = with.clone();
    fresh_histories.features.set("kept-histories", false).unwrap();
    let nodes = |tt: &TranspositionTable, options: &SearchOptions| {
        search(&pos, &Limits::depth(9), options, tt, &SearchControl::new(), &mut |_| {}).nodes
    };
    let fresh = || TranspositionTable::try_new(16).unwrap();
    assert_ne!(nodes(&fresh(), &with), nodes(&fresh(), &without));
    // Histories kept by a search without continuation histories lack their table: the next
    // search with them starts its histories anew, as one that keeps none does on the same
    // entries.
    let (switched, plain) = (fresh(), fresh());
    nodes(&switched, &without);
    nodes(&plain, &without);
    assert_eq!(nodes(&switched, &with), nodes(&plain, &fresh_histories));
}
