//! The page's files: compiled in from `assets/`, or read from a folder given on the command
//! line, each with the content type its extension calls for.

use std::borrow::Cow;
use std::path::{Path, PathBuf};

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
                Assets::Folder(dir) => read_inside(dir, name).await.map(Cow::Owned),
            }
        };
        let Some(bytes) = bytes else {
            return ApiError::new(StatusCode::NOT_FOUND, format!("no file '{name}'")).into_response();
        };
        ([(header::CONTENT_TYPE, content_type(name))], bytes).into_response()
    }
}

/// The file `name` of the folder `dir`, if it is there and really inside it: a symbolic link
/// that leads out of the folder is not followed.
async fn read_inside(dir: &Path, name: &str) -> Option<Vec<u8>> {
    let root = tokio::fs::canonicalize(dir).await.ok()?;
    let real = tokio::fs::canonicalize(dir.join(name)).await.ok()?;
    if !real.starts_with(&root) {
        return None;
    }
    tokio::fs::read(real).await.ok()
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

    #[cfg(unix)]
    #[test]
    fn a_folders_links_out_of_it_are_not_followed() {
        let base = std::env::temp_dir().join(format!("ladya-assets-{}", std::process::id()));
        let dir = base.join("page");
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(base.join("secret.txt"), "outside").unwrap();
        std::fs::write(dir.join("sub/page.txt"), "inside").unwrap();
        std::os::unix::fs::symlink(base.join("secret.txt"), dir.join("leak.txt")).unwrap();
        std::os::unix::fs::symlink("sub/page.txt", dir.join("alias.txt")).unwrap();
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let read = |name: &str| runtime.block_on(read_inside(&dir, name));
        assert_eq!(read("sub/page.txt").as_deref(), Some(&b"inside"[..]));
        assert_eq!(read("alias.txt").as_deref(), Some(&b"inside"[..]));
        assert_eq!(read("leak.txt"), None);
        assert_eq!(read("missing.txt"), None);
        std::fs::remove_dir_all(&base).unwrap();
    }

    #[test]
    fn every_page_file_is_compiled_in() {
        for name in ["index.html", "app.js", "style.css"] {
            assert!(Embedded::get(name).is_some(), "{name}");
        }
    }
}
