//! Finds magic multipliers for rook and bishop attacks and writes the magic records and the
//! shared slider attack table to `$OUT_DIR/magic_tables.rs`, so that the tables are built at
//! compile time and nothing generated is committed.

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use ladya_core::rng::Rng;

const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Squares a slider on `square` attacks through `occupied`, walking each ray to a blocker.
fn slide(square: usize, occupied: u64, directions: &[(i32, i32); 4]) -> u64 {
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    let mut attacks = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = (file + df, rank + dr);
        while (0..8).contains(&f) && (0..8).contains(&r) {
            let bit = 1u64 << (r * 8 + f);
            attacks |= bit;
            if occupied & bit != 0 {
                break;
            }
            f += df;
            r += dr;
        }
    }
    attacks
}

/// The occupancy bits that matter for a slider on `square`: its rays without the last square.
fn relevant_mask(square: usize, directions: &[(i32, i32); 4]) -> u64 {
    let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
    let mut mask = 0;
    for &(df, dr) in directions {
        let (mut f, mut r) = (file + df, rank + dr);
        while (0..8).contains(&(f + df)) && (0..8).contains(&(r + dr)) {
            mask |= 1u64 << (r * 8 + f);
            f += df;
            r += dr;
        }
    }
    mask
}

/// A number with few bits set: good magic candidates are sparse. The generator is seeded, so
/// every build finds the same magics.
fn sparse(rng: &mut Rng) -> u64 {
    rng.next_u64() & rng.next_u64() & rng.next_u64()
}

struct Found {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

/// Finds a magic for every square and appends each square's attack block to `table`.
fn find_magics(directions: &[(i32, i32); 4], rng: &mut Rng, table: &mut Vec<u64>) -> Vec<Found> {
    (0..64)
        .map(|square| {
            let mask = relevant_mask(square, directions);
            let bits = mask.count_ones();
            // Every subset of the mask, by the carry-rippler trick, with its attacks.
            let mut subsets = Vec::with_capacity(1 << bits);
            let mut subset = 0u64;
            loop {
                subsets.push((subset, slide(square, subset, directions)));
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
            let shift = 64 - bits;
            let mut block = vec![0u64; 1 << bits];
            let mut used = vec![false; 1 << bits];
            loop {
                let magic = sparse(rng);
                if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                    continue;
                }
                used.iter_mut().for_each(|u| *u = false);
                let fits = subsets.iter().all(|&(occupied, attacks)| {
                    let index = (occupied.wrapping_mul(magic) >> shift) as usize;
                    if used[index] && block[index] != attacks {
                        return false;
                    }
                    used[index] = true;
                    block[index] = attacks;
                    true
                });
                if fits {
                    let offset = table.len();
                    table.extend_from_slice(&block);
                    return Found { mask, magic, shift, offset };
                }
            }
        })
        .collect()
}

fn write_magics(out: &mut String, name: &str, found: &[Found]) {
    writeln!(out, "/// Magic records for {name} attacks, one per square.").unwrap();
    writeln!(out, "pub(crate) static {name}: [Magic; 64] = [").unwrap();
    for f in found {
        writeln!(
            out,
            "    Magic {{ mask: {:#018x}, magic: {:#018x}, shift: {}, offset: {} }},",
            f.mask, f.magic, f.shift, f.offset
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    let mut rng = Rng::new(0x1ad7a_c4e55);
    let mut table = Vec::new();
    let rooks = find_magics(&ROOK_DIRECTIONS, &mut rng, &mut table);
    let bishops = find_magics(&BISHOP_DIRECTIONS, &mut rng, &mut table);

    let mut out = String::new();
    write_magics(&mut out, "ROOK_MAGICS", &rooks);
    write_magics(&mut out, "BISHOP_MAGICS", &bishops);
    writeln!(out, "/// Attack sets of every slider square and occupancy, indexed through the magics.").unwrap();
    writeln!(out, "pub(crate) static SLIDER_ATTACKS: [u64; {}] = [", table.len()).unwrap();
    for chunk in table.chunks(8) {
        let line: Vec<String> = chunk.iter().map(|a| format!("{a:#x}")).collect();
        writeln!(out, "    {},", line.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();

    let path = Path::new(&env::var("OUT_DIR").unwrap()).join("magic_tables.rs");
    fs::write(path, out).unwrap();
}
