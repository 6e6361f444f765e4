//! What a command reports when it fails.

/// A failure to report on stderr with exit status 2; or, with no message
/// ([`Failure::closed`]), the end of a command whose reader has gone away, with status 0.
pub struct Failure(pub String);

impl Failure {
    /// Standard output was closed by its reader (`| head`): nothing more to do or say.
    pub fn closed() -> Failure {
        Failure(String::new())
    }

    /// Whether this is [`Failure::closed`].
    pub fn is_closed(&self) -> bool {
        self.0.is_empty()
    }
}
