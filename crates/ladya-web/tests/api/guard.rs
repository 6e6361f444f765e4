use axum::body::Body;
use axum::http::{Request, header};
use http_body_util::BodyExt;
use serde_json::Value;

use crate::App;

/// Status, error message (empty when none) and the security headers of a request of `method`
/// to `path` with `headers` and `body`.
fn ask(app: &App, method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> (u16, String, [String; 4]) {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let response = app.send(request.body(Body::from(body.to_string())).unwrap());
    let status = response.status().as_u16();
    let security = [
        header::CONTENT_SECURITY_POLICY,
        header::X_FRAME_OPTIONS,
        header::X_CONTENT_TYPE_OPTIONS,
        header::REFERRER_POLICY,
    ]
    .map(|name| response.headers().get(name).map_or(String::new(), |v| v.to_str().unwrap().to_string()));
    let bytes = app.run(response.into_body().collect()).unwrap().to_bytes();
    let error = serde_json::from_slice::<Value>(&bytes).ok().and_then(|v| v["error"].as_str().map(String::from));
    (status, error.unwrap_or_default(), security)
}

/// A request's method, path and headers.
type Asked<'a> = (&'a str, &'a str, Vec<(&'a str, &'a str)>);

const JSON: (&str, &str) = ("content-type", "application/json");
const BEST: &str = r#"{"game": "ugolki", "depth": 1}"#;

#[test]
fn only_the_servers_own_page_is_answered() {
    let app = App::new(); // 127.0.0.1:8080
    let own = [("host", "127.0.0.1:8080")];
    // The page's own requests, from every name of this machine.
    for host in ["127.0.0.1:8080", "localhost:8080", "[::1]:8080"] {
        let origin = format!("http://{host}");
        let headers = [("host", host), ("origin", origin.as_str()), ("sec-fetch-site", "same-origin"), JSON];
        assert_eq!(ask(&app, "POST", "/api/bestmove", &headers, BEST).0, 200, "{host}");
        assert_eq!(ask(&app, "GET", "/api/games", &headers[..3], "").0, 200, "{host}");
        // The page opened by hand: no Origin, Sec-Fetch-Site `none`.
        assert_eq!(ask(&app, "GET", "/", &[("host", host), ("sec-fetch-site", "none")], "").0, 200, "{host}");
    }
    assert_eq!(
        ask(&app, "POST", "/api/bestmove", &[JSON, ("content-type", "application/json; charset=utf-8")], BEST).0,
        200
    );
    let refused: [(Asked, u16, &str); 13] = [
        // DNS rebinding: a name that resolves to this machine.
        (("GET", "/api/games", vec![("host", "evil.example.com:8080")]), 421, "is not this server"),
        (("POST", "/api/bestmove", vec![("host", "evil.example.com:8080"), JSON]), 421, "is not this server"),
        (("GET", "/", vec![("host", "evil.example.com")]), 421, "is not this server"),
        (("GET", "/api/games", vec![("host", "127.0.0.1:8081")]), 421, "is not this server"),
        // Another site's page.
        (("POST", "/api/bestmove", vec![own[0], ("origin", "http://evil.example.com"), JSON]), 403, "evil.example.com"),
        (("POST", "/api/bestmove", vec![own[0], ("origin", "http://localhost:3000"), JSON]), 403, "localhost:3000"),
        (("POST", "/api/bestmove", vec![own[0], ("origin", "null"), JSON]), 403, "'null'"),
        (("GET", "/api/analyze?game=chess", vec![own[0], ("sec-fetch-site", "cross-site")]), 403, "other sites"),
        (("GET", "/", vec![own[0], ("sec-fetch-site", "cross-site")]), 403, "other sites"),
        (("GET", "/api/games", vec![own[0], ("sec-fetch-site", "same-site")]), 403, "own page"),
        // A body another site could send without asking first.
        (("POST", "/api/bestmove", vec![own[0], ("content-type", "text/plain")]), 415, "application/json"),
        (("POST", "/api/bestmove", vec![own[0]]), 415, "application/json"),
        (("POST", "/api/position", vec![own[0], ("content-type", "application/x-www-form-urlencoded")]), 415, "json"),
    ];
    for ((method, path, headers), status, error) in refused {
        let (got, message, _) = ask(&app, method, path, &headers, BEST);
        assert_eq!(got, status, "{method} {path} {headers:?}: {message}");
        assert!(message.contains(error), "{method} {path} {headers:?}: {message}");
    }
}

#[test]
fn a_server_on_every_address_takes_ip_addresses_but_no_names() {
    let config = ladya_web::Config { host: "0.0.0.0".into(), port: 9000, ..ladya_web::Config::default() };
    let app = App::with(&config);
    for host in ["192.168.1.7:9000", "10.0.0.2:9000", "localhost:9000", "[fe80::1]:9000"] {
        assert_eq!(ask(&app, "GET", "/api/games", &[("host", host)], "").0, 200, "{host}");
    }
    for host in ["rebound.example.com:9000", "192.168.1.7:8080", "localhost:8080"] {
        assert_eq!(ask(&app, "GET", "/api/games", &[("host", host)], "").0, 421, "{host}");
    }
    let v6 = ladya_web::Config { host: "::1".into(), port: 9000, ..ladya_web::Config::default() };
    let app = App::with(&v6);
    assert_eq!(ask(&app, "GET", "/api/games", &[("host", "[::1]:9000")], "").0, 200);
    assert_eq!(ask(&app, "GET", "/api/games", &[("host", "192.168.1.7:9000")], "").0, 421);
}

#[test]
fn every_answer_carries_the_security_headers() {
    let app = App::new();
    let cases: [(Asked, u16); 7] = [
        (("GET", "/", vec![]), 200),
        (("GET", "/app.js", vec![]), 200),
        (("GET", "/api/games", vec![]), 200),
        (("GET", "/nothing.html", vec![]), 404),
        (("GET", "/api/legal?game=go", vec![]), 400),
        (("POST", "/api/position", vec![("content-type", "text/plain")]), 415),
        (("GET", "/", vec![("host", "evil.example.com")]), 421),
    ];
    for ((method, path, headers), status) in cases {
        let (got, _, [policy, frames, sniff, referrer]) = ask(&app, method, path, &headers, "{}");
        assert_eq!(got, status, "{method} {path}");
        let directives: Vec<&str> = policy.split(';').map(str::trim).collect();
        for wanted in ["default-src 'self'", "frame-ancestors 'none'", "object-src 'none'"] {
            assert!(directives.contains(&wanted), "{method} {path}: {policy}");
        }
        // Nothing inline and nothing from elsewhere: 'self' is the only source but the icon's data:.
        assert!(!policy.contains("unsafe") && !policy.contains("http") && !policy.contains('*'), "{policy}");
        assert_eq!([frames.as_str(), sniff.as_str(), referrer.as_str()], ["DENY", "nosniff", "no-referrer"], "{path}");
    }
}
