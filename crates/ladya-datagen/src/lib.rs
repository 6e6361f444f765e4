//! Training data for Ladya's learned evaluation from its own self-play, and nothing else's:
//! games from random openings, every move a fixed-node search, the quiet positions kept with
//! their search scores and the games' results ([`selfplay`]), written game by game to a data
//! file of [`ladya_nnue::data`] ([`generate`]).
//!
//! A crate of its own because it needs both the search and the data format: `ladya-nnue`
//! cannot hold it, as the search depends on `ladya-nnue` and not the other way round, and the
//! `ladya` command stays a thin layer (`ladya datagen`) over it.
//!
//! Game number `i` of a file is played from a seed made of the run's seed and `i`, in a table
//! of its own, with a single-threaded search, so it is the same game whatever the number of
//! threads; games are written in their numbers' order, so the whole file is too, and a run
//! resumed on a file continues its numbering.
//!
//! ```
//! use ladya_datagen::{DatagenConfig, generate};
//! use ladya_nnue::data::DataSet;
//!
//! let path = std::env::temp_dir().join(format!("ladya-datagen-doc-{}.data", std::process::id()));
//! let _ = std::fs::remove_file(&path);
//! let mut config = DatagenConfig { games: 2, threads: 2, ..DatagenConfig::for_game::<ladya_ugolki::Position>() };
//! config.play.nodes = 200;
//! let summary = generate::<ladya_ugolki::Position>(&path, &config, &mut |_| {})?;
//! assert_eq!((summary.games, summary.games_this_run), (2, 2));
//! let data = DataSet::read(&path)?;
//! assert_eq!((data.game_lengths.len(), data.samples.len() as u64), (2, summary.positions_this_run));
//! std::fs::remove_file(&path)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

pub mod selfplay;

use std::collections::BTreeMap;
use std::fmt;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use ladya_core::hashtable::HashTableError;
use ladya_games::EngineGame;
use ladya_nnue::data::{DataError, DataWriter};
use ladya_search::{SearchOptions, TranspositionTable};

pub use ladya_games::adjudication::EndingRules;
pub use selfplay::{NoOpening, PlayedGame, SelfPlay, game_seed};

/// What a run of self-play makes.
#[derive(Clone, Debug)]
pub struct DatagenConfig {
    /// Games the file holds when the run is done (counting those it held before).
    pub games: u64,
    /// How each game is played: nodes per move, random opening plies, search settings (the
    /// evaluation among them) and adjudication.
    pub play: SelfPlay,
    /// The run's seed; game `i` plays from [`game_seed`]`(seed, i)`.
    pub seed: u64,
    /// Threads playing games at once, each with a table of `hash_mb` megabytes.
    pub threads: usize,
    /// Each thread's transposition table size in megabytes.
    pub hash_mb: usize,
}

impl DatagenConfig {
    /// The defaults for `G`: 5000 nodes a move, 8 random plies, seed 0,
    /// one thread with a 16 MB table, the built-in evaluation, the game's
    /// [`EngineGame::SELF_PLAY_ENDING`] and
    /// no limit on games.
    pub fn for_game<G: EngineGame>() -> DatagenConfig {
        DatagenConfig {
            games: u64::MAX,
            play: SelfPlay {
                nodes: 5000,
                random_plies: 8,
                options: SearchOptions::default(),
                ending: G::SELF_PLAY_ENDING,
            },
            seed: 0,
            threads: 1,
            hash_mb: 16,
        }
    }
}

/// Why a run stopped short.
#[derive(Debug, thiserror::Error)]
pub enum DatagenError {
    /// The data file cannot be opened, read or added to.
    #[error("{0}")]
    Data(#[from] DataError),
    /// A thread's transposition table cannot be had.
    #[error("hash table: {0}")]
    Table(#[from] HashTableError),
    /// No opening of the asked length could be found.
    #[error("{0}")]
    Opening(#[from] NoOpening),
}

/// How far a run has got.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Progress {
    /// Complete games in the file.
    pub games: u64,
    /// Of them, games this run wrote.
    pub games_this_run: u64,
    /// Positions this run wrote.
    pub positions_this_run: u64,
    /// Results of this run's games: Black's wins, draws, White's wins (by [`GameResult`](ladya_nnue::data::GameResult)).
    pub results: [u64; 3],
    /// Time since the run started.
    pub elapsed: Duration,
}

impl Progress {
    /// Positions written a second, this run.
    pub fn positions_per_second(&self) -> f64 {
        self.positions_this_run as f64 / self.elapsed.as_secs_f64().max(1e-3)
    }
}

impl fmt::Display for Progress {
    /// `12 games (10 this run), 905 positions, 301 positions/s, W/D/L 4/5/1, 3.0s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [black, draws, white] = self.results;
        write!(
            f,
            "{} ({} this run), {}, {:.0} positions/s, W/D/L {white}/{draws}/{black}, {:.1}s",
            ladya_games::counted(self.games, "game"),
            self.games_this_run,
            ladya_games::counted(self.positions_this_run, "position"),
            self.positions_per_second(),
            self.elapsed.as_secs_f64()
        )
    }
}

/// Plays games of `G` until the data file at `path` holds `config.games` of them, calling
/// `progress` after each game written; returns the final progress. A file that exists is
/// added to: its complete games are kept (a half-written last one is cut) and numbering goes
/// on from them. Each game is flushed to the file as soon as it and every game numbered
/// before it are done, so an interrupted run loses only games under way.
///
/// # Errors
/// The file cannot be used (not a data file, another game's, unwritable), a table cannot be
/// had, or no opening can be found. A file this run created is removed again when the run
/// fails before writing a game, so that a refused setting leaves no file behind.
pub fn generate<G: EngineGame>(
    path: &Path,
    config: &DatagenConfig,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, DatagenError> {
    let tables = (0..config.threads.max(1))
        .map(|_| TranspositionTable::try_new(config.hash_mb))
        .collect::<Result<Vec<_>, _>>()?;
    let existed = path.exists();
    let mut writer = DataWriter::append::<G>(path)?;
    let outcome = play_into::<G>(&mut writer, &tables, config, progress);
    if outcome.is_err() && !existed && writer.games() == 0 {
        drop(writer);
        let _ = std::fs::remove_file(path);
    }
    outcome
}

/// Plays the games [`generate`] asks for into `writer`, one table a thread.
fn play_into<G: EngineGame>(
    writer: &mut DataWriter,
    tables: &[TranspositionTable],
    config: &DatagenConfig,
    progress: &mut dyn FnMut(&Progress),
) -> Result<Progress, DatagenError> {
    let started = Instant::now();
    let mut status = Progress {
        games: writer.games(),
        games_this_run: 0,
        positions_this_run: 0,
        results: [0; 3],
        elapsed: Duration::ZERO,
    };
    let next_game = AtomicU64::new(writer.games());
    let stop = AtomicBool::new(false);
    let outcome = std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel();
        for table in tables {
            let (sender, next_game, stop) = (sender.clone(), &next_game, &stop);
            scope.spawn(move || {
                while !stop.load(Relaxed) {
                    let number = next_game.fetch_add(1, Relaxed);
                    if number >= config.games {
                        break;
                    }
                    let game = config.play.play::<G>(game_seed(config.seed, number), table);
                    if sender.send((number, game)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Games finish out of order; each waits here until those before it are written.
        let mut waiting = BTreeMap::new();
        let outcome = receiver.iter().try_for_each(|(number, game)| {
            waiting.insert(number, game?);
            while let Some(game) = waiting.remove(&writer.games()) {
                writer.write_game(&game.samples).map_err(DataError::from)?;
                status.games = writer.games();
                status.games_this_run += 1;
                status.positions_this_run += game.samples.len() as u64;
                status.results[game.result as usize] += 1; // BlackWon, Draw, WhiteWon: 0, 1, 2
                status.elapsed = started.elapsed();
                progress(&status);
            }
            Ok(())
        });
        stop.store(true, Relaxed);
        outcome
    });
    outcome.map(|()| Progress { elapsed: started.elapsed(), ..status })
}
