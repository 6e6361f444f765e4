//! The hidden layer of both views, kept up to date as moves are made and taken back.
//!
//! [`Accumulators::push`] records what a move changes and [`Accumulators::pop`] forgets it; the
//! hidden values of a ply are only worked out when [`Accumulators::evaluate`] asks for them,
//! from the nearest ply above that has them, so moves that are never evaluated below cost
//! nothing. Under [`Orientation::ByKing`] or [`KingBuckets`], a move that carries a king across
//! the middle of the board or into another bucket changes its side's view, and that view is
//! worked out afresh from the pieces.

use std::marker::PhantomData;
use std::sync::Arc;

use ladya_core::{Game, PieceChanges, PlacedPiece, Score, Side};

use crate::features::{self, View};
use crate::network::Network;
use crate::simd::Kernels;

/// The most pieces' rows added in one kernel call when a view is worked out from the pieces
/// (as many as a chess or xiangqi board holds).
const ROWS_AT_ONCE: usize = 32;

/// A stack of hidden layers, one per ply of the line being searched, for positions of `G`.
#[derive(Clone, Debug)]
pub struct Accumulators<G: Game> {
    network: Arc<Network>,
    kernels: Kernels,
    /// Per ply, White's view then Black's, `hidden` values each.
    values: Vec<i16>,
    /// Per ply, what the move into it changed.
    changes: Vec<PieceChanges>,
    /// Per ply, whether its values are worked out.
    ready: Vec<bool>,
    /// Per ply, White's and Black's views.
    views: Vec<[View; 2]>,
    /// Per ply, whether the move into it changed White's or Black's view, so that the view is
    /// worked out from `after`.
    reframed: Vec<[bool; 2]>,
    /// Per ply, where `reframed` has one, the pieces after the move.
    after: Vec<Vec<PlacedPiece>>,
    top: usize,
    pieces: Vec<PlacedPiece>,
    /// One view's values, kept between kernel calls while a view is worked out from pieces.
    scratch: Vec<i16>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Accumulators<G> {
    /// Accumulators for `network` (which must be for `G`), with the fastest kernels this
    /// processor runs; call [`Accumulators::refresh`] before use.
    pub fn new(network: Arc<Network>) -> Self {
        Accumulators::with_kernels(network, Kernels::detect())
    }

    /// Accumulators that use `kernels` (any of [`Kernels::available`]; a [`Kernels`] value is
    /// always one the processor runs).
    pub fn with_kernels(network: Arc<Network>, kernels: Kernels) -> Self {
        let mut accumulators = Accumulators {
            network,
            kernels,
            values: Vec::new(),
            changes: Vec::new(),
            ready: Vec::new(),
            views: Vec::new(),
            reframed: Vec::new(),
            after: Vec::new(),
            top: 0,
            pieces: Vec::new(),
            scratch: Vec::new(),
            game: PhantomData,
        };
        accumulators.reserve(128);
        accumulators.scratch = vec![0; accumulators.network.hidden()];
        accumulators
    }

    /// The network.
    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    fn reserve(&mut self, plies: usize) {
        let width = 2 * self.network.hidden();
        self.values.resize(plies * width, 0);
        self.changes.resize(plies, PieceChanges::NONE);
        self.ready.resize(plies, false);
        self.views.resize(plies, [View::default(); 2]);
        self.reframed.resize(plies, [false; 2]);
        self.after.resize_with(plies, Vec::new);
    }

    /// Works out the hidden layers of `pos` from its pieces and makes it the bottom of the
    /// stack.
    pub fn refresh(&mut self, pos: &G) {
        self.top = 0;
        self.pieces.clear();
        pos.placed_pieces(&mut self.pieces);
        self.views[0] = features::views::<G>(&self.pieces, self.network.orientation(), self.network.king_buckets());
        for side in Side::BOTH {
            let view = self.views[0][side.index()];
            let (network, kernels, scratch) = (&self.network, self.kernels, &mut self.scratch);
            Accumulators::<G>::sum_view(network, kernels, &self.pieces, side, view, &mut self.values, scratch);
        }
        self.ready[0] = true;
    }

    /// Works out `side`'s view `view` of `pieces` into the `hidden` values of `out` past the
    /// side's offset, `ROWS_AT_ONCE` pieces a kernel call, going through `scratch` (`hidden`
    /// values) between calls.
    fn sum_view(
        network: &Network,
        kernels: Kernels,
        pieces: &[PlacedPiece],
        side: Side,
        view: View,
        out: &mut [i16],
        scratch: &mut [i16],
    ) {
        let hidden = network.hidden();
        let out = &mut out[side.index() * hidden..(side.index() + 1) * hidden];
        out.copy_from_slice(network.biases());
        let mut rows: [&[i16]; ROWS_AT_ONCE] = [&[]; ROWS_AT_ONCE];
        for chunk in pieces.chunks(ROWS_AT_ONCE) {
            for (row, piece) in rows.iter_mut().zip(chunk) {
                *row = network.row(features::index::<G>(*piece, side, view));
            }
            scratch.copy_from_slice(out);
            kernels.update(out, scratch, &rows[..chunk.len()], &[]);
        }
    }

    /// Records `m`, a legal move of `pos`, about to be made.
    #[inline]
    pub fn push(&mut self, pos: &G, m: G::Move) {
        let changes = pos.piece_changes(m);
        self.push_changes(changes);
        if self.network.follows_kings() && changes.added().iter().any(|p| Some(p.kind) == G::ROYAL_KIND) {
            self.follow_kings(pos, changes);
        }
    }

    /// After a push that carries a king in a network whose views follow the kings: changes the
    /// views of the kings `changes` carries, keeping the pieces after the move to work changed
    /// views out from.
    #[cold]
    fn follow_kings(&mut self, pos: &G, changes: PieceChanges) {
        let top = self.top;
        let mut views = self.views[top];
        let (orientation, buckets) = (self.network.orientation(), self.network.king_buckets());
        for king in changes.added().iter().filter(|p| Some(p.kind) == G::ROYAL_KIND) {
            views[king.side.index()] = features::view::<G>(king.square, king.side, orientation, buckets);
        }
        let parent = self.views[top - 1];
        self.reframed[top] = [views[0] != parent[0], views[1] != parent[1]];
        self.views[top] = views;
        if self.reframed[top] != [false; 2] {
            let after = &mut self.after[top];
            after.clear();
            pos.placed_pieces(after);
            for gone in changes.removed() {
                if let Some(at) = after.iter().position(|p| p == gone) {
                    after.swap_remove(at);
                }
            }
            after.extend_from_slice(changes.added());
        }
    }

    /// Records a null move (or any move that changes no piece) about to be made.
    #[inline]
    pub fn push_null(&mut self) {
        self.push_changes(PieceChanges::NONE);
    }

    fn push_changes(&mut self, changes: PieceChanges) {
        self.top += 1;
        if self.top == self.changes.len() {
            self.reserve(2 * self.top);
        }
        self.changes[self.top] = changes;
        self.ready[self.top] = false;
        self.views[self.top] = self.views[self.top - 1];
        self.reframed[self.top] = [false; 2];
    }

    /// Forgets the last move recorded, as it is taken back.
    #[inline]
    pub fn pop(&mut self) {
        self.top = self.top.saturating_sub(1);
    }

    /// The hidden values of the position on top of the stack, White's view then Black's,
    /// worked out if they were not yet.
    pub fn hidden(&mut self) -> &[i16] {
        self.bring_up_to_date();
        let width = 2 * self.network.hidden();
        &self.values[self.top * width..(self.top + 1) * width]
    }

    /// Works out the values of every ply from the nearest ready one down to the top.
    fn bring_up_to_date(&mut self) {
        let ready = (0..=self.top).rev().find(|&ply| self.ready[ply]).unwrap_or(0);
        for ply in ready + 1..=self.top {
            self.update(ply);
        }
    }

    /// Works out ply `ply`'s values from its parent's.
    fn update(&mut self, ply: usize) {
        let hidden = self.network.hidden();
        let (above, below) = self.values.split_at_mut(ply * 2 * hidden);
        let parent = &above[(ply - 1) * 2 * hidden..];
        let changes = &self.changes[ply];
        let network = &self.network;
        for side in Side::BOTH {
            let view = self.views[ply][side.index()];
            if self.reframed[ply][side.index()] {
                let scratch = &mut self.scratch;
                Accumulators::<G>::sum_view(network, self.kernels, &self.after[ply], side, view, below, scratch);
                continue;
            }
            let rows = |pieces: &[PlacedPiece]| -> ([&[i16]; 2], usize) {
                let mut rows: [&[i16]; 2] = [&[], &[]];
                for (row, piece) in rows.iter_mut().zip(pieces) {
                    *row = network.row(features::index::<G>(*piece, side, view));
                }
                (rows, pieces.len())
            };
            let (add, added) = rows(changes.added());
            let (remove, removed) = rows(changes.removed());
            let range = side.index() * hidden..(side.index() + 1) * hidden;
            self.kernels.update(&mut below[range.clone()], &parent[range], &add[..added], &remove[..removed]);
        }
        self.ready[ply] = true;
    }

    /// The evaluation of `pos`, the position on top of the stack, from its side to move's
    /// view: the game's known score where it has one, else the network's.
    pub fn evaluate(&mut self, pos: &G) -> Score {
        if let Some(score) = pos.known_score() {
            return score;
        }
        self.bring_up_to_date();
        let hidden = self.network.hidden();
        let top = &self.values[2 * self.top * hidden..2 * (self.top + 1) * hidden];
        let (white, black) = top.split_at(hidden);
        let bucket = self.network.buckets().bucket(pos.piece_count(), pos.move_number());
        match pos.side_to_move() {
            Side::White => self.network.output(self.kernels, white, black, bucket),
            Side::Black => self.network.output(self.kernels, black, white, bucket),
        }
    }
}
