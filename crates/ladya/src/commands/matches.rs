//! `ladya match`: engine matches and SPRT tests, with cutechess-cli's options, refereed by
//! Ladya's rules (the work is in the ladya-match crate).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::Args;
use ladya_games::GameKind;
use ladya_match::{
    Adjudication, ClockRule, EngineSpec, Limits, MatchConfig, Opening, OpeningSettings, Sprt, TournamentKind, arrange,
    draw_rule, read_openings, resign_rule, run_match,
};

use crate::Failure;

/// Arguments of `ladya match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The game.
    #[arg(long, value_parser = crate::commands::game_kind())]
    game: GameKind,
    /// An engine, as cutechess-cli gives it (repeat for each engine): cmd=PATH (`ladya` is
    /// this program) [proto=uci|xboard|ucci] [name=N] [dir=D] [arg=A]... [option.NAME=VALUE]...
    /// [tc=TC] [st=S] [nodes=N] [depth=D] (its own limits).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE", required = true)]
    engine: Vec<String>,
    /// Settings for every engine (each engine's own settings win).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    each: Vec<String>,
    /// Clock: [MOVES/]SECONDS[+INCREMENT], such as 10+0.1 or 40/60.
    #[arg(long, conflicts_with = "st")]
    tc: Option<String>,
    /// A fixed time per move, in seconds.
    #[arg(long)]
    st: Option<String>,
    /// Nodes per move.
    #[arg(long)]
    nodes: Option<u64>,
    /// Depth per move.
    #[arg(long)]
    depth: Option<u32>,
    /// Milliseconds a move may overrun the clock without losing on time.
    #[arg(long, value_name = "MS", default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=3_600_000))]
    timemargin: u64,
    /// Without a clock: seconds a move may take before the engine is taken to hang.
    #[arg(long, value_name = "SECONDS", default_value_t = 60, value_parser = clap::value_parser!(u64).range(1..=86_400))]
    hang: u64,
    /// Start positions: file=F [format=epd|pgn] [order=sequential|random] [seed=N] [plies=N]
    /// (default: the standard start).
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    openings: Vec<String>,
    /// Games per encounter in each round (each opening is played twice, colours reversed).
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Rounds.
    #[arg(long, default_value_t = 1)]
    rounds: usize,
    /// Games played at once (1 or more).
    #[arg(long, default_value_t = 1, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..))]
    concurrency: usize,
    /// A sequential probability ratio test on game pairs, ending the match at a bound:
    /// elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] [model=normalized|logistic].
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    sprt: Vec<String>,
    /// Draw adjudication: movenumber=N movecount=M score=CP.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    draw: Vec<String>,
    /// Resign adjudication: movecount=M score=CP.
    #[arg(long, num_args = 1.., value_name = "KEY=VALUE")]
    resign: Vec<String>,
    /// Append every game to this PGN file.
    #[arg(long, value_name = "FILE")]
    pgnout: Option<std::path::PathBuf>,
    /// With more than two engines: gauntlet (the first against the others) or round-robin.
    #[arg(long, default_value = "round-robin")]
    tournament: String,
    /// An engine that cannot be (re)started loses its games instead of ending the match.
    #[arg(long)]
    recover: bool,
    /// The PGN's Event tag.
    #[arg(long, default_value = "ladya match")]
    event: String,
}

/// Splits the settings of every `--engine` (which clap reads as one list) into one list per
/// engine, by the command line's words: each `--engine` takes the words up to the next option.
fn engine_groups(settings: &[String], words: impl Iterator<Item = String>) -> Result<Vec<Vec<String>>, Failure> {
    let mut groups: Vec<Vec<String>> = Vec::new();
    let mut in_engine = false;
    for word in words {
        if word == "--engine" {
            groups.push(Vec::new());
            in_engine = true;
        } else if let Some(first) = word.strip_prefix("--engine=") {
            groups.push(vec![first.to_string()]);
            in_engine = true;
        } else if word.starts_with('-') {
            in_engine = false;
        } else if let Some(group) = groups.last_mut().filter(|_| in_engine) {
            group.push(word);
        }
    }
    if groups.concat() != settings {
        return Err(Failure(
            "cannot tell the engines' settings apart: give each engine as --engine KEY=VALUE...".into(),
        ));
    }
    Ok(groups)
}

/// Reads the arguments into a match.
fn config(args: &MatchArgs) -> Result<MatchConfig, Failure> {
    let failure = |e: &dyn std::fmt::Display| Failure(e.to_string());
    let engines = engine_groups(&args.engine, std::env::args().skip(1))?
        .iter()
        .map(|own| EngineSpec::parse(&[args.each.clone(), own.clone()].concat()))
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| failure(&e))?;
    let clock = match (&args.tc, &args.st) {
        (Some(tc), _) => Some(tc.parse::<ClockRule>().map_err(|e| failure(&e))?),
        (None, Some(st)) => Some(ClockRule::per_move(st).map_err(|e| failure(&e))?),
        (None, None) => None,
    };
    let limits = Limits {
        clock,
        nodes: args.nodes,
        depth: args.depth,
        margin: Duration::from_millis(args.timemargin),
        hang: Duration::from_secs(args.hang),
    };
    let openings = if args.openings.is_empty() {
        vec![Opening::default()]
    } else {
        let settings = OpeningSettings::parse(&args.openings).map_err(|e| failure(&e))?;
        let text =
            crate::input::read_text(&settings.file).map_err(|e| Failure(format!("--openings: cannot read {e}")))?;
        let openings = read_openings(args.game, &text, settings.format, settings.plies)
            .map_err(|e| Failure(format!("--openings {}: {e}", settings.file.display())))?;
        arrange(openings, settings.order, settings.seed)
    };
    let optional = |words: &[String]| (!words.is_empty()).then_some(words.to_vec());
    Ok(MatchConfig {
        game: args.game,
        engines,
        tournament: args.tournament.parse::<TournamentKind>().map_err(|e| failure(&e))?,
        games: args.games,
        rounds: args.rounds,
        openings,
        limits,
        adjudication: Adjudication {
            draw: optional(&args.draw).map(|w| draw_rule(&w)).transpose().map_err(|e| failure(&e))?,
            resign: optional(&args.resign).map(|w| resign_rule(&w)).transpose().map_err(|e| failure(&e))?,
        },
        sprt: optional(&args.sprt).map(|w| Sprt::parse(&w)).transpose().map_err(|e| failure(&e))?,
        concurrency: args.concurrency,
        pgn_out: args.pgnout.clone(),
        recover: args.recover,
        event: args.event.clone(),
    })
}

/// Plays the match; Ctrl-C stops it, keeping the games already played.
pub fn run(args: &MatchArgs) -> Result<(), Failure> {
    let config = config(args)?;
    let stop = Arc::new(AtomicBool::new(false));
    let on_interrupt = Arc::clone(&stop);
    ctrlc::set_handler(move || on_interrupt.store(true, Ordering::Relaxed))
        .map_err(|e| Failure(format!("cannot catch Ctrl-C: {e}")))?;
    let mut out = std::io::stdout();
    run_match(&config, &stop, &mut out).map_err(|e| Failure(e.to_string()))?;
    Ok(())
}
