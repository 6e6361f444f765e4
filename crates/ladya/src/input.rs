//! Reading the text files the commands take (EPD suites, problem batches, opening books)
//! with a bound on each line, so that a file with no line ends (`/dev/zero`) is refused
//! instead of read until memory runs out.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// The longest line a text file may have, in bytes (without its line end).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The text of the file `path`, each line at most [`MAX_LINE_BYTES`] long, without the byte
/// order mark that some editors put first (U+FEFF, which no format here reads).
///
/// # Errors
/// A file that cannot be read, a longer line or one that is not UTF-8, named by file and
/// line number.
pub fn read_text(path: &Path) -> Result<String, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut reader = BufReader::new(file);
    let mut text = String::new();
    let mut line = Vec::new();
    for number in 1.. {
        let at = |what: String| format!("{} line {number}: {what}", path.display());
        line.clear();
        let read = (&mut reader)
            .take(MAX_LINE_BYTES as u64 + 2)
            .read_until(b'\n', &mut line)
            .map_err(|e| at(e.to_string()))?;
        if read == 0 {
            break;
        }
        let end = line.strip_suffix(b"\n").map_or(line.len(), <[u8]>::len);
        let end = if line[..end].ends_with(b"\r") { end - 1 } else { end };
        if end > MAX_LINE_BYTES {
            return Err(at(format!("longer than {MAX_LINE_BYTES} bytes")));
        }
        text.push_str(std::str::from_utf8(&line).map_err(|_| at("not UTF-8 text".to_string()))?);
    }
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded() {
        let dir = std::env::temp_dir().join(format!("ladya-input-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("text");
        let long = "x".repeat(MAX_LINE_BYTES);
        std::fs::write(&path, format!("first\r\n{long}\r\nlast")).unwrap();
        assert_eq!(read_text(&path).unwrap(), format!("first\r\n{long}\r\nlast"));
        std::fs::write(&path, format!("first\n{long}x\nlast\n")).unwrap();
        let err = read_text(&path).unwrap_err();
        assert_eq!(err, format!("{} line 2: longer than 1048576 bytes", path.display()));
        std::fs::write(&path, "\u{feff}first\nsecond \u{feff}\n").unwrap();
        assert_eq!(read_text(&path).unwrap(), "first\nsecond \u{feff}\n", "only a leading mark goes");
        std::fs::write(&path, b"ok\n\xff\n").unwrap();
        assert_eq!(read_text(&path).unwrap_err(), format!("{} line 2: not UTF-8 text", path.display()));
        std::fs::remove_dir_all(&dir).unwrap();
        assert!(read_text(&dir.join("missing")).unwrap_err().starts_with(&format!("{}", dir.display())));
    }
}
