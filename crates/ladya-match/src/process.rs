//! An engine's child process: lines to its standard input, lines from its standard output
//! read in a thread and waited for with a deadline, and its last words (output and errors)
//! kept for the record of a crash or a forfeit.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read, Write};
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, Sender, channel};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

/// The longest line read from an engine; the rest of a longer line is dropped.
const MAX_LINE: u64 = 64 * 1024;

/// How many of the engine's last lines are kept for the record.
const LAST_LINES: usize = 4;

/// How often a wait for the engine looks at the match's stop flag.
const STOP_POLL: Duration = Duration::from_millis(50);

/// How long the lines an engine wrote before it exited are still waited for: after that it is
/// done, even if a process it started still holds its output open.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// What goes wrong with an engine process.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ProcessError {
    /// The program could not be started.
    #[error("cannot start '{command}': {reason}")]
    Spawn {
        /// The command.
        command: String,
        /// Why.
        reason: String,
    },
    /// The directory to start the program in (`dir=`) cannot be used.
    #[error("cannot start the engine in dir={dir}: {reason}")]
    Dir {
        /// The directory.
        dir: String,
        /// Why.
        reason: String,
    },
    /// The process ended or closed its output.
    #[error("the engine exited{0}")]
    Exited(String),
    /// No awaited line came before the deadline.
    #[error("no answer in time")]
    Timeout,
    /// The match was stopped (Ctrl-C or a finished SPRT).
    #[error("the match was stopped")]
    Stopped,
}

/// A line from the engine and when it was read.
type Line = (Instant, String);

/// A running engine process.
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<Line>,
    recent: VecDeque<String>,
    errors: Arc<Mutex<VecDeque<String>>>,
    stop: Arc<AtomicBool>,
    /// When the process was first seen to have exited.
    exited_at: Option<Instant>,
}

/// Keeps the last few lines of a stream.
fn remember(lines: &mut VecDeque<String>, line: &str) {
    if lines.len() == LAST_LINES {
        lines.pop_front();
    }
    lines.push_back(ladya_games::clip(line).into_owned());
}

/// Reads `source` line by line (lossy UTF-8, lines cut at `MAX_LINE`) into `sink` until it
/// ends or `sink` stops listening.
fn read_lines(source: impl Read, mut sink: impl FnMut(String) -> bool) {
    let mut reader = BufReader::new(source);
    let mut bytes = Vec::new();
    loop {
        bytes.clear();
        match reader.by_ref().take(MAX_LINE).read_until(b'\n', &mut bytes) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        if bytes.last() != Some(&b'\n') && bytes.len() as u64 == MAX_LINE {
            // Skip the rest of an overlong line.
            let mut rest = Vec::new();
            if reader.read_until(b'\n', &mut rest).is_err() {
                return;
            }
        }
        let line = String::from_utf8_lossy(&bytes).trim_end_matches(['\r', '\n']).to_string();
        if !sink(line) {
            return;
        }
    }
}

impl EngineProcess {
    /// Starts `program` with `args` in `dir` (or the current directory). The process gets its
    /// own process group, so that a Ctrl-C at the terminal reaches only the match, which then
    /// stops its engines itself. Waits give up with [`ProcessError::Stopped`] once `stop` is set.
    ///
    /// # Errors
    /// The program cannot be started.
    pub fn spawn(
        program: &Path,
        args: &[String],
        dir: Option<&Path>,
        stop: Arc<AtomicBool>,
    ) -> Result<EngineProcess, ProcessError> {
        if let Some(dir) = dir.filter(|dir| !dir.is_dir()) {
            let reason = if dir.exists() { "it is not a directory" } else { "it does not exist" };
            return Err(ProcessError::Dir { dir: dir.display().to_string(), reason: reason.to_string() });
        }
        let mut command = Command::new(program);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::piped()).process_group(0);
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let spawn_error = |reason: String| ProcessError::Spawn {
            command: std::iter::once(program.display().to_string())
                .chain(args.iter().cloned())
                .collect::<Vec<_>>()
                .join(" "),
            reason,
        };
        let mut child = command.spawn().map_err(|e| spawn_error(e.to_string()))?;
        let (Some(stdin), Some(stdout), Some(stderr)) = (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error("no pipes to the process".into()));
        };
        let (sender, lines): (Sender<Line>, _) = channel();
        thread::spawn(move || read_lines(stdout, |line| sender.send((Instant::now(), line)).is_ok()));
        let errors = Arc::new(Mutex::new(VecDeque::new()));
        let error_lines = Arc::clone(&errors);
        thread::spawn(move || {
            read_lines(stderr, |line| {
                remember(&mut error_lines.lock().unwrap_or_else(|e| e.into_inner()), &line);
                true
            })
        });
        Ok(EngineProcess { child, stdin: Some(stdin), lines, recent: VecDeque::new(), errors, stop, exited_at: None })
    }

    /// Sends one line.
    ///
    /// # Errors
    /// The process no longer reads its input.
    pub fn send(&mut self, line: &str) -> Result<(), ProcessError> {
        let written = match self.stdin.as_mut() {
            Some(stdin) => writeln!(stdin, "{line}").and_then(|()| stdin.flush()).is_ok(),
            None => false,
        };
        if written { Ok(()) } else { Err(self.exited()) }
    }

    /// The next line, and when it came, waiting until `deadline` at most.
    ///
    /// # Errors
    /// [`ProcessError::Timeout`] at the deadline, [`ProcessError::Exited`] when the output
    /// ended or the process exited (even if a child it left behind keeps its output open),
    /// [`ProcessError::Stopped`] when the match stops.
    pub fn read_line(&mut self, deadline: Instant) -> Result<(Instant, String), ProcessError> {
        loop {
            if self.stop.load(Ordering::Relaxed) {
                return Err(ProcessError::Stopped);
            }
            let now = Instant::now();
            if now >= deadline {
                return Err(ProcessError::Timeout);
            }
            match self.lines.recv_timeout((deadline - now).min(STOP_POLL)) {
                Ok((at, line)) => {
                    if !line.trim().is_empty() {
                        remember(&mut self.recent, line.trim());
                    }
                    return Ok((at, line));
                }
                Err(RecvTimeoutError::Timeout) => match self.exited_at {
                    Some(at) if at.elapsed() >= EXIT_GRACE => return Err(self.exited()),
                    Some(_) => {}
                    None => {
                        if let Ok(Some(_)) = self.child.try_wait() {
                            self.exited_at = Some(Instant::now());
                        }
                    }
                },
                Err(RecvTimeoutError::Disconnected) => return Err(self.exited()),
            }
        }
    }

    /// Reads lines until one satisfies `wanted`, returning it, until `deadline` at most.
    ///
    /// # Errors
    /// As [`EngineProcess::read_line`].
    pub fn read_until(&mut self, deadline: Instant, wanted: impl Fn(&str) -> bool) -> Result<String, ProcessError> {
        loop {
            let (_, line) = self.read_line(deadline)?;
            if wanted(line.trim()) {
                return Ok(line);
            }
        }
    }

    /// The engine's last lines of output and of errors, for the record.
    pub fn last_words(&self) -> String {
        let errors = self.errors.lock().unwrap_or_else(|e| e.into_inner());
        let mut words: Vec<String> = self.recent.iter().map(|l| format!("'{l}'")).collect();
        words.extend(errors.iter().map(|l| format!("stderr '{l}'")));
        words.join(", ")
    }

    /// The error for a process that went away, with its exit status when known.
    fn exited(&mut self) -> ProcessError {
        let deadline = Instant::now() + Duration::from_millis(200);
        let status = loop {
            match self.child.try_wait() {
                Ok(Some(status)) => break format!(" ({status})"),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(10)),
                _ => break String::new(),
            }
        };
        ProcessError::Exited(status)
    }

    /// Asks the engine to quit with `quit_line`, waits half a second at most, and then kills
    /// it (when dropped) if it still runs.
    pub fn quit(mut self, quit_line: &str) {
        let _ = self.send(quit_line);
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_millis(500);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            thread::sleep(Duration::from_millis(10));
        }
    }
}

impl Drop for EngineProcess {
    /// Kills the process if it still runs, and reaps it.
    fn drop(&mut self) {
        self.stdin = None;
        if let Ok(None) = self.child.try_wait() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_engine_that_exited_is_done_though_its_child_keeps_its_output_open() {
        let stop = Arc::new(AtomicBool::new(false));
        let args = ["-c".to_string(), "sleep 5 & echo last words; exit 3".to_string()];
        let mut engine = EngineProcess::spawn(Path::new("/bin/sh"), &args, None, stop).unwrap();
        let start = Instant::now();
        let deadline = start + Duration::from_secs(4);
        assert_eq!(engine.read_line(deadline).unwrap().1, "last words");
        let error = engine.read_line(deadline).unwrap_err();
        assert!(matches!(&error, ProcessError::Exited(status) if status.contains('3')), "{error:?}");
        assert!(start.elapsed() < Duration::from_secs(2), "{:?}", start.elapsed());
    }
}
