//! The server's connections: accepted, served over HTTP/1.1 and closed with the limits a server
//! open to other programs needs.
//!
//! - A request's headers must arrive within [`HEADER_TIMEOUT`] of the connection opening or of
//!   the previous answer; else the connection is closed. This also closes idle keep-alive
//!   connections.
//! - At most [`MAX_CONNECTIONS`] are open at once. One more closes the connection that has been
//!   idle longest (no request being answered); when every one is busy, the new one is answered
//!   503 at once and closed.
//! - The HTTP layer's own answers to a request it cannot read (400, 414 for a long address,
//!   431 for large headers) carry the JSON error body and the security headers, as every
//!   other answer does.
//! - Every request carries the [`Client`] it came from.
//!
//! Each of these events is logged in one line (see [`crate::log`]).

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicU16, AtomicU64, AtomicUsize, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll, ready};
use std::time::{Duration, Instant};

use axum::Router;
use axum::body::{Body, Bytes, HttpBody};
use axum::http::{Request, StatusCode};
use hyper::body::{Frame, Incoming, SizeHint};
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::AbortHandle;
use tower::ServiceExt;

use crate::client::Client;
use crate::guard::SECURITY_HEADERS;
use crate::log;

/// The most connections open at once.
pub const MAX_CONNECTIONS: usize = 64;

/// How long a connection may take to send a request's headers, counted from its opening or
/// from the previous answer.
pub const HEADER_TIMEOUT: Duration = Duration::from_secs(10);

/// The most connections refused at once (each is answered 503 before it is closed); more are
/// closed without an answer.
const MAX_REFUSING: usize = 64;

/// How long a refused connection is given to send its request and take the 503.
const REFUSAL_TIMEOUT: Duration = Duration::from_secs(1);

/// One open connection, as the accept loop sees it.
struct Open {
    id: u64,
    client: SocketAddr,
    activity: Arc<Activity>,
    task: AbortHandle,
}

/// What a connection is doing: how many of its requests are being answered, and since when
/// (milliseconds after the server started) it has been idle.
#[derive(Default)]
struct Activity {
    answering: AtomicUsize,
    idle_since: AtomicU64,
}

/// The open connections and the clock they are timed by.
struct Connections {
    open: Mutex<Vec<Open>>,
    refusing: AtomicUsize,
    started: Instant,
    next_id: AtomicU64,
}

impl Connections {
    /// Milliseconds since the server started.
    fn now(&self) -> u64 {
        self.started.elapsed().as_millis() as u64
    }

    /// Forgets the connection `id`, which has ended.
    fn close(&self, id: u64) {
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        open.retain(|o| o.id != id);
    }
}

/// Serves `router` on `listener` until the process ends.
pub async fn serve(listener: TcpListener, router: Router) {
    let connections = Arc::new(Connections {
        open: Mutex::new(Vec::new()),
        refusing: AtomicUsize::new(0),
        started: Instant::now(),
        next_id: AtomicU64::new(0),
    });
    loop {
        let (stream, client) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                // Out of file descriptors, most likely: wait for some to close.
                log::event(None, format_args!("could not accept a connection: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        admit(&connections, &router, stream, client);
    }
}

/// Serves the connection `stream` from `client`, closing the longest idle connection to make
/// room if need be, or refuses it when every connection is busy.
fn admit(connections: &Arc<Connections>, router: &Router, stream: TcpStream, client: SocketAddr) {
    let mut open = connections.open.lock().unwrap_or_else(|e| e.into_inner());
    if open.len() >= MAX_CONNECTIONS {
        let idlest = open
            .iter()
            .enumerate()
            .filter(|(_, o)| o.activity.answering.load(Relaxed) == 0)
            .min_by_key(|(_, o)| o.activity.idle_since.load(Relaxed))
            .map(|(at, _)| at);
        match idlest {
            Some(at) => {
                let closed = open.swap_remove(at);
                closed.task.abort();
                log::event(
                    Some(closed.client),
                    format_args!("closed: the longest idle of {MAX_CONNECTIONS} connections, to make room"),
                );
            }
            None => {
                drop(open);
                refuse(connections, stream, client);
                return;
            }
        }
    }
    let id = connections.next_id.fetch_add(1, Relaxed);
    let activity = Arc::new(Activity { answering: AtomicUsize::new(0), idle_since: AtomicU64::new(connections.now()) });
    let task = tokio::spawn(connection(connections.clone(), id, router.clone(), stream, client, activity.clone()));
    open.push(Open { id, client, activity, task: task.abort_handle() });
}

/// Answers `stream` 503 (after reading what it sent within a moment) and closes it.
fn refuse(connections: &Arc<Connections>, mut stream: TcpStream, client: SocketAddr) {
    if connections.refusing.fetch_add(1, Relaxed) >= MAX_REFUSING {
        connections.refusing.fetch_sub(1, Relaxed);
        log::event(Some(client), "closed unanswered: too many connections");
        return;
    }
    log::event(Some(client), format_args!("refused 503: all {MAX_CONNECTIONS} connections are busy"));
    let connections = connections.clone();
    tokio::spawn(async move {
        let answer = error_answer(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!("busy: all {MAX_CONNECTIONS} connections are answering requests; try again later"),
        );
        let _ = tokio::time::timeout(REFUSAL_TIMEOUT, async {
            let mut request = [0u8; 8192];
            // Read the request first: closing with it unread would reset the connection and
            // lose the answer.
            let _ = tokio::time::timeout(REFUSAL_TIMEOUT / 4, stream.read(&mut request)).await;
            stream.write_all(&answer).await?;
            stream.shutdown().await
        })
        .await;
        connections.refusing.fetch_sub(1, Relaxed);
    });
}

/// Serves one connection until it ends, logging why when the server ended it.
async fn connection(
    connections: Arc<Connections>,
    id: u64,
    router: Router,
    stream: TcpStream,
    client: SocketAddr,
    activity: Arc<Activity>,
) {
    let started = connections.clone();
    let service = hyper::service::service_fn(move |mut request: Request<Incoming>| {
        request.extensions_mut().insert(Client(client));
        let answering = Answering::start(activity.clone(), started.clone());
        let router = router.clone();
        async move {
            let response = router.oneshot(request).await?;
            Ok::<_, Infallible>(response.map(|body| Body::new(TrackedBody { body, _answering: answering })))
        }
    });
    let seen = Arc::new(Seen::default());
    let io = TokioIo::new(ErrorBodies::new(stream, seen.clone()));
    let served = hyper::server::conn::http1::Builder::new()
        .timer(TokioTimer::new())
        .header_read_timeout(HEADER_TIMEOUT)
        .serve_connection(io, service)
        .await;
    if let Err(e) = served {
        let replaced = seen.replaced.load(Relaxed);
        if replaced != 0 {
            log::event(Some(client), format_args!("answered {replaced} and closed: {e}"));
        } else if e.is_timeout() && seen.partial_request.load(Relaxed) {
            // (An idle connection that sent nothing is closed without a word.)
            let seconds = HEADER_TIMEOUT.as_secs();
            log::event(Some(client), format_args!("closed: a request's headers did not all come within {seconds} s"));
        }
    }
    connections.close(id);
}

/// Held while a request is answered (its response body included): the connection is busy.
struct Answering {
    activity: Arc<Activity>,
    connections: Arc<Connections>,
}

impl Answering {
    fn start(activity: Arc<Activity>, connections: Arc<Connections>) -> Answering {
        activity.answering.fetch_add(1, Relaxed);
        Answering { activity, connections }
    }
}

impl Drop for Answering {
    fn drop(&mut self) {
        self.activity.idle_since.store(self.connections.now(), Relaxed);
        self.activity.answering.fetch_sub(1, Relaxed);
    }
}

/// A response body that keeps its connection busy until it is sent or dropped.
struct TrackedBody {
    body: Body,
    _answering: Answering,
}

impl HttpBody for TrackedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        Pin::new(&mut self.get_mut().body).poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// `status` with the JSON body `{"error": message}`, the security headers and
/// `Connection: close`, as bytes to write.
fn error_answer(status: StatusCode, message: &str) -> Vec<u8> {
    let body = serde_json::json!({ "error": message }).to_string();
    let mut answer = format!(
        "HTTP/1.1 {} {}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n",
        status.as_str(),
        status.canonical_reason().unwrap_or(""),
        body.len()
    );
    for (name, value) in SECURITY_HEADERS {
        answer.push_str(&format!("{name}: {value}\r\n"));
    }
    answer.push_str("\r\n");
    answer.push_str(&body);
    answer.into_bytes()
}

/// The message of the HTTP layer's own answer with `status`, if it gives one.
fn layer_error_message(status: &[u8]) -> Option<&'static str> {
    match status {
        b"400" => Some("bad request: it could not be read as HTTP/1.1"),
        b"414" => Some("the address (URI) is too long: at most 65,534 bytes"),
        b"431" => Some("the request headers are too large: at most 100 headers and about 400 KiB"),
        _ => None,
    }
}

/// What a connection's stream has seen.
#[derive(Default)]
struct Seen {
    /// Bytes came in after the last answer went out: a request has begun.
    partial_request: AtomicBool,
    /// The status of the HTTP layer's answer that was replaced, if one was (else 0).
    replaced: AtomicU16,
}

/// A connection's stream that puts the JSON body on the answers the HTTP layer writes by
/// itself to a request it cannot read: those are the only answers with an error status and
/// no `Content-Type`.
struct ErrorBodies {
    stream: TcpStream,
    /// An answer written in place of the HTTP layer's, and how much of it is written.
    replacing: Option<(Vec<u8>, usize)>,
    seen: Arc<Seen>,
}

impl ErrorBodies {
    fn new(stream: TcpStream, seen: Arc<Seen>) -> ErrorBodies {
        ErrorBodies { stream, replacing: None, seen }
    }

    /// The answer to write instead of `bytes`, with its status, when they are one of the HTTP
    /// layer's own.
    fn replacement(bytes: &[u8]) -> Option<(StatusCode, Vec<u8>)> {
        let rest = bytes.strip_prefix(b"HTTP/1.1 ")?;
        let message = layer_error_message(rest.get(..3)?)?;
        let end = bytes.windows(4).position(|w| w == b"\r\n\r\n")?;
        let head = String::from_utf8_lossy(&bytes[..end]).to_ascii_lowercase();
        if head.contains("\r\ncontent-type:") {
            return None;
        }
        let status = StatusCode::from_bytes(&rest[..3]).ok()?;
        Some((status, error_answer(status, message)))
    }
}

impl AsyncRead for ErrorBodies {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        let read = Pin::new(&mut this.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            this.seen.partial_request.store(true, Relaxed);
        }
        read
    }
}

impl AsyncWrite for ErrorBodies {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, bytes: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        this.seen.partial_request.store(false, Relaxed);
        if this.replacing.is_none()
            && let Some((status, answer)) = ErrorBodies::replacement(bytes)
        {
            this.seen.replaced.store(status.as_u16(), Relaxed);
            this.replacing = Some((answer, 0));
        }
        let Some((answer, written)) = &mut this.replacing else {
            return Pin::new(&mut this.stream).poll_write(cx, bytes);
        };
        while *written < answer.len() {
            let n = ready!(Pin::new(&mut this.stream).poll_write(cx, &answer[*written..]))?;
            if n == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            *written += n;
        }
        this.replacing = None;
        // The HTTP layer's bytes count as written: the answer took their place.
        Poll::Ready(Ok(bytes.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    // One contiguous buffer per write, so that an answer's head is seen whole.
    fn is_write_vectored(&self) -> bool {
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_http_layers_own_errors_get_the_json_body_and_no_other_answer_does() {
        let own = b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0\r\ndate: x\r\n\r\n";
        let (status, answer) = ErrorBodies::replacement(own).unwrap();
        assert_eq!(status, StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE);
        let answer = String::from_utf8(answer).unwrap();
        assert!(answer.starts_with("HTTP/1.1 431 Request Header Fields Too Large\r\n"), "{answer}");
        assert!(answer.contains("content-type: application/json\r\n") && answer.contains("x-frame-options: DENY"));
        let body = answer.split("\r\n\r\n").nth(1).unwrap();
        let json: serde_json::Value = serde_json::from_str(body).unwrap();
        assert!(json["error"].as_str().unwrap().contains("headers are too large"));
        assert!(answer.contains(&format!("content-length: {}\r\n", body.len())));
        assert!(ErrorBodies::replacement(b"HTTP/1.1 414 URI Too Long\r\n\r\n").is_some());
        // The server's own answers, successes and bodies are left alone.
        for other in [
            &b"HTTP/1.1 400 Bad Request\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}"[..],
            b"HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 404 Not Found\r\ncontent-length: 0\r\n\r\n",
            b"HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-length: 0",
            b"{\"error\": \"HTTP/1.1 400 \"}",
        ] {
            assert!(ErrorBodies::replacement(other).is_none(), "{}", String::from_utf8_lossy(other));
        }
    }
}
