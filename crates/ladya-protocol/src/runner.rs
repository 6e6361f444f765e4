//! What the protocol front ends share below the engine loop: the events that wake it, the
//! [`Frontend`] trait each protocol implements, and the [`Runner`] that runs one search at a
//! time with the engine's transposition table.

use std::sync::Arc;
use std::sync::mpsc::Sender;
use std::thread::JoinHandle;

use ladya_core::hashtable::HashTableError;
use ladya_search::{Limits, SearchControl, SearchOptions, Strength, TranspositionTable};

use crate::session::{ReportSink, Session, TextResult};
use crate::strength::StrengthOptions;

/// The transposition table's size in MiB until a protocol option changes it.
pub(crate) const DEFAULT_HASH: usize = 64;

/// What wakes the engine loop.
pub(crate) enum Event {
    /// A line of input.
    Line(String),
    /// The search with this number has its result ready.
    SearchFinished(u64),
    /// Input ended.
    End,
}

/// Whether the loop goes on after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Flow {
    Continue,
    Quit,
}

/// A protocol front end driven by the engine loop.
pub(crate) trait Frontend {
    /// Handles one line of input.
    fn line(&mut self, text: &str) -> Flow;
    /// The search `id` has finished (it may be one already collected: ignore it then).
    fn search_finished(&mut self, id: u64);
    /// Input ended: stop searching.
    fn end(&mut self);
}

/// Runs at most one search at a time and collects its result.
pub(crate) struct Runner {
    /// The transposition table, kept across searches.
    pub(crate) tt: Arc<TranspositionTable>,
    /// The running search's stop and ponder switches.
    pub(crate) control: Arc<SearchControl>,
    /// `UCI_LimitStrength`, `UCI_Elo` and `Skill Level`, applied to every search started.
    pub(crate) strength: StrengthOptions,
    running: Option<(u64, JoinHandle<TextResult>)>,
    next_id: u64,
    events: Sender<Event>,
}

impl Runner {
    /// A runner with a table of the default size ([`DEFAULT_HASH`]).
    pub(crate) fn new(events: Sender<Event>) -> Runner {
        Runner {
            tt: Arc::new(TranspositionTable::try_new(DEFAULT_HASH).expect("memory for the default hash table")),
            control: Arc::new(SearchControl::new()),
            strength: StrengthOptions::default(),
            running: None,
            next_id: 0,
            events,
        }
    }

    /// Replaces the table by one of a new size (never while searching); if that size cannot be
    /// had, the old table stays.
    pub(crate) fn resize(&mut self, megabytes: usize) -> Result<(), HashTableError> {
        self.stop_and_wait();
        self.tt = Arc::new(TranspositionTable::try_new(megabytes)?);
        Ok(())
    }

    /// Starts a search of `session`'s position; returns its number.
    pub(crate) fn start(
        &mut self,
        session: &dyn Session,
        limits: Limits,
        mut options: SearchOptions,
        pondering: bool,
        report: ReportSink,
    ) -> u64 {
        self.stop_and_wait();
        self.next_id += 1;
        let id = self.next_id;
        // A level plays; an analysis (`go infinite`, XBoard's `analyze`) is at full strength.
        options.strength = if limits.infinite {
            None
        } else {
            self.strength.strength().or(options.strength).map(Strength::with_fresh_seed)
        };
        self.control.start(pondering);
        let events = self.events.clone();
        let handle = session.start_search(
            limits,
            options,
            Arc::clone(&self.tt),
            Arc::clone(&self.control),
            report,
            Box::new(move || {
                let _ = events.send(Event::SearchFinished(id));
            }),
        );
        self.running = Some((id, handle));
        id
    }

    /// Collects the result of search `id` if it is the current one.
    pub(crate) fn collect(&mut self, id: u64) -> Option<TextResult> {
        match &self.running {
            Some((current, _)) if *current == id => self.wait(),
            _ => None,
        }
    }

    /// Waits for the current search to end by itself and returns its result.
    pub(crate) fn wait(&mut self) -> Option<TextResult> {
        let (_, handle) = self.running.take()?;
        handle.join().ok()
    }

    /// Stops the current search, waits for it and returns its result.
    pub(crate) fn stop_and_wait(&mut self) -> Option<TextResult> {
        if self.running.is_some() {
            self.control.stop();
        }
        self.wait()
    }
}
