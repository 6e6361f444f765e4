//! `ladya train`: fits a network to training data with [`ladya_train`] and writes the network
//! file (and, if asked, a checkpoint) after every epoch.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use ladya_core::Game;
use ladya_games::{EngineGame, GameKind, counted, with_game};
use ladya_train::{
    Checkpoint, FeatureSpace, KingBuckets, Loss, Network, OutputBuckets, Positions, TrainConfig, Trainer,
};

use crate::Failure;

/// Arguments of `ladya train`.
#[derive(Args)]
pub struct TrainArgs {
    /// A training-data file (repeat for more, all of one game).
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// The network file to write (after every epoch).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Hidden values of one view, a multiple of 16 up to 512 (default: 128, or --init's; more
    /// than --init's widens that network, its new values starting at zero weight).
    #[arg(long)]
    hidden: Option<usize>,
    /// Output layers picked by the position's phase: `single`, `pieces:COUNT:MOST` or
    /// `moves:COUNT:LAST` (default: pieces:8:32 in chess and xiangqi, moves:8:80 in ugolki).
    #[arg(long, value_name = "BUCKETS")]
    buckets: Option<OutputBuckets>,
    /// Learn from each position's left-right mirror image as well (chess and xiangqi).
    #[arg(long, conflicts_with = "turn_by_king")]
    mirror: bool,
    /// Turn each side's view left to right while its king stands on the right half of the
    /// board (chess and xiangqi), so that the network learns one pattern for either wing.
    #[arg(long)]
    turn_by_king: bool,
    /// Give each region of the king's squares its own set of inputs: one character per square
    /// in the game's square order (a1, b1, ..., h8 in chess), 0-9 then a-z, `/` between ranks
    /// allowed; the square is the one the view sees, after --turn-by-king's turn.
    #[arg(long, value_name = "MAP")]
    king_buckets: Option<String>,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    epochs: u32,
    /// Positions per step of the optimiser.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// The learning rate at the start, falling along half a cosine to --final-lr.
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// The learning rate at the end of the last epoch (default: --lr / 100).
    #[arg(long)]
    final_lr: Option<f32>,
    /// The weight of the game's result in the target (0: the search's score alone, 1: the
    /// result alone).
    #[arg(long, default_value_t = 0.3)]
    wdl: f32,
    /// The evaluation that the sigmoid turns into a 73% expectation, in the game's units.
    #[arg(long, default_value_t = 400.0)]
    sigmoid_scale: f32,
    /// The power of the error in the loss (2: mean squared error).
    #[arg(long, default_value_t = 2.0)]
    loss_power: f32,
    /// Evaluation units of a network output of 1.0 (default: 400, or --init's).
    #[arg(long)]
    scale: Option<u32>,
    /// The fraction of the positions held out to measure the network on.
    #[arg(long, default_value_t = 0.05)]
    validation: f64,
    /// The seed of the initial weights, the validation positions and the order of each epoch.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads (default: every core), at most 256.
    #[arg(long)]
    threads: Option<usize>,
    /// Save the run's state here after every epoch, to --resume it later.
    #[arg(long, value_name = "FILE")]
    checkpoint: Option<PathBuf>,
    /// Go on from this checkpoint (of a run with the same data, hidden width, scale and seed)
    /// up to --epochs in all.
    #[arg(long, value_name = "FILE")]
    resume: Option<PathBuf>,
    /// Start from this network's weights instead of random ones: `<built-in>` (the network
    /// built into Ladya for the data's game) or a network file of the same inputs, output
    /// buckets, scale, views and king buckets (or of one set, copied into each of
    /// --king-buckets'), at most --hidden wide, to go on learning from new positions.
    #[arg(long, value_name = "NETWORK", conflicts_with = "resume")]
    init: Option<String>,
}

/// Writes `bytes` to `path` through a temporary file beside it, so an interrupted write
/// leaves the old file.
fn write_whole(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    std::fs::write(&temporary, bytes)
        .and_then(|()| std::fs::rename(&temporary, path))
        .map_err(|e| Failure(format!("cannot write '{}': {e}", path.display())))
}

/// Each square's left-right mirror image in `G`, if the game has that symmetry.
fn mirror_map<G: Game>() -> Option<Vec<u8>> {
    (0..G::SQUARES).map(|square| G::mirror_square(square as u8)).collect()
}

/// The kind of `G`'s royal piece, if it has one.
fn royal_kind<G: Game>() -> Option<u8> {
    G::ROYAL_KIND
}

/// The number of squares of `G`'s board.
fn output_buckets<G: EngineGame>() -> OutputBuckets {
    G::OUTPUT_BUCKETS
}

fn squares<G: Game>() -> usize {
    G::SQUARES
}

/// Refuses data whose header gives `G`'s board other squares, kinds of piece or flips than
/// `G` has: a network of that shape would not fit the game.
fn check_space<G: Game>(positions: &Positions) -> Result<(), Failure> {
    let (found, expected) = (positions.space(), FeatureSpace::of::<G>());
    if *found == expected {
        return Ok(());
    }
    Err(Failure(format!(
        "the data's header is corrupt: {} has {} squares and {} kinds of piece, but the header says {} and {}{}",
        G::NAME,
        expected.squares,
        expected.kinds,
        found.squares,
        found.kinds,
        if (found.squares, found.kinds) == (expected.squares, expected.kinds) {
            " with other flipped squares"
        } else {
            ""
        }
    )))
}

/// The network `name` of `--init` for `G`: `<built-in>` or a file, as `--eval` names them.
fn starting_network<G: EngineGame>(name: &str) -> Result<Arc<Network>, Failure> {
    let evaluation = ladya_protocol::evaluation(name).map_err(|e| Failure(format!("--init: {e}")))?;
    evaluation.network_for::<G>().ok_or_else(|| Failure(format!("--init: '{name}' is no network for {}", G::NAME)))
}

/// Trains, printing one line per epoch.
pub fn run(args: &TrainArgs) -> Result<(), Failure> {
    let start = Instant::now();
    let mut positions = Positions::read(&args.data).map_err(|e| Failure(e.to_string()))?;
    let kind = GameKind::from_name(positions.game())
        .ok_or_else(|| Failure(format!("the data is of '{}', a game Ladya does not play", positions.game())))?;
    with_game!(kind, check_space(&positions))?;
    if args.mirror || args.turn_by_king {
        let mirror = with_game!(kind, mirror_map()).ok_or_else(|| {
            Failure(format!(
                "{kind} positions are not worth the same mirrored: --mirror and --turn-by-king are for chess and xiangqi"
            ))
        })?;
        positions = if args.mirror {
            positions.with_mirror_images(&mirror)
        } else {
            let royal = with_game!(kind, royal_kind())
                .ok_or_else(|| Failure(format!("{kind} has no king: --turn-by-king is for chess and xiangqi")))?;
            positions.with_views_turned_by_king(royal, &mirror)
        }
        .map_err(|e| Failure(e.to_string()))?;
    }
    if let Some(map) = &args.king_buckets {
        let buckets = KingBuckets::parse(map, with_game!(kind, squares()))
            .map_err(|e| Failure(format!("--king-buckets: {e}")))?;
        let royal = with_game!(kind, royal_kind())
            .ok_or_else(|| Failure(format!("{kind} has no king: --king-buckets is for chess and xiangqi")))?;
        positions = positions.with_king_buckets(royal, &buckets).map_err(|e| Failure(e.to_string()))?;
    }
    let init = match &args.init {
        Some(name) => Some(with_game!(kind, starting_network(name))?),
        None => None,
    };
    let defaults = TrainConfig::default();
    let config = TrainConfig {
        hidden: args.hidden.or(init.as_ref().map(|n| n.hidden())).unwrap_or(defaults.hidden),
        buckets: args
            .buckets
            .or(init.as_ref().map(|n| n.buckets()))
            .unwrap_or_else(|| with_game!(kind, output_buckets())),
        scale: args.scale.or(init.as_ref().map(|n| n.scale())).unwrap_or(defaults.scale),
        epochs: args.epochs,
        batch_size: args.batch,
        learning_rate: args.lr,
        final_learning_rate: args.final_lr.unwrap_or(args.lr / 100.0),
        loss: Loss { wdl: args.wdl, sigmoid_scale: args.sigmoid_scale, power: args.loss_power },
        validation: args.validation,
        seed: args.seed,
        threads: args.threads.unwrap_or(defaults.threads),
    };
    let mut trainer = Trainer::new(&positions, config).map_err(|e| Failure(e.to_string()))?;
    if let Some(network) = &init {
        trainer.start_from(network).map_err(|e| Failure(format!("--init: {e}")))?;
    }
    if let Some(path) = &args.resume {
        let bytes = std::fs::read(path).map_err(|e| Failure(format!("cannot read '{}': {e}", path.display())))?;
        let checkpoint = Checkpoint::from_bytes(&bytes).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
        trainer.resume(checkpoint).map_err(|e| Failure(format!("{}: {e}", path.display())))?;
    }
    let config = trainer.config();
    println!(
        "training {} {}->2x{}->1 (output buckets {}, views {:?}, {}) on {} ({} held out), {}, {:.1} s to read",
        positions.game(),
        positions.inputs_per_view(),
        config.hidden,
        config.buckets,
        positions.orientation(),
        counted(positions.king_buckets().count() as u64, "king bucket"),
        counted(trainer.training_positions() as u64, "position"),
        trainer.validation_positions(),
        counted(config.threads as u64, "thread"),
        start.elapsed().as_secs_f64()
    );
    let save = |trainer: &Trainer| -> Result<(), Failure> {
        let network = trainer.model().network(positions.game(), positions.orientation(), positions.king_buckets());
        let network = network.map_err(|e| Failure(e.to_string()))?;
        write_whole(&args.out, &network.to_bytes())?;
        match &args.checkpoint {
            Some(path) => write_whole(path, &trainer.checkpoint().to_bytes()),
            None => Ok(()),
        }
    };
    if trainer.epochs_done() >= args.epochs {
        println!("the checkpoint has {} already: nothing to train", counted(trainer.epochs_done().into(), "epoch"));
        return save(&trainer);
    }
    while trainer.epochs_done() < args.epochs {
        let report = trainer.run_epoch();
        let validation = report.validation_loss.map_or("-".to_string(), |loss| format!("{loss:.6}"));
        println!(
            "epoch {}/{}  train {:.6}  validation {validation}  lr {:.2e}  {:.0} pos/s  {:.1} s",
            report.epoch,
            args.epochs,
            report.training_loss,
            report.learning_rate,
            report.positions_per_second,
            start.elapsed().as_secs_f64()
        );
        save(&trainer)?;
    }
    Ok(())
}
