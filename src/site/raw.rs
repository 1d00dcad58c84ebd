//! What a page holds before any JavaScript runs: the inline script's
//! `task`, sizes and hash, the puzzle ID, the special's date.

use super::markup;
use super::url::{PuzzleId, SizeClass};

/// Every fact the raw page gives; each may be missing (docs/site.md marks some
/// as unsure), and the caller decides which it needs.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PageInfo {
    pub task: Option<String>,
    /// None where the ID span is missing, empty or `0` (a special's page).
    pub id: Option<PuzzleId>,
    /// The special a page's title names (`Special Daily ...`), as its class.
    pub special: Option<SizeClass>,
    /// `Game.plSize`: the size class number.
    pub size_param: Option<u8>,
    pub width: Option<usize>,
    pub height: Option<usize>,
    /// The special's date: `YYYY-MM-DD` where the page writes a date,
    /// else the page's own words (a `<select>` option such as `Week 48`).
    pub date: Option<String>,
    /// `hashedSolution`: md5 of the task and the answer (docs/site.md),
    /// the site's own check of a solution.
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
        id: first(&markup::PUZZLE_ID).and_then(|s| s.parse().ok()).filter(|&id| id != PuzzleId(0)),
        special: special_title(html).map(|(class, _)| class),
        size_param: number(&markup::PL_SIZE).and_then(|n: usize| u8::try_from(n).ok()),
        width: number(&markup::WIDTH),
        height: number(&markup::HEIGHT),
        date: read_date(html),
        hashed_solution: first(&markup::HASHED_SOLUTION),
    }
}

/// The special named in the page's title (else anywhere in the page), with
/// its date.
fn special_title(html: &str) -> Option<(SizeClass, String)> {
    let title = markup::TITLE.captures(html).map(|c| c.get(1).map_or("", |m| m.as_str()));
    let found =
        title.and_then(|t| markup::SPECIAL_TITLE.captures(t)).or_else(|| markup::SPECIAL_TITLE.captures(html))?;
    let class = match found[1].to_ascii_lowercase().as_str() {
        "daily" => SizeClass::DAILY,
        "weekly" => SizeClass::WEEKLY,
        _ => SizeClass::MONTHLY,
    };
    Some((class, normal_date(&found[2])))
}

/// `2026-8-3` as `2026-08-03`; anything that is not a real date as it is.
fn normal_date(text: &str) -> String {
    let text = text.trim();
    let parts: Vec<&str> = text.split('-').collect();
    let date = match parts.as_slice() {
        [y, m, d]
            if y.len() == 4
                && [y, m, d].iter().all(|p| !p.is_empty() && p.len() <= 4 && p.bytes().all(|b| b.is_ascii_digit())) =>
        {
            let number = |p: &str| p.parse::<i8>().ok();
            y.parse::<i16>()
                .ok()
                .zip(number(m))
                .zip(number(d))
                .and_then(|((y, m), d)| jiff::civil::Date::new(y, m, d).ok())
        }
        _ => None,
    };
    date.map_or_else(|| text.to_string(), |date| date.strftime("%Y-%m-%d").to_string())
}

/// The special's date: from its title first (the one place real pages were
/// seen to carry it), then from the places an older page engine used.
fn read_date(html: &str) -> Option<String> {
    if let Some((_, date)) = special_title(html) {
        return Some(date);
    }
    if let Some(c) = markup::SPECIAL_DATE.captures(html) {
        return Some(normal_date(&c[1]));
    }
    let select = markup::DATE_SELECT.captures(html)?;
    let option = markup::SELECTED_OPTION.captures(&select[1])?;
    // The option's value if it has one, else its text.
    let value = markup::OPTION_VALUE.captures(&option[1]).map(|v| v[1].to_string());
    let date = value.unwrap_or_else(|| option[2].to_string());
    let date = date.trim();
    (!date.is_empty()).then(|| normal_date(date))
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
    fn a_specials_date_and_kind_come_from_its_title_first() {
        let html = "<html><head><title>Special Daily Aquarium (2026-08-23)</title></head>\
            <script>var specialDate = '2020-01-01';</script>";
        let info = read_page(html);
        assert_eq!(info.date.as_deref(), Some("2026-08-23"));
        assert_eq!(info.special, Some(SizeClass::DAILY));
        let heading = "<title>Aquarium</title><h1>special weekly aquarium  ( 2026-8-3 )</h1>";
        assert_eq!(normal_date(" 2026-008-3 "), "2026-08-03");
        // What is no real date is kept as the page wrote it.
        for text in ["2026-2-30", "2026-13-01", "2026-0-1", "2026-08", "26-08-03"] {
            assert_eq!(normal_date(text), text);
        }
        assert_eq!(read_page(heading).date.as_deref(), Some("2026-08-03"));
        assert_eq!(read_page(heading).special, Some(SizeClass::WEEKLY));
        let monthly = read_page("<title>Special Monthly Aquarium (2026-11-01)</title>");
        assert_eq!((monthly.special, monthly.date.as_deref()), (Some(SizeClass::MONTHLY), Some("2026-11-01")));
        // A normal puzzle's title names no special and no date.
        let normal = read_page("<title>Aquarium - 6x6 Easy</title>");
        assert_eq!((normal.special, normal.date), (None, None));
    }

    #[test]
    fn an_empty_or_zero_id_is_no_id_whatever_the_label_says() {
        for span in
            ["<span id=\"puzzleID\"></span>", "<span id=\"puzzleID\"> 0 </span>", "<span id='puzzleID'>0</span>"]
        {
            assert_eq!(read_page(&format!("<p>Puzzle ID: {span}</p>")).id, None, "{span}");
        }
        let translated =
            "<p>6x6 \u{9ed1}\u{767d} \u{7b80}\u{5355} \u{9898}\u{53f7}: <span id=\"puzzleID\">438,243</span></p>";
        assert_eq!(read_page(translated).id, Some(PuzzleId(438_243)));
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
