//! The proof search: whether the attacker forces mate within a number of moves, by trying
//! every attacker move and every defence, with a table of proven results and ordering that
//! finds mates and refutations early.

use std::sync::atomic::{AtomicBool, Ordering::Relaxed};

use ladya_core::{Game, MoveList, Side};

use crate::stipulation::Aim;
use crate::table::Table;

/// XORed into keys when Black attacks, so that the table tells the two attackers apart.
const BLACK_ATTACKS: u64 = 0x9E37_79B9_7F4A_7C15;
/// XORed into keys per aim, so that the table tells a selfmate's results from a mate's.
const AIM_SALT: [u64; 3] = [0, 0x5851_F42D_4C95_7F2D, 0x1405_7B7E_F767_814F];

/// A position of the game so far: its key and whether it repeats an earlier one.
#[derive(Clone, Copy)]
struct Visit {
    key: u64,
    repeat: bool,
}

/// One thread's proof search from a problem position.
pub(crate) struct Prover<'t, G: Game> {
    /// The position being examined; moves are made and taken back on it.
    pub(crate) pos: G,
    table: &'t Table,
    attacker: Side,
    aim: Aim,
    salt: u64,
    /// Every position of the game, the oldest first: those that led to the problem (its
    /// history), the problem position, then the line being examined.
    line: Vec<Visit>,
    /// The length of `line` at the problem position.
    root_len: usize,
    /// How many positions of `line` repeat an earlier one. While none does, results are
    /// those of the game without repetition rules and the table may be used.
    repeats: usize,
    /// Per depth below the problem position: the last move that mated or refuted there.
    killers: Vec<G::Move>,
    /// Move lists to reuse: a list is a kilobyte, and zeroing a new one at every node costs
    /// more than the lookups of a mate-in-one test.
    spare: Vec<Box<MoveList<G::Move>>>,
    /// Positions visited.
    pub(crate) nodes: u64,
    /// Set from outside to stop.
    stop: Option<&'t AtomicBool>,
    /// A stop was seen: every question is answered at once, with an answer that means
    /// nothing and is never stored.
    halted: bool,
}

impl<'t, G: Game> Prover<'t, G> {
    /// A prover for the side to move in `root`, whose history (the moves made on it since its
    /// FEN) counts for repetitions, aiming at `aim`; it stops when `stop` is set.
    pub(crate) fn new(root: &G, table: &'t Table, aim: Aim, stop: Option<&'t AtomicBool>) -> Prover<'t, G> {
        let attacker = root.side_to_move();
        let mut keys = Vec::with_capacity(root.ply() + 1);
        let mut walk = root.clone();
        keys.push(walk.hash());
        while walk.ply() > 0 {
            walk.unmake();
            keys.push(walk.hash());
        }
        keys.reverse();
        let mut line: Vec<Visit> = Vec::with_capacity(keys.len() + 64);
        for key in keys {
            let repeat = line.iter().any(|v| v.key == key);
            line.push(Visit { key, repeat });
        }
        let repeats = line.iter().filter(|v| v.repeat).count();
        Prover {
            pos: root.clone(),
            table,
            attacker,
            aim,
            salt: if attacker == Side::Black { BLACK_ATTACKS } else { 0 } ^ AIM_SALT[aim as usize],
            root_len: line.len(),
            line,
            repeats,
            killers: Vec::new(),
            spare: Vec::new(),
            nodes: 0,
            stop,
            halted: false,
        }
    }

    /// Whether a stop was asked for (one relaxed load per call until one is seen).
    #[inline]
    pub(crate) fn halted(&mut self) -> bool {
        if !self.halted && self.stop.is_some_and(|s| s.load(Relaxed)) {
            self.halted = true;
        }
        self.halted
    }

    /// Records that the attacker mates within `n` moves, unless halted.
    #[inline]
    fn store_mate(&self, key: u64, n: u32) {
        if !self.halted {
            self.table.store_mate(key, n);
        }
    }

    /// Records that the attacker cannot mate within `n` moves, unless halted.
    #[inline]
    fn store_no_mate(&self, key: u64, n: u32) {
        if !self.halted {
            self.table.store_no_mate(key, n);
        }
    }

    /// Whether the game is over at the problem position by a repetition ruling.
    pub(crate) fn root_ended(&self) -> bool {
        let key = self.pos.hash();
        self.line.iter().filter(|v| v.key == key).count() >= 3 && self.pos.rule_outcome(usize::MAX).is_some()
    }

    /// Depth below the problem position.
    #[inline]
    fn ply(&self) -> usize {
        self.line.len() - self.root_len
    }

    #[inline]
    fn killer(&self) -> G::Move {
        self.killers.get(self.ply()).copied().unwrap_or_default()
    }

    #[inline]
    fn set_killer(&mut self, m: G::Move) {
        let ply = self.ply();
        if self.killers.len() <= ply {
            self.killers.resize(ply + 1, G::Move::default());
        }
        self.killers[ply] = m;
    }

    /// Plays `m` and records the new position. Returns false when the position has now
    /// occurred for the third time and the game's rules end the game there (a draw, or a loss
    /// for a side that checked perpetually): no mate can follow. Take the move back with
    /// [`Prover::back`] either way.
    #[inline]
    pub(crate) fn play(&mut self, m: G::Move) -> bool {
        self.pos.make(m);
        self.enter()
    }

    /// Passes the turn (to find what the attacker threatens); take it back with
    /// [`Prover::back`]. Never called in check.
    pub(crate) fn play_null(&mut self) -> bool {
        self.pos.make_null();
        self.enter()
    }

    #[inline]
    fn enter(&mut self) -> bool {
        self.nodes += 1;
        let key = self.pos.hash();
        let earlier = self.line.iter().filter(|v| v.key == key).count();
        self.line.push(Visit { key, repeat: earlier > 0 });
        self.repeats += (earlier > 0) as usize;
        earlier < 2 || self.pos.rule_outcome(usize::MAX).is_none()
    }

    /// Takes back the last move or pass.
    #[inline]
    pub(crate) fn back(&mut self) {
        if let Some(visit) = self.line.pop() {
            self.repeats -= visit.repeat as usize;
        }
        self.pos.unmake();
    }

    /// Whether the move `m` of the side to move leaves the other side without a legal move,
    /// lost: a mate (or, in xiangqi, a stalemate).
    ///
    /// The position it reaches is not recorded: a lost position never occurred before (the
    /// game would have ended there), so no repetition rule can apply to it.
    #[inline]
    fn mates(&mut self, m: G::Move) -> bool {
        self.nodes += 1;
        self.pos.make(m);
        let mated = self.pos.is_mated();
        self.pos.unmake();
        mated
    }

    /// Whether the side to move, which has no legal move, has lost to the attacker.
    #[inline]
    fn defender_lost(&self) -> bool {
        self.pos.no_moves_outcome().winner == Some(self.attacker)
    }

    /// Whether the side to move has a move that mates; `checks` of `moves` (the legal moves,
    /// checks first) give check.
    fn can_mate(&mut self, moves: &MoveList<G::Move>, checks: usize) -> bool {
        let candidates = if G::ONLY_CHECKS_MATE { checks } else { moves.len() };
        (0..candidates).any(|i| self.mates(moves[i]))
    }

    /// The key under which the table knows the current position.
    #[inline]
    fn table_key(&self) -> Option<u64> {
        (self.repeats == 0).then(|| self.pos.hash() ^ self.salt)
    }

    /// Whether the attacker, to move, reaches its aim within `n` moves: mates within `n`
    /// moves, or (selfmate, reflexmate) has been mated already or forces the defender to mate
    /// it within `n` moves.
    pub(crate) fn attack(&mut self, n: u32) -> bool {
        if self.halted() {
            return false;
        }
        let key = if n >= 2 { self.table_key() } else { None };
        if let Some(known) = key.and_then(|k| self.table.probe(k).decide(n)) {
            return known;
        }
        if self.aim != Aim::Mate && n == 0 {
            // A selfmate's attacker with no moves left: reached only if already mated.
            return self.pos.is_mated();
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        let mates = if self.aim == Aim::Mate && n == 1 && G::ONLY_CHECKS_MATE {
            // Mate at once, and only a check can mate.
            self.pos.checking_moves(&mut moves);
            let mating = (0..moves.len()).find(|&i| self.mates(moves[i]));
            if let Some(i) = mating {
                self.set_killer(moves[i]);
            }
            mating.is_some()
        } else {
            self.pos.legal_moves(&mut moves);
            self.attack_with(&mut moves, n, key)
        };
        self.spare.push(moves);
        mates
    }

    /// [`Prover::attack`] with the legal moves generated, `key` the table key if the table is
    /// used here.
    fn attack_with(&mut self, moves: &mut MoveList<G::Move>, n: u32, key: Option<u64>) -> bool {
        if self.aim != Aim::Mate {
            return self.force_with(moves, n, key);
        }
        if n == 0 {
            return false;
        }
        // Checks first; among them, the move that mated last at this depth.
        let checks = self.pos.checks_first(moves);
        let killer = self.killer();
        if let Some(i) = moves[..checks].iter().position(|&m| m == killer) {
            moves.swap(0, i);
        }
        // Mate at once, with a check...
        for i in 0..checks {
            if self.mates(moves[i]) {
                self.set_killer(moves[i]);
                if let Some(k) = key {
                    self.store_mate(k, 1);
                }
                return true;
            }
        }
        if n == 1 {
            // ... or, where a side without moves can lose out of check, with any move.
            if !G::ONLY_CHECKS_MATE {
                for i in checks..moves.len() {
                    if self.mates(moves[i]) {
                        self.set_killer(moves[i]);
                        return true;
                    }
                }
            }
            return false;
        }
        self.try_each(moves, n, key)
    }

    /// Whether one of `moves`, the killer first, reaches the aim within `n` moves against any
    /// defence; the answer is stored under `key`.
    fn try_each(&mut self, moves: &mut MoveList<G::Move>, n: u32, key: Option<u64>) -> bool {
        let killer = self.killer();
        if let Some(i) = moves.iter().position(|&m| m == killer) {
            moves[..=i].rotate_right(1);
        }
        for i in 0..moves.len() {
            let m = moves[i];
            let reached = self.play(m) && self.defend(n - 1);
            self.back();
            if reached {
                self.set_killer(m);
                if let Some(k) = key {
                    self.store_mate(k, n);
                }
                return true;
            }
        }
        if let Some(k) = key {
            self.store_no_mate(k, n);
        }
        false
    }

    /// [`Prover::attack_with`] for a selfmate or reflexmate: the attacker wants to be mated.
    fn force_with(&mut self, moves: &mut MoveList<G::Move>, n: u32, key: Option<u64>) -> bool {
        if moves.is_empty() {
            // Mated (or stalemated into a loss) by the defender: the aim is reached.
            return self.pos.no_moves_outcome().winner == Some(self.attacker.opponent());
        }
        if n == 0 {
            return false;
        }
        if self.aim == Aim::ReflexMate {
            // A side that can mate must: the attacker would end the game its own way.
            let checks = self.pos.checks_first(moves);
            if self.can_mate(moves, checks) {
                return false;
            }
        }
        self.try_each(moves, n, key)
    }

    /// Whether the attacker mates within `n` more moves (`n >= 0`), the defender to move.
    #[inline]
    pub(crate) fn defend(&mut self, n: u32) -> bool {
        self.refute(n, 1, None)
    }

    /// Whether the attacker mates within `n` more moves, the defender to move. The defences
    /// after which the attacker cannot mate in time ("refutations") are looked for until
    /// `limit` of them are found, and pushed to `refutations` if given.
    pub(crate) fn refute(&mut self, n: u32, limit: usize, refutations: Option<&mut Vec<G::Move>>) -> bool {
        if self.halted() {
            return false;
        }
        let mut moves = self.spare.pop().unwrap_or_default();
        moves.clear();
        self.pos.legal_moves(&mut moves);
        let mated = self.refute_with(&mut moves, n, limit, refutations);
        self.spare.push(moves);
        mated
    }

    /// [`Prover::refute`] with the legal moves generated.
    fn refute_with(
        &mut self,
        moves: &mut MoveList<G::Move>,
        n: u32,
        limit: usize,
        mut refutations: Option<&mut Vec<G::Move>>,
    ) -> bool {
        if moves.is_empty() {
            return self.aim == Aim::Mate && self.defender_lost();
        }
        if self.aim == Aim::ReflexMate {
            // The defender must mate if it can: the attacker's aim.
            let checks = self.pos.checks_first(moves);
            if self.can_mate(moves, checks) {
                return true;
            }
        }
        // A selfmate's defender may still have to mate now; otherwise no moves are left.
        if n == 0 && self.aim != Aim::SelfMate {
            if let Some(list) = refutations {
                list.extend(moves.iter().take(limit));
            }
            return false;
        }
        if n == 0 && G::ONLY_CHECKS_MATE {
            // A selfmate's defender with a move that gives no check need not mate.
            let checks = self.pos.checks_first(moves);
            if checks < moves.len() {
                if let Some(list) = refutations {
                    list.extend(moves[checks..].iter().take(limit));
                }
                return false;
            }
        }
        let key = if refutations.is_none() { self.table_key() } else { None };
        if let Some(known) = key.and_then(|k| self.table.probe(k).decide(n)) {
            return known;
        }
        let killer = self.killer();
        if let Some(i) = moves.iter().position(|&m| m == killer) {
            moves.swap(0, i);
        }
        let mut found = 0;
        for i in 0..moves.len() {
            let d = moves[i];
            let mated = self.play(d) && self.attack(n);
            self.back();
            if !mated {
                self.set_killer(d);
                if let Some(list) = refutations.as_deref_mut() {
                    list.push(d);
                }
                found += 1;
                if found >= limit {
                    break;
                }
            }
        }
        if let Some(k) = key {
            if found == 0 {
                self.store_mate(k, n);
            } else {
                self.store_no_mate(k, n);
            }
        }
        found == 0
    }

    /// The fewest moves, at most `limit`, within which the attacker (to move) reaches its aim
    /// (0: a selfmate's attacker has been mated already).
    pub(crate) fn shortest_attack(&mut self, limit: u32) -> Option<u32> {
        (0..=limit).find(|&k| self.attack(k))
    }

    /// The fewest moves, at most `limit`, within which the attacker mates, the defender to
    /// move (0 if the defender is mated already).
    pub(crate) fn shortest_defend(&mut self, limit: u32) -> Option<u32> {
        (0..=limit).find(|&k| self.defend(k))
    }

    /// The attacker's moves after which it reaches its aim within `n - 1` more moves (none
    /// for `n == 0`).
    pub(crate) fn mating_moves(&mut self, n: u32) -> Vec<G::Move> {
        if n == 0 {
            return Vec::new();
        }
        let mut moves = MoveList::new();
        self.pos.legal_moves(&mut moves);
        let mut found = Vec::new();
        for &m in moves.iter() {
            let mates = self.play(m) && self.defend(n - 1);
            self.back();
            if mates {
                found.push(m);
            }
        }
        found
    }
}
