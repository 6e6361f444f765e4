//! Static evaluation of xiangqi positions: material and placement (piece-square tables),
//! mobility, the safety of each general's palace, and the cannon/horse balance as pieces come
//! off, blended between middlegame and endgame by the attacking pieces left. The weights are
//! all in [`crate::weights`].

use ladya_core::{Score, Side};

use crate::board::*;
use crate::piece::{Kind, Piece};
use crate::position::Position;
use crate::weights::*;

/// Material plus placement of every piece (indexed by [`Piece::index`]) on every square, as
/// Red sees it: Black's pieces count negative.
static PSQT: [[Taper; SQUARES]; 14] = build_psqt();

/// The placement bonus of `kind` at index `i` of its Red-view table.
const fn placement(kind: usize, i: usize) -> Taper {
    match kind {
        0 => t(GENERAL_PST[0][i], GENERAL_PST[1][i]),
        1 => t(ADVISOR_PST[i], ADVISOR_PST[i]),
        2 => t(ELEPHANT_PST[i], ELEPHANT_PST[i]),
        3 => t(HORSE_PST[0][i], HORSE_PST[1][i]),
        4 => t(ROOK_PST[i], ROOK_PST[i]),
        5 => t(CANNON_PST[0][i], CANNON_PST[1][i]),
        _ => t(SOLDIER_PST[0][i], SOLDIER_PST[1][i]),
    }
}

const fn build_psqt() -> [[Taper; SQUARES]; 14] {
    let mut table = [[t(0, 0); SQUARES]; 14];
    let mut kind = 0;
    while kind < 7 {
        let m = MATERIAL[kind];
        let mut s = 0;
        while s < SQUARES {
            // Red's tables are drawn with rank 9 on top; Black sees the board turned round,
            // which puts its square's own index on the same point of the drawing.
            let red = placement(kind, (9 - s / 9) * 9 + s % 9);
            let black = placement(kind, s);
            table[kind][s] = t(m.mg + red.mg, m.eg + red.eg);
            table[kind + 7][s] = t(-(m.mg + black.mg), -(m.eg + black.eg));
            s += 1;
        }
        kind += 1;
    }
    table
}

/// The material and placement value of `piece` on `square`, Red's view.
#[inline(always)]
pub(crate) fn psqt(piece: Piece, square: Square) -> Taper {
    PSQT[piece.index()][square as usize]
}

/// Files c-g on ranks 0-3 of each side: where enemy pieces threaten the palace.
const PALACE_ZONE: [Bitboard; 2] = {
    let mut zone = [0; 2];
    let mut rank = 0;
    while rank < 4 {
        let mut file = 2;
        while file <= 6 {
            zone[0] |= bit(square_at(file, rank));
            zone[1] |= bit(square_at(file, 9 - rank));
            file += 1;
        }
        rank += 1;
    }
    zone
};

impl Position {
    /// Evaluation from the side to move's point of view, in centipawns.
    pub fn evaluate(&self) -> Score {
        let red = self.evaluate_red();
        if self.side == Side::White { red } else { -red }
    }

    /// Evaluation from Red's point of view.
    fn evaluate_red(&self) -> Score {
        let phase = Kind::ALL
            .iter()
            .map(|&k| PHASE_WEIGHT[k as usize] * self.by_kind[k as usize].count_ones() as Score)
            .sum::<Score>()
            .min(PHASE_FULL);
        let total = self.psqt + self.side_terms(Side::White) - self.side_terms(Side::Black);
        let score = total.blend(phase);
        // A side with nothing left to attack with cannot give mate: damp its lead.
        let leader = if score > 0 { Side::White } else { Side::Black };
        if self.attackers(leader) == 0 { score / NO_ATTACKER_DIVISOR } else { score }
    }

    /// `side`'s pieces that can give mate: rooks, horses, cannons and soldiers.
    fn attackers(&self, side: Side) -> Bitboard {
        (self.by_kind[Kind::Rook as usize]
            | self.by_kind[Kind::Horse as usize]
            | self.by_kind[Kind::Cannon as usize]
            | self.by_kind[Kind::Soldier as usize])
            & self.by_side[side.index()]
    }

    /// Material and placement summed from scratch, Red's view (the position keeps it up to date
    /// incrementally; this checks it).
    pub fn compute_psqt(&self) -> Taper {
        squares(self.occupied()).fold(Taper::default(), |sum, s| sum + psqt(self.board[s as usize], s))
    }

    /// The terms of one side that are not material or placement: mobility, the cannon/horse
    /// balance and (as a malus) its general's safety, from `us`'s point of view.
    fn side_terms(&self, us: Side) -> Taper {
        self.mobility(us) + self.screens(us) - self.palace_danger(us)
    }

    /// Mobility of `us`'s rooks, cannons and horses.
    fn mobility(&self, us: Side) -> Taper {
        let (ours, theirs) = (us.index(), us.opponent().index());
        let mut sum = Taper::default();
        let mut rook_moves = 0;
        for s in squares(self.pieces(us, Kind::Rook)) {
            let (file, rank) = (file_of(s) as usize, rank_of(s) as usize);
            let (own_rank, own_file) = (self.ranks[ours][rank], self.files[ours][file]);
            let rank_view = RANK_VIEWS[file][(own_rank | self.ranks[theirs][rank]) as usize];
            let file_view = FILE_VIEWS[rank][(own_file | self.files[theirs][file]) as usize];
            rook_moves += (rank_view.slide & !own_rank).count_ones() + (file_view.slide & !own_file).count_ones();
            sum -= ROOK_MOBILITY * ROOK_MOBILITY_BASE;
        }
        sum += ROOK_MOBILITY * rook_moves as Score;
        let mut cannon_moves = 0;
        for s in squares(self.pieces(us, Kind::Cannon)) {
            let (file, rank) = (file_of(s) as usize, rank_of(s) as usize);
            let (own_rank, enemy_rank) = (self.ranks[ours][rank], self.ranks[theirs][rank]);
            let (own_file, enemy_file) = (self.files[ours][file], self.files[theirs][file]);
            let rank_view = RANK_VIEWS[file][(own_rank | enemy_rank) as usize];
            let file_view = FILE_VIEWS[rank][(own_file | enemy_file) as usize];
            cannon_moves += (rank_view.slide & !(own_rank | enemy_rank)).count_ones()
                + (rank_view.jump & enemy_rank).count_ones()
                + (file_view.slide & !(own_file | enemy_file)).count_ones()
                + (file_view.jump & enemy_file).count_ones();
            sum -= CANNON_MOBILITY * CANNON_MOBILITY_BASE;
        }
        sum += CANNON_MOBILITY * cannon_moves as Score;
        let own = self.by_side[ours];
        for s in squares(self.pieces(us, Kind::Horse)) {
            let mut targets = 0;
            for (i, &leg) in HORSE_LEGS[s as usize].iter().enumerate() {
                if leg != NO_SQUARE && self.board[leg as usize].is_none() {
                    targets |= HORSE_TARGETS[s as usize][i];
                }
            }
            sum += HORSE_MOBILITY[(targets & !own).count_ones() as usize];
        }
        sum
    }

    /// The cannon/horse balance of `us`: cannons gain and horses lose with every piece on the
    /// board beyond [`SCREENS_BALANCED`].
    fn screens(&self, us: Side) -> Taper {
        let extra = self.occupied().count_ones() as Score - SCREENS_BALANCED;
        CANNON_PER_PIECE * (extra * self.pieces(us, Kind::Cannon).count_ones() as Score)
            + HORSE_PER_PIECE * (extra * self.pieces(us, Kind::Horse).count_ones() as Score)
    }

    /// How much danger `us`'s general is in: missing defenders against the enemy pieces that
    /// exploit them, enemy pieces near the palace, cannons aimed at the general and an open
    /// file in front of it.
    fn palace_danger(&self, us: Side) -> Taper {
        let them = us.opponent();
        let count = |side: Side, kind: Kind| self.pieces(side, kind).count_ones() as Score;
        let missing_advisors = 2 - count(us, Kind::Advisor).min(2);
        let missing_elephants = 2 - count(us, Kind::Elephant).min(2);
        let enemy_rooks = count(them, Kind::Rook);
        let mut danger = MISSING_ADVISOR[enemy_rooks.min(2) as usize] * missing_advisors
            + MISSING_ELEPHANT[count(them, Kind::Cannon).min(2) as usize] * missing_elephants
            + MISSING_DEFENDER_VS_HORSE * ((missing_advisors + missing_elephants) * count(them, Kind::Horse));

        let zone = PALACE_ZONE[us.index()] & self.by_side[them.index()];
        let units: Score = [Kind::Horse, Kind::Rook, Kind::Cannon, Kind::Soldier]
            .iter()
            .map(|&k| ZONE_ATTACK_UNITS[k as usize] * (zone & self.by_kind[k as usize]).count_ones() as Score)
            .sum();
        danger += ZONE_DANGER[(units as usize).min(ZONE_DANGER.len() - 1)];

        let general = self.generals[us.index()] as usize;
        let occupied = self.occupied();
        let cannons = self.pieces(them, Kind::Cannon);
        for dir in [NORTH, EAST, SOUTH, WEST] {
            if RAYS[dir][general] & cannons == 0 {
                continue;
            }
            let on_ray = RAYS[dir][general] & occupied;
            let first = nearest(dir, on_ray);
            if first & cannons != 0 {
                danger += HOLLOW_CANNON;
                continue;
            }
            let rest = on_ray ^ first;
            let second = nearest(dir, rest);
            if nearest(dir, rest ^ second) & cannons != 0 {
                danger += CANNON_TWO_SCREENS;
            }
        }
        let forward = if us == Side::White { NORTH } else { SOUTH };
        if RAYS[forward][general] & self.by_side[us.index()] == 0 {
            danger += OPEN_GENERAL_FILE * enemy_rooks;
        }
        danger
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_are_colour_mirrors() {
        for kind in 0..7 {
            for (s, &value) in PSQT[kind].iter().enumerate() {
                let mirror = square_at((s % 9) as u8, 9 - (s / 9) as u8) as usize;
                assert_eq!(value, -PSQT[kind + 7][mirror], "kind {kind} square {s}");
            }
        }
    }

    #[test]
    fn the_start_position_is_level() {
        let pos = Position::start();
        assert_eq!(pos.evaluate(), 0);
        assert_eq!(pos.compute_psqt().mg, 0);
    }
}
