//! `ladya-fuzz`: runs Ladya's fuzz targets and writes the inputs that fail to
//! `fuzz-failures/TARGET-N.txt`.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use ladya_fuzz::rng::Rng;
use ladya_fuzz::runner::{Budget, Failure, Report, escape, fuzz, replay};
use ladya_fuzz::targets::{TARGETS, Target, find};

/// How much of a failing input is printed.
const SHOWN: usize = 300;

/// Fuzzes Ladya's readers, rules, protocols and solver (mutational, without coverage feedback).
#[derive(Parser)]
#[command(version)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Lists the targets.
    List,
    /// Runs one target.
    Run {
        /// The target (see `list`).
        target: String,
        /// Seconds to run (the default is 10 when no --iterations is given).
        #[arg(long, conflicts_with = "iterations")]
        seconds: Option<f64>,
        /// Inputs to try.
        #[arg(long)]
        iterations: Option<u64>,
        /// The seed: the same seed makes the same inputs.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where failing inputs are written.
        #[arg(long, default_value = "fuzz-failures")]
        out: PathBuf,
    },
    /// Runs every target, one after another.
    All {
        /// Seconds per target.
        #[arg(long, default_value_t = 10.0)]
        seconds: f64,
        /// The seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Where failing inputs are written.
        #[arg(long, default_value = "fuzz-failures")]
        out: PathBuf,
    },
    /// Writes input number N of a run with the given seed to standard output, as it is.
    Show {
        /// The target.
        target: String,
        /// The input's number in the run (0 is the first).
        input: u64,
        /// The run's seed.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
    /// Checks one saved input again, such as a file of fuzz-failures/.
    Replay {
        /// The target.
        target: String,
        /// The input file.
        file: PathBuf,
    },
}

fn target(name: &str) -> Result<&'static Target, String> {
    find(name).ok_or_else(|| {
        format!(
            "unknown target '{name}'; the targets: {}",
            TARGETS.iter().map(|t| t.name).collect::<Vec<_>>().join(", ")
        )
    })
}

fn duration(seconds: f64) -> Result<Duration, String> {
    Duration::try_from_secs_f64(seconds).map_err(|_| format!("--seconds must be a number of seconds, not {seconds}"))
}

/// Runs a target, printing each failure as found and writing its input to `out`; then the
/// target's line of figures.
fn run_target(target: &Target, budget: Budget, seed: u64, out: &Path) -> Report {
    let mut written = 0;
    let report = fuzz(target, budget, seed, |failure: &Failure| {
        written += 1;
        let file = out.join(format!("{}-{written}.txt", target.name));
        let saved = std::fs::create_dir_all(out)
            .and_then(|()| std::fs::write(&file, &failure.input))
            .map_or_else(|e| format!("not saved: {e}"), |()| format!("saved to {}", file.display()));
        println!("FAIL {} (input {}, {saved}): {}", target.name, failure.iteration, failure.message);
        println!("  input: {}", escape(&failure.input, SHOWN));
    });
    println!(
        "{:<14} {:>9} inputs  {:>3} distinct failures  {:>7.1} s",
        target.name,
        report.tried,
        report.failures.len(),
        report.elapsed.as_secs_f64()
    );
    report
}

fn main() -> ExitCode {
    if cfg!(panic = "abort") {
        eprintln!("ladya-fuzz: built with panic = \"abort\": the first panic ends the run; use --profile fuzz");
    }
    let result = match Cli::parse().command {
        Command::List => {
            for t in TARGETS {
                println!("{:<14} {}", t.name, t.about);
            }
            Ok(true)
        }
        Command::Run { target: name, seconds, iterations, seed, out } => (|| {
            let budget = match (seconds, iterations) {
                (_, Some(n)) => Budget::Iterations(n),
                (seconds, None) => Budget::Time(duration(seconds.unwrap_or(10.0))?),
            };
            Ok(run_target(target(&name)?, budget, seed, &out).failures.is_empty())
        })(),
        Command::All { seconds, seed, out } => duration(seconds).map(|limit| {
            TARGETS
                .iter()
                .map(|t| run_target(t, Budget::Time(limit), seed, &out))
                .filter(|r| !r.failures.is_empty())
                .count()
                == 0
        }),
        Command::Show { target: name, input, seed } => target(&name).map(|t| {
            let bytes = t.generate(&mut Rng::for_input(seed, input));
            std::io::stdout().write_all(&bytes).is_ok()
        }),
        Command::Replay { target: name, file } => (|| {
            let t = target(&name)?;
            let input = std::fs::read(&file).map_err(|e| format!("{}: {e}", file.display()))?;
            match replay(t, &input) {
                Ok(()) => println!("{}: passes", t.name),
                Err(message) => println!("{}: FAIL {message}", t.name),
            }
            Ok(replay(t, &input).is_ok())
        })(),
    };
    match result {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("ladya-fuzz: {message}");
            ExitCode::from(2)
        }
    }
}
