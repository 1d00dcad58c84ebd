//! What a page holds before any JavaScript runs: the inline script's
//! `task`, sizes and hash, the puzzle ID, the special's date.

use super::markup;
use super::url::PuzzleId;

/// Every fact the raw page gives; each may be missing (SITE.md marks some
/// as unsure), and the caller decides which it needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageInfo {
    pub task: Option<String>,
    pub id: Option<PuzzleId>,
    /// `Game.plSize`: the size class number.
    pub size_param: Option<u8>,
    pub width: Option<usize>,
    pub height: Option<usize>,
    /// The special's date as the page writes it.
    pub date: Option<String>,
    /// 32 hex digits; its formula is unconfirmed for Aquarium, so it is
    /// kept, not checked.
    pub hashed_solution: Option<String>,
}

/// The site's "no such puzzle" answer.
pub fn is_not_found(html: &str) -> bool {
    markup::NOT_FOUND.is_match(html)
}

/// Reads the facts of a raw page. Never fails: what is absent or garbled is
/// `None`.
pub fn read_page(html: &str) -> PageInfo {
    let first = |re: &regex::Regex| re.captures(html).map(|c| c[1].to_string());
    let number = |re: &regex::Regex| first(re).and_then(|s| s.parse().ok());
    PageInfo {
        task: first(&markup::TASK),
        id: first(&markup::PUZZLE_ID).and_then(|s| s.parse().ok()),
        size_param: number(&markup::PL_SIZE).and_then(|n: usize| u8::try_from(n).ok()),
        width: number(&markup::WIDTH),
        height: number(&markup::HEIGHT),
        date: read_date(html),
        hashed_solution: first(&markup::HASHED_SOLUTION),
    }
}

fn read_date(html: &str) -> Option<String> {
    if let Some(c) = markup::SPECIAL_DATE.captures(html) {
        return Some(c[1].trim().to_string());
    }
    let select = markup::DATE_SELECT.captures(html)?;
    let option = markup::SELECTED_OPTION.captures(&select[1])?;
    // The option's value if it has one, else its text.
    let value = markup::OPTION_VALUE.captures(&option[1]).map(|v| v[1].to_string());
    let date = value.unwrap_or_else(|| option[2].to_string());
    let date = date.trim();
    (!date.is_empty()).then(|| date.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/pages").join(name);
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    #[test]
    fn reads_the_real_nonograms_capture() {
        let info = read_page(&fixture("puzzle-nonograms.com_15x15_2401181_trimmed.html"));
        assert_eq!(info.id, Some(PuzzleId(2_401_181)));
        assert_eq!((info.width, info.height), (Some(15), Some(15)));
        assert_eq!(info.hashed_solution.as_deref(), Some("f3de0201ee7b6cb75453b9a892cff602"));
        assert!(info.task.unwrap().starts_with("6/6.1.1/6.4/"));
        assert_eq!(info.size_param, None, "this capture has no Game.plSize");
    }

    #[test]
    fn reads_the_real_bridges_full_page() {
        let html = fixture("cn.puzzle-bridges.com_hashi_7x7_8354600_full_page.html");
        let info = read_page(&html);
        assert_eq!(info.task.as_deref(), Some("b2c33b4a3h4d4b2a4h1a3b6b3"));
        assert_eq!(info.id, Some(PuzzleId(8_354_600)));
        assert_eq!(info.size_param, Some(0));
        assert!(!is_not_found(&html));
    }

    #[test]
    fn reads_the_newer_script_with_spaces() {
        let info = read_page(&fixture("puzzle-galaxies.com_5x5_inline_script_fragment.txt"));
        assert_eq!(info.task.as_deref(), Some("bpdziccl"));
        assert_eq!((info.width, info.height, info.size_param), (Some(5), Some(5), Some(0)));
        assert_eq!(info.hashed_solution.as_deref(), Some("c956f3cfd752c431431db97099854bff"));
    }

    #[test]
    fn reads_the_aquarium_task_line() {
        let info = read_page(&fixture("puzzle-aquarium.com_681742_task.txt"));
        assert_eq!(
            info.task.as_deref(),
            Some("4_5_5_3_3_1_4_5_5_3_1_3;1,1,2,3,3,3,1,2,2,2,3,4,1,2,3,3,3,4,2,2,2,5,5,4,6,2,5,5,5,4,6,6,6,4,4,4")
        );
    }

    #[test]
    fn recognises_the_not_found_page() {
        let html = fixture("puzzle-nonograms.com_not_found_trimmed.html");
        assert!(is_not_found(&html));
        assert_eq!(read_page(&html), PageInfo::default());
    }

    #[test]
    fn reads_both_date_forms() {
        let info = read_page("<script>var specialDate = '2026-11-30';</script>");
        assert_eq!(info.date.as_deref(), Some("2026-11-30"));
        let html = r#"<select name="date" id="x"><option value="2026-11-29">Nov 29</option>
            <option value="2026-11-30" selected="selected">Nov 30</option></select>"#;
        assert_eq!(read_page(html).date.as_deref(), Some("2026-11-30"));
        let html = r#"<select name="date"><option selected>Week 48, 2026</option></select>"#;
        assert_eq!(read_page(html).date.as_deref(), Some("Week 48, 2026"));
        assert_eq!(read_page(r#"<select name="date"><option>x</option></select>"#).date, None);
    }

    #[test]
    fn garbage_gives_nothing_and_does_not_panic() {
        for html in ["", "var task = '", "puzzleWidth: 99999999999999999999999", "Game.plSize = 300;", "\u{0}<<<>>"] {
            let info = read_page(html);
            assert_eq!(info.width, None);
            assert_eq!(info.size_param, None);
        }
    }
}
