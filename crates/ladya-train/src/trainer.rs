//! A training run: the settings, the split into training and validation positions, and the
//! epochs, each a pass over the training positions in a new random order, batch by batch,
//! with the work of each batch shared between threads.

use std::time::{Duration, Instant};

use ladya_core::rng::Rng;
use ladya_nnue::features::KingBuckets;
use ladya_nnue::{Network, OutputBuckets, QA};

use crate::TrainError;
use crate::adam::Adam;
use crate::checkpoint::Checkpoint;
use crate::loss::Loss;
use crate::machine::{in_parallel, prefetch};
use crate::model::{HiddenLayers, Model};
use crate::positions::Positions;

/// The widest feature weight or bias: 1.98, within which the hidden values of a position of
/// 32 pieces stay far inside 16 bits (the trainer narrows it for positions of more pieces).
pub const FEATURE_LIMIT: f32 = 1.98;

/// The settings of a run.
///
/// The defaults are `ladya train`'s; a run changes what it needs:
///
/// ```
/// use ladya_train::{OutputBuckets, TrainConfig};
///
/// let chess = OutputBuckets::Pieces { count: 8, most: 32 };
/// let config = TrainConfig { hidden: 256, epochs: 6, buckets: chess, ..TrainConfig::default() };
/// assert_eq!((config.batch_size, config.learning_rate, config.loss.wdl), (16384, 0.001, 0.3));
/// // The learning rate falls along half a cosine, from the first batch to the last.
/// assert_eq!(config.learning_rate_at(0, 1000), 0.001);
/// assert!((config.learning_rate_at(1000, 1000) - config.final_learning_rate).abs() < 1e-9);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// Hidden values of one view (a multiple of 16 up to 512).
    pub hidden: usize,
    /// How the output layer is picked.
    pub buckets: OutputBuckets,
    /// Evaluation units of an output of 1.0.
    pub scale: u32,
    /// Passes over the training positions.
    pub epochs: u32,
    /// Positions per step of the optimiser.
    pub batch_size: usize,
    /// The learning rate at the start: it falls along half a cosine, batch by batch, to
    /// `final_learning_rate` at the end of the last epoch.
    pub learning_rate: f32,
    /// The learning rate at the end.
    pub final_learning_rate: f32,
    /// What is minimised.
    pub loss: Loss,
    /// The fraction of the positions held out to measure the network on, from 0 to below 1.
    pub validation: f64,
    /// The seed of the initial weights, the validation positions and each epoch's order.
    pub seed: u64,
    /// Threads to work on each batch.
    pub threads: usize,
}

/// The most threads a run may work on: each keeps a gradient as large as the network, so a
/// mistyped count would exhaust memory before the first batch.
pub const MAX_THREADS: usize = 256;

impl Default for TrainConfig {
    /// The defaults of `ladya train`.
    fn default() -> TrainConfig {
        TrainConfig {
            hidden: 128,
            buckets: OutputBuckets::Single,
            scale: 400,
            epochs: 20,
            batch_size: 16384,
            learning_rate: 0.001,
            final_learning_rate: 0.00001,
            loss: Loss { wdl: 0.3, sigmoid_scale: 400.0, power: 2.0 },
            validation: 0.05,
            seed: 1,
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()).min(MAX_THREADS),
        }
    }
}

impl TrainConfig {
    /// Refuses a setting out of its range (the network's own limits are checked by
    /// quantising).
    fn check(&self) -> Result<(), TrainError> {
        let rule = |ok: bool, what: String| if ok { Ok(()) } else { Err(TrainError::Setting(what)) };
        rule(self.epochs >= 1, "the epochs must be at least 1".to_string())?;
        rule(self.batch_size >= 1, "the batch size must be at least 1".to_string())?;
        let threads = self.threads;
        rule(
            (1..=MAX_THREADS).contains(&threads),
            format!("the threads must be from 1 to {MAX_THREADS} (they are {threads})"),
        )?;
        let rate = self.learning_rate;
        rule(rate.is_finite() && rate > 0.0, format!("the learning rate must be above 0 (it is {rate})"))?;
        let last = self.final_learning_rate;
        rule(
            last.is_finite() && (0.0..=rate).contains(&last),
            format!("the final learning rate must be from 0 to the learning rate {rate} (it is {last})"),
        )?;
        let Loss { wdl, sigmoid_scale, power } = self.loss;
        rule((0.0..=1.0).contains(&wdl), format!("the result's weight (wdl) must be from 0 to 1 (it is {wdl})"))?;
        rule(
            sigmoid_scale.is_finite() && sigmoid_scale > 0.0,
            format!("the sigmoid scale must be above 0 (it is {sigmoid_scale})"),
        )?;
        rule(power.is_finite() && power >= 1.0, format!("the loss power must be at least 1 (it is {power})"))?;
        let validation = self.validation;
        rule(
            (0.0..1.0).contains(&validation),
            format!("the validation fraction must be from 0 to below 1 (it is {validation})"),
        )
    }

    /// The learning rate at batch `step` of `steps` in the whole run.
    pub fn learning_rate_at(&self, step: usize, steps: usize) -> f32 {
        let progress = step as f64 / steps.max(1) as f64;
        let (first, last) = (self.learning_rate as f64, self.final_learning_rate as f64);
        (last + (first - last) * 0.5 * (1.0 + (std::f64::consts::PI * progress).cos())) as f32
    }
}

/// What an epoch did.
#[derive(Clone, Debug, PartialEq)]
pub struct EpochReport {
    /// The epoch's number, from 1.
    pub epoch: u32,
    /// The mean loss over the training positions, as each batch found it before its step.
    pub training_loss: f64,
    /// The mean loss over the validation positions after the epoch; none without them.
    pub validation_loss: Option<f64>,
    /// The learning rate of the epoch's last batch.
    pub learning_rate: f32,
    /// Training positions per second (the validation pass left out).
    pub positions_per_second: f64,
    /// The epoch's time, the validation pass included.
    pub duration: Duration,
}

/// One thread's room to work on its share of a batch.
#[derive(Clone, Debug)]
pub(crate) struct Worker {
    /// The gradient of its share, in the model's layout.
    pub(crate) gradient: Vec<f32>,
    layers: HiddenLayers,
    /// The derivatives of the loss by one view's hidden values.
    deltas: Vec<f32>,
}

impl Worker {
    /// Room for the work on `model`.
    pub(crate) fn new(model: &Model) -> Worker {
        Worker {
            gradient: vec![0.0; model.values().len()],
            layers: HiddenLayers::new(model.hidden()),
            deltas: vec![0.0; model.hidden()],
        }
    }
}

/// The model, the data and the targets, as every worker reads them.
#[derive(Clone, Copy)]
pub(crate) struct Task<'a> {
    pub(crate) model: &'a Model,
    pub(crate) positions: &'a Positions,
    pub(crate) targets: &'a [f32],
    /// Every position's output layer.
    pub(crate) buckets: &'a [u8],
    pub(crate) loss: Loss,
}

impl Task<'_> {
    /// The summed loss of `part`; with `weight`, also the gradient of `weight` times it, left
    /// in the worker's gradient. With AVX2 and FMA where the processor has them.
    pub(crate) fn run(self, worker: &mut Worker, part: &[usize], weight: Option<f32>) -> f64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the processor has both, checked just above.
            return unsafe { self.run_avx2(worker, part, weight) };
        }
        self.run_anywhere(worker, part, weight)
    }

    /// [`Task::run`] compiled for AVX2 and FMA.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,fma")]
    fn run_avx2(self, worker: &mut Worker, part: &[usize], weight: Option<f32>) -> f64 {
        self.run_anywhere(worker, part, weight)
    }

    /// [`Task::run`] for any processor; inlined into [`Task::run_avx2`], where the compiler
    /// uses AVX2 for the same code.
    #[inline(always)]
    fn run_anywhere(self, worker: &mut Worker, part: &[usize], weight: Option<f32>) -> f64 {
        if weight.is_some() {
            worker.gradient.fill(0.0);
        }
        let mut sum = 0.0;
        for (n, &i) in part.iter().enumerate() {
            // Positions come in random order: ask for the next ones' data early.
            if let Some(&later) = part.get(n + 2) {
                self.positions.prefetch_start(later);
            }
            if let Some(&next) = part.get(n + 1) {
                self.positions.prefetch_inputs(next);
                prefetch(self.targets, next);
            }
            let (own, other) = self.positions.inputs(i);
            let bucket = self.buckets[i] as usize;
            let evaluation = self.model.forward(own, other, bucket, &mut worker.layers);
            let (loss, d_evaluation) = self.loss.of(evaluation, self.targets[i]);
            sum += loss as f64;
            if let Some(weight) = weight {
                self.model.backward(
                    own,
                    other,
                    bucket,
                    &worker.layers,
                    d_evaluation * weight,
                    &mut worker.gradient,
                    &mut worker.deltas,
                );
            }
        }
        sum
    }
}

/// `positions` split into at most `threads` shares of nearly equal size.
fn shares(positions: &[usize], threads: usize) -> std::slice::Chunks<'_, usize> {
    positions.chunks(positions.len().div_ceil(threads).max(1))
}

/// The first of `pairs` (what, the `source`'s value, this run's) whose values differ, said
/// in words.
fn first_difference<const N: usize>(source: &str, pairs: [(&str, String, String); N]) -> Option<String> {
    let (what, theirs, ours) = pairs.into_iter().find(|(_, theirs, ours)| theirs != ours)?;
    Some(format!("the {source}'s {what} is {theirs}, but this run's is {ours}"))
}

/// A training run over a set of positions.
///
/// [`Trainer::new`] splits the positions into training and validation games and starts from
/// random weights (or, after [`Trainer::start_from`], from a network's); each
/// [`Trainer::run_epoch`] is one pass with its report; [`Trainer::model`] is the network as it
/// stands, which [`Model::network`] turns into a network file, and [`Trainer::checkpoint`]
/// keeps the run to [`Trainer::resume`] later. The crate's example runs it from a data file to
/// a network.
#[derive(Debug)]
pub struct Trainer<'a> {
    positions: &'a Positions,
    config: TrainConfig,
    model: Model,
    adam: Adam,
    /// The training positions, in the split's order.
    training: Vec<usize>,
    /// The validation positions.
    validation: Vec<usize>,
    /// Every position's target.
    targets: Vec<f32>,
    /// Every position's output layer.
    buckets: Vec<u8>,
    /// The widest feature weight or bias the integer network holds safely for these
    /// positions.
    feature_limit: f32,
    epochs_done: u32,
    workers: Vec<Worker>,
    /// The positions' [`Positions::fingerprint`], which checkpoints keep.
    data: u64,
}

impl<'a> Trainer<'a> {
    /// A run over `positions` with `config`, from random weights (see
    /// [`Trainer::resume`] to go on from a checkpoint).
    ///
    /// # Errors
    /// A setting out of its range, a hidden width or scale that the network file does not
    /// take, buckets by move number on data without move numbers, or a validation fraction
    /// that leaves no position to train on.
    pub fn new(positions: &'a Positions, config: TrainConfig) -> Result<Trainer<'a>, TrainError> {
        config.check()?;
        if config.buckets.needs_move_numbers() && !positions.has_move_numbers() {
            return Err(TrainError::Setting(format!(
                "output buckets {} need the move numbers, which data files of format 1 do not keep",
                config.buckets
            )));
        }
        let model =
            Model::random(positions.inputs_per_view(), config.hidden, config.buckets, config.scale, config.seed);
        model.network(positions.game(), positions.orientation(), positions.king_buckets())?;
        // Whole games are held out, so that no validation position has a near twin from its
        // own game among the training positions.
        let mut games: Vec<usize> = (0..positions.games()).collect();
        Rng::stream(config.seed, 1).shuffle_scaled(&mut games);
        let wanted = (positions.len() as f64 * config.validation).round() as usize;
        let (mut validation, mut training) = (Vec::new(), Vec::new());
        for game in games {
            let side = if validation.len() < wanted { &mut validation } else { &mut training };
            side.extend(positions.game_positions(game));
        }
        if training.is_empty() {
            return Err(TrainError::Setting(format!(
                "a validation fraction of {} leaves none of the {} positions to train on",
                config.validation,
                positions.len()
            )));
        }
        let targets = (0..positions.len())
            .map(|i| {
                let (score, result) = positions.score_and_result(i);
                config.loss.target(score, result)
            })
            .collect();
        let buckets = (0..positions.len()).map(|i| positions.bucket(i, config.buckets) as u8).collect();
        // Every hidden value is a bias plus one row per piece, each rounded to at most
        // `limit x QA`: together they must fit in an i16.
        let rows = positions.most_pieces() + 1;
        let feature_limit = FEATURE_LIMIT.min((i16::MAX as usize / rows) as f32 / QA as f32);
        let worker = Worker::new(&model);
        Ok(Trainer {
            positions,
            adam: Adam::new(model.values().len()),
            model,
            training,
            validation,
            targets,
            buckets,
            feature_limit,
            epochs_done: 0,
            workers: vec![worker; config.threads],
            data: positions.fingerprint(),
            config,
        })
    }

    /// Starts from `network`'s weights instead of random ones, to go on learning from new
    /// positions: the optimiser starts afresh, the epochs from the first. The network must be
    /// of this run's game, inputs, output buckets, scale, views and king buckets; a run wider
    /// than the network starts from it widened, its new hidden values at zero weight, and a
    /// run with king buckets from a network of one set gives each bucket a copy of that set.
    ///
    /// # Errors
    /// A network that differs from the run in any of those, or is wider than the run.
    pub fn start_from(&mut self, network: &Network) -> Result<(), TrainError> {
        let (config, positions, p) = (&self.config, self.positions, network.parameters());
        let sets = |buckets: &KingBuckets| format!("{} set(s) {:?}", buckets.count(), buckets.map());
        // A network of one set fits any run: it splits into the run's king buckets.
        let split = if p.king_buckets.count() == 1 { positions.king_buckets().count() } else { 1 };
        let fitting = if split > 1 { positions.king_buckets() } else { &p.king_buckets };
        let differs = [
            ("game", network.game().to_string(), positions.game().to_string()),
            ("inputs", (split * p.inputs).to_string(), self.model.inputs().to_string()),
            ("output buckets", p.buckets.to_string(), config.buckets.to_string()),
            ("scale", p.scale.to_string(), config.scale.to_string()),
            ("views", format!("{:?}", p.orientation), format!("{:?}", positions.orientation())),
            ("king buckets", sets(fitting), sets(positions.king_buckets())),
        ];
        if let Some(difference) = first_difference("network", differs) {
            return Err(TrainError::Setting(difference));
        }
        if config.hidden < p.hidden {
            return Err(TrainError::Setting(format!(
                "the network is {} hidden values wide, the run {}: a network can be widened, not narrowed",
                p.hidden, config.hidden
            )));
        }
        self.model = Model::from_parameters(&p).split_into_king_sets(split).widened(config.hidden, config.seed);
        self.adam = Adam::new(self.model.values().len());
        self.epochs_done = 0;
        Ok(())
    }

    /// Goes on from `checkpoint`, which must be of a run of this game, hidden width, scale
    /// and seed (the seed chose the validation positions).
    ///
    /// # Errors
    /// A checkpoint of another game, shape, scale or seed.
    pub fn resume(&mut self, checkpoint: Checkpoint) -> Result<(), TrainError> {
        let (model, config) = (&checkpoint.model, &self.config);
        let differs = [
            ("game", checkpoint.game.clone(), self.positions.game().to_string()),
            ("inputs", model.inputs().to_string(), self.model.inputs().to_string()),
            ("hidden width", model.hidden().to_string(), config.hidden.to_string()),
            ("output buckets", model.buckets().to_string(), config.buckets.to_string()),
            ("scale", model.scale().to_string(), config.scale.to_string()),
            ("seed", checkpoint.seed.to_string(), config.seed.to_string()),
        ];
        if let Some(difference) = first_difference("checkpoint", differs) {
            return Err(TrainError::Checkpoint(difference));
        }
        if checkpoint.data.is_some_and(|data| data != self.data) {
            return Err(TrainError::Checkpoint(
                "the checkpoint was made on other training positions than this run's: resume with the same \
                 --data files, in the same order, and the same --mirror or --turn-by-king"
                    .to_string(),
            ));
        }
        self.model = checkpoint.model;
        self.adam = checkpoint.adam;
        self.epochs_done = checkpoint.epochs;
        Ok(())
    }

    /// The run's state, to resume later.
    pub fn checkpoint(&self) -> Checkpoint {
        Checkpoint {
            game: self.positions.game().to_string(),
            seed: self.config.seed,
            epochs: self.epochs_done,
            data: Some(self.data),
            model: self.model.clone(),
            adam: self.adam.clone(),
        }
    }

    /// The network as it stands.
    pub fn model(&self) -> &Model {
        &self.model
    }

    /// The settings.
    pub fn config(&self) -> &TrainConfig {
        &self.config
    }

    /// Epochs done.
    pub fn epochs_done(&self) -> u32 {
        self.epochs_done
    }

    /// The number of training positions.
    pub fn training_positions(&self) -> usize {
        self.training.len()
    }

    /// The number of validation positions.
    pub fn validation_positions(&self) -> usize {
        self.validation.len()
    }

    /// The widest feature weight or bias this run allows.
    pub fn feature_limit(&self) -> f32 {
        self.feature_limit
    }

    /// The mean loss over the validation positions; none without them.
    pub fn validation_loss(&mut self) -> Option<f64> {
        if self.validation.is_empty() {
            return None;
        }
        let validation = std::mem::take(&mut self.validation);
        let sums = self.run_shares(&validation, None);
        self.validation = validation;
        Some(sums.iter().sum::<f64>() / self.validation.len() as f64)
    }

    /// The summed loss of each thread's share of `positions`; with `weight`, each worker's
    /// gradient of `weight` times its share's loss is left in it.
    fn run_shares(&mut self, positions: &[usize], weight: Option<f32>) -> Vec<f64> {
        let task = Task {
            model: &self.model,
            positions: self.positions,
            targets: &self.targets,
            buckets: &self.buckets,
            loss: self.config.loss,
        };
        in_parallel(shares(positions, self.config.threads).zip(&mut self.workers), |(part, worker)| {
            task.run(worker, part, weight)
        })
    }

    /// One step of the optimiser on the positions `batch`, at learning rate `rate`; the
    /// batch's summed loss before the step.
    fn step(&mut self, batch: &[usize], rate: f32) -> f64 {
        let sums = self.run_shares(batch, Some(1.0 / batch.len() as f32));
        let gradients: Vec<&[f32]> = self.workers[..sums.len()].iter().map(|w| w.gradient.as_slice()).collect();
        self.adam.step(self.model.values_mut(), &gradients, rate);
        self.model.clip(self.feature_limit);
        sums.iter().sum()
    }

    /// Trains one more epoch.
    pub fn run_epoch(&mut self) -> EpochReport {
        let start = Instant::now();
        let mut order = self.training.clone();
        Rng::stream(self.config.seed, 2 + self.epochs_done as u64).shuffle_scaled(&mut order);
        let batches = order.len().div_ceil(self.config.batch_size);
        let steps = batches * self.config.epochs as usize;
        let (mut sum, mut rate) = (0.0, self.config.learning_rate);
        for (n, batch) in order.chunks(self.config.batch_size).enumerate() {
            rate = self.config.learning_rate_at(self.epochs_done as usize * batches + n, steps);
            sum += self.step(batch, rate);
        }
        let training_time = start.elapsed();
        self.epochs_done += 1;
        EpochReport {
            epoch: self.epochs_done,
            training_loss: sum / order.len() as f64,
            validation_loss: self.validation_loss(),
            learning_rate: rate,
            positions_per_second: order.len() as f64 / training_time.as_secs_f64().max(1e-9),
            duration: start.elapsed(),
        }
    }
}
