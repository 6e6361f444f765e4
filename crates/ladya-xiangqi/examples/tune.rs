//! Tunes the xiangqi evaluation weights (Texel's method): finds the weights whose evaluations,
//! squashed by a logistic curve, best match the scores a reference engine gave a set of quiet
//! positions, and prints them as Rust items to replace those in `src/weights.rs`.
//!
//!     cargo run --release -p ladya-xiangqi --example tune -- DATA [--iterations N] [--rate R]
//!                                                            [--only TABLE,...]
//!
//! DATA has one `FEN;SCORE` line per position, the score in centipawns from the side to move's
//! point of view (`scripts/xiangqi_tuning_data.py` writes such files). The evaluation is linear
//! in its weights ([`Position::evaluation_terms`] lists how often each applies), so each position
//! becomes a short list of features; gradient descent (Adam) then minimises the mean squared
//! error between `sigmoid(K * eval)` and `sigmoid(SCORE)`, K being fitted first to the present
//! weights. Piece-square tables are kept symmetric between the wings. A tenth of the positions
//! is held out to show whether the fit generalises. `--only` tunes just the tables named
//! (`MATERIAL,ROOK_MOBILITY`, say) and keeps the others.

use std::collections::HashMap;
use std::process::ExitCode;

use ladya_core::Side;
use ladya_xiangqi::Tapered;
use ladya_xiangqi::weights;
use ladya_xiangqi::{Position, Terms};

/// The tuned weights: each a named table of [`Tapered`]s.
fn tables() -> Vec<(&'static str, &'static [Tapered])> {
    use std::slice::from_ref;
    vec![
        ("MATERIAL", &weights::MATERIAL[..]),
        ("CANNON_PER_PIECE", from_ref(&weights::CANNON_PER_PIECE)),
        ("HORSE_PER_PIECE", from_ref(&weights::HORSE_PER_PIECE)),
        ("HORSE_MOBILITY", &weights::HORSE_MOBILITY[..]),
        ("ROOK_MOBILITY", from_ref(&weights::ROOK_MOBILITY)),
        ("CANNON_MOBILITY", from_ref(&weights::CANNON_MOBILITY)),
        ("MISSING_ADVISOR", &weights::MISSING_ADVISOR[..]),
        ("MISSING_ELEPHANT", &weights::MISSING_ELEPHANT[..]),
        ("MISSING_DEFENDER_VS_HORSE", from_ref(&weights::MISSING_DEFENDER_VS_HORSE)),
        ("ZONE_DANGER", &weights::ZONE_DANGER[..]),
        ("HOLLOW_CANNON", from_ref(&weights::HOLLOW_CANNON)),
        ("CANNON_TWO_SCREENS", from_ref(&weights::CANNON_TWO_SCREENS)),
        ("OPEN_GENERAL_FILE", from_ref(&weights::OPEN_GENERAL_FILE)),
        ("GENERAL_PST", &weights::GENERAL_PST[..]),
        ("ADVISOR_PST", &weights::ADVISOR_PST[..]),
        ("ELEPHANT_PST", &weights::ELEPHANT_PST[..]),
        ("HORSE_PST", &weights::HORSE_PST[..]),
        ("ROOK_PST", &weights::ROOK_PST[..]),
        ("CANNON_PST", &weights::CANNON_PST[..]),
        ("SOLDIER_PST", &weights::SOLDIER_PST[..]),
    ]
}

/// The tuner's parameters: one per weight, the two wings of a piece-square table sharing one.
struct Parameters {
    /// The parameter of each weight, by the weight's address.
    by_address: HashMap<usize, usize>,
    /// The starting (mg, eg) value of each parameter.
    start: Vec<(f64, f64)>,
    /// Whether each parameter is tuned (the others keep their starting value).
    tuned: Vec<bool>,
}

impl Parameters {
    /// The parameters of every table; only those of the tables named in `only` (all, if it is
    /// empty) are tuned.
    fn new(only: &[&str]) -> Parameters {
        let mut by_address = HashMap::new();
        let mut start = Vec::new();
        let mut tuned = Vec::new();
        for (name, table) in tables() {
            let pst = name.ends_with("_PST");
            for (i, weight) in table.iter().enumerate() {
                // A table cell and its mirror across the central file share a parameter.
                let twin = if pst { i - i % 9 + 8 - i % 9 } else { i };
                let id = if twin < i {
                    by_address[&(&table[twin] as *const Tapered as usize)]
                } else {
                    start.push((weight.mg() as f64, weight.eg() as f64));
                    tuned.push(only.is_empty() || only.contains(&name));
                    start.len() - 1
                };
                by_address.insert(weight as *const Tapered as usize, id);
            }
        }
        Parameters { by_address, start, tuned }
    }
}

/// Records the features of a position: each parameter with its count.
struct Trace<'a> {
    parameters: &'a Parameters,
    features: Vec<(u32, i32)>,
}

impl Terms for Trace<'_> {
    fn add(&mut self, weight: &'static Tapered, count: i32) {
        if count == 0 {
            return;
        }
        let id = self.parameters.by_address[&(weight as *const Tapered as usize)] as u32;
        match self.features.iter_mut().find(|(p, _)| *p == id) {
            Some(feature) => feature.1 += count,
            None => self.features.push((id, count)),
        }
    }
}

/// One position of the data set.
struct Sample {
    features: Vec<(u32, i32)>,
    /// The middlegame share of the blend, phase / full phase.
    mg_share: f64,
    /// The reference's score turned into an expected result for Red.
    target: f64,
}

fn sigmoid(centipawns: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-centipawns / 400.0))
}

/// Evaluation from Red's point of view under `w` (mg and eg per parameter).
fn evaluate(sample: &Sample, w: &[(f64, f64)]) -> f64 {
    let taper: (f64, f64) = sample
        .features
        .iter()
        .fold((0.0, 0.0), |(mg, eg), &(p, c)| (mg + c as f64 * w[p as usize].0, eg + c as f64 * w[p as usize].1));
    taper.0 * sample.mg_share + taper.1 * (1.0 - sample.mg_share)
}

fn loss(samples: &[Sample], w: &[(f64, f64)], k: f64) -> f64 {
    samples.iter().map(|s| (sigmoid(k * evaluate(s, w)) - s.target).powi(2)).sum::<f64>() / samples.len() as f64
}

/// Reads the data set, keeping the positions the linear model reproduces exactly (a side that
/// cannot mate has its lead damped, which the model leaves out).
fn read(path: &str, parameters: &Parameters) -> Result<Vec<Sample>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let mut samples = Vec::new();
    for (number, line) in text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty()) {
        let (fen, score) = line.rsplit_once(';').ok_or(format!("{path}:{}: no ';'", number + 1))?;
        let score: f64 = score.trim().parse().map_err(|_| format!("{path}:{}: bad score", number + 1))?;
        let pos = Position::from_fen(fen).map_err(|e| format!("{path}:{}: {e}", number + 1))?;
        let mut trace = Trace { parameters, features: Vec::new() };
        pos.evaluation_terms(&mut trace);
        let red = if pos.side_to_move() == Side::White { 1.0 } else { -1.0 };
        let sample = Sample {
            features: trace.features,
            mg_share: pos.phase() as f64 / weights::PHASE_FULL as f64,
            target: sigmoid(red * score),
        };
        if (evaluate(&sample, &parameters.start) - red * pos.evaluate() as f64).abs() < 1.0 {
            samples.push(sample);
        }
    }
    Ok(samples)
}

/// The K that best fits the present weights, by golden-section search.
fn fit_k(samples: &[Sample], w: &[(f64, f64)]) -> f64 {
    let (mut lo, mut hi) = (0.05, 5.0);
    let phi = (5f64.sqrt() - 1.0) / 2.0;
    for _ in 0..60 {
        let a = hi - phi * (hi - lo);
        let b = lo + phi * (hi - lo);
        if loss(samples, w, a) < loss(samples, w, b) {
            hi = b;
        } else {
            lo = a;
        }
    }
    (lo + hi) / 2.0
}

/// Adam on the full batch.
fn descend(samples: &[Sample], parameters: &Parameters, k: f64, iterations: usize, rate: f64) -> Vec<(f64, f64)> {
    let mut w = parameters.start.to_vec();
    let n = w.len();
    let (mut m, mut v) = (vec![0.0; 2 * n], vec![0.0; 2 * n]);
    let (beta1, beta2, epsilon) = (0.9, 0.999, 1e-8);
    let scale = k * 10f64.ln() / 400.0;
    for step in 1..=iterations {
        let mut gradient = vec![0.0; 2 * n];
        for s in samples {
            let p = sigmoid(k * evaluate(s, &w));
            let common = 2.0 * (p - s.target) * p * (1.0 - p) * scale / samples.len() as f64;
            for &(id, count) in &s.features {
                let g = common * count as f64;
                gradient[2 * id as usize] += g * s.mg_share;
                gradient[2 * id as usize + 1] += g * (1.0 - s.mg_share);
            }
        }
        for (i, g) in gradient.into_iter().enumerate().filter(|(i, _)| parameters.tuned[i / 2]) {
            m[i] = beta1 * m[i] + (1.0 - beta1) * g;
            v[i] = beta2 * v[i] + (1.0 - beta2) * g * g;
            let m_hat = m[i] / (1.0 - beta1.powi(step as i32));
            let v_hat = v[i] / (1.0 - beta2.powi(step as i32));
            let delta = rate * m_hat / (v_hat.sqrt() + epsilon);
            if i % 2 == 0 {
                w[i / 2].0 -= delta;
            } else {
                w[i / 2].1 -= delta;
            }
        }
        if step % 100 == 0 {
            eprintln!("iteration {step}: loss {:.6}", loss(samples, &w, k));
        }
    }
    w
}

/// Prints the tuned tables as Rust items.
fn print(parameters: &Parameters, w: &[(f64, f64)]) {
    let value = |weight: &Tapered| {
        let (mg, eg) = w[parameters.by_address[&(weight as *const Tapered as usize)]];
        format!("t({:>3},{:>4})", mg.round() as i32, eg.round() as i32)
    };
    for (name, table) in tables() {
        let cells: Vec<String> = table.iter().map(value).collect();
        if name.ends_with("_PST") {
            println!("#[rustfmt::skip]\npub static {name}: [Tapered; 90] = [");
            for row in cells.chunks(9) {
                println!("    {},", row.join(", "));
            }
            println!("];");
        } else if table.len() == 1 {
            println!("pub static {name}: Tapered = {};", cells[0]);
        } else {
            println!("pub static {name}: [Tapered; {}] = [{}];", table.len(), cells.join(", "));
        }
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value_of = |name: &str| args.iter().position(|a| a == name).and_then(|i| args.get(i + 1));
    let option = |name: &str, default: f64| value_of(name).and_then(|v| v.parse().ok()).unwrap_or(default);
    let Some(path) = args.first() else {
        eprintln!("usage: tune DATA [--iterations N] [--rate R] [--only TABLE,...]");
        return ExitCode::from(2);
    };
    let only: Vec<&str> = value_of("--only").map_or(Vec::new(), |names| names.split(',').collect());
    let parameters = Parameters::new(&only);
    let samples = match read(path, &parameters) {
        Ok(samples) if samples.len() >= 100 => samples,
        Ok(samples) => {
            eprintln!("{path}: only {} usable positions", samples.len());
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    // Every tenth position is held out.
    let (mut training, mut held_out) = (Vec::new(), Vec::new());
    for (i, sample) in samples.into_iter().enumerate() {
        if i % 10 == 9 { held_out.push(sample) } else { training.push(sample) }
    }
    let k = fit_k(&training, &parameters.start);
    eprintln!(
        "{} positions for training, {} held out; K = {k:.4}; loss {:.6} (held out {:.6})",
        training.len(),
        held_out.len(),
        loss(&training, &parameters.start, k),
        loss(&held_out, &parameters.start, k)
    );
    let tuned = descend(&training, &parameters, k, option("--iterations", 2000.0) as usize, option("--rate", 0.5));
    eprintln!("tuned: loss {:.6} (held out {:.6})", loss(&training, &tuned, k), loss(&held_out, &tuned, k));
    print(&parameters, &tuned);
    ExitCode::SUCCESS
}
