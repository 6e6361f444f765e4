//! The evaluation's behaviour: colour symmetry on many positions, sane bounds, and the
//! obvious preferences (more material, advanced passed pawns, a sheltered king, active
//! pieces, healthy pawns).

use ladya_chess::Position;
use ladya_core::MoveList;
use ladya_core::score::MATE_BOUND;

fn eval(fen: &str) -> i32 {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")).evaluate()
}

/// Positions from the repository's perft and WAC files.
fn suite_positions() -> Vec<Position> {
    let mut positions = Vec::new();
    for text in [include_str!("../../../../data/chess-perft.epd"), include_str!("../../../../data/wac.epd")] {
        for line in text.lines().filter(|l| !l.trim().is_empty() && !l.starts_with('#')) {
            let fields: Vec<&str> = line.split_whitespace().take(4).collect();
            let fen = format!("{} 0 1", fields.join(" "));
            positions.push(Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}")));
        }
    }
    positions
}

/// Every position reached by up to `depth` plies from `pos`.
fn walk(pos: &mut Position, depth: u32, visit: &mut impl FnMut(&Position)) {
    visit(pos);
    if depth == 0 {
        return;
    }
    let mut moves = MoveList::new();
    pos.append_legal_moves(&mut moves);
    for &m in moves.iter() {
        pos.make(m);
        walk(pos, depth - 1, visit);
        pos.unmake();
    }
}

#[test]
fn mirror_swaps_colours_and_back() {
    let pos = Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K1R1 w Qk - 0 1").unwrap();
    let mirror = pos.mirrored();
    assert_eq!(mirror.to_fen(), "r3k1r1/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b Kq - 0 1");
    assert_eq!(mirror.mirrored().to_fen(), pos.to_fen());
    assert_eq!(mirror.key(), mirror.compute_key());
    assert_eq!(mirror.psqt(), -pos.psqt());
    let en_passant = Position::from_fen("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1").unwrap();
    assert_eq!(en_passant.mirrored().to_fen(), "4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
}

#[test]
fn colour_flipped_positions_evaluate_alike() {
    let mut checked = 0;
    for mut pos in suite_positions() {
        walk(&mut pos, 2, &mut |p| {
            let (score, mirrored) = (p.evaluate(), p.mirrored().evaluate());
            assert_eq!(score, mirrored, "{} evaluates {score}, its mirror {mirrored}", p.to_fen());
            assert!(score.abs() < MATE_BOUND / 2, "{} evaluates {score}", p.to_fen());
            checked += 1;
        });
    }
    assert!(checked > 100_000, "{checked}");
}

#[test]
fn start_position_is_balanced() {
    let pos = Position::start();
    assert_eq!(pos.psqt(), ladya_chess::Tapered::ZERO);
    assert_eq!(pos.phase(), ladya_chess::weights::PHASE_MAX);
    // Only the tempo of the side to move remains.
    assert_eq!(pos.evaluate(), ladya_chess::WEIGHTS.tempo.mg());
}

#[test]
fn material_counts() {
    let full = eval(Position::START_FEN);
    assert!(eval("r1bqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > full + 250, "a knight up");
    assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -800, "Black is a queen down");
    // An exchange up in an endgame.
    assert!(eval("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1") > eval("6k1/5ppp/8/8/8/8/5PPP/3N2K1 w - - 0 1") + 100);
}

#[test]
fn passed_pawns_count_more_as_they_advance() {
    let seventh = eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    let fifth = eval("4k3/8/8/P7/8/8/8/4K3 w - - 0 1");
    let second = eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1");
    assert!(seventh > fifth + 100 && fifth > second + 30, "{seventh} {fifth} {second}");
    // A passed pawn beats one that an enemy pawn blocks, other things equal.
    assert!(eval("4k3/8/8/3P4/8/8/8/4K3 w - - 0 1") > eval("4k3/3p4/8/3P4/8/8/8/4K3 w - - 0 1") + 80);
    // The rule of the square: the king on c7 catches the a5-pawn, the king on h1 does not.
    let caught = eval("8/2k5/8/P7/8/8/8/K7 b - - 0 1");
    let escapes = eval("8/8/8/P7/8/8/8/K6k b - - 0 1");
    assert!(escapes < caught - 300, "{escapes} {caught}");
    // In an endgame the own king should be near the passed pawn, the enemy's far.
    let escorted = eval("8/8/1k6/8/3P4/3K4/8/8 w - - 0 1");
    let abandoned = eval("8/8/1k6/8/3P4/8/8/7K w - - 0 1");
    assert!(escorted > abandoned + 40, "{escorted} {abandoned}");
}

#[test]
fn a_sheltered_king_is_safer() {
    let sheltered = eval("r4rk1/ppp2ppp/2nq1n2/3p4/3P4/2NQ1N2/PPP2PPP/R4RK1 w - - 0 1");
    let exposed = eval("r4rk1/ppp2ppp/2nq1n2/3p4/3P2PP/2NQ1N2/PPP2P2/R4RK1 w - - 0 1");
    assert!(sheltered > exposed + 15, "{sheltered} {exposed}");
    // Queen, rook and knight aiming at the castled king cost the defender.
    let attacked = eval("6k1/5ppp/8/4N2Q/8/8/5PPP/5RK1 b - - 0 1");
    let calm = eval("6k1/5ppp/8/8/8/8/Q4PPP/N4RK1 b - - 0 1");
    assert!(attacked < calm - 40, "{attacked} {calm}");
}

#[test]
fn pawn_weaknesses_cost() {
    let healthy = eval("4k3/ppp2ppp/8/8/8/8/PPP2PPP/4K3 w - - 0 1");
    let doubled = eval("4k3/ppp2ppp/8/8/8/2P5/P1P2PPP/4K3 w - - 0 1");
    let isolated = eval("4k3/ppp2ppp/8/8/8/8/PP1P1PPP/4K3 w - - 0 1");
    assert!(healthy > doubled + 15 && healthy > isolated + 10, "{healthy} {doubled} {isolated}");
}

#[test]
fn active_pieces_are_better() {
    // A bishop hemmed in by its own pawns against a free one.
    let free = eval("4k3/pp3ppp/8/8/5B2/8/PP1P1PPP/4K3 w - - 0 1");
    let hemmed = eval("4k3/pp3ppp/8/8/8/8/PP1P1PPP/2B1K3 w - - 0 1");
    assert!(free > hemmed, "{free} {hemmed}");
    // A rook on an open file against one behind its own pawn.
    let open = eval("3rk3/pp3ppp/8/8/8/8/PP3PPP/3R2K1 w - - 0 1");
    let closed = eval("3rk3/pp3ppp/8/8/8/8/PP3PPP/5RK1 w - - 0 1");
    assert!(open > closed, "{open} {closed}");
    // The bishop pair beats bishop and knight.
    let pair = eval("4k3/pppn1ppp/8/8/8/8/PPP2PPP/2B1KB2 w - - 0 1");
    let mixed = eval("4k3/pppn1ppp/8/8/8/8/PPP2PPP/2B1KN2 w - - 0 1");
    assert!(pair > mixed + 40, "{pair} {mixed}");
}

#[test]
fn kings_centralise_in_the_endgame_only() {
    let central = eval("4k3/pp6/8/8/3K4/8/PP6/8 w - - 0 1");
    let corner = eval("4k3/pp6/8/8/8/8/PP6/K7 w - - 0 1");
    assert!(central > corner + 30, "{central} {corner}");
    let castled = eval("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2N2N2/PPPP1PPP/R1BQ1RK1 w - - 0 1");
    let wandering = eval("r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NK1N2/PPPP1PPP/R1BQ3R w - - 0 1");
    assert!(castled > wandering + 50, "{castled} {wandering}");
}

#[test]
fn hard_to_win_endings_are_scaled_down() {
    // Rook against knight without pawns is close to a draw; rook against nothing is not.
    let rook_vs_knight = eval("8/8/3k4/8/8/3n4/8/R3K3 w - - 0 1");
    assert!(rook_vs_knight < 100, "{rook_vs_knight}");
    assert!(eval("8/8/3k4/8/8/8/8/R3K3 w - - 0 1") > 400);
    // Opposite-coloured bishops with a pawn more.
    let opposite = eval("4k3/p3b3/8/8/8/8/PP2B3/4K3 w - - 0 1");
    let same = eval("4k3/p4b2/8/8/8/8/PP2B3/4K3 w - - 0 1");
    assert!(opposite < same, "{opposite} {same}");
}
