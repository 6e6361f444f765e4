//! The search with a learned evaluation: it scores the leaves with the network, kept up to
//! date along the line (with king buckets too), and a network for another game is left unused.

use std::sync::Arc;

use ladya_core::{Game, MoveList};
use ladya_nnue::features::KingBuckets;
use ladya_nnue::{Accumulators, Network, NetworkParameters, features};
use ladya_search::{Evaluation, Limits, SearchControl, SearchOptions, TranspositionTable, search};
use ladya_ugolki::Position;

/// A network of fixed, uneven weights for `G`.
fn network<G: Game>() -> Arc<Network> {
    let parameters = NetworkParameters::uneven(features::inputs::<G>(), 32);
    Arc::new(Network::quantise(G::NAME, &parameters).unwrap())
}

fn depth_one(pos: &Position, evaluation: Evaluation) -> i32 {
    let tt = TranspositionTable::try_new(1).unwrap();
    let options = SearchOptions { evaluation, ..SearchOptions::default() };
    search(pos, &Limits::depth(1), &options, &tt, &SearchControl::new(), &mut |_| {}).score
}

#[test]
fn a_one_ply_search_scores_each_move_by_the_network() {
    // Ugolki has no captures, so below a one-ply search each position stands pat on its
    // static evaluation: the root's score is the best of the network's scores of the replies.
    let net = network::<Position>();
    let mut pos = Position::start();
    let mut moves = MoveList::new();
    Game::legal_moves(&pos, &mut moves);
    let mut acc = Accumulators::<Position>::new(net.clone());
    let best = moves
        .iter()
        .map(|&m| {
            pos.make(m);
            acc.refresh(&pos);
            let score = -acc.evaluate(&pos);
            pos.unmake();
            score
        })
        .max()
        .unwrap();
    assert_eq!(depth_one(&pos, Evaluation::Networks(vec![net.clone()])), best);
    assert_ne!(depth_one(&pos, Evaluation::Classic), best, "the hand-written evaluation scores otherwise");
    // A network for another game is not used: the search falls back to the hand-written one.
    let chess = network::<ladya_chess::Position>();
    assert_eq!(depth_one(&pos, Evaluation::Networks(vec![chess])), depth_one(&pos, Evaluation::Classic));
}

#[test]
fn a_deeper_learned_search_returns_a_legal_move_in_every_game() {
    fn check<G: ladya_games::EngineGame>() {
        let pos = G::start();
        let tt = TranspositionTable::try_new(4).unwrap();
        let options =
            SearchOptions { evaluation: Evaluation::Networks(vec![network::<G>()]), ..SearchOptions::default() };
        let result = search(&pos, &Limits::depth(5), &options, &tt, &SearchControl::new(), &mut |_| {});
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        assert!(moves.contains(&result.best.unwrap()), "{}", G::NAME);
    }
    check::<ladya_chess::Position>();
    check::<ladya_xiangqi::Position>();
    check::<Position>();
}

#[test]
fn a_network_with_king_buckets_is_the_one_its_game_searches_with() {
    // Two king buckets (the first two ranks, the rest): two sets of chess's inputs.
    let map = KingBuckets::parse(&format!("{}{}", "0".repeat(16), "1".repeat(48)), 64).unwrap();
    let inputs = 2 * features::inputs::<ladya_chess::Position>();
    let parameters = NetworkParameters { king_buckets: map, ..NetworkParameters::uneven(inputs, 32) };
    let net = Arc::new(Network::quantise("chess", &parameters).unwrap());
    let evaluation = Evaluation::Networks(vec![net.clone()]);
    assert_eq!(evaluation.network_for::<ladya_chess::Position>(), Some(net));
    assert_eq!(evaluation.network_for::<ladya_xiangqi::Position>(), None);
}
