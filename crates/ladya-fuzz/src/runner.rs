//! Running a target: inputs one after another, each checked with panics caught (in the
//! target's own thread and in any thread the code under test starts), failures told apart by
//! where they happened.

use std::collections::HashSet;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::rng::Rng;
use crate::targets::Target;

/// How long a run lasts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Budget {
    /// This many inputs.
    Iterations(u64),
    /// Inputs until this much time has passed.
    Time(Duration),
}

/// An input that broke the code under test.
#[derive(Clone, Debug)]
pub struct Failure {
    /// What broke and where: a panic's source location, or the invariant's name. Failures
    /// with the same key count as one.
    pub key: String,
    /// The panic message or the broken invariant, in full.
    pub message: String,
    /// The input.
    pub input: Vec<u8>,
    /// The input's number in the run (with the run's seed, it makes the input again).
    pub iteration: u64,
}

/// What a run did.
#[derive(Clone, Debug)]
pub struct Report {
    /// The inputs tried.
    pub tried: u64,
    /// The first input of each distinct failure.
    pub failures: Vec<Failure>,
    /// The time the run took.
    pub elapsed: Duration,
}

/// Panics seen by the hook while an input runs, from any thread.
static PANICS: Mutex<Vec<(String, String)>> = Mutex::new(Vec::new());

/// A panic hook, as `std::panic::take_hook` returns it.
type Hook = Box<dyn Fn(&panic::PanicHookInfo<'_>) + Sync + Send + 'static>;

/// Records every panic (its location and message) instead of printing it, until dropped.
struct QuietPanics(Option<Hook>);

impl QuietPanics {
    fn install() -> QuietPanics {
        let previous = panic::take_hook();
        panic::set_hook(Box::new(|info| {
            let location =
                info.location().map_or_else(|| "unknown place".to_string(), |l| format!("{}:{}", l.file(), l.line()));
            let payload = info.payload();
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            PANICS.lock().unwrap_or_else(|e| e.into_inner()).push((location, message));
        }));
        QuietPanics(Some(previous))
    }
}

impl Drop for QuietPanics {
    fn drop(&mut self) {
        if let Some(previous) = self.0.take() {
            panic::set_hook(previous);
        }
    }
}

/// Checks one input, catching panics: `Err((key, message))` for a panic or a broken
/// invariant.
fn check_caught(target: &Target, input: &[u8]) -> Result<(), (String, String)> {
    PANICS.lock().unwrap_or_else(|e| e.into_inner()).clear();
    let result = panic::catch_unwind(AssertUnwindSafe(|| target.check(input)));
    if let Some((location, message)) = PANICS.lock().unwrap_or_else(|e| e.into_inner()).first().cloned() {
        return Err((format!("panic at {location}"), format!("panic at {location}: {message}")));
    }
    match result {
        Ok(Ok(())) => Ok(()),
        Ok(Err(broken)) => Err((broken.split(':').next().unwrap_or(&broken).to_string(), broken)),
        Err(_) => Err(("panic".to_string(), "a panic the hook did not see".to_string())),
    }
}

/// Checks one input (a saved failure, say) with panics caught.
///
/// # Errors
/// The panic or the broken invariant, as a message.
pub fn replay(target: &Target, input: &[u8]) -> Result<(), String> {
    let _quiet = QuietPanics::install();
    check_caught(target, input).map_err(|(_, message)| message)
}

/// Runs `target` on inputs made from `seed` until `budget` is spent; `on_failure` hears of
/// each new distinct failure as it is found.
pub fn fuzz(target: &Target, budget: Budget, seed: u64, mut on_failure: impl FnMut(&Failure)) -> Report {
    let _quiet = QuietPanics::install();
    let started = Instant::now();
    let mut seen = HashSet::new();
    let mut failures = Vec::new();
    let mut tried = 0;
    loop {
        match budget {
            Budget::Iterations(n) if tried >= n => break,
            Budget::Time(limit) if started.elapsed() >= limit => break,
            _ => {}
        }
        let input = target.generate(&mut Rng::for_input(seed, tried));
        if let Err((key, message)) = check_caught(target, &input)
            && seen.insert(key.clone())
        {
            let failure = Failure { key, message, input, iteration: tried };
            on_failure(&failure);
            failures.push(failure);
        }
        tried += 1;
    }
    Report { tried, failures, elapsed: started.elapsed() }
}

/// `input` as readable text: printable ASCII as it is, other bytes escaped (`\n`, `\xff`),
/// cut to `max` characters with the total length said.
pub fn escape(input: &[u8], max: usize) -> String {
    let text = input.escape_ascii().to_string();
    let mut out: String = text.chars().take(max).collect();
    if out.len() < text.len() {
        out.push_str(&format!("... ({} bytes in all)", input.len()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_cuts_and_escapes() {
        assert_eq!(escape(b"a\nb", 10), "a\\nb");
        assert_eq!(escape(&[b'x'; 30], 5), "xxxxx... (30 bytes in all)");
        assert_eq!(escape("ж".as_bytes(), 10), "\\xd0\\xb6");
    }
}
