//! Only the server's own page may drive it: a layer in front of every route that refuses
//! requests from other sites and puts the security headers on every answer.
//!
//! - `Host` must name the server: the address it listens on, `localhost`, `127.0.0.1` or
//!   `[::1]`, with its port (else 421). A server listening on every address (`0.0.0.0`, `::`)
//!   takes any IP address as well, never a name: a page on a name that resolves to this
//!   machine (DNS rebinding) is refused.
//! - `Origin`, when sent, must be `http://HOST:PORT` with such a host (else 403), and
//!   `Sec-Fetch-Site` must not be `cross-site` (anywhere) or `same-site` (under `/api/`).
//! - A POST must send its body as `application/json` (else 415), which a page of another site
//!   cannot do without a CORS preflight, never granted. (No route takes a body by another
//!   method: those are 405.)

use std::net::IpAddr;
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::client::Client;
use crate::error::{ApiError, ErrorMessage};
use crate::log;

/// The `Content-Security-Policy` of every answer: the page's own files only (its icon is a
/// `data:` image), no plug-ins, and no framing.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; img-src 'self' data:; object-src 'none'; \
                                           base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Who the server is: the hosts a request may name and the port.
#[derive(Clone, Debug)]
pub struct Guard {
    /// Host names and addresses (IPv6 ones without brackets), lower case.
    hosts: Vec<String>,
    /// Whether any IP address is taken as a host (the server listens on every address).
    any_address: bool,
    /// The port requests must name.
    port: u16,
}

impl Guard {
    /// The guard of a server listening on `host` and `port`.
    pub fn new(host: &str, port: u16) -> Guard {
        let own = host.trim_start_matches('[').trim_end_matches(']').to_ascii_lowercase();
        let any_address = own.parse::<IpAddr>().is_ok_and(|ip| ip.is_unspecified());
        let mut hosts: Vec<String> = ["localhost", "127.0.0.1", "::1"].map(String::from).into();
        if !hosts.contains(&own) {
            hosts.push(own);
        }
        Guard { hosts, any_address, port }
    }

    /// Whether `authority` (`host[:port]`, as in `Host`) names this server.
    pub fn is_own(&self, authority: &str) -> bool {
        let (host, port) = match authority.strip_prefix('[') {
            Some(rest) => match rest.split_once(']') {
                Some((host, after)) => (host, after),
                None => return false,
            },
            None => match authority.find(':') {
                Some(at) => authority.split_at(at),
                None => (authority, ""),
            },
        };
        let port = match port {
            "" => 80,
            _ => match port.strip_prefix(':').and_then(|p| p.parse::<u16>().ok()) {
                Some(port) => port,
                None => return false,
            },
        };
        let host = host.to_ascii_lowercase();
        let ip = host.parse::<IpAddr>().ok();
        // A name in brackets or an IPv6 address without them is no host of a URL.
        let bracketed = authority.starts_with('[');
        if bracketed != matches!(ip, Some(IpAddr::V6(_))) {
            return false;
        }
        port == self.port && (self.hosts.contains(&host) || (self.any_address && ip.is_some()))
    }

    /// Whether `origin` (as in `Origin`) is this server's page.
    fn is_own_origin(&self, origin: &str) -> bool {
        origin.strip_prefix("http://").is_some_and(|authority| self.is_own(authority))
    }

    /// Why `request` is refused, if it is.
    fn refusal(&self, request: &Request) -> Option<ApiError> {
        let headers = request.headers();
        // No browser leaves `Host` out; a client that does (HTTP/1.0) names no foreign site.
        if let Some(host) = headers.get(header::HOST) {
            let host = host.to_str().unwrap_or("");
            if !self.is_own(host) {
                return Some(ApiError::new(
                    StatusCode::MISDIRECTED_REQUEST,
                    format!("Host '{host}' is not this server; open it as http://localhost:{}/", self.port),
                ));
            }
        }
        if let Some(origin) = headers.get(header::ORIGIN) {
            let origin = origin.to_str().unwrap_or("");
            if !self.is_own_origin(origin) {
                return Some(ApiError::new(
                    StatusCode::FORBIDDEN,
                    format!("requests from '{origin}' are refused: only the server's own page may call it"),
                ));
            }
        }
        let api = request.uri().path() == "/api" || request.uri().path().starts_with("/api/");
        match headers.get("sec-fetch-site").map(HeaderValue::as_bytes) {
            Some(b"cross-site") => {
                return Some(ApiError::new(StatusCode::FORBIDDEN, "requests from other sites are refused"));
            }
            Some(b"same-site") if api => {
                return Some(ApiError::new(
                    StatusCode::FORBIDDEN,
                    "requests from other pages of this site are refused: only the server's own page may call the API",
                ));
            }
            _ => {}
        }
        if request.method() == Method::POST && !is_json(headers) {
            return Some(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "the request body must be sent as Content-Type: application/json",
            ));
        }
        None
    }
}

/// Whether the body of a request with `headers` is declared as JSON.
fn is_json(headers: &HeaderMap) -> bool {
    headers.get(header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|kind| {
        kind.split(';').next().is_some_and(|essence| essence.trim().eq_ignore_ascii_case("application/json"))
    })
}

/// The layer: refuses what [`Guard`] refuses, puts the security headers on every answer, and
/// logs the answers that say a limit was reached or a request was refused.
pub async fn layer(State(guard): State<Arc<Guard>>, request: Request, next: Next) -> Response {
    let client = request.extensions().get::<Client>().map(|c| c.0);
    let (method, uri) = (request.method().clone(), request.uri().clone());
    let mut response = match guard.refusal(&request) {
        Some(error) => error.into_response(),
        None => next.run(request).await,
    };
    if LOGGED.contains(&response.status())
        && let Some(ErrorMessage(message)) = response.extensions().get::<ErrorMessage>()
    {
        let (status, path) = (response.status().as_u16(), uri.path());
        log::event(client, format_args!("answered {status} to {method} {path}: {message}"));
    }
    secure(response.headers_mut());
    response
}

/// The error answers worth a line in the log: refusals and limits.
const LOGGED: [StatusCode; 7] = [
    StatusCode::FORBIDDEN,
    StatusCode::REQUEST_TIMEOUT,
    StatusCode::PAYLOAD_TOO_LARGE,
    StatusCode::UNSUPPORTED_MEDIA_TYPE,
    StatusCode::MISDIRECTED_REQUEST,
    StatusCode::TOO_MANY_REQUESTS,
    StatusCode::SERVICE_UNAVAILABLE,
];

/// The security headers of every answer, names in lower case.
pub const SECURITY_HEADERS: [(&str, &str); 4] = [
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-frame-options", "DENY"),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
];

/// Adds the security headers to `headers`.
pub fn secure(headers: &mut HeaderMap) {
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_of_the_server_and_no_others() {
        let guard = Guard::new("127.0.0.1", 8080);
        for own in ["127.0.0.1:8080", "localhost:8080", "LOCALHOST:8080", "[::1]:8080"] {
            assert!(guard.is_own(own), "{own}");
        }
        for foreign in [
            "evil.example.com:8080",
            "127.0.0.1:8081",
            "127.0.0.1",
            "localhost",
            "::1:8080",
            "[localhost]:8080",
            "127.0.0.1:",
            "127.0.0.1:8080x",
            "[::1:8080",
            "10.0.0.1:8080",
            "",
        ] {
            assert!(!guard.is_own(foreign), "{foreign}");
        }
        assert!(Guard::new("127.0.0.1", 80).is_own("localhost"));
        let v6 = Guard::new("::1", 9000);
        assert!(v6.is_own("[::1]:9000") && v6.is_own("localhost:9000") && !v6.is_own("[::2]:9000"));
        let lan = Guard::new("192.168.1.5", 9000);
        assert!(lan.is_own("192.168.1.5:9000") && !lan.is_own("192.168.1.6:9000"));
        let every = Guard::new("0.0.0.0", 9000);
        assert!(every.is_own("192.168.1.6:9000") && every.is_own("[fe80::1]:9000"));
        assert!(!every.is_own("rebound.example.com:9000") && !every.is_own("192.168.1.6:9001"));
    }

    #[test]
    fn origins_are_the_servers_own_page() {
        let guard = Guard::new("127.0.0.1", 8080);
        assert!(guard.is_own_origin("http://localhost:8080") && guard.is_own_origin("http://127.0.0.1:8080"));
        for foreign in ["null", "https://localhost:8080", "http://localhost:3000", "http://evil.example.com:8080"] {
            assert!(!guard.is_own_origin(foreign), "{foreign}");
        }
    }
}
