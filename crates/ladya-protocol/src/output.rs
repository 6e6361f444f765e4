//! A line-oriented output shared by the protocol loop and the search thread.

use std::io::Write;
use std::sync::{Arc, Mutex};

/// Where engine output goes: whole lines, flushed at once, from any thread.
#[derive(Clone)]
pub struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Output to any writer (standard output, or a buffer in tests).
    pub fn new(writer: impl Write + Send + 'static) -> Output {
        Output(Arc::new(Mutex::new(Box::new(writer))))
    }

    /// Output to standard output.
    pub fn stdout() -> Output {
        Output::new(std::io::stdout())
    }

    /// Writes one line and flushes it. A closed output (the GUI went away) is ignored: the
    /// engine stops when its input ends.
    pub fn line(&self, text: impl AsRef<str>) {
        let mut writer = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let _ = writeln!(writer, "{}", text.as_ref());
        let _ = writer.flush();
    }
}
