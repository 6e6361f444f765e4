//! Static exchange evaluation and capture ordering values.

use ladya_core::Score;

use crate::board::*;
use crate::moves::Move;
use crate::piece::Kind;
use crate::position::Position;
use crate::weights::MATERIAL;

/// Exchange value of each kind: the middlegame material, and for the general more than
/// anything it could win.
const SEE_VALUE: [Score; 7] = [
    20_000,
    MATERIAL[1].mg(),
    MATERIAL[2].mg(),
    MATERIAL[3].mg(),
    MATERIAL[4].mg(),
    MATERIAL[5].mg(),
    MATERIAL[6].mg(),
];

/// The kinds from the cheapest capturer to the dearest.
const CHEAPEST_FIRST: [Kind; 7] =
    [Kind::Soldier, Kind::Advisor, Kind::Elephant, Kind::Horse, Kind::Cannon, Kind::Rook, Kind::General];

/// The rank of each kind (by [`Kind`] index) in [`CHEAPEST_FIRST`].
const CAPTURER_RANK: [i32; 7] = [6, 1, 2, 3, 5, 4, 0];

impl Position {
    /// Every piece of either side among `occupied` that attacks `square` when the board holds
    /// `occupied`: rooks and cannons along the lines (a cannon over exactly one screen), horses
    /// with a free leg, elephants with a free eye, advisors, generals and soldiers one step
    /// away. The generals' facing each other is not a capture and is left out.
    pub(crate) fn attackers_to(&self, square: Square, occupied: Bitboard) -> Bitboard {
        let s = square as usize;
        let of = |kind: Kind| self.by_kind[kind as usize] & occupied;
        let (rooks, cannons) = (of(Kind::Rook), of(Kind::Cannon));
        let mut attackers = 0;
        for dir in [NORTH, EAST, SOUTH, WEST] {
            let on_ray = RAYS[dir][s] & occupied;
            let first = nearest(dir, on_ray);
            attackers |= (first & rooks) | (nearest(dir, on_ray ^ first) & cannons);
        }
        let horses = of(Kind::Horse);
        let elephants = of(Kind::Elephant);
        for i in 0..4 {
            // A horse that could reach the square from this diagonal means the leg exists.
            let sources = HORSE_SOURCES[s][i] & horses;
            if sources != 0 && occupied & bit(HORSE_CHECK_LEGS[s][i]) == 0 {
                attackers |= sources;
            }
            let eye = ELEPHANT_EYES[s][i];
            if eye != NO_SQUARE && occupied & bit(eye) == 0 {
                attackers |= ELEPHANT_TARGETS[s][i] & elephants;
            }
        }
        let soldiers = of(Kind::Soldier);
        attackers
            | (ADVISOR_STEPS[s] & of(Kind::Advisor))
            | (GENERAL_STEPS[s] & of(Kind::General))
            | (SOLDIER_SOURCES[0][s] & soldiers & self.by_side[0])
            | (SOLDIER_SOURCES[1][s] & soldiers & self.by_side[1])
    }

    /// MVV-LVA ordering value of a capture: the victim's value dominates, the cheaper capturer
    /// breaks ties.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// // The rook on e2 can take a horse (a2) or a soldier (i2): the horse first.
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/n3R3p/9/5K3 w - - 0 1")?;
    /// let (horse, soldier) = (pos.parse_move("e2a2")?, pos.parse_move("e2i2")?);
    /// assert!(pos.capture_order_value(horse) > pos.capture_order_value(soldier));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn capture_order_value(&self, m: Move) -> i32 {
        let victim = self.piece_at(m.to());
        let gain = if victim.is_none() { 0 } else { SEE_VALUE[victim.kind() as usize] };
        16 * gain - CAPTURER_RANK[self.piece_at(m.from()).kind() as usize]
    }

    /// Whether `m` followed by the best captures on its target square, each side free to
    /// stop, nets the mover at least `threshold`. Pins are ignored, as usual for SEE; the
    /// attackers are found afresh after every capture, since taking a piece off a line can
    /// give a cannon its screen or take it away.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_xiangqi::Position;
    ///
    /// // The soldier on e6 is guarded by the black horse on c7.
    /// let pos = Position::from_fen("3k5/9/2n6/4p4/9/9/9/9/9/4RK3 w - - 0 1")?;
    /// let rook_takes = pos.parse_move("e0e6")?;
    /// assert!(!pos.see_ge(rook_takes, 0)); // a rook for a soldier
    /// assert!(pos.see_ge(rook_takes, -2000));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn see_ge(&self, m: Move, threshold: Score) -> bool {
        let (from, to) = (m.from(), m.to());
        if usize::from(to) >= SQUARES {
            // Only a move built by hand goes off the board; it wins nothing.
            return threshold <= 0;
        }
        let victim = self.piece_at(to);
        // `swap` is what the side to capture next must win back for the exchange to go on.
        let mut swap = if victim.is_none() { 0 } else { SEE_VALUE[victim.kind() as usize] } - threshold;
        if swap < 0 {
            return false;
        }
        swap = SEE_VALUE[self.piece_at(from).kind() as usize] - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = (self.occupied() ^ bit(from)) | bit(to);
        let mut side = self.side_to_move();
        // `winning` says whether the side to move comes out ahead if the exchange stops now.
        let mut winning = true;
        loop {
            side = side.opponent();
            let ours = self.attackers_to(to, occupied) & self.side_set(side) & !bit(to);
            if ours == 0 {
                break;
            }
            winning = !winning;
            let kind = CHEAPEST_FIRST.into_iter().find(|&k| ours & self.kind_set(k) != 0).unwrap_or(Kind::General);
            if kind == Kind::General {
                // The general may take back only onto a square the other side no longer guards
                // (its general facing along the file included).
                let them = side.opponent();
                let guarded = self.is_attacked(to, them, occupied, self.side_set(them) & occupied & !bit(to));
                return if guarded { !winning } else { winning };
            }
            swap = SEE_VALUE[kind as usize] - swap;
            if swap < winning as Score {
                break;
            }
            occupied ^= bit(lowest(ours & self.kind_set(kind)));
        }
        winning
    }
}

#[cfg(test)]
mod tests {
    use super::SEE_VALUE;
    use crate::position::Position;

    // The exchange values of an advisor, a horse, a rook and a soldier.
    const ADVISOR: i32 = SEE_VALUE[1];
    const HORSE: i32 = SEE_VALUE[3];
    const ROOK: i32 = SEE_VALUE[4];
    const SOLDIER: i32 = SEE_VALUE[6];

    fn see(fen: &str, iccs: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        pos.see_ge(pos.parse_move(iccs).unwrap(), threshold)
    }

    #[test]
    fn exchanges() {
        // A rook takes an undefended horse: a horse, no more.
        let fen = "3k5/9/9/9/4n4/9/9/9/9/4RK3 w";
        assert!(see(fen, "e0e5", HORSE) && !see(fen, "e0e5", HORSE + 1));
        // The horse is guarded by a soldier: the rook is lost for the horse.
        let fen = "3k5/9/9/4p4/4n4/9/9/9/9/4RK3 w";
        assert!(!see(fen, "e0e5", 0) && see(fen, "e0e5", HORSE - ROOK) && !see(fen, "e0e5", HORSE - ROOK + 1));
        // A soldier guarded by a cannon over a screen: taking it costs the rook.
        let fen = "3kc4/4a4/9/9/4p4/9/9/9/9/4RK3 w";
        assert!(!see(fen, "e0e5", 0));
        // Without the screen the cannon guards nothing: the soldier is free.
        let fen = "3kc4/9/9/9/4p4/9/9/9/9/4RK3 w";
        assert!(see(fen, "e0e5", SOLDIER) && !see(fen, "e0e5", SOLDIER + 1));
        // Quiet moves: onto a square a crossed soldier guards, the rook is lost.
        let fen = "3k5/9/9/9/9/3p5/2R6/9/9/4K4 w";
        assert!(!see(fen, "c3d3", 0) && see(fen, "c3d3", -ROOK));
        assert!(!see(fen, "c3c4", 0) && see(fen, "c3c5", 0));
    }

    #[test]
    fn attackers_are_found_afresh_after_each_capture() {
        // Rxe5 Rxe5, and the red rook that left e2 leaves the advisor on e1 as the cannon's
        // only screen: Cxe5 wins the black rook back: a horse, less a rook, plus a rook.
        let fen = "5k3/4r4/9/9/4n4/9/9/4R4/4A4/3KC4 w";
        assert!(see(fen, "e2e5", HORSE) && !see(fen, "e2e5", HORSE + 1));
        // The advisor on e1 takes the rook on d0 and frees the leg of the horse on e2, which
        // takes back: a rook for an advisor.
        let fen = "4k4/9/9/9/9/9/9/4n4/4AK3/3r5 w";
        assert!(see(fen, "e1d0", ROOK - ADVISOR) && !see(fen, "e1d0", ROOK - ADVISOR + 1));
    }

    #[test]
    fn the_general_recaptures_only_onto_unguarded_squares() {
        // Rxe1: the general on d1 may take back unless that would face the black general.
        let fen = "5k3/9/9/9/9/4r4/9/9/3KA4/9 b";
        assert!(!see(fen, "e4e1", 0) && see(fen, "e4e1", ADVISOR - ROOK));
        let fen = "4k4/9/9/9/9/4r4/9/9/3KA4/9 b";
        assert!(see(fen, "e4e1", ADVISOR) && !see(fen, "e4e1", ADVISOR + 1));
        // A horse guarding e1 keeps the general off it as well.
        let fen = "3k5/9/9/9/9/9/4rn3/9/4A4/4K4 b";
        assert!(see(fen, "e3e1", ADVISOR) && !see(fen, "e3e1", ADVISOR + 1));
    }

    #[test]
    fn capture_order_prefers_big_victims_then_small_capturers() {
        let pos = Position::from_fen("5k3/9/9/9/4r4/4P4/9/4C4/9/3K5 w").unwrap();
        let by_soldier = pos.capture_order_value(pos.parse_move("e4e5").unwrap());
        let by_cannon = pos.capture_order_value(pos.parse_move("e2e5").unwrap());
        assert!(by_soldier > by_cannon && by_cannon > 16 * HORSE);
    }
}
