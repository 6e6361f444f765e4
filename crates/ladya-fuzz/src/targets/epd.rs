//! The EPD target: lines of the repository's EPD files and made-up ones, mutated, through the
//! EPD reader of [`ladya_core::epd`] for every game.

use ladya_core::epd::{moves, operations, split_epd};
use ladya_core::{Game, MoveList};

use crate::games::{CHESS_FILES, Subject, UGOLKI_FILES, XIANGQI_FILES, random_position, seed_lines};
use crate::mutate::mutate;
use crate::rng::Rng;

/// A line of a real EPD file, or a random position with `bm`, `am` and `id` operations naming
/// some of its moves; mostly mutated.
pub fn generate(rng: &mut Rng) -> Vec<u8> {
    let seeds: Vec<&str> = [CHESS_FILES, XIANGQI_FILES, UGOLKI_FILES].iter().flat_map(|f| seed_lines(f)).collect();
    let line = match rng.below(4) {
        0 => made_up::<ladya_chess::Position>(rng),
        1 => made_up::<ladya_xiangqi::Position>(rng),
        2 => made_up::<ladya_ugolki::Position>(rng),
        _ => rng.pick(&seeds).to_string(),
    };
    if rng.one_in(5) { line.into_bytes() } else { mutate(rng, line.as_bytes(), &seeds) }
}

fn made_up<G: Subject>(rng: &mut Rng) -> String {
    let pos = random_position::<G>(rng, G::SEEDS, |s| G::from_fen(s).ok());
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    let pick = |rng: &mut Rng| {
        let m = legal[rng.below(legal.len())];
        if rng.one_in(2) { pos.move_text(m) } else { pos.front_human_move(m) }
    };
    if legal.is_empty() {
        return format!("{} bm #1; id \"empty\";", pos.fen());
    }
    format!("{} bm {} {}; am {}; id \"{}\";", pos.fen(), pick(rng), pick(rng), pick(rng), rng.next_u64())
}

fn check_game<G: Game + PartialEq>(line: &str) -> Result<(), String> {
    let Ok((pos, fen, ops)) = split_epd::<G>(line) else { return Ok(()) };
    if G::from_fen(&fen).ok().as_ref() != Some(&pos) {
        return Err(format!("split: the position text '{fen}' does not read as the position"));
    }
    let mut legal = MoveList::new();
    pos.legal_moves(&mut legal);
    for (name, args) in operations(&ops) {
        if let ("bm" | "am", Ok(list)) = (name, moves(&pos, name, args))
            && let Some(m) = list.iter().find(|m| !legal.contains(m))
        {
            return Err(format!("moves: '{name} {args}' reads {m:?}, not legal in '{fen}'"));
        }
    }
    Ok(())
}

/// The line through every game's EPD reader: the position text it reports reads as the
/// position, and every `bm`/`am` move it reads is legal.
///
/// # Errors
/// The first broken invariant.
pub fn check(input: &[u8]) -> Result<(), String> {
    let line = String::from_utf8_lossy(input);
    check_game::<ladya_chess::Position>(&line)?;
    check_game::<ladya_xiangqi::Position>(&line)?;
    check_game::<ladya_ugolki::Position>(&line)
}
