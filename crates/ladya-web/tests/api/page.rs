use axum::http::Method;
use serde_json::{Value, json};

use crate::{App, XIANGQI};

#[test]
fn the_page_is_served_with_its_types() {
    let app = App::new();
    for (path, kind) in [
        ("", "text/html"),
        ("?game=xiangqi", "text/html"),
        ("index.html", "text/html"),
        ("app.js", "javascript"),
        ("style.css", "text/css"),
    ] {
        let (status, got, body) = app.call(Method::GET, path, "");
        assert_eq!(status, 200, "{path}");
        assert!(got.contains(kind) && !body.is_empty(), "{path}: {got}");
    }
    let (status, _, body) = app.call(Method::HEAD, "", "");
    assert_eq!((status, body.len()), (200, 0));
}

#[test]
fn the_games_are_listed_with_their_boards() {
    let app = App::new();
    let (status, games) = app.get("api/games");
    assert_eq!(status, 200);
    let names: Vec<&Value> = games["games"].as_array().unwrap().iter().map(|g| &g["name"]).collect();
    assert_eq!(names, [&json!("chess"), &json!("xiangqi"), &json!("ugolki")]);
    assert_eq!(games["games"][1]["start"], XIANGQI[0]);
    assert_eq!((&games["games"][1]["files"], &games["games"][1]["ranks"]), (&json!(9), &json!(10)));
    assert_eq!((&games["games"][0]["solver"], &games["games"][2]["solver"]), (&json!(true), &json!(false)));
}

/// A fresh folder under the system's temporary one, removed when dropped.
struct TempDir(std::path::PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("ladya-web-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn page_files_may_come_from_a_folder() {
    let dir = TempDir::new("assets");
    let page = dir.0.join("page");
    std::fs::create_dir_all(page.join("pieces")).unwrap();
    std::fs::write(page.join("index.html"), "<p>from the folder</p>").unwrap();
    std::fs::write(page.join("pieces/wK.svg"), "<svg/>").unwrap();
    // Beside the folder, out of reach.
    std::fs::write(dir.0.join("secret.txt"), "secret").unwrap();
    let app = App::with(&ladya_web::Config { assets: Some(page), ..ladya_web::Config::default() });
    let (status, kind, body) = app.call(Method::GET, "", "");
    assert_eq!((status, body.as_slice()), (200, b"<p>from the folder</p>".as_slice()), "{kind}");
    assert!(kind.starts_with("text/html"), "{kind}");
    let (status, kind, body) = app.call(Method::GET, "pieces/wK.svg", "");
    assert_eq!((status, body.as_slice()), (200, b"<svg/>".as_slice()));
    assert!(kind.starts_with("image/svg+xml"), "{kind}");
    assert_eq!(app.get("app.js").0, 404);
    assert_eq!(app.get("%2e%2e/Cargo.toml").0, 404);
    // The file is there: these paths would reach it if the page's files did not stop at the
    // folder.
    assert!(dir.0.join("page/../secret.txt").is_file());
    for path in ["../secret.txt", "pieces/../../secret.txt", "%2e%2e/secret.txt", "..%2fsecret.txt", "./../secret.txt"]
    {
        let (status, answer) = app.get(path);
        assert_eq!(status, 404, "{path}: {answer}");
        assert!(answer["error"].as_str().unwrap().starts_with("no file '"), "{path}: {answer}");
    }
}

#[test]
fn paths_out_of_the_compiled_page_are_refused() {
    let app = App::new();
    for path in ["../Cargo.toml", "%2e%2e/Cargo.toml", "pieces/../../src/lib.rs", "./index.html", "x/../index.html"] {
        let (status, answer) = app.get(path);
        assert_eq!(status, 404, "{path}: {answer}");
        assert!(answer["error"].as_str().unwrap().starts_with("no file '"), "{path}: {answer}");
    }
}
