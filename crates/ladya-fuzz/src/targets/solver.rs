//! The solver target: mate-in-1 and mate-in-2 problems, real and random, for chess and
//! xiangqi, through [`ladya_solver::solve`] with a small table.

use ladya_core::{Game, MoveList};
use ladya_solver::{Options, Table, solve};

use crate::games::{MATE_IN_2, Subject, random_position, seed_positions};
use crate::mutate::mutate;
use crate::rng::Rng;

/// A problem: a FEN on the first line (a chess problem from `data/mate-in-2.epd`, or a
/// position from a random chess or xiangqi game, sometimes mutated) and the mate length, 1 or
/// 2, on the second.
pub fn generate(rng: &mut Rng) -> Vec<u8> {
    let seeds = seed_positions(&[MATE_IN_2], &[]);
    let fen = match rng.below(3) {
        0 => rng.pick(&seeds).to_string(),
        1 => random_position::<ladya_chess::Position>(rng, &seeds, |s| s.parse().ok()).fen(),
        _ => random_position::<ladya_xiangqi::Position>(rng, ladya_xiangqi::Position::SEEDS, |s| s.parse().ok()).fen(),
    };
    let mut input = if rng.one_in(4) { mutate(rng, fen.as_bytes(), &seeds) } else { fen.into_bytes() };
    input.extend(format!("\n{}", if rng.one_in(3) { 2 } else { 1 }).bytes());
    input
}

fn check_game<G: Game>(pos: &G, mate: u32) -> Result<(), String> {
    let table = Table::try_new(1).map_err(|e| format!("table: {e}"))?;
    let full = solve(pos, mate, &Options::default(), &table);
    let keys_only = solve(
        pos,
        mate,
        &Options { keys_only: true, ..Options::default() },
        &Table::try_new(1).map_err(|e| format!("table: {e}"))?,
    );
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let fen = pos.fen();
    let mut keys: Vec<G::Move> = full.keys.iter().map(|k| k.mv).collect();
    let mut fast: Vec<G::Move> = keys_only.keys.iter().map(|k| k.mv).collect();
    keys.sort_by_key(|&m| pos.move_text(m));
    fast.sort_by_key(|&m| pos.move_text(m));
    if keys != fast {
        return Err(format!(
            "keys: the full solution's keys {keys:?} differ from keys-only {fast:?} in '{fen}' #{mate}"
        ));
    }
    for key in &full.keys {
        if !legal.contains(&key.mv) {
            return Err(format!("keys: {:?} is not legal in '{fen}'", key.mv));
        }
        if key.length == 1 {
            let mut after = pos.clone();
            after.make(key.mv);
            if after.count_legal_moves() != 0 || after.no_moves_outcome().winner != Some(pos.side_to_move()) {
                return Err(format!("keys: {} is called mate at once in '{fen}' but is not", pos.move_text(key.mv)));
            }
        }
    }
    Ok(())
}

/// Solves the problem: every key is a legal move, the full solution and the keys-only one find
/// the same keys, and a key of length 1 mates at once.
///
/// # Errors
/// The first broken invariant.
pub fn check(input: &[u8]) -> Result<(), String> {
    let input = String::from_utf8_lossy(input);
    let (fen, mate) = input.split_once('\n').unwrap_or((&input, "1"));
    let mate = mate.trim().parse::<u32>().unwrap_or(1).clamp(1, 2);
    if let Ok(pos) = fen.parse::<ladya_chess::Position>() {
        check_game(&pos, mate)
    } else if let Ok(pos) = fen.parse::<ladya_xiangqi::Position>() {
        check_game(&pos, mate)
    } else {
        Ok(())
    }
}
