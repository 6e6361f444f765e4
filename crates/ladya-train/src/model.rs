//! The network in floats, computed exactly as inference computes it in integers, with its
//! backward pass.
//!
//! For each view (the side to move's, then the other side's) the hidden layer is the feature
//! biases plus the feature weights' rows of the view's active inputs; each hidden value `h`
//! is activated as `clamp(h, 0, 1)²` (SCReLU); the output is the output weights' dot product
//! with both views' activations plus the output bias, by the output layer of the position's
//! bucket, and the evaluation, in the game's units, is the output times the scale.

use ladya_core::rng::Rng;
use ladya_nnue::features::KingBuckets;
use ladya_nnue::{Network, NetworkParameters, Orientation, OutputBuckets, QB};

use crate::TrainError;

/// A float drawn evenly from `-spread..spread` (24 random bits): how the trainer draws every
/// starting weight, so that a seed gives the same network on every machine.
pub(crate) fn uniform(rng: &mut Rng, spread: f32) -> f32 {
    (2.0 * rng.f32() - 1.0) * spread
}

/// The largest output weight the integer output layer takes: 127 / [`QB`].
pub const OUTPUT_WEIGHT_LIMIT: f32 = 127.0 / QB as f32;

/// A network's parameters in floats, as training changes them.
///
/// They lie in one vector, in the order of the network file: `inputs x hidden` feature
/// weights (input by input), `hidden` feature biases, `2 x hidden` output weights per bucket
/// (bucket by bucket, the side to move's view first) and one output bias per bucket.
/// Gradients have the same layout.
#[derive(Clone, Debug, PartialEq)]
pub struct Model {
    inputs: usize,
    hidden: usize,
    buckets: OutputBuckets,
    scale: u32,
    values: Vec<f32>,
}

/// The hidden layer of both views of one position, as the forward pass leaves it for the
/// backward pass.
#[derive(Clone, Debug)]
pub(crate) struct HiddenLayers {
    own: Vec<f32>,
    other: Vec<f32>,
}

impl HiddenLayers {
    /// Room for a hidden layer of `hidden` values per view.
    pub(crate) fn new(hidden: usize) -> HiddenLayers {
        HiddenLayers { own: vec![0.0; hidden], other: vec![0.0; hidden] }
    }
}

/// `clamp(h, 0, 1)²`, the activation.
#[inline(always)]
fn screlu(h: f32) -> f32 {
    let c = h.clamp(0.0, 1.0);
    c * c
}

/// `out = biases + sum of the rows of inputs`.
#[inline(always)]
fn accumulate(out: &mut [f32], biases: &[f32], weights: &[f32], inputs: &[u16]) {
    let hidden = out.len();
    out.copy_from_slice(biases);
    for &input in inputs {
        let row = &weights[input as usize * hidden..][..hidden];
        for (o, w) in out.iter_mut().zip(row) {
            *o += w;
        }
    }
}

/// `sum(screlu(h) x w)` over `layer` and `weights`, in eight running sums so that the
/// compiler can use vectors.
#[inline(always)]
fn activated_dot(layer: &[f32], weights: &[f32]) -> f32 {
    let mut lanes = [0.0f32; 8];
    let (layer8, weights8) = (layer.chunks_exact(8), weights.chunks_exact(8));
    let tail: f32 = layer8.remainder().iter().zip(weights8.remainder()).map(|(&h, w)| screlu(h) * w).sum();
    for (h, w) in layer8.zip(weights8) {
        for k in 0..8 {
            lanes[k] += screlu(h[k]) * w[k];
        }
    }
    lanes.iter().sum::<f32>() + tail
}

/// How far from zero a fresh feature weight of a model of `inputs` inputs may be drawn:
/// 1/sqrt(inputs).
fn feature_spread(inputs: usize) -> f32 {
    1.0 / (inputs as f32).sqrt()
}

/// The number of parameters of a model of `inputs`, `hidden` and `buckets`.
pub(crate) fn parameter_count(inputs: usize, hidden: usize, buckets: OutputBuckets) -> usize {
    (inputs + 1) * hidden + buckets.count() * (2 * hidden + 1)
}

impl Model {
    /// A network of `inputs` inputs per view, `hidden` hidden values per view and output
    /// layers by `buckets`, whose evaluation is its output times `scale`, with weights drawn
    /// from `seed`: each layer's weights evenly within ±1/sqrt(its inputs), the biases zero.
    pub fn random(inputs: usize, hidden: usize, buckets: OutputBuckets, scale: u32, seed: u64) -> Model {
        let mut rng = Rng::new(seed);
        let (feature_spread, output_spread) = (feature_spread(inputs), 1.0 / (2.0 * hidden as f32).sqrt());
        let mut values = Vec::with_capacity(parameter_count(inputs, hidden, buckets));
        values.extend((0..inputs * hidden).map(|_| uniform(&mut rng, feature_spread)));
        values.extend(std::iter::repeat_n(0.0, hidden));
        values.extend((0..buckets.count() * 2 * hidden).map(|_| uniform(&mut rng, output_spread)));
        values.extend(std::iter::repeat_n(0.0, buckets.count()));
        Model { inputs, hidden, buckets, scale, values }
    }

    /// The model of `inputs`, `hidden`, `buckets` and `scale` with parameters `values`, which
    /// the caller made of the layout's length.
    pub(crate) fn from_values(
        inputs: usize,
        hidden: usize,
        buckets: OutputBuckets,
        scale: u32,
        values: Vec<f32>,
    ) -> Model {
        debug_assert_eq!(values.len(), parameter_count(inputs, hidden, buckets));
        Model { inputs, hidden, buckets, scale, values }
    }

    /// The model of a network's `parameters` (their views' orientation and king buckets are
    /// the positions', not the model's).
    pub fn from_parameters(parameters: &NetworkParameters) -> Model {
        let p = parameters;
        let mut values = Vec::with_capacity(parameter_count(p.inputs, p.hidden, p.buckets));
        for part in [&p.feature_weights, &p.feature_biases, &p.output_weights, &p.output_biases] {
            values.extend_from_slice(part);
        }
        Model::from_values(p.inputs, p.hidden, p.buckets, p.scale, values)
    }

    /// This model with `hidden` hidden values per view (at least its own): the new values'
    /// feature weights are drawn from `seed` as [`Model::random`] draws them, their biases and
    /// output weights are zero, so the wider model evaluates every position as this one does
    /// and training grows the new values from there. The caller makes sure that `hidden` is
    /// not narrower.
    pub(crate) fn widened(&self, hidden: usize, seed: u64) -> Model {
        debug_assert!(hidden >= self.hidden, "a model is widened, never narrowed");
        let mut rng = Rng::new(seed);
        let feature_spread = feature_spread(self.inputs);
        let (weights, biases, output_weights, output_biases) = self.parts();
        let added = hidden - self.hidden;
        let mut values = Vec::with_capacity(parameter_count(self.inputs, hidden, self.buckets));
        for row in weights.chunks_exact(self.hidden) {
            values.extend_from_slice(row);
            values.extend((0..added).map(|_| uniform(&mut rng, feature_spread)));
        }
        values.extend_from_slice(biases);
        values.extend(std::iter::repeat_n(0.0, added));
        for view in output_weights.chunks_exact(self.hidden) {
            values.extend_from_slice(view);
            values.extend(std::iter::repeat_n(0.0, added));
        }
        values.extend_from_slice(output_biases);
        Model::from_values(self.inputs, hidden, self.buckets, self.scale, values)
    }

    /// This model with its inputs given `sets` sets of their own ([`KingBuckets`]), each a
    /// copy of the one set it has: the model evaluates every position as before, and
    /// training lets each king region's set learn its own patterns from there.
    pub(crate) fn split_into_king_sets(&self, sets: usize) -> Model {
        let (weights, rest) = self.values.split_at(self.inputs * self.hidden);
        let mut values = Vec::with_capacity(parameter_count(sets * self.inputs, self.hidden, self.buckets));
        for _ in 0..sets {
            values.extend_from_slice(weights);
        }
        values.extend_from_slice(rest);
        Model::from_values(sets * self.inputs, self.hidden, self.buckets, self.scale, values)
    }

    /// Inputs of one view.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Hidden values of one view.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// How the output layer is picked.
    pub fn buckets(&self) -> OutputBuckets {
        self.buckets
    }

    /// Evaluation units of an output of 1.0.
    pub fn scale(&self) -> u32 {
        self.scale
    }

    /// Every parameter, in the model's layout.
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// Every parameter, in the model's layout, to change.
    pub fn values_mut(&mut self) -> &mut [f32] {
        &mut self.values
    }

    /// Where the feature weights and biases end in the layout: after them come the output
    /// weights, then the output biases.
    pub fn hidden_layer_end(&self) -> usize {
        (self.inputs + 1) * self.hidden
    }

    /// The feature weights, feature biases, output weights (every bucket's) and output
    /// biases.
    fn parts(&self) -> (&[f32], &[f32], &[f32], &[f32]) {
        let (weights, rest) = self.values.split_at(self.inputs * self.hidden);
        let (biases, rest) = rest.split_at(self.hidden);
        let (output_weights, output_biases) = rest.split_at(self.buckets.count() * 2 * self.hidden);
        (weights, biases, output_weights, output_biases)
    }

    /// The parameters as [`ladya_nnue`] takes them, for views oriented by `orientation` with
    /// `king_buckets`.
    pub fn parameters(&self, orientation: Orientation, king_buckets: &KingBuckets) -> NetworkParameters {
        let (weights, biases, output_weights, output_biases) = self.parts();
        NetworkParameters {
            inputs: self.inputs,
            hidden: self.hidden,
            feature_weights: weights.to_vec(),
            feature_biases: biases.to_vec(),
            buckets: self.buckets,
            orientation,
            king_buckets: king_buckets.clone(),
            output_weights: output_weights.to_vec(),
            output_biases: output_biases.to_vec(),
            scale: self.scale,
        }
    }

    /// The network in integers, for the game called `game` and views oriented by
    /// `orientation` with `king_buckets` (the training positions').
    ///
    /// # Errors
    /// A hidden width or scale that the network file does not take.
    pub fn network(
        &self,
        game: &str,
        orientation: Orientation,
        king_buckets: &KingBuckets,
    ) -> Result<Network, TrainError> {
        Ok(Network::quantise(game, &self.parameters(orientation, king_buckets))?)
    }

    /// The evaluation, in the game's units and the side to move's view, of the position whose
    /// active inputs are `own` (the side to move's view) and `other`, by output layer
    /// `bucket`.
    pub fn evaluate(&self, own: &[u16], other: &[u16], bucket: usize) -> f32 {
        self.forward(own, other, bucket, &mut HiddenLayers::new(self.hidden))
    }

    /// [`Model::evaluate`], keeping the hidden layers in `layers` for [`Model::backward`].
    #[inline(always)]
    pub(crate) fn forward(&self, own: &[u16], other: &[u16], bucket: usize, layers: &mut HiddenLayers) -> f32 {
        let (weights, biases, output_weights, output_biases) = self.parts();
        accumulate(&mut layers.own, biases, weights, own);
        accumulate(&mut layers.other, biases, weights, other);
        let (own_weights, other_weights) =
            output_weights[bucket * 2 * self.hidden..][..2 * self.hidden].split_at(self.hidden);
        let output = activated_dot(&layers.own, own_weights)
            + activated_dot(&layers.other, other_weights)
            + output_biases[bucket];
        output * self.scale as f32
    }

    /// Adds to `gradient` (in the model's layout) the gradient of a loss whose derivative by
    /// the evaluation is `d_evaluation`, at the position [`Model::forward`] last saw with
    /// `layers`. `deltas` is room for `hidden` values.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn backward(
        &self,
        own: &[u16],
        other: &[u16],
        bucket: usize,
        layers: &HiddenLayers,
        d_evaluation: f32,
        gradient: &mut [f32],
        deltas: &mut [f32],
    ) {
        let hidden = self.hidden;
        let d_output = d_evaluation * self.scale as f32;
        let (_, _, all_output_weights, _) = self.parts();
        let output_weights = &all_output_weights[bucket * 2 * hidden..][..2 * hidden];
        let (g_weights, rest) = gradient.split_at_mut(self.inputs * hidden);
        let (g_biases, rest) = rest.split_at_mut(hidden);
        let (g_all_output_weights, g_output_biases) = rest.split_at_mut(self.buckets.count() * 2 * hidden);
        let g_output_weights = &mut g_all_output_weights[bucket * 2 * hidden..][..2 * hidden];
        g_output_biases[bucket] += d_output;
        for (view, (layer, inputs)) in [(&layers.own, own), (&layers.other, other)].into_iter().enumerate() {
            let range = view * hidden..(view + 1) * hidden;
            let (weights, g_output) = (&output_weights[range.clone()], &mut g_output_weights[range]);
            for ((((&h, &w), g), d), b) in
                layer.iter().zip(weights).zip(g_output).zip(deltas.iter_mut()).zip(g_biases.iter_mut())
            {
                *g += d_output * screlu(h);
                // d clamp(h, 0, 1)² / dh = 2h inside (0, 1), 0 outside.
                *d = if h > 0.0 && h < 1.0 { 2.0 * h * w * d_output } else { 0.0 };
                *b += *d;
            }
            for &input in inputs {
                let row = &mut g_weights[input as usize * hidden..][..hidden];
                for (g, d) in row.iter_mut().zip(deltas.iter()) {
                    *g += d;
                }
            }
        }
    }

    /// Keeps every parameter where the integer network can hold it: feature weights and
    /// biases within ±`feature_limit`, output weights within ±[`OUTPUT_WEIGHT_LIMIT`].
    pub fn clip(&mut self, feature_limit: f32) {
        let end = self.hidden_layer_end();
        let (hidden_layer, output) = self.values.split_at_mut(end);
        for w in hidden_layer {
            *w = w.clamp(-feature_limit, feature_limit);
        }
        for w in &mut output[..self.buckets.count() * 2 * self.hidden] {
            *w = w.clamp(-OUTPUT_WEIGHT_LIMIT, OUTPUT_WEIGHT_LIMIT);
        }
    }
}
