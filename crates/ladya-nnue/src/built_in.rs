//! The networks that ship inside Ladya, one per game that has one (see `docs/nnue.md` for the
//! commands that made each).

use std::sync::{Arc, Mutex, OnceLock};

use ladya_core::Game;

use crate::network::Network;

/// The network files built in, by game.
const BUILT_IN: &[(&str, &[u8])] = &[
    ("chess", include_bytes!("../networks/chess-gen7.nnue")),
    ("xiangqi", include_bytes!("../networks/xiangqi-gen3.nnue")),
    ("ugolki", include_bytes!("../networks/ugolki-gen0.nnue")),
];

/// The network file built in for the game called `name`, if there is one.
fn bytes(name: &str) -> Option<&'static [u8]> {
    BUILT_IN.iter().find(|(game, _)| *game == name).map(|(_, bytes)| *bytes)
}

/// The built-in networks read so far, by game.
type Cache = Mutex<Vec<(&'static str, Arc<Network>)>>;

/// The network built into Ladya for `G`, read once; none if `G` has none.
///
/// # Panics
/// If a built-in network is not a valid network for its game (a build that ships a broken
/// file; the crate's tests read every one).
pub fn built_in<G: Game>() -> Option<Arc<Network>> {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    let bytes = bytes(G::NAME)?;
    let mut cache = CACHE.get_or_init(Default::default).lock().unwrap_or_else(|e| e.into_inner());
    if let Some((_, net)) = cache.iter().find(|(name, _)| *name == G::NAME) {
        return Some(Arc::clone(net));
    }
    let net = Arc::new(Network::from_bytes::<G>(bytes).unwrap_or_else(|e| panic!("built-in {} network: {e}", G::NAME)));
    cache.push((G::NAME, Arc::clone(&net)));
    Some(net)
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_built_in_network_reads() {
        for (game, _) in super::BUILT_IN {
            assert!(["chess", "xiangqi", "ugolki"].contains(game), "{game}");
        }
        let chess = super::built_in::<ladya_chess::Position>().expect("chess's network");
        assert_eq!((chess.game(), chess.hidden()), ("chess", 256));
        let xiangqi = super::built_in::<ladya_xiangqi::Position>().expect("xiangqi's network");
        assert_eq!((xiangqi.game(), xiangqi.hidden()), ("xiangqi", 64));
        let ugolki = super::built_in::<ladya_ugolki::Position>().expect("ugolki's network");
        assert_eq!((ugolki.game(), ugolki.hidden()), ("ugolki", 64));
    }
}
