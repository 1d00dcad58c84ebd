//! Every regex and CSS selector that reads the site's pages, in one place
//! (docs/site.md, "The raw page" and "The rendered board"). When the site's
//! markup changes, change it here and run `aquarchive reparse`.

use std::sync::LazyLock;

use regex::Regex;
use scraper::Selector;

/// Bump when anything here changes the meaning of what is extracted: the
/// store records which extractor derived each puzzle.
pub const EXTRACTOR_VERSION: u32 = 2;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).expect("a valid built-in regex")
}

fn css(selector: &str) -> Selector {
    Selector::parse(selector).expect("a valid built-in selector")
}

// The inline script. Whitespace is allowed wherever the known captures vary
// (the galaxies fragment puts spaces around `=` and before commas), and
// either quote.
pub static TASK: LazyLock<Regex> = LazyLock::new(|| re(r#"var\s+task\s*=\s*['"]([^'"]*)['"]"#));
pub static WIDTH: LazyLock<Regex> = LazyLock::new(|| re(r"puzzleWidth\s*:\s*(\d+)"));
pub static HEIGHT: LazyLock<Regex> = LazyLock::new(|| re(r"puzzleHeight\s*:\s*(\d+)"));
pub static HASHED_SOLUTION: LazyLock<Regex> = LazyLock::new(|| re(r#"hashedSolution\s*:\s*['"]([^'"]+)['"]"#));
pub static PL_SIZE: LazyLock<Regex> = LazyLock::new(|| re(r"Game\.plSize\s*=\s*(\d+)\s*;"));
/// `<span id="puzzleID">2,401,181</span>` (either quote, other attributes),
/// whatever the label around it says (mirrors translate it). The span may
/// be empty, or hold `0` on a special: both mean the page has no ID.
pub static PUZZLE_ID: LazyLock<Regex> = LazyLock::new(|| re(r#"id\s*=\s*["']puzzleID["'][^>]*>([^<]*)<"#));
/// A special's title, `Special Daily Aquarium (2026-08-23)`: which special
/// (group 1) and its date (group 2). Read in `<title>` first, then anywhere
/// in the page (a heading may carry it too).
pub static TITLE: LazyLock<Regex> = LazyLock::new(|| re(r"(?is)<title[^>]*>(.*?)</title>"));
pub static SPECIAL_TITLE: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)Special\s+(Daily|Weekly|Monthly)\b[^()<>]{0,80}\(\s*(\d{4}-\d{1,2}-\d{1,2})\s*\)"));
/// Where a real special's page gives its date (docs/site.md, "Specials"):
/// the game's options (`specialDate: '2025-12-08'`), the `selected` option
/// of the answer form's `<select name="date">`, and the printed line
/// `<span class="onlyprint">Dec 08, 2025</span>`. The list's options are the
/// specials the site still offers; `lastValidSpecial` is the newest it no
/// longer does.
pub static SPECIAL_DATE: LazyLock<Regex> = LazyLock::new(|| re(r#"specialDate\s*[:=]\s*['"]([^'"]+)['"]"#));
pub static DATE_SELECT: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(?is)<select[^>]*name\s*=\s*["']date["'][^>]*>(.*?)</select>"#));
pub static SELECTED_OPTION: LazyLock<Regex> =
    LazyLock::new(|| re(r#"(?is)<option\b([^>]*\bselected\b[^>]*)>([^<]*)<"#));
pub static OPTION_VALUE: LazyLock<Regex> = LazyLock::new(|| re(r#"(?i)value\s*=\s*["']([^"']*)["']"#));
pub static OPTION: LazyLock<Regex> = LazyLock::new(|| re(r#"(?is)<option\b([^>]*)>([^<]*)<"#));
pub static PRINTED_DATE: LazyLock<Regex> = LazyLock::new(|| {
    re(r#"(?is)<span[^>]*class\s*=\s*["']onlyprint["'][^>]*>\s*([A-Za-z]{3,9}\.? \d{1,2}, \d{4})\s*<"#)
});
pub static LAST_VALID_SPECIAL: LazyLock<Regex> = LazyLock::new(|| re(r#"lastValidSpecial\s*[:=]\s*['"]([^'"]+)['"]"#));
/// The game's options name the kind and the class: `ident: 'light-up.13'`
/// (the kind as its site names it, and `Game.plSize`).
pub static IDENT: LazyLock<Regex> = LazyLock::new(|| re(r#"ident\s*:\s*['"]([a-z][a-z0-9-]*)\.(\d+)['"]"#));
/// The size menu (`<ul id="menuSizes">`) and each of its classes: the
/// `mvvm-class` names the class language-independently
/// (`User.achievements['light-up']['7x7-easy']`), and the link its number
/// (`href="/?size=N"`; `href="/"` is 0).
pub static MENU: LazyLock<Regex> = LazyLock::new(|| re(r#"(?is)<ul[^>]*id\s*=\s*["']menuSizes["'][^>]*>(.*?)</ul>"#));
pub static MENU_ITEM: LazyLock<Regex> = LazyLock::new(|| {
    re(
        r#"(?is)<li[^>]*mvvm-class\s*=\s*"[^"]*User\.achievements\['([^']+)'\]\['([^']+)'\][^"]*"[^>]*>\s*<a[^>]*href\s*=\s*["']/(?:\?size=(\d+))?["']"#,
    )
});
/// `<div class="err">Unable to load puzzle. No puzzle with such ID.</div>`
pub static NOT_FOUND: LazyLock<Regex> = LazyLock::new(|| re(r"(?i)No puzzle with such ID"));

// The rendered board. Selected by class, not by position: the nesting
// inside `#game` is unsure.
pub static BOARD_CELL: LazyLock<Selector> = LazyLock::new(|| css("#game div.cell.selectable"));
pub static COLUMN_CLUE: LazyLock<Selector> = LazyLock::new(|| css("#game div.cell.task.v"));
pub static ROW_CLUE: LazyLock<Selector> = LazyLock::new(|| css("#game div.cell.task.h"));
/// What a browser waits for before reading the board.
pub const BOARD_READY_CSS: &str = "#game div.cell.selectable";
/// The site's error box (the "no such puzzle" page): a page with one has
/// answered, so a browser stops waiting for a board.
pub const ERROR_BOX_CSS: &str = "div.err";
/// The wall classes on a cell: top, bottom, left, right.
pub const WALL_TOP: &str = "bt";
pub const WALL_BOTTOM: &str = "bb";
pub const WALL_LEFT: &str = "bl";
pub const WALL_RIGHT: &str = "br";
