//! Standard output for the commands, without panics: a reader that went away (`| head`) ends
//! the command quietly with status 0, any other write error (a full disk) with status 2 and a
//! message.

use std::fmt::Display;
use std::io::{ErrorKind, Write};

use crate::Failure;

/// Writes `text` and a newline to standard output.
///
/// # Errors
/// [`Failure::closed`] when the reader has gone away, else the write error.
pub fn line(text: impl Display) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    writeln!(stdout, "{text}").and_then(|()| stdout.flush()).map_err(write_failure)
}

/// Writes `text` as it is to standard output.
///
/// # Errors
/// As [`line()`].
pub fn text(text: impl Display) -> Result<(), Failure> {
    let mut stdout = std::io::stdout().lock();
    write!(stdout, "{text}").and_then(|()| stdout.flush()).map_err(write_failure)
}

/// The failure a write error to standard output is.
pub fn write_failure(error: std::io::Error) -> Failure {
    if error.kind() == ErrorKind::BrokenPipe {
        Failure::closed()
    } else {
        Failure(format!("cannot write to standard output: {error}"))
    }
}

/// Lines written from a callback that cannot fail: the first failure is kept for
/// [`Lines::finish`], and nothing more is written after it.
#[derive(Default)]
pub struct Lines {
    failed: Option<Failure>,
}

impl Lines {
    /// Writes a line unless one has failed already; false once one has.
    pub fn line(&mut self, text: impl Display) -> bool {
        if self.failed.is_none() {
            self.failed = line(text).err();
        }
        self.failed.is_none()
    }

    /// The first failure, if any.
    pub fn finish(self) -> Result<(), Failure> {
        self.failed.map_or(Ok(()), Err)
    }
}
