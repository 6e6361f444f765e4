//! A game's name as Ladya's binary files (networks, training data, trainer checkpoints) store
//! it: eight bytes, padded with zero bytes.

/// `name` in eight bytes, cut or padded with zero bytes.
pub fn to_bytes(name: &str) -> [u8; 8] {
    let mut bytes = [0u8; 8];
    let len = name.len().min(8);
    bytes[..len].copy_from_slice(&name.as_bytes()[..len]);
    bytes
}

/// The name eight bytes hold, without the padding.
pub fn from_bytes(bytes: &[u8; 8]) -> String {
    String::from_utf8_lossy(bytes).trim_end_matches('\0').to_string()
}

#[cfg(test)]
mod tests {
    #[test]
    fn names_round_trip() {
        assert_eq!(super::to_bytes("chess"), *b"chess\0\0\0");
        assert_eq!(super::from_bytes(&super::to_bytes("xiangqi")), "xiangqi");
    }
}
