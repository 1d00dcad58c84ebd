//! What a page holds before any JavaScript runs: the inline script's
//! `task`, sizes and hash, the puzzle ID, the special's date.

use jiff::civil::Date;

use super::family::MenuClass;
use super::markup;
use super::url::{PuzzleId, SizeClass};
use aquarchive_kinds::Kind;

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
    /// `lastValidSpecial`: the newest special the site no longer offers.
    pub last_valid_special: Option<String>,
    /// The kind the game's `ident` names (`light-up` of `light-up.13`), as
    /// written: it may name a kind this tool does not know.
    pub ident_kind: Option<String>,
    /// The class number the game's `ident` names (`13` of `light-up.13`).
    pub ident_param: Option<u8>,
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
        last_valid_special: first(&markup::LAST_VALID_SPECIAL).map(|d| normal_date(&d)),
        ident_kind: first(&markup::IDENT),
        ident_param: markup::IDENT.captures(html).and_then(|c| c[2].parse().ok()),
    }
}

/// The specials a special's page offers: the dates of its `<select
/// name="date">`, in the page's order (newest first on real pages). An
/// option that names no date is left out, and said so in the log. Empty for
/// a page with no list (a normal puzzle's, or a page that is not text).
pub fn offered_dates(bytes: &[u8]) -> Vec<Date> {
    let Ok(html) = std::str::from_utf8(bytes) else { return Vec::new() };
    let Some(select) = markup::DATE_SELECT.captures(html) else { return Vec::new() };
    let mut dates = Vec::new();
    for option in markup::OPTION.captures_iter(&select[1]) {
        let text = option_date(&option[1], &option[2]);
        match normal_date(&text).parse::<Date>() {
            Ok(date) => dates.push(date),
            Err(_) => tracing::warn!(option = text, "an option of the page's date list names no date; left out"),
        }
    }
    dates
}

/// The classes of the page's size menu, in its order: each one's number,
/// its language-independent name and the kind its key names. Empty for a
/// page with no menu.
pub fn menu_classes(bytes: &[u8]) -> Vec<MenuClass> {
    let Ok(html) = std::str::from_utf8(bytes) else { return Vec::new() };
    let Some(menu) = markup::MENU.captures(html) else { return Vec::new() };
    markup::MENU_ITEM
        .captures_iter(&menu[1])
        .filter_map(|item| {
            let param = match item.get(3) {
                Some(n) => n.as_str().parse().ok()?,
                None => 0,
            };
            Some(MenuClass { param, name: item[2].to_ascii_lowercase(), kind: item[1].parse::<Kind>().ok() })
        })
        .collect()
}

/// An option's value if it has one, else its text.
fn option_date(attributes: &str, text: &str) -> String {
    let value = markup::OPTION_VALUE.captures(attributes).map(|v| v[1].to_string());
    value.unwrap_or_else(|| text.to_string()).trim().to_string()
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

/// The special's date, from every place a page may give it: the game's
/// options (`specialDate`, where real pages give it), the date list's
/// `selected` option, the printed line (`Dec 08, 2025`), a title that names
/// it (as scrapers wrote it). The first found counts; a place that
/// disagrees is said in the log.
fn read_date(html: &str) -> Option<String> {
    let script = markup::SPECIAL_DATE.captures(html).map(|c| normal_date(&c[1]));
    let selected = markup::DATE_SELECT.captures(html).and_then(|select| {
        let option = markup::SELECTED_OPTION.captures(&select[1])?;
        let date = option_date(&option[1], &option[2]);
        (!date.is_empty()).then(|| normal_date(&date))
    });
    let printed = markup::PRINTED_DATE.captures(html).and_then(|c| {
        let text = c[1].replace('.', "");
        Date::strptime("%b %d, %Y", &text).or_else(|_| Date::strptime("%B %d, %Y", &text)).ok()
    });
    let printed = printed.map(|d| d.strftime("%Y-%m-%d").to_string());
    let title = special_title(html).map(|(_, date)| date);
    let places =
        [("specialDate", script), ("the selected date", selected), ("the printed date", printed), ("the title", title)];
    let mut found = places.iter().filter_map(|(place, date)| date.as_ref().map(|d| (*place, d)));
    let (first_place, date) = found.next()?;
    for (place, other) in found.filter(|(_, other)| *other != date) {
        tracing::warn!(date, first_place, other, place, "the page gives its special's date twice, differently");
    }
    Some(date.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixture(name: &str) -> String {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/pages").join(name);
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
    fn reads_the_real_special_page() {
        let html = fixture("real-2025/fr.puzzle-light-up.com_daily-special_2025-12-08.html");
        let info = read_page(&html);
        assert_eq!(info.date.as_deref(), Some("2025-12-08"));
        assert_eq!(info.last_valid_special.as_deref(), Some("2025-11-08"));
        assert_eq!((info.id, info.size_param), (None, Some(13)));
        let offered = offered_dates(html.as_bytes());
        assert_eq!(offered.len(), 30);
        assert_eq!(offered[0].to_string(), "2025-12-08");
        assert_eq!(offered[29].to_string(), "2025-11-09");
        assert!(offered.windows(2).all(|w| w[0] > w[1]), "newest first");
        let normal = fixture("real-2025/fr.puzzle-light-up.com_25x25-hard_9756737_2025-12-08.html");
        assert!(offered_dates(normal.as_bytes()).is_empty());
        assert_eq!(read_page(&normal).date, None);
    }

    #[test]
    fn reads_the_real_menu_and_ident() {
        let html = fixture("real-2025/fr.puzzle-light-up.com_25x25-hard_9756737_2025-12-08.html");
        let menu = menu_classes(html.as_bytes());
        assert_eq!(menu.len(), 15);
        assert_eq!(menu[0], MenuClass { param: 0, name: "7x7-easy".into(), kind: Some(Kind::LightUp) });
        assert_eq!((menu[11].param, menu[11].name.as_str()), (11, "25x25-hard"));
        assert_eq!((menu[12].param, menu[12].name.as_str()), (13, "daily"));
        assert_eq!((menu[13].param, menu[13].name.as_str()), (12, "weekly"));
        assert_eq!(read_page(&html).ident_kind.as_deref(), Some("light-up"));
        // The built-in table holds what the real menu gives.
        let table: Vec<(u8, &str)> = crate::family::FAMILY[15].classes.iter().map(|k| (k.param, k.name)).collect();
        let read: Vec<(u8, &str)> = menu[..12].iter().map(|c| (c.param, c.name.as_str())).collect();
        assert_eq!(table, read);
    }

    #[test]
    fn the_printed_date_stands_in_when_nothing_else_gives_one() {
        let html = r#"<p><span class="onlyprint">
                Dec 08, 2025                </span></p>"#;
        assert_eq!(read_page(html).date.as_deref(), Some("2025-12-08"));
        // The script's date comes first.
        let both = format!("<script>x({{specialDate: '2025-12-07'}})</script>{html}");
        assert_eq!(read_page(&both).date.as_deref(), Some("2025-12-07"));
    }

    #[test]
    fn a_specials_date_and_kind_from_a_title() {
        let html = "<html><head><title>Special Daily Aquarium (2026-08-23)</title></head>";
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
