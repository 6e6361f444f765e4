//! A bounded fuzz run inside the test suite: every target, a fixed number of inputs from a
//! fixed seed, so `cargo test --workspace` fuzzes too. The longer runs are
//! `cargo run --profile fuzz -p ladya-fuzz -- all --seconds 60` (see docs/fuzzing.md).

use ladya_fuzz::runner::{Budget, escape, fuzz};
use ladya_fuzz::targets::TARGETS;

/// Inputs per target: the protocol targets run the engine, the solver proves mates, the others
/// are cheap.
fn inputs(target: &str) -> u64 {
    match target {
        "uci" | "xboard" => 20,
        "ucci" => 30,
        "solver" => 1000,
        _ => 3000,
    }
}

#[test]
fn every_target_survives_a_bounded_run() {
    let mut broken = Vec::new();
    for target in TARGETS {
        let report = fuzz(target, Budget::Iterations(inputs(target.name)), 2026, |_| {});
        println!("{:<14} {:>6} inputs {:>7.2} s", target.name, report.tried, report.elapsed.as_secs_f64());
        for failure in report.failures {
            broken.push(format!("{}: {}\n  input: {}", target.name, failure.message, escape(&failure.input, 300)));
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}
