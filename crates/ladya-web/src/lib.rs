//! Ladya in the browser: `ladya serve`, an HTTP server with a JSON API under `/api/` and the
//! page that uses it, compiled into the binary.
//!
//! The API is described in `docs/web-api.md`. Every search (best move, analysis, solving) runs
//! on a blocking thread, single-threaded with its own small table; at most as many run at once
//! as the machine has cores. More wait in a short line for a free slot (30 s for a best move
//! or a solve, 5 s for an analysis); a request that finds the line full (16 waiting), or
//! waits in vain, is refused with 503. Connections are capped, timed and logged (see
//! `docs/web-api.md`, "Limits" and "The log").
//!
//! # Serving on a free port
//!
//! ```no_run
//! let config = ladya_web::Config { port: 0, ..ladya_web::Config::default() };
//! ladya_web::serve(&config)?; // prints `Listening on http://127.0.0.1:PORT/` and serves
//! # Ok::<(), std::io::Error>(())
//! ```

mod api;
mod assets;
mod client;
mod connections;
mod error;
mod guard;
mod log;
mod page;
mod review;
mod searches;

use std::io::Write;
use std::path::PathBuf;

pub use page::PageGame;

/// How to serve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The host name or address to listen on.
    pub host: String,
    /// The port; 0 takes a free one.
    pub port: u16,
    /// Open the page in the user's browser once listening.
    pub open: bool,
    /// Serve the page's files from this folder instead of the copies compiled in (to work on
    /// the page without rebuilding).
    pub assets: Option<PathBuf>,
}

impl Default for Config {
    fn default() -> Config {
        Config { host: "127.0.0.1".to_string(), port: 8080, open: false, assets: None }
    }
}

/// The page and the API as an axum router, with room for as many searches at once as the
/// machine has cores. [`serve`] serves it; it may also be served on a listener of one's own,
/// or called in-process without a socket (`open` plays no part here).
///
/// Only the server's own page may call it: `host` and `port` say what a request's `Host` and
/// `Origin` must name (besides `localhost`, `127.0.0.1` and `[::1]`), so they must be those
/// of the listener; a request naming another site is refused (421 or 403), as is a body not
/// sent as `application/json` (415). Every answer carries a `Content-Security-Policy` that
/// allows the page's own files only, forbids framing, and the `X-Frame-Options: DENY`,
/// `X-Content-Type-Options: nosniff` and `Referrer-Policy: no-referrer` headers.
///
/// # Calling the API in-process
///
/// ```
/// use axum::body::Body;
/// use axum::http::{Request, StatusCode};
/// use tower::ServiceExt; // `oneshot`
///
/// let router = ladya_web::router(&ladya_web::Config::default());
/// let request = Request::get("/api/legal?game=chess").body(Body::empty()).unwrap();
/// let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
/// let response = runtime.block_on(router.oneshot(request)).unwrap();
/// assert_eq!(response.status(), StatusCode::OK); // {"moves": [...]}
/// ```
pub fn router(config: &Config) -> axum::Router {
    let assets = match &config.assets {
        Some(dir) => assets::Assets::Folder(dir.clone()),
        None => assets::Assets::Embedded,
    };
    let guard = std::sync::Arc::new(guard::Guard::new(&config.host, config.port));
    api::router(assets).layer(axum::middleware::from_fn_with_state(guard, guard::layer))
}

/// Serves the page and the API until the process ends. The first line on stdout is
/// `Listening on http://HOST:PORT/`, with the real port when `config.port` is 0 (and
/// `127.0.0.1` or `[::1]` for a server on every address, `0.0.0.0` or `::`). A server that
/// other machines can reach also prints `Open from another machine: http://ADDRESS:PORT/`
/// for each address they can open, and warns on stderr that anyone on the network can use
/// the engine. `host` may be an IPv6 address with or without brackets. When stdout cannot be
/// written (a pipe nobody reads), those lines go to stderr and the server goes on.
///
/// # Errors
/// The runtime cannot start, or the address cannot be listened on.
pub fn serve(config: &Config) -> std::io::Result<()> {
    // `[::1]` as in a URL is the address `::1`.
    let host = config.host.trim_start_matches('[').trim_end_matches(']').to_string();
    // Few workers: requests are light; searches run on blocking threads of their own.
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build()?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((host.as_str(), config.port)).await?;
        let address = listener.local_addr()?;
        let port = address.port();
        let ip = address.ip();
        // An unspecified address is no address anyone can open: this machine's loopback is.
        let shown = if ip.is_unspecified() {
            if ip.is_ipv4() { "127.0.0.1".to_string() } else { "[::1]".to_string() }
        } else if host.contains(':') {
            format!("[{host}]")
        } else {
            host.clone()
        };
        let url = format!("http://{shown}:{port}/");
        let mut banner = vec![format!("Listening on {url}")];
        if !ip.is_loopback() {
            for other in network_addresses(ip) {
                banner.push(format!("Open from another machine: http://{}:{port}/", url_host(other)));
            }
            eprintln!(
                "ladya: warning: listening on {}, not only on this machine: anyone on the network can use the engine",
                url_host(ip)
            );
        }
        // A stdout nobody reads does not stop the server: the lines go to stderr then.
        let mut stdout = std::io::stdout().lock();
        let written = banner.iter().try_for_each(|line| writeln!(stdout, "{line}")).and_then(|()| stdout.flush());
        drop(stdout);
        if let Err(e) = written {
            eprintln!("ladya: cannot write to stdout ({e}); serving anyway");
            for line in &banner {
                eprintln!("{line}");
            }
        }
        if config.open
            && let Err(e) = webbrowser::open(&url)
        {
            eprintln!("ladya: could not open a browser ({e}); open {url} by hand");
        }
        let router = router(&Config { host, port, ..config.clone() });
        connections::serve(listener, router).await;
        Ok(())
    })
}

/// `ip` as the host of a URL (IPv6 in brackets).
fn url_host(ip: std::net::IpAddr) -> String {
    if ip.is_ipv6() { format!("[{ip}]") } else { ip.to_string() }
}

/// The addresses other machines reach a server listening on `ip` by: `ip` itself, or for an
/// unspecified address the one this machine sends from (found by pointing a UDP socket at a
/// documentation address, which sends nothing); none if there is none.
fn network_addresses(ip: std::net::IpAddr) -> Vec<std::net::IpAddr> {
    if !ip.is_unspecified() {
        return vec![ip];
    }
    let probe: &[(&str, &str)] = if ip.is_ipv4() {
        &[("0.0.0.0:0", "192.0.2.1:9")]
    } else {
        &[("0.0.0.0:0", "192.0.2.1:9"), ("[::]:0", "[2001:db8::1]:9")]
    };
    probe
        .iter()
        .filter_map(|(local, remote)| {
            let socket = std::net::UdpSocket::bind(local).ok()?;
            socket.connect(remote).ok()?;
            let found = socket.local_addr().ok()?.ip();
            (!found.is_unspecified() && !found.is_loopback()).then_some(found)
        })
        .collect()
}
