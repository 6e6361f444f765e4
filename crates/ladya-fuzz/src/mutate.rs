//! Byte and token mutations of an input, without coverage feedback: each mutation is chosen
//! at random, and [`mutate`] applies one to four of them.

use crate::rng::Rng;

/// Tokens that often break readers: numbers at and beyond the limits of integer types,
/// negative, fractional and non-numeric numbers, separators, non-ASCII letters, control
/// characters.
pub const INTERESTING: &[&str] = &[
    "0",
    "-1",
    "-0",
    "1",
    "255",
    "256",
    "65535",
    "65536",
    "2147483648",
    "4294967295",
    "4294967296",
    "9223372036854775807",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999",
    "-9223372036854775809",
    "1.5",
    "1e9",
    "nan",
    "inf",
    "+5",
    "0x10",
    "",
    "-",
    "/",
    "//",
    ";",
    "#",
    ":",
    "\"",
    "ж",
    "漢",
    "♞",
    "\u{0}",
    "\t",
    "\r",
    "\u{FFFD}",
    "\u{200B}",
];

/// Characters worth inserting into a position, a move or a command.
const ALPHABET: &[u8] = b"0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ /-+=:;#x.?!()\"";

/// The longest input a mutation produces.
const MAX_LEN: usize = 1 << 16;

/// `input` changed by one to four random mutations; `donors` are other inputs of the same
/// kind, whose tokens may be spliced in.
pub fn mutate(rng: &mut Rng, input: &[u8], donors: &[&str]) -> Vec<u8> {
    let mut bytes = input.to_vec();
    for _ in 0..rng.range(1, 4) {
        if rng.one_in(2) {
            mutate_bytes(rng, &mut bytes);
        } else {
            mutate_tokens(rng, &mut bytes, donors);
        }
        bytes.truncate(MAX_LEN);
    }
    bytes
}

/// A random position in `bytes`, `0..=len`.
fn position(rng: &mut Rng, bytes: &[u8]) -> usize {
    rng.below(bytes.len() + 1)
}

fn mutate_bytes(rng: &mut Rng, bytes: &mut Vec<u8>) {
    let at = position(rng, bytes);
    match rng.below(8) {
        0 if at < bytes.len() => bytes[at] ^= 1 << rng.below(8),
        1 if at < bytes.len() => bytes[at] = rng.next_u64() as u8,
        2 => bytes.insert(at, *rng.pick(ALPHABET)),
        3 => bytes.insert(at, rng.next_u64() as u8),
        4 => {
            let end = (at + rng.range(1, 8) as usize).min(bytes.len());
            bytes.drain(at..end);
        }
        5 => {
            let end = (at + rng.range(1, 16) as usize).min(bytes.len());
            let copy = bytes[at..end].to_vec();
            let to = position(rng, bytes);
            bytes.splice(to..to, copy);
        }
        6 => bytes.truncate(at),
        _ => {
            // A very long input: the whole text, or a piece of it, many times over.
            let end = (at + rng.range(1, 32) as usize).min(bytes.len());
            let piece = if rng.one_in(2) || at == end { bytes.clone() } else { bytes[at..end].to_vec() };
            let times = (rng.range(2, 2000) as usize).min(MAX_LEN / piece.len().max(1) + 1);
            let long: Vec<u8> = piece.iter().copied().cycle().take(piece.len() * times).collect();
            bytes.splice(at..at, long);
        }
    }
}

fn mutate_tokens(rng: &mut Rng, bytes: &mut Vec<u8>, donors: &[&str]) {
    let mut tokens: Vec<Vec<u8>> = bytes.split(|&b| b == b' ').map(<[u8]>::to_vec).collect();
    let at = rng.below(tokens.len());
    let donor_token = |rng: &mut Rng| -> Vec<u8> {
        let donor: Vec<&str> = rng.pick(donors).split(' ').collect();
        rng.pick(&donor).as_bytes().to_vec()
    };
    match rng.below(7) {
        0 => tokens[at] = rng.pick(INTERESTING).as_bytes().to_vec(),
        1 if !donors.is_empty() => tokens[at] = donor_token(rng),
        2 if !donors.is_empty() => {
            let token = donor_token(rng);
            tokens.insert(at, token);
        }
        3 => {
            let other = rng.below(tokens.len());
            tokens.swap(at, other);
        }
        4 => {
            let copy = tokens[at].clone();
            tokens.insert(at, copy);
        }
        5 if tokens.len() > 1 => {
            tokens.remove(at);
        }
        _ => {
            // A number written into the token, or a sign put before it.
            let mut token = tokens[at].clone();
            let spot = rng.below(token.len() + 1);
            let number = rng.pick(INTERESTING).as_bytes().to_vec();
            token.splice(spot..spot, number);
            tokens[at] = token;
        }
    }
    *bytes = tokens.join(&b' ');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mutations_change_inputs_within_bounds() {
        let mut changed = 0;
        for i in 0..500 {
            let mut rng = Rng::for_input(3, i);
            let out = mutate(&mut rng, b"e2e4 e7e5", &["g1f3 b8c6"]);
            assert!(out.len() <= MAX_LEN);
            changed += usize::from(out != b"e2e4 e7e5");
        }
        assert!(changed > 400, "{changed}");
    }
}
