//! What a command reports when it fails.

/// A failure to report on stderr with exit status 2.
pub struct Failure(pub String);
