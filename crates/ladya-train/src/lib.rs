//! Ladya's trainer of learned evaluations, for every game at once.
//!
//! It reads training data written by [`ladya_nnue::data`] (the file's header names the game
//! and the shape of its inputs, so one trainer serves chess, xiangqi and ugolki), lays the
//! positions out once as flat arrays of active inputs ([`Positions`]), and fits a float copy
//! of the network [`ladya_nnue`] computes in integers ([`Model`]) to a blend of the search's
//! scores and the games' results ([`Loss`]) with Adam ([`Adam`]), on every core
//! ([`Trainer`]). The result is quantised into a network file; a [`Checkpoint`] keeps a run's
//! state so that a later run can go on from it.
//!
//! # A run, from data to network
//!
//! ```
//! use ladya_chess::Position;
//! use ladya_nnue::Network;
//! use ladya_nnue::data::{DataWriter, GameResult, Sample};
//! use ladya_train::{Checkpoint, Loss, Positions, TrainConfig, Trainer};
//!
//! // A small data file: 12 games of chess, each position with a made-up score (what
//! // `ladya datagen` writes from Ladya's own games).
//! let path = std::env::temp_dir().join(format!("ladya-train-doc-{}.data", std::process::id()));
//! let _ = std::fs::remove_file(&path);
//! let mut writer = DataWriter::append::<Position>(&path)?;
//! for game in 0..12 {
//!     let mut pos = Position::start();
//!     let mut samples = Vec::new();
//!     for ply in 0..30 {
//!         let moves = pos.legal_moves();
//!         if moves.is_empty() {
//!             break;
//!         }
//!         samples.push(Sample::of(&pos, (ply as i16 - 15) * 8, GameResult::from_winner(None)));
//!         pos.make(moves[(game * 7 + ply * 3) % moves.len()]);
//!     }
//!     writer.write_game(&samples)?;
//! }
//! drop(writer);
//!
//! // Read once into the trainer's layout, then train: the search's scores alone, 16 wide.
//! let positions = Positions::read(&[&path])?;
//! let config = TrainConfig {
//!     hidden: 16,
//!     epochs: 2,
//!     batch_size: 64,
//!     threads: 1,
//!     loss: Loss { wdl: 0.0, sigmoid_scale: 400.0, power: 2.0 },
//!     ..TrainConfig::default()
//! };
//! let mut trainer = Trainer::new(&positions, config.clone())?;
//! let first = trainer.run_epoch();
//! assert_eq!(first.epoch, 1);
//! assert!(first.validation_loss.is_some_and(f64::is_finite));
//!
//! // A checkpoint after the first epoch; a new run resumed from it is the same run.
//! let saved = trainer.checkpoint().to_bytes();
//! let second = trainer.run_epoch();
//! let mut resumed = Trainer::new(&positions, config)?;
//! resumed.resume(Checkpoint::from_bytes(&saved)?)?;
//! assert_eq!(resumed.run_epoch().validation_loss, second.validation_loss);
//! assert_eq!(resumed.model(), trainer.model());
//!
//! // The network file `ladya train --out` writes, which `--eval` reads.
//! let net = trainer.model().network(positions.game(), positions.orientation(), positions.king_buckets())?;
//! let read = Network::from_bytes::<Position>(&net.to_bytes())?;
//! assert_eq!((read.game(), read.hidden()), ("chess", 16));
//! std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod adam;
mod checkpoint;
mod error;
mod loss;
mod machine;
mod model;
mod positions;
mod trainer;

#[cfg(test)]
mod tests;

pub use adam::{Adam, BETA1, BETA2};
pub use checkpoint::Checkpoint;
pub use error::TrainError;
pub use ladya_nnue::features::{FeatureSpace, KingBuckets};
pub use ladya_nnue::{Network, OutputBuckets};
pub use loss::Loss;
pub use model::{Model, OUTPUT_WEIGHT_LIMIT};
pub use positions::Positions;
pub use trainer::{EpochReport, FEATURE_LIMIT, MAX_THREADS, TrainConfig, Trainer};
