//! The server's log: one line on stderr per event worth knowing (a limit reached, a request
//! refused, a connection closed by the server), `ladya serve: TIME CLIENT WHAT`, with the time
//! in UTC as in RFC 3339.

use std::fmt::Display;
use std::net::SocketAddr;

use ladya_core::date::UtcTime;

/// Writes one line about `what`, which happened with `client` (when known).
pub fn event(client: Option<SocketAddr>, what: impl Display) {
    let time = UtcTime::now().rfc3339();
    match client {
        Some(client) => eprintln!("ladya serve: {time} {client} {what}"),
        None => eprintln!("ladya serve: {time} {what}"),
    }
}
