//! `ladya syzygy`: what chess's Syzygy tables say of positions, one FEN a line on stdin, for
//! checking the prober against another one (`scripts/syzygy_check.py`).

use std::io::BufRead;

use clap::Args;
use ladya_chess::Position;

use crate::Failure;
use crate::output::Lines;

/// Arguments of `ladya syzygy`.
#[derive(Args)]
pub struct SyzygyArgs {
    /// The tables' directories, separated by `:`.
    path: String,
}

/// Loads the tables, then answers each FEN read from stdin with a line `WDL DTZ`: the verdict
/// from -2 (lost) to 2 (won) with the 50-move clock at 0, and the distance to zeroing in plies
/// (negative when lost, 0 in a draw; `-` for a mate or stalemate, which has none); `none` for a
/// position the tables do not hold, `error: ...` for a bad FEN.
///
/// # Errors
/// No table in the path, or stdin unreadable.
pub fn run(args: &SyzygyArgs) -> Result<(), Failure> {
    let pieces = ladya_syzygy::load(&args.path).map_err(Failure)?;
    eprintln!("ladya: Syzygy tables of up to {pieces} pieces");
    let mut lines = Lines::default();
    for line in std::io::stdin().lock().lines() {
        let line = line.map_err(|e| Failure(format!("stdin: {e}")))?;
        let fen = line.trim();
        if fen.is_empty() {
            continue;
        }
        let answer = match Position::from_fen(fen) {
            Err(e) => format!("error: {e}"),
            Ok(pos) => {
                let wdl = ladya_syzygy::probe_wdl(&pos).map(|w| w.signed());
                let dtz = ladya_syzygy::probe_root(&pos, false).map(|root| root.dtz);
                match (wdl, dtz) {
                    (None, _) => "none".to_string(),
                    (Some(wdl), Some(dtz)) => format!("{wdl} {dtz}"),
                    (Some(wdl), None) => format!("{wdl} -"),
                }
            }
        };
        if !lines.line(&answer) {
            break;
        }
    }
    lines.finish()
}
