//! Who sent a request: the address every request served over a connection carries.

use std::net::SocketAddr;

/// The client a request came from: its address and port. Requests served in-process (without
/// a connection) carry none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Client(pub SocketAddr);
