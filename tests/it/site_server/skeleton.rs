//! The stand-in's pages, built from two real pages of the publisher's engine
//! (tests/fixtures/pages/real-2025/, sources in its README): the 25x25 hard
//! puzzle of fr.puzzle-light-up.com for the normal classes, and the daily
//! special of the same day for the specials. Each is read once and made a
//! skeleton: what names another host (scripts, stylesheets, images, ads,
//! links to mirrors and social sites) is dropped, so that a browser loading
//! the page asks nothing of any host but the stand-in; what is Light Up's is
//! put in Aquarium's words; and each part that differs between puzzles is
//! marked, so a page is its skeleton with the marks filled in. What stays is
//! the real structure: the answer form and its inputs, `puzzleInfo`, the
//! sizes menu, the date list, the inline script's options.

use std::sync::LazyLock;

use jiff::ToSpan as _;
use jiff::civil::Date;
use regex::{Captures, Regex};

use crate::util::fixtures;

const SPECIAL_PAGE: &str = "pages/real-2025/fr.puzzle-light-up.com_daily-special_2025-12-08.html";
const NORMAL_PAGE: &str = "pages/real-2025/fr.puzzle-light-up.com_25x25-hard_9756737_2025-12-08.html";

static SPECIAL: LazyLock<String> = LazyLock::new(|| skeleton(&read(SPECIAL_PAGE), true));
static NORMAL: LazyLock<String> = LazyLock::new(|| skeleton(&read(NORMAL_PAGE), false));

/// The size classes' names as the `fr.` mirror writes them (the real
/// page's menu: `7x7 Facile Light Up`, `Spécial du jour Light Up`, ...).
const CLASS_LABELS: [&str; 12] = [
    "6x6 Facile",
    "6x6 Normal",
    "6x6 Difficile",
    "10x10 Facile",
    "10x10 Normal",
    "10x10 Difficile",
    "15x15 Facile",
    "15x15 Normal",
    "15x15 Difficile",
    "Spécial du jour",
    "Spécial de la semaine",
    "Spécial du mois",
];

/// The sizes menu's keys of each class (`User.achievements[...][key]`),
/// which are also the names the command line takes.
pub const CLASS_KEYS: [&str; 12] = [
    "6x6-easy",
    "6x6-normal",
    "6x6-hard",
    "10x10-easy",
    "10x10-normal",
    "10x10-hard",
    "15x15-easy",
    "15x15-normal",
    "15x15-hard",
    "daily",
    "weekly",
    "monthly",
];

/// A class's name on the page, as its menu and title write it.
pub fn class_label(size: u8) -> String {
    format!("{} Aquarium", CLASS_LABELS[size as usize])
}

/// What a special's page says of its date.
pub struct SpecialFacts {
    pub date: Date,
    /// The specials of its class the page offers, newest first.
    pub offered: Vec<Date>,
    /// `lastValidSpecial`: the day before the oldest offered daily.
    pub last_valid: Date,
    /// A `#puzzleID` span with this text, or (None) none, as the real page.
    pub id_span: Option<&'static str>,
}

/// Everything one page shows of its puzzle.
pub struct PageFacts<'a> {
    pub size: u8,
    pub side: usize,
    pub task: &'a str,
    pub hashed: &'a str,
    /// The ID with the site's commas; a special's page has none.
    pub id_text: String,
    pub special: Option<SpecialFacts>,
    /// Today, by the site's clock: the menu names the current specials.
    pub today: Date,
}

/// The page of one puzzle.
pub fn page(facts: &PageFacts) -> String {
    let size = facts.size.to_string();
    let side = facts.side.to_string();
    let skeleton = if facts.special.is_some() { &*SPECIAL } else { &*NORMAL };
    let mut page = skeleton
        .replace("@@MENU@@", &menu(facts.size, facts.today))
        .replace("@@CLASS@@", &class_label(facts.size))
        .replace("@@SIZE@@", &size)
        .replace("@@W@@", &side)
        .replace("@@H@@", &side)
        .replace("@@HASH@@", facts.hashed);
    match &facts.special {
        Some(special) => {
            let span = special
                .id_span
                .map(|text| format!(" ID du casse-tête: <span id=\"puzzleID\">{text}</span>"))
                .unwrap_or_default();
            page = page
                .replace("@@DATE@@", &special.date.to_string())
                .replace("@@LAST_VALID@@", &special.last_valid.to_string())
                .replace("@@OPTIONS@@", &options(facts.size, special))
                .replace("@@PRINT_DATE@@", &print_date(special.date))
                .replace("@@ID_SPAN@@", &span);
        }
        None => page = page.replace("@@ID@@", &facts.id_text),
    }
    // The task last: no mark can hide in it.
    page.replace("@@TASK@@", facts.task)
}

/// `Dec 08, 2025`, as the date list and the print line write a date.
pub fn print_date(date: Date) -> String {
    date.strftime("%b %d, %Y").to_string()
}

/// A special's serial number, as the page's `mvvm-class` names it: its
/// day, week or month counted from the first of 2018.
fn serial(size: u8, date: Date) -> i64 {
    let start = Date::constant(2018, 1, 1);
    let days = i64::from(date.since(start).unwrap().get_days());
    match size {
        9 => days + 1,
        10 => days / 7 + 1,
        _ => (i64::from(date.year()) - 2018) * 12 + i64::from(date.month()),
    }
}

/// The day the current special of a class came out: today, this week's
/// Monday, or this month's 1st.
pub fn current(size: u8, today: Date) -> Date {
    match size {
        9 => today,
        10 => today.checked_sub(i64::from(today.weekday().to_monday_zero_offset()).days()).unwrap(),
        _ => today.first_of_month(),
    }
}

/// The sizes menu, as the real page's: one `<li>` per class, the page's own
/// `class="on"`, the specials' items naming their current serial numbers.
fn menu(size: u8, today: Date) -> String {
    (0..12u8)
        .map(|class| {
            let href = if class == 0 { "/".to_string() } else { format!("/?size={class}") };
            let on = if class == size { "on" } else { "" };
            let key = CLASS_KEYS[class as usize];
            let state = if class >= 9 {
                format!(
                    "icon-ok:User.achievements['aquarium']['{key}'].solved_specials.includes({})",
                    serial(class, current(class, today))
                )
            } else {
                format!("icon-star:User.achievements['aquarium']['{key}'].solvecons_100")
            };
            format!("<li  mvvm-class=\"{state}\"><a class=\"{on}\" href=\"{href}\">{}</a></li>", class_label(class))
        })
        .collect()
}

/// The date list's options, newest first, the page's own `selected`.
fn options(size: u8, special: &SpecialFacts) -> String {
    let key = CLASS_KEYS[size as usize];
    special
        .offered
        .iter()
        .map(|&date| {
            let selected = if date == special.date { "selected=\"selected\"" } else { "" };
            format!(
                "<option mvvm-class=\"done:User.achievements['aquarium']['{key}'].solved_specials.indexOf({})!=-1\" value=\"{date}\" {selected}>{}</option>",
                serial(size, date),
                print_date(date)
            )
        })
        .collect()
}

fn read(name: &str) -> String {
    let path = fixtures().join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).unwrap()
}

/// Replaces every match of `pattern`, and checks there were `expected`:
/// a real page that changed shape fails here, not in a test far away.
fn swap(page: &mut String, pattern: &str, expected: usize, with: impl Fn(&Captures) -> String) {
    let re = re(pattern);
    let found = re.find_iter(page).count();
    assert_eq!(found, expected, "`{pattern}` in the real page");
    *page = re.replace_all(page, |c: &Captures| with(c)).into_owned();
}

/// Removes each element that starts where `start` matches, up to its own
/// closing tag (nested elements of the same name counted).
fn drop_elements(page: &mut String, start: &str, expected: usize) {
    let re = re(start);
    let mut found = 0;
    while let Some(at) = re.find(page).map(|m| m.start()) {
        let tag: String = page[at + 1..].chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        let (open, close) = (format!("<{tag}"), format!("</{tag}>"));
        let mut depth = 0;
        let mut i = at;
        let end = loop {
            let next_open = page[i..].find(&open).map(|k| k + i);
            let next_close = page[i..].find(&close).map(|k| k + i).expect("a closing tag");
            match next_open {
                Some(o) if o < next_close => {
                    // `<p` must not count `<param`: a tag name ends here.
                    let after = page[o + open.len()..].chars().next();
                    if after.is_some_and(|c| c == '>' || c.is_whitespace()) {
                        depth += 1;
                    }
                    i = o + open.len();
                }
                _ => {
                    depth -= 1;
                    i = next_close + close.len();
                    if depth == 0 {
                        break i;
                    }
                }
            }
        };
        page.replace_range(at..end, "");
        found += 1;
    }
    assert_eq!(found, expected, "`{start}` in the real page");
}

/// A real page as the skeleton of the stand-in's pages (see the module's
/// comment). Every step checks it found what it expects.
fn skeleton(real: &str, special: bool) -> String {
    let mut page = real.to_string();
    let (normal, both) = (usize::from(!special), 1);
    // The normal page was saved solved: its `robot` input sits in the hall
    // of fame's form, which goes; an unsolved page has it in the answer
    // form, as the special page does.
    let robot =
        re(r#"<input type="hidden" name="robot"[^>]*>"#).find(&page).expect("the robot input").as_str().to_string();
    // The head keeps its own meta tags and title, and loads the stand-in's
    // board script in place of the engine's, the ads' and the stylesheet.
    swap(&mut page, r"(?s)<head>.*?</head>", 1, |c| {
        let kept = re(
            r#"(?s)<meta (?:name="(?:viewport|color-scheme|description|keywords)"|http-equiv|NAME="ROBOTS")[^>]*>|<title>.*?</title>"#,
        );
        let tags: String = kept.find_iter(&c[0]).map(|m| m.as_str()).collect();
        format!("<head>{tags}<script type=\"text/javascript\" src=\"/js/aquarium.js\"></script></head>")
    });
    // What names or loads another host, and what only a solved puzzle shows.
    for (start, count) in [
        (r#"<p class="langBar">"#, both),
        (r#"<div id="rules""#, both),
        (r#"<div id="norules""#, both),
        (r#"<div id="menuAdditional">"#, both),
        (r#"<p align="center"><a href="https://www\.facebook\.com/sharer"#, both),
        (r#"<div id="SocialMenu">"#, both),
        (r#"<div id="p[0-9a-f]{10}">"#, both),
        (r#"<div id="bannerTopSpacer[0-9a-f]{10}""#, both),
        (r#"<div id="M[0-9a-f]{10}">"#, both),
        (r#"<a href="/" id="logoLink">"#, both),
        (r#"<div class="footer-buttons"#, both),
        (r#"<p class="noprint clear" id="moreGamesBnr">"#, both),
        (r#"<div class="onlyprint sitehost">"#, both),
        (r#"<p class="succ""#, 2 * normal),
        (r#"<form method="post" action="/hallsubmit\.php">"#, normal),
    ] {
        drop_elements(&mut page, start, count);
    }
    swap(&mut page, r#"<i class="yt-play"></i><a href="https://www\.youtube\.com[^>]*>[^<]*</a>"#, 1, |_| {
        String::new()
    });
    // Every script goes but the puzzle's own, which keeps its options and
    // hands them to the stand-in's plugin.
    let options = re(r"(?s)\$\('#game'\)\.lightup\((\{.*?\})\)\.initGame\(\);");
    let mut games = 0;
    page = re(r"(?s)<script\b[^>]*>.*?</script>")
        .replace_all(&page, |c: &Captures| {
            if c[0].contains("src=\"/js/aquarium.js\"") {
                return c[0].to_string();
            }
            if !c[0].contains("var task = ") {
                return String::new();
            }
            games += 1;
            let options = &options.captures(&c[0]).expect("the game's options")[1];
            format!(
                "<script type=\"text/javascript\"> var Game = {{}}; var Puzzle = {{}}; var task = '@@TASK@@'; var loadedId = 0; \
                 $(document).ready(function(){{ Game = $('#game').aquarium({options}).initGame(); Game.plSize = @@SIZE@@; }});</script>"
            )
        })
        .into_owned();
    assert_eq!(games, 1, "one game script in the real page");
    swap(&mut page, r"ident: '[^']*'", 1, |_| "ident: 'aquarium.@@SIZE@@'".into());
    swap(&mut page, r"hashedSolution: '[0-9a-f]{32}'", 1, |_| "hashedSolution: '@@HASH@@'".into());
    swap(&mut page, r"puzzleWidth: \d+", 1, |_| "puzzleWidth: @@W@@".into());
    swap(&mut page, r"puzzleHeight: \d+", 1, |_| "puzzleHeight: @@H@@".into());
    swap(&mut page, r#"name="size" value="\d+""#, 1, |_| "name=\"size\" value=\"@@SIZE@@\"".into());
    swap(&mut page, r#"name="w" value="\d+""#, 1, |_| "name=\"w\" value=\"@@W@@\"".into());
    swap(&mut page, r#"name="h" value="\d+""#, 1, |_| "name=\"h\" value=\"@@H@@\"".into());
    swap(&mut page, r#"(?s)<ul id="menuSizes">.*?</ul>"#, 1, |_| "<ul id=\"menuSizes\">@@MENU@@</ul>".into());
    if special {
        swap(&mut page, r"specialDate: '\d{4}-\d{2}-\d{2}'", 1, |_| "specialDate: '@@DATE@@'".into());
        swap(&mut page, r"lastValidSpecial: '\d{4}-\d{2}-\d{2}'", 1, |_| "lastValidSpecial: '@@LAST_VALID@@'".into());
        swap(&mut page, r#"(?s)<select name="date">.*?</select>"#, 1, |_| {
            "<select name=\"date\">@@OPTIONS@@</select>".into()
        });
        swap(&mut page, r#"<span class="onlyprint">(\s*)[A-Z][a-z]{2} \d{2}, \d{4}(\s*)</span>"#, 1, |c| {
            format!("<span class=\"onlyprint\">{}@@PRINT_DATE@@{}</span>@@ID_SPAN@@", &c[1], &c[2])
        });
        swap(&mut page, "Spécial du jour Light Up", 3, |_| "@@CLASS@@".into());
    } else {
        swap(&mut page, r#"<span id="puzzleID">[0-9,]+</span>"#, 1, |_| "<span id=\"puzzleID\">@@ID@@</span>".into());
        swap(&mut page, "25x25 Difficile Light Up", 1, |_| "@@CLASS@@".into());
        // An unsolved puzzle's form and clock, as a fetch finds them.
        swap(&mut page, r#"name="(jstimer|stopClock|fromSolved)" value="\d+""#, 3, |c| {
            format!("name=\"{}\" value=\"0\"", &c[1])
        });
        swap(&mut page, r#"class="clock solved""#, 1, |_| "class=\"clock \"".into());
        swap(&mut page, r#"disabled="disabled" "#, 2, |_| String::new());
        swap(&mut page, r"&&!\(1\)\?", 1, |_| "&&!(0)?".into());
        swap(&mut page, r#"type="hidden" name="jstimerShowPersonal""#, 1, |_| {
            "type=\"text\" name=\"jstimerShowPersonal\"".into()
        });
        swap(&mut page, r#"<input type="hidden" name="fromSolved" value="0" />"#, 1, |c| format!("{}{robot}", &c[0]));
        // And its `ready` button, as the special page has it.
        let special = read(SPECIAL_PAGE);
        let ready = re(r#"<input class="button" type="submit" name="ready"[^>]*>"#)
            .find(&special)
            .unwrap()
            .as_str()
            .to_string();
        swap(&mut page, r#"<input class="button" type="submit" name="startover""#, 1, |c| format!("{ready}{}", &c[0]));
    }
    let page = page.replace("Light Up", "Aquarium").replace("light-up", "aquarium").replace("Akari,", "");
    let elsewhere = re(r#"://|["'(]//"#);
    if let Some(m) = elsewhere.find(&page) {
        panic!("the page still names another host: …{}…", &page[m.start().saturating_sub(200)..m.end() + 100]);
    }
    page
}
