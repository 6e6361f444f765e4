//! Text helpers of the protocols: option words, time units and a plain board diagram.

use crate::session::Session;

/// Reads a count of time units (`wtime`'s milliseconds, UCCI's `time`): any number, `1e3`
/// included, with below zero read as zero (a clock that ran out) and beyond `u64` as the most
/// it holds; `None` for text that is not a number.
pub(crate) fn time_units(text: &str) -> Option<u64> {
    let units: f64 = text.parse().ok().filter(|t: &f64| !t.is_nan())?;
    Some(units.max(0.0) as u64)
}

/// Splits `name NAME... [value VALUE...]` into the name and the value (possibly empty).
pub(crate) fn option_words(words: &[&str]) -> Option<(String, String)> {
    let (first, rest) = words.split_first()?;
    if *first != "name" {
        return None;
    }
    let value_at = rest.iter().position(|w| *w == "value").unwrap_or(rest.len());
    let name = rest[..value_at].join(" ");
    if name.is_empty() {
        return None;
    }
    let value = rest.get(value_at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    Some((name, value))
}

/// The board drawn from the FEN's placement field (any game: ranks separated by `/`,
/// digits for empty squares), with the FEN, key and legal move count, as `d` prints it.
pub(crate) fn board_diagram(session: &dyn Session) -> String {
    let fen = session.fen();
    let placement = fen.split_whitespace().next().unwrap_or_default();
    let rows: Vec<Vec<char>> = placement
        .split('/')
        .map(|rank| {
            rank.chars()
                .flat_map(|c| match c.to_digit(10) {
                    Some(n) => vec![' '; n as usize],
                    None => vec![c],
                })
                .collect()
        })
        .collect();
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let rule = format!(" +{}", "---+".repeat(width));
    let mut out = vec![String::new(), rule.clone()];
    for (i, row) in rows.iter().enumerate() {
        let cells: String = row.iter().map(|c| format!(" {c} |")).collect();
        out.push(format!(" |{cells} {}", rows.len() - i - 1 + usize::from(session.first_rank())));
        out.push(rule.clone());
    }
    let files: String = (0..width).map(|f| format!("   {}", (b'a' + f as u8) as char)).collect();
    out.push(files);
    out.push(String::new());
    out.push(format!("Fen: {fen}"));
    out.push(format!("Key: {:016X}", session.key()));
    out.push(format!("Legal moves: {}", session.legal_moves().len()));
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names_may_have_spaces() {
        let words: Vec<&str> = "name Move Overhead value 100".split(' ').collect();
        assert_eq!(option_words(&words), Some(("Move Overhead".into(), "100".into())));
        let words: Vec<&str> = "name Clear Hash".split(' ').collect();
        assert_eq!(option_words(&words), Some(("Clear Hash".into(), String::new())));
        assert_eq!(option_words(&["value", "3"]), None);
        assert_eq!(option_words(&["name"]), None);
    }
}
