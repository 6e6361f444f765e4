//! The page's files: compiled in from `assets/`, or read from a folder given on the command
//! line, each with the content type its extension calls for.

use std::borrow::Cow;
use std::path::PathBuf;

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// Every file under `assets/`, compiled into the binary.
#[derive(rust_embed::Embed)]
#[folder = "assets/"]
struct Embedded;

/// Where the page's files come from.
#[derive(Clone, Debug)]
pub enum Assets {
    /// The copies compiled in.
    Embedded,
    /// A folder on disk, read at each request.
    Folder(PathBuf),
}

impl Assets {
    /// The file at URL path `path` (`/` is `index.html`) with its content type, or 404.
    pub async fn response(&self, path: &str) -> Response {
        let name = match path.trim_start_matches('/') {
            "" => "index.html",
            name => name,
        };
        let safe = name.split('/').all(|part| !part.is_empty() && part != "." && part != "..") && !name.contains('\\');
        let bytes: Option<Cow<'static, [u8]>> = if !safe {
            None
        } else {
            match self {
                Assets::Embedded => Embedded::get(name).map(|file| file.data),
                Assets::Folder(dir) => tokio::fs::read(dir.join(name)).await.ok().map(Cow::Owned),
            }
        };
        let Some(bytes) = bytes else {
            return ApiError::new(StatusCode::NOT_FOUND, format!("no file '{name}'")).into_response();
        };
        ([(header::CONTENT_TYPE, content_type(name))], bytes).into_response()
    }
}

/// The content type of a file named `name`, by its extension; text in UTF-8.
fn content_type(name: &str) -> HeaderValue {
    let mime = mime_guess::from_path(name).first_or_octet_stream();
    let text =
        mime.type_() == mime_guess::mime::TEXT || matches!(mime.subtype().as_str(), "javascript" | "json" | "svg");
    let value = if text { format!("{}; charset=utf-8", mime.essence_str()) } else { mime.essence_str().to_string() };
    HeaderValue::from_str(&value).unwrap_or(HeaderValue::from_static("application/octet-stream"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn types_follow_extensions() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("style.css"), "text/css; charset=utf-8");
        assert!(content_type("app.js").to_str().unwrap().contains("javascript"));
        assert_eq!(content_type("pieces/wK.svg"), "image/svg+xml; charset=utf-8");
        assert_eq!(content_type("board.png"), "image/png");
    }

    #[test]
    fn every_page_file_is_compiled_in() {
        for name in ["index.html", "app.js", "style.css"] {
            assert!(Embedded::get(name).is_some(), "{name}");
        }
    }
}
