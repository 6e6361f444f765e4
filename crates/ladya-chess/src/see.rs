//! Static exchange evaluation and capture ordering values.

use ladya_core::Score;

use crate::board::*;
use crate::moves::{Move, MoveKind};
use crate::piece::Kind;
use crate::position::Position;
use crate::weights::WEIGHTS;

/// Exchange value of each kind; the king is worth more than anything it could win.
const SEE_VALUE: [Score; 6] = {
    let e = WEIGHTS.exchange;
    [e[0], e[1], e[2], e[3], e[4], 20_000]
};

impl Position {
    /// The material the move takes (the promoted piece's gain included).
    fn gain(&self, m: Move) -> Score {
        match m.kind() {
            MoveKind::EnPassant => SEE_VALUE[Kind::Pawn as usize],
            MoveKind::Capture => SEE_VALUE[self.piece_at(m.to()).kind() as usize],
            MoveKind::PromotionCapture(k) => {
                SEE_VALUE[self.piece_at(m.to()).kind() as usize] + SEE_VALUE[k as usize] - SEE_VALUE[0]
            }
            MoveKind::Promotion(k) => SEE_VALUE[k as usize] - SEE_VALUE[0],
            _ => 0,
        }
    }

    /// MVV-LVA: the victim's value dominates, the cheaper attacker breaks ties.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// let pos = Position::from_fen("4k3/8/8/3q4/4P3/8/8/3QK3 w - - 0 1")?;
    /// let (pawn_takes, queen_takes) = (pos.parse_move("exd5")?, pos.parse_move("Qxd5")?);
    /// assert!(pos.capture_order_value(pawn_takes) > pos.capture_order_value(queen_takes));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn capture_order_value(&self, m: Move) -> i32 {
        let attacker = self.piece_at(m.from()).kind() as i32;
        16 * self.gain(m) - attacker
    }

    /// Whether `m` followed by the best captures on its target square, each side free to
    /// stop, nets the mover at least `threshold`. Pins are ignored, as usual for SEE.
    ///
    /// # Examples
    ///
    /// ```
    /// use ladya_chess::Position;
    ///
    /// // The pawn on e5 is defended by the pawn on d6.
    /// let pos = Position::from_fen("4k3/8/3p4/4p3/8/8/8/4R1K1 w - - 0 1")?;
    /// let rook_takes = pos.parse_move("Rxe5")?;
    /// assert!(!pos.see_ge(rook_takes, 0)); // a rook for a pawn
    /// assert!(pos.see_ge(rook_takes, -1000));
    /// let pawn = Position::from_fen("4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1")?;
    /// assert!(pawn.see_ge(pawn.parse_move("dxe5")?, 50)); // a free pawn
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn see_ge(&self, m: Move, threshold: Score) -> bool {
        if m.is_castling() {
            return threshold <= 0;
        }
        let (from, to) = (m.from(), m.to());
        // `swap` is what the side to capture next must win back for the exchange to go on.
        let mut swap = self.gain(m) - threshold;
        if swap < 0 {
            return false;
        }
        let mover = m.promotion().unwrap_or(self.piece_at(from).kind());
        swap = SEE_VALUE[mover as usize] - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = self.occupied() ^ bit(from) ^ bit(to);
        if m.kind() == MoveKind::EnPassant {
            occupied ^= bit(to ^ 8);
        }
        let diagonal = self.kind_set(Kind::Bishop) | self.kind_set(Kind::Queen);
        let straight = self.kind_set(Kind::Rook) | self.kind_set(Kind::Queen);
        let mut attackers = self.attackers_to(to, occupied);
        let mut side = self.side_to_move();
        // `winning` says whether the side to move comes out ahead if the exchange stops now.
        let mut winning = true;
        loop {
            side = side.opponent();
            attackers &= occupied;
            let ours = attackers & self.side_set(side);
            if ours == 0 {
                break;
            }
            winning = !winning;
            let kind = Kind::ALL.into_iter().find(|&k| ours & self.kind_set(k) != 0).unwrap_or(Kind::King);
            if kind == Kind::King {
                // The king may recapture only onto a square the other side no longer guards.
                return if attackers & self.side_set(side.opponent()) != 0 { !winning } else { winning };
            }
            swap = SEE_VALUE[kind as usize] - swap;
            if swap < winning as Score {
                break;
            }
            occupied ^= bit(lowest(ours & self.kind_set(kind)));
            // Sliders behind the piece that just captured join in.
            attackers |= (bishop_attacks(to, occupied) & diagonal) | (rook_attacks(to, occupied) & straight);
        }
        winning
    }
}

#[cfg(test)]
mod tests {
    use crate::position::Position;

    fn see(fen: &str, uci: &str, threshold: i32) -> bool {
        let pos = Position::from_fen(fen).unwrap();
        pos.see_ge(pos.parse_uci(uci).unwrap(), threshold)
    }

    #[test]
    fn exchanges() {
        // Pawn takes an undefended knight: +320.
        assert!(see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 320));
        assert!(!see("4k3/8/8/3n4/4P3/8/8/4K3 w - - 0 1", "e4d5", 321));
        // Queen takes a pawn defended by a pawn: loses 800.
        assert!(!see("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", 0));
        assert!(see("4k3/8/2p5/3p4/8/8/3Q4/4K3 w - - 0 1", "d2d5", -800));
        // Rook takes a rook defended by a rook, backed by a second rook (x-ray): wins 500.
        assert!(see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 0));
        assert!(!see("3rk3/3r4/8/8/8/8/3R4/3RK3 w - - 0 1", "d2d7", 1));
        // A quiet move to a square a pawn attacks loses the piece.
        assert!(!see("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1f3", 0));
        assert!(see("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1f3", -320));
        assert!(see("4k3/8/8/8/4p3/8/8/4K1N1 w - - 0 1", "g1h3", 0));
        // The black king may take back the rook only when no x-raying queen guards d7.
        assert!(see("4k3/3p4/8/8/8/8/3R4/3QK3 w - - 0 1", "d2d7", 100));
        assert!(!see("4k3/3p4/8/8/8/8/3R4/4K3 w - - 0 1", "d2d7", 0));
        // Knight takes a pawn guarded by a bishop: Bxc2 would lose the bishop to the king,
        // so Black stops and White keeps the pawn; without the king it would lose 220.
        assert!(see("4k3/8/8/8/8/1b2N3/2p5/3K4 w - - 0 1", "e3c2", 100));
        assert!(!see("4k3/8/8/8/8/1b2N3/2p5/3K4 w - - 0 1", "e3c2", 101));
        assert!(!see("4k3/8/8/8/8/1b2N3/2p5/K7 w - - 0 1", "e3c2", 0));
        assert!(see("4k3/8/8/8/8/1b2N3/2p5/K7 w - - 0 1", "e3c2", -220));
        // En passant wins a pawn; a promotion with capture wins rook + queen - pawn.
        assert!(see("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5d6", 100));
        assert!(see("3rk3/4P3/8/8/8/8/8/4K3 w - - 0 1", "e7d8q", 500 + 800 - 900));
    }
}
