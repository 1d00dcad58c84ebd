//! Tables for people: right-aligned columns between `|`, Markdown-shaped
//! (what `stats` prints, and the benchmark tool's tables).

/// Renders `rows` (the first is the header) under `title`.
pub fn render(title: &str, rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| rows.iter().map(|r| r.get(c).map_or(0, |cell| cell.chars().count())).max().unwrap_or(0))
        .collect();
    let mut out = format!("{title}\n");
    for (k, row) in rows.iter().enumerate() {
        let cells: Vec<String> =
            widths.iter().enumerate().map(|(c, &w)| format!("{:>w$}", row.get(c).map_or("", String::as_str))).collect();
        out.push_str(&format!("| {} |\n", cells.join(" | ")));
        if k == 0 {
            let rule: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
            out.push_str(&format!("|-{}-|\n", rule.join("-|-")));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn columns_line_up() {
        let rows = vec![vec!["a".to_string(), "bb".into()], vec!["ccc".into(), "d".into()]];
        assert_eq!(super::render("T", &rows), "T\n|   a | bb |\n|-----|----|\n| ccc |  d |\n");
    }
}
