//! Why training cannot start or go on.

use ladya_nnue::NetworkError;
use ladya_nnue::data::DataError;
use thiserror::Error;

/// Why training cannot start or go on.
#[derive(Debug, Error)]
pub enum TrainError {
    /// A data file cannot be read.
    #[error("{path}: {source}")]
    Data {
        /// The file.
        path: String,
        /// Why.
        source: DataError,
    },
    /// A data file whose header does not describe a board.
    #[error("{path}: corrupt header: {what}")]
    Header {
        /// The file.
        path: String,
        /// What is wrong.
        what: String,
    },
    /// Data files of different games, or of different input shapes.
    #[error("{path} holds {found} data, but the first file holds {first} data of another shape")]
    MixedGames {
        /// The first file's game.
        first: String,
        /// The file that differs.
        path: String,
        /// Its game.
        found: String,
    },
    /// No data file, or files without a position.
    #[error("no positions to train on")]
    NoPositions,
    /// More inputs than the trainer numbers.
    #[error("the game has {0} inputs, more than the trainer takes (65536)")]
    TooManyInputs(usize),
    /// A setting out of its range.
    #[error("{0}")]
    Setting(String),
    /// Parameters the network file cannot take.
    #[error("{0}")]
    Network(#[from] NetworkError),
    /// A checkpoint that cannot be read or does not fit the run.
    #[error("{0}")]
    Checkpoint(String),
}
