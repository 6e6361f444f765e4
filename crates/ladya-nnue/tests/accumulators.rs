//! The incremental accumulators against a full refresh, and the kernels against each other,
//! along random lines of play in every game, with fixed views and with views turned by the
//! king.

use std::sync::Arc;

use ladya_core::rng::Rng;
use ladya_core::{Game, MoveList};
use ladya_nnue::features::KingBuckets;
use ladya_nnue::simd::Kernels;
use ladya_nnue::{Accumulators, Network, NetworkParameters, Orientation, OutputBuckets};

/// A weight in `-spread..=spread`, in steps of a thousandth of it.
fn weight(rng: &mut Rng, spread: f32) -> f32 {
    rng.below(2001) as f32 / 1000.0 * spread - spread
}

/// Random parameters for `G`, with the game's own output buckets.
fn random_parameters<G: Crossed>(seed: u64, orientation: Orientation) -> NetworkParameters {
    random_parameters_with::<G>(seed, orientation, KingBuckets::default())
}

/// A game with output buckets that its lines cross: by pieces where captures happen, by move
/// number in ugolki, where the pieces stay.
trait Crossed: Game {
    const BUCKETS: OutputBuckets;
}

impl Crossed for ladya_chess::Position {
    const BUCKETS: OutputBuckets = OutputBuckets::Pieces { count: 8, most: 32 };
}

impl Crossed for ladya_xiangqi::Position {
    const BUCKETS: OutputBuckets = OutputBuckets::Pieces { count: 8, most: 32 };
}

impl Crossed for ladya_ugolki::Position {
    const BUCKETS: OutputBuckets = OutputBuckets::Moves { count: 8, last: 80 };
}

/// Random parameters for `G` with `king_buckets`.
fn random_parameters_with<G: Crossed>(
    seed: u64,
    orientation: Orientation,
    king_buckets: KingBuckets,
) -> NetworkParameters {
    let (inputs, hidden) = (king_buckets.inputs::<G>(), 32);
    let mut rng = Rng::new(seed);
    // Buckets that the game's lines cross from one layer to another.
    let buckets = G::BUCKETS;
    NetworkParameters {
        inputs,
        hidden,
        feature_weights: (0..inputs * hidden).map(|_| weight(&mut rng, 0.2)).collect(),
        feature_biases: (0..hidden).map(|_| weight(&mut rng, 0.5)).collect(),
        buckets,
        orientation,
        king_buckets,
        output_weights: (0..buckets.count() * 2 * hidden).map(|_| weight(&mut rng, 1.5)).collect(),
        output_biases: (0..buckets.count()).map(|_| weight(&mut rng, 0.2)).collect(),
        scale: 400,
    }
}

/// A random network for `G`, read back from its file.
fn random_network<G: Crossed>(seed: u64, orientation: Orientation) -> Arc<Network> {
    read_back::<G>(random_parameters::<G>(seed, orientation))
}

/// The network of `parameters`, read back from its file.
fn read_back<G: Crossed>(parameters: NetworkParameters) -> Arc<Network> {
    let network = Network::quantise(G::NAME, &parameters).unwrap();
    // Through the file format, as the engine loads it.
    Arc::new(Network::from_bytes::<G>(&network.to_bytes()).unwrap())
}

/// Walks random lines from `start`, making, taking back and passing at random, and checks at
/// every step that the incremental layers equal a refresh and that every kernel scores alike.
fn check_game<G: Crossed>(start: G, seed: u64, orientation: Orientation) {
    check_network(start, seed, random_network::<G>(seed, orientation));
}

/// [`check_game`] with `network`.
fn check_network<G: Crossed>(start: G, seed: u64, network: Arc<Network>) {
    let mut by_kernels: Vec<Accumulators<G>> =
        Kernels::available().into_iter().map(|k| Accumulators::with_kernels(network.clone(), k)).collect();
    let mut fresh = Accumulators::<G>::new(network.clone());
    let mut rng = Rng::new(seed);
    for _line in 0..20 {
        let mut pos = start.clone();
        for acc in &mut by_kernels {
            acc.refresh(&pos);
        }
        let mut depth = 0;
        for _step in 0..80 {
            let mut moves = MoveList::new();
            pos.legal_moves(&mut moves);
            let roll = rng.below(10);
            if (roll < 2 && depth > 0) || moves.is_empty() {
                if depth == 0 {
                    break;
                }
                pos.unmake();
                by_kernels.iter_mut().for_each(|acc| acc.pop());
                depth -= 1;
            } else if roll == 2 && !pos.in_check() {
                by_kernels.iter_mut().for_each(|acc| acc.push_null());
                pos.make_null();
                depth += 1;
            } else {
                let m = moves[rng.below(moves.len())];
                by_kernels.iter_mut().for_each(|acc| acc.push(&pos, m));
                pos.make(m);
                depth += 1;
            }
            // Evaluate only now and then, so that several plies are brought up to date at once.
            if rng.below(3) == 0 {
                fresh.refresh(&pos);
                let expected = fresh.hidden().to_vec();
                let score = fresh.evaluate(&pos);
                for acc in &mut by_kernels {
                    assert_eq!(acc.hidden(), &expected[..], "{} after {:?}", G::NAME, pos.fen());
                    assert_eq!(acc.evaluate(&pos), score);
                }
            }
        }
    }
}

#[test]
fn incremental_layers_equal_a_refresh_in_chess() {
    for orientation in [Orientation::Fixed, Orientation::ByKing] {
        check_game(ladya_chess::Position::start(), 1, orientation);
        // Castling both ways, en passant and promotions with and without capture.
        check_game(
            ladya_chess::Position::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
                .unwrap(),
            2,
            orientation,
        );
        // Kings that walk across the middle of the board.
        let fen = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";
        check_game(ladya_chess::Position::from_fen(fen).unwrap(), 3, orientation);
        check_game(ladya_chess::Position::from_fen("n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1").unwrap(), 7, orientation);
    }
}

#[test]
fn incremental_layers_with_king_buckets_equal_a_refresh() {
    // A set of inputs for each quarter of the board, turned and not.
    let map = "00001111/00001111/00001111/00001111/22223333/22223333/22223333/22223333";
    let buckets = KingBuckets::parse(map, 64).unwrap();
    for orientation in [Orientation::Fixed, Orientation::ByKing] {
        let network = read_back::<ladya_chess::Position>(random_parameters_with::<ladya_chess::Position>(
            13,
            orientation,
            buckets.clone(),
        ));
        assert_eq!(network.inputs(), 4 * 768);
        let endgame = ladya_chess::Position::from_fen("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1").unwrap();
        check_network(endgame, 14, network.clone());
        check_network(ladya_chess::Position::start(), 15, network);
    }
    let xiangqi = KingBuckets::new((0..90).map(|square| (square / 9 % 2) as u8).collect()).unwrap();
    let network = read_back::<ladya_xiangqi::Position>(random_parameters_with::<ladya_xiangqi::Position>(
        16,
        Orientation::ByKing,
        xiangqi,
    ));
    check_network(ladya_xiangqi::Position::start(), 17, network);
}

#[test]
fn incremental_layers_equal_a_refresh_in_xiangqi() {
    for orientation in [Orientation::Fixed, Orientation::ByKing] {
        check_game(ladya_xiangqi::Position::start(), 4, orientation);
        check_game(
            ladya_xiangqi::Position::from_fen("r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1")
                .unwrap(),
            5,
            orientation,
        );
    }
}

#[test]
fn incremental_layers_equal_a_refresh_in_ugolki() {
    check_game(ladya_ugolki::Position::start(), 6, Orientation::Fixed);
}

#[test]
fn views_turned_by_the_king_see_a_position_and_its_mirror_image_alike() {
    // Without castling rights a chess position and its left-right image are worth the same,
    // and a network whose views follow the kings scores them alike; fixed views do not.
    for fen in ["r4rk1/pp3ppp/2n5/3q4/8/2N2B2/PPP2PPP/R2Q1RK1 b - - 0 12", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"]
    {
        // The same board with each rank written backwards.
        let (board, rest) = fen.split_once(' ').unwrap();
        let ranks: Vec<String> = board.split('/').map(|rank| rank.chars().rev().collect()).collect();
        let image = format!("{} {rest}", ranks.join("/"));
        let (pos, image) =
            (ladya_chess::Position::from_fen(fen).unwrap(), ladya_chess::Position::from_fen(&image).unwrap());
        let score = |orientation: Orientation, pos: &ladya_chess::Position| {
            let mut acc =
                Accumulators::<ladya_chess::Position>::new(random_network::<ladya_chess::Position>(10, orientation));
            acc.refresh(pos);
            acc.evaluate(pos)
        };
        assert_eq!(score(Orientation::ByKing, &pos), score(Orientation::ByKing, &image), "{fen}");
        assert_ne!(score(Orientation::Fixed, &pos), score(Orientation::Fixed, &image), "{fen}");
    }
}

#[test]
fn views_turned_by_the_king_are_refused_in_a_game_without_one() {
    let parameters = random_parameters::<ladya_ugolki::Position>(12, Orientation::ByKing);
    let bytes = Network::quantise("ugolki", &parameters).unwrap().to_bytes();
    let err = Network::from_bytes::<ladya_ugolki::Position>(&bytes).unwrap_err();
    assert_eq!(err.to_string(), "ugolki has no king and mirror image to turn the views by");
}

#[test]
fn the_sides_see_a_mirrored_position_alike() {
    // The start is its own colour-reversed image in every game: the side to move's score is
    // the same whoever moves.
    fn check<G: Crossed>(white: &str, black: &str) {
        let network = random_network::<G>(9, Orientation::Fixed);
        let mut acc = Accumulators::<G>::new(network);
        let (w, b) = (G::from_fen(white).unwrap(), G::from_fen(black).unwrap());
        acc.refresh(&w);
        let score = acc.evaluate(&w);
        acc.refresh(&b);
        assert_eq!(acc.evaluate(&b), score, "{}", G::NAME);
    }
    check::<ladya_chess::Position>(
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
    );
    check::<ladya_xiangqi::Position>(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
    );
}
