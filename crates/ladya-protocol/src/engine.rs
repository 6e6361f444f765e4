//! The engine loop shared by the three protocols: input is read in its own thread, searches
//! run in their own thread ([`Runner`](crate::runner::Runner)), and this loop hands each line
//! to the front end the first command chose, so `stop`, `isready` and `?` are answered while
//! searching.

use std::io::BufRead;
use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

use ladya_search::SearchOptions;

use crate::output::Output;
use crate::runner::{Event, Flow, Frontend};
use crate::{ucci, uci, xboard};
use ladya_games::clip;

/// Runs the engine on `input` and `output`: the first command (`uci`, `xboard` or `ucci`)
/// chooses the protocol. `options` are the search options the engine starts with (the
/// protocols' own options, such as threads, then change them). Returns when input ends or on
/// `quit`.
pub fn run(input: impl BufRead + Send + 'static, output: Output, options: SearchOptions) {
    let (tx, rx) = mpsc::channel();
    let reader_tx = tx.clone();
    thread::spawn(move || {
        let mut input = input;
        let mut bytes = Vec::new();
        loop {
            bytes.clear();
            match input.read_until(b'\n', &mut bytes) {
                Ok(0) | Err(_) => break,
                Ok(_) => {}
            }
            // A byte that is not UTF-8 becomes U+FFFD, which the protocol then reports as a
            // bad word of the command: the engine answers and goes on.
            let line = String::from_utf8_lossy(&bytes);
            let line = line.trim_end_matches(['\n', '\r']).to_string();
            if reader_tx.send(Event::Line(line)).is_err() {
                return;
            }
        }
        let _ = reader_tx.send(Event::End);
    });
    let Some(mut frontend) = choose_protocol(&rx, &tx, &output, options) else { return };
    for event in rx {
        match event {
            Event::Line(line) => {
                if frontend.line(&line) == Flow::Quit {
                    break;
                }
            }
            Event::SearchFinished(id) => frontend.search_finished(id),
            Event::End => {
                frontend.end();
                break;
            }
        }
    }
}

/// Reads lines until one names a protocol.
fn choose_protocol(
    rx: &Receiver<Event>,
    tx: &Sender<Event>,
    output: &Output,
    options: SearchOptions,
) -> Option<Box<dyn Frontend>> {
    loop {
        match rx.recv().ok()? {
            Event::Line(line) => match line.trim() {
                "" => {}
                "uci" => return Some(Box::new(uci::Uci::new(output.clone(), tx.clone(), options))),
                "xboard" => return Some(Box::new(xboard::Xboard::new(output.clone(), tx.clone(), options))),
                "ucci" => return Some(Box::new(ucci::Ucci::new(output.clone(), tx.clone(), options))),
                "quit" => return None,
                other => output.line(format!(
                    "Ladya {}: unknown command '{}'; start with 'uci', 'xboard' or 'ucci'",
                    env!("CARGO_PKG_VERSION"),
                    clip(other)
                )),
            },
            Event::SearchFinished(_) => {}
            Event::End => return None,
        }
    }
}
