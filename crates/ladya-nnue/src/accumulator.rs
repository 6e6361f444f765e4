//! The hidden layer of both views, kept up to date as moves are made and taken back.
//!
//! [`Accumulators::push`] records what a move changes and [`Accumulators::pop`] forgets it; the
//! hidden values of a ply are only worked out when [`Accumulators::evaluate`] asks for them,
//! from the nearest ply above that has them, so moves that are never evaluated below cost
//! nothing.

use std::marker::PhantomData;
use std::sync::Arc;

use ladya_core::{Game, PieceChanges, PlacedPiece, Score, Side};

use crate::features;
use crate::network::Network;
use crate::simd::Kernels;

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
    top: usize,
    pieces: Vec<PlacedPiece>,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> Accumulators<G> {
    /// Accumulators for `network` (which must be for `G`), with the fastest kernels this
    /// processor runs; call [`Accumulators::refresh`] before use.
    pub fn new(network: Arc<Network>) -> Self {
        Accumulators::with_kernels(network, Kernels::detect())
    }

    /// Accumulators that use `kernels` (which the processor must run: one of
    /// [`Kernels::available`]).
    pub fn with_kernels(network: Arc<Network>, kernels: Kernels) -> Self {
        let mut accumulators = Accumulators {
            network,
            kernels,
            values: Vec::new(),
            changes: Vec::new(),
            ready: Vec::new(),
            top: 0,
            pieces: Vec::new(),
            game: PhantomData,
        };
        accumulators.reserve(128);
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
    }

    /// Works out the hidden layers of `pos` from its pieces and makes it the bottom of the
    /// stack.
    pub fn refresh(&mut self, pos: &G) {
        self.top = 0;
        self.pieces.clear();
        pos.placed_pieces(&mut self.pieces);
        let hidden = self.network.hidden();
        let mut sum = self.network.biases().to_vec();
        for side in Side::BOTH {
            sum.copy_from_slice(self.network.biases());
            let out = &mut self.values[side.index() * hidden..(side.index() + 1) * hidden];
            for piece in &self.pieces {
                self.kernels.update(out, &sum, &[self.network.row(features::index::<G>(*piece, side))], &[]);
                sum.copy_from_slice(out);
            }
        }
        self.ready[0] = true;
    }

    /// Records `m`, a legal move of `pos`, about to be made.
    #[inline]
    pub fn push(&mut self, pos: &G, m: G::Move) {
        self.push_changes(pos.piece_changes(m));
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
            let rows = |pieces: &[PlacedPiece]| -> ([&[i16]; 2], usize) {
                let mut rows: [&[i16]; 2] = [&[], &[]];
                for (row, piece) in rows.iter_mut().zip(pieces) {
                    *row = network.row(features::index::<G>(*piece, side));
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
