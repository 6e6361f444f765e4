//! Drives the real `ladya` binary over stdin and stdout, as a GUI would.

#![allow(dead_code)] // Each test binary uses its own part of the harness.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::thread;
use std::time::{Duration, Instant};

/// A running engine process with a transcript of what it said.
pub struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    pub transcript: Vec<String>,
}

impl Engine {
    /// Starts `ladya` in engine mode.
    pub fn start() -> Engine {
        Engine::start_with(&[])
    }

    /// Starts `ladya` in engine mode with command-line arguments.
    pub fn start_with(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ladya"))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("ladya starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines, transcript: Vec::new() }
    }

    /// Starts `ladya` and completes the UCI handshake: `uci`, Ladya's name and its games
    /// (`UCI_Variant`), `uciok`, then `isready` answered.
    pub fn uci() -> Engine {
        let mut engine = Engine::start();
        engine.send("uci");
        engine.expect_prefix("id name Ladya", 5);
        let variant = engine.expect_prefix("option name UCI_Variant", 5);
        assert!(variant.contains("var chess"), "{variant}");
        engine.expect(|l| l == "uciok", 5);
        engine.ready();
        engine
    }

    /// Starts `ladya` and completes the UCCI handshake: `ucci`, Ladya's name, `ucciok`, then
    /// `isready` answered.
    pub fn ucci() -> Engine {
        let mut engine = Engine::start();
        engine.send("ucci");
        engine.expect_prefix("id name Ladya", 5);
        engine.expect(|l| l == "ucciok", 5);
        engine.ready();
        engine
    }

    /// Starts `ladya` and completes the XBoard handshake: `xboard`, `protover 2` and the
    /// features a GUI needs, up to `feature done=1`.
    pub fn xboard() -> Engine {
        let mut engine = Engine::start();
        engine.send("xboard");
        engine.send("protover 2");
        let features = engine.expect(|l| l.starts_with("feature") && l.contains("variants="), 5);
        for f in ["ping=1", "setboard=1", "usermove=1", "sigint=0", "variants=\"normal"] {
            assert!(features.contains(f), "{features}");
        }
        engine.expect(|l| l == "feature done=1", 5);
        engine
    }

    /// Sends `isready` and waits for `readyok`.
    pub fn ready(&mut self) {
        self.send("isready");
        self.expect(|l| l == "readyok", 10);
    }

    /// Sends one line.
    pub fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        writeln!(self.stdin, "{line}").expect("engine reads input");
        self.stdin.flush().unwrap();
    }

    /// Sends one line of raw bytes (which need not be UTF-8).
    pub fn send_bytes(&mut self, line: &[u8]) {
        self.transcript.push(format!("> {}", String::from_utf8_lossy(line)));
        self.stdin.write_all(line).and_then(|()| self.stdin.write_all(b"\n")).expect("engine reads input");
        self.stdin.flush().unwrap();
    }

    /// Reads lines until one satisfies `want`, within `seconds`; returns it.
    pub fn expect(&mut self, want: impl Fn(&str) -> bool, seconds: u64) -> String {
        let deadline = Instant::now() + Duration::from_secs(seconds);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    if want(&line) {
                        return line;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    panic!("no expected line in {seconds} s:\n{}", self.transcript.join("\n"))
                }
                Err(RecvTimeoutError::Disconnected) => panic!("engine exited:\n{}", self.transcript.join("\n")),
            }
        }
    }

    /// Reads lines until one starts with `prefix`.
    pub fn expect_prefix(&mut self, prefix: &str, seconds: u64) -> String {
        self.expect(|l| l.starts_with(prefix), seconds)
    }

    /// Sends `quit` and checks that the process ends by itself, successfully.
    pub fn quit(mut self) {
        self.send("quit");
        let deadline = Instant::now() + Duration::from_secs(10);
        while Instant::now() < deadline {
            if let Some(status) = self.child.try_wait().unwrap() {
                assert!(status.success(), "exit status {status}");
                return;
            }
            thread::sleep(Duration::from_millis(20));
        }
        let _ = self.child.kill();
        panic!("engine did not quit:\n{}", self.transcript.join("\n"));
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Whether `bytes` of memory certainly cannot be had here, even lazily: Linux without
/// unconditional overcommit, and less memory and swap together than that (elsewhere `false`).
pub fn cannot_allocate(bytes: u64) -> bool {
    let overcommit = std::fs::read_to_string("/proc/sys/vm/overcommit_memory").unwrap_or_default();
    let Ok(info) = std::fs::read_to_string("/proc/meminfo") else { return false };
    let kib = |field: &str| -> u64 {
        info.lines().find_map(|l| l.strip_prefix(field)?.split_whitespace().next()?.parse().ok()).unwrap_or(0)
    };
    overcommit.trim() != "1" && (kib("MemTotal:") + kib("SwapTotal:")) * 1024 < bytes
}
