//! The evaluation a user picks by name: on the command line (`--eval`) and in the engine
//! protocols (UCI and UCCI `EvalFile`, XBoard's `option EvalFile=...`).

use std::sync::Arc;

use ladya_core::Game;
use ladya_nnue::Network;
use ladya_search::Evaluation;

use ladya_games::GameKind;
use ladya_games::with_game;

/// The word for the networks built into Ladya, as the engine option shows its default.
pub const BUILT_IN: &str = "<built-in>";

/// The evaluation called `text`: `<built-in>` (or `builtin`, or nothing) for the networks
/// built into Ladya, `classic` for the hand-written evaluations, or else the path of a network
/// file, which is used for the game its header names (the other games keep their
/// hand-written evaluations).
///
/// # Errors
/// A file that cannot be read or is no valid network, with the reason.
pub fn evaluation(text: &str) -> Result<Evaluation, String> {
    match text.trim() {
        "" | BUILT_IN | "builtin" | "built-in" => Ok(Evaluation::BuiltIn),
        "classic" => Ok(Evaluation::Classic),
        path => {
            let bytes = read_bounded(path)?;
            let game = Network::game_of(&bytes).map_err(|e| format!("{path}: {e}"))?;
            let kind =
                GameKind::from_name(&game).ok_or_else(|| format!("{path}: a network for unknown game '{game}'"))?;
            let network = with_game!(kind, read_network(&bytes)).map_err(|e| format!("{path}: {e}"))?;
            Ok(Evaluation::Networks(vec![Arc::new(network)]))
        }
    }
}

/// The evaluation called `text`, as [`evaluation`] reads it, for a search of `game`: a network
/// file of another game is refused rather than silently left out in favour of the hand-written
/// evaluation.
///
/// # Errors
/// Those of [`evaluation`], and a network for another game, saying which.
pub fn evaluation_for(text: &str, game: &str) -> Result<Evaluation, String> {
    let evaluation = evaluation(text)?;
    if let Evaluation::Networks(networks) = &evaluation
        && let Some(other) = networks.iter().find(|net| net.game() != game)
    {
        return Err(format!("{}: a network for {}, not for {game}", text.trim(), other.game()));
    }
    Ok(evaluation)
}

/// After a change of game: a network file chosen for another game is dropped for the built-in
/// evaluation, and the message saying so is returned.
pub(crate) fn switch_game(evaluation: &mut Evaluation, game: &str) -> Option<String> {
    let Evaluation::Networks(networks) = evaluation else { return None };
    if networks.iter().any(|net| net.game() == game) {
        return None;
    }
    let other = networks.first().map_or("another game", |net| net.game()).to_string();
    *evaluation = Evaluation::BuiltIn;
    Some(format!("the network file chosen is for {other}; {game} uses its built-in evaluation"))
}

/// The bytes of the network file `path`, refused without reading on when it is longer than
/// the largest network of any game (a device such as `/dev/zero` never ends).
fn read_bounded(path: &str) -> Result<Vec<u8>, String> {
    use std::io::Read;
    let limit = GameKind::ALL.iter().map(|&kind| with_game!(kind, max_network_bytes())).max().unwrap_or(0);
    let cannot = |e: std::io::Error| format!("cannot read network file '{path}': {e}");
    let mut bytes = Vec::new();
    std::fs::File::open(path).map_err(cannot)?.take(limit as u64 + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() > limit {
        return Err(format!("{path}: longer than {limit} bytes, the largest network file of any game"));
    }
    Ok(bytes)
}

fn max_network_bytes<G: Game>() -> usize {
    Network::max_bytes::<G>()
}

fn read_network<G: Game>(bytes: &[u8]) -> Result<Network, ladya_nnue::NetworkError> {
    Network::from_bytes::<G>(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_network_of_another_game_is_refused() {
        // The built-in xiangqi network, as a file.
        let path = std::env::temp_dir().join(format!("ladya-protocol-xiangqi-{}.nnue", std::process::id()));
        let network = <ladya_xiangqi::Position as ladya_games::EngineGame>::built_in_network().unwrap();
        std::fs::write(&path, network.to_bytes()).unwrap();
        let name = path.to_str().unwrap();
        let err = evaluation_for(name, "chess").unwrap_err();
        assert!(err.ends_with("a network for xiangqi, not for chess"), "{err}");
        let mut taken = evaluation_for(name, "xiangqi").unwrap();
        assert!(matches!(taken, Evaluation::Networks(_)));
        assert_eq!(switch_game(&mut taken, "xiangqi"), None);
        assert!(switch_game(&mut taken, "chess").unwrap().contains("for xiangqi"));
        assert_eq!(taken, Evaluation::BuiltIn);
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn names_and_bad_files() {
        assert_eq!(evaluation(""), Ok(Evaluation::BuiltIn));
        assert_eq!(evaluation(BUILT_IN), Ok(Evaluation::BuiltIn));
        assert_eq!(evaluation("classic"), Ok(Evaluation::Classic));
        assert!(
            evaluation("/no/such/file.nnue").unwrap_err().starts_with("cannot read network file '/no/such/file.nnue'")
        );
        let path = std::env::temp_dir().join(format!("ladya-eval-{}.nnue", std::process::id()));
        std::fs::write(&path, b"not a network at all, but long enough to have a header").unwrap();
        let err = evaluation(path.to_str().unwrap()).unwrap_err();
        assert!(err.ends_with("not a Ladya network file (it does not start with LADYNNUE)"), "{err}");
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn an_endless_file_is_refused_after_the_largest_network() {
        if std::path::Path::new("/dev/zero").exists() {
            let err = evaluation("/dev/zero").unwrap_err();
            assert!(err.starts_with("/dev/zero: longer than "), "{err}");
            assert!(err.ends_with(" bytes, the largest network file of any game"), "{err}");
        }
    }
}
