//! The pages of the HTML export, as `maud` templates: the index pages, the
//! rows of `puzzles.js` the index's script filters, and each puzzle's page.

use std::fmt::Write;

use maud::{DOCTYPE, Markup, PreEscaped, html};

use crate::kinds::Kind;
use crate::kinds::aquarium::puzzlink;
use crate::render::{facts, thousands};
use crate::shared::time_text;
use crate::store::{Fetch, Puzzle, Status};

use super::super::facts::{Facts, grade_of};
use super::super::kinds::AnyPuzzle;
use super::super::{grade, picture, site_names, stats};
use super::neighbours::{Step, special_day};
use super::play::{self, Play, script_safe};

/// One puzzle as the index lists it.
pub(super) struct Row {
    pub(super) id: i64,
    pub(super) kind: String,
    pub(super) class: String,
    pub(super) status: String,
    /// The status cell's CSS class (see [`status_class`]).
    pub(super) mark: String,
    pub(super) date: String,
    pub(super) site_id: String,
    /// A special's date, a calendar puzzle's date.
    pub(super) day: String,
    /// Its grade's level, as `list` gives it, where it has one, and its
    /// rank (1 the easiest of its kind), by which the column sorts.
    pub(super) grade: String,
    pub(super) grade_rank: Option<u32>,
    /// Where its size class sorts: the site's classes in the site's order
    /// (6x6 easy ... 15x15 hard, then the specials), then the others by
    /// their number of cells, so that 6x6 comes before 10x10.
    pub(super) class_order: i64,
    /// The site's answer check, in `show`'s words, for a puzzle from a page.
    pub(super) site_check: String,
    /// Solutions counted, for the kinds that have several as a rule
    /// (the tilings of a calendar date, a ring instance's solutions).
    pub(super) solutions: String,
    /// A small picture (inline SVG, no solution), empty if it cannot be
    /// drawn or is drawn by the script from `board`.
    pub(super) thumb: String,
    /// The key its progress is kept under in the browser.
    pub(super) key: String,
    /// An Aquarium's board, its puz.link address after
    /// [`puzzlink::PREFIX`]: the script draws its picture from it, a
    /// tenth of the size of the drawing.
    pub(super) board: String,
}

/// How a column reads its cell from a row.
type Cell = fn(&Row) -> &str;

/// The index's columns after `#` and the picture, in order: a header and
/// the cell of a row. Adding a column is a line here, a field of [`Row`],
/// and nothing else: `puzzles.js` and the script take them as they come.
pub(super) const COLUMNS: [(&str, Cell); 9] = [
    ("kind", |r| &r.kind),
    ("size class", |r| &r.class),
    ("status", |r| &r.status),
    ("stored", |r| &r.date),
    ("site ID", |r| &r.site_id),
    ("site's check", |r| &r.site_check),
    ("date", |r| &r.day),
    ("grade", |r| &r.grade),
    ("solutions", |r| &r.solutions),
];

impl Row {
    /// The row of `puzzle`, `read` its stored text read back (if it reads).
    pub(super) fn of(puzzle: &Puzzle, read: Option<&AnyPuzzle>) -> Row {
        let day = match (&puzzle.record.special_date, read) {
            (Some(date), _) => date.clone(),
            (None, Some(read)) => read.calendar_day().map_or_else(String::new, |(_, date)| date.to_string()),
            _ => String::new(),
        };
        let solutions = match (read, &puzzle.solution) {
            (Some(read), Some(s)) if !read.expects_unique() => thousands(u64::from(s.found)),
            _ => String::new(),
        };
        let board = read
            .and_then(AnyPuzzle::puzzlink)
            .map_or_else(String::new, |url| url[puzzlink::PREFIX.len()..].to_string());
        let thumb = if board.is_empty() {
            picture::svg(puzzle, false).ok().flatten().unwrap_or_default()
        } else {
            String::new()
        };
        let (grade, grade_rank) = grade_of(puzzle, read);
        Row {
            id: puzzle.id,
            kind: puzzle.record.kind.to_string(),
            class: stats::class_of(
                puzzle.record.kind,
                puzzle.record.size_class,
                puzzle.record.width,
                puzzle.record.height,
            ),
            status: puzzle.record.status.to_string(),
            mark: status_class(puzzle.record.kind, puzzle.record.status),
            date: puzzle.created.strftime("%Y-%m-%d").to_string(),
            site_id: puzzle.record.site_id.map(site_names::site_id_text).unwrap_or_default(),
            day,
            grade,
            grade_rank,
            class_order: puzzle.record.size_class.unwrap_or(100 + puzzle.record.width * puzzle.record.height),
            // A page's puzzle keeps its page as a snapshot.
            site_check: puzzle
                .hash_check
                .and_then(|check| facts::site_check(check, puzzle.record.snapshot.is_some()))
                .unwrap_or_default()
                .to_string(),
            solutions,
            thumb,
            key: play::progress_key(puzzle),
            board,
        }
    }

    /// What a column sorts by where its text would sort wrongly: a grade by
    /// its rank (easy before expert), a size class by [`Row::class_order`].
    fn sort_key(&self, column: &str) -> Option<String> {
        match column {
            "grade" => self.grade_rank.map(|rank| rank.to_string()),
            "size class" => Some(self.class_order.to_string()),
            _ => None,
        }
    }
}

/// The grades of `rows` for the index's filter, easiest first: the levels
/// of the graders' order (as `--grade` takes them), then any other word a
/// store holds.
pub(super) fn grades(rows: &[Row]) -> Vec<String> {
    let mut out: Vec<String> =
        grade::level_names().into_iter().filter(|l| rows.iter().any(|r| r.grade == *l)).map(String::from).collect();
    for row in rows {
        if !row.grade.is_empty() && !out.contains(&row.grade) {
            out.push(row.grade.clone());
        }
    }
    out
}

/// The CSS class of a status cell: `status-several` (marked as a fault)
/// only for a kind whose puzzles must have one solution; a calendar date or
/// ring instance with several gets the neutral `status-several-expected`.
fn status_class(kind: Kind, status: Status) -> String {
    if status == Status::Several && !kind.expects_unique() {
        "status-several-expected".into()
    } else {
        format!("status-{status}")
    }
}

/// `index.html` for the first page, `index-N.html` for the N-th.
pub fn index_name(page: usize) -> String {
    if page == 0 { "index.html".into() } else { format!("index-{}.html", page + 1) }
}

/// The player's front page: the newest specials, the calendar of the
/// dailies and the streak.
pub const TODAY: &str = "today.html";

/// The specials the front page leads to, newest first of each: the size
/// class's name as [`Row::class`] has it, and what the page calls it.
const SPECIALS: [(&str, &str); 3] =
    [("special daily", "Daily"), ("special weekly", "Weekly"), ("special monthly", "Monthly")];

/// The link to the front page, at the head of every index page.
fn today_link(up: &str) -> Markup {
    html! {
        p class="today-link" {
            a href={ (up) (TODAY) } { "Today: the newest specials, your calendar and streak →" }
        }
    }
}

/// The newest special of class `class` in `rows`: the latest date, the
/// first stored of that date. Dates are the site's `YYYY-MM-DD`, which sort
/// as text.
fn newest<'a>(rows: &'a [Row], class: &str) -> Option<&'a Row> {
    rows.iter().filter(|r| r.class == class && !r.day.is_empty()).max_by(|a, b| a.day.cmp(&b.day).then(b.id.cmp(&a.id)))
}

/// The front page (`today.html`): the newest daily, weekly and monthly
/// special as plain links, which work without the script; the script marks
/// them with the progress the browser keeps, and draws the month's calendar
/// of the dailies and the streak of dailies solved from `puzzles.js`.
pub(super) fn today_page(rows: &[Row]) -> String {
    let markup = html! {
        (DOCTYPE) "\n"
        html lang="en" {
            (head("Puzzle archive: today", ""))
            body class="today" {
                "\n"
                header {
                    h1 { "Puzzle archive" }
                    nav class="crumbs" { strong { "today" } " · " a href=(index_name(0)) { "all puzzles" } }
                }
                "\n"
                h2 { "The newest specials" }
                ul id="newest" {
                    @for (class, name) in SPECIALS {
                        @if let Some(row) = newest(rows, class) {
                            li {
                                a href={ "p/" (row.id) ".html" } data-key=(row.key) data-class=(class) {
                                    strong { (name) } " " span class="day" { (row.day) }
                                }
                            }
                        } @else {
                            li class="none" { (name) ": none in this archive" }
                        }
                        "\n"
                    }
                }
                "\n"
                h2 { "Dailies" }
                p id="streak" role="status" {}
                div id="calendar" {}
                noscript {
                    p { "The calendar of dailies and your streak come from the progress this browser keeps: they need JavaScript." }
                }
                "\n"
                (progress_files())
                "\n"
                script src="puzzles.js" {}
                script src="progress.js" {}
                script src="archive.js" {}
                "\n"
            }
        }
        "\n"
    };
    markup.into_string()
}

/// The player's progress to and from a file (hidden until the script, which
/// does the work, shows it): `#save-progress` writes `progress.json`,
/// `#load-progress` (a file input) merges one into this browser's, and
/// `#progress-said` says what it did.
fn progress_files() -> Markup {
    html! {
        section id="progress-file" hidden {
            h2 { "Your progress" }
            p {
                "This browser keeps your progress. Save it to a file to keep it safe or take it to another browser; "
                "load a file to merge its progress into this browser's ("
                code { "aquarchive import progress.json" } " keeps it in the archive)."
            }
            p {
                button type="button" id="save-progress" { "Save progress to a file" } " "
                label { "Load progress from a file " input type="file" id="load-progress" accept=".json,application/json"; }
            }
            p id="progress-said" role="status" {}
        }
    }
}

/// `var PROGRESS = {...};`: the archive's progress on the exported puzzles,
/// as a progress file holds it (see [`crate::archive::progress`]), which
/// every page merges into the browser's on load.
pub(super) fn progress_js(records: &[(String, crate::store::Progress)]) -> String {
    use crate::archive::progress::{FORMAT, VERSION, record_json};
    let puzzles: serde_json::Map<String, serde_json::Value> =
        records.iter().map(|(key, p)| (key.clone(), record_json(p))).collect();
    let file = serde_json::json!({ "format": FORMAT, "version": VERSION, "puzzles": puzzles });
    format!(
        "// The player's progress the archive keeps, merged into the browser's by every page.\nvar PROGRESS = {};\n",
        script_safe(&file.to_string())
    )
}

/// The head every page shares (`up` leads from the page to the export's
/// top, where the style sheet is). Each page is one template, head and
/// body, written into one buffer: a puzzle's picture, most of its page, is
/// copied once.
fn head(title: &str, up: &str) -> Markup {
    html! {
        head {
            meta charset="utf-8";
            meta name="viewport" content="width=device-width, initial-scale=1";
            title { (title) }
            link rel="stylesheet" href={ (up) "style.css" };
        }
        "\n"
    }
}

/// Links to the other index pages: first, previous, numbers near this one,
/// next, last; nothing when there is one page.
fn pager(page: usize, pages: usize) -> Markup {
    html! {
        @if pages > 1 {
            nav class="pager" {
                @if page > 0 {
                    a href=(index_name(page - 1)) rel="prev" { "← previous" } " "
                }
                @for p in 0..pages {
                    @if p == page {
                        strong { (p + 1) } " "
                    } @else if p == 0 || p + 1 == pages || p.abs_diff(page) <= 3 {
                        a href=(index_name(p)) { (p + 1) } " "
                    } @else if p.abs_diff(page) == 4 {
                        "… "
                    }
                }
                @if page + 1 < pages {
                    a href=(index_name(page + 1)) rel="next" { "next →" } " "
                }
            }
        }
    }
}

/// One row of an index page's table, on a line of its own.
fn table_row(row: &Row) -> Markup {
    let link = format!("p/{}.html", row.id);
    html! {
        tr {
            td { a href=(link) { (row.id) } }
            // The picture is SVG drawn by `render::svg`, which escapes its own
            // text, or drawn by the script from the row's board.
            td class="thumb" { a href=(link) { (PreEscaped(&row.thumb)) } }
            @for (name, cell) in COLUMNS {
                td class=[(name == "status").then_some(&row.mark)] data-sort=[row.sort_key(name)] { (cell(row)) }
            }
        }
        "\n"
    }
}

/// An index page: `rows` those of page `page` of `pages`, `grades` those of
/// every page (see [`grades`]).
pub(super) fn index_page(
    rows: &[Row],
    grades: &[String],
    page: usize,
    pages: usize,
    total: usize,
    per_page: usize,
) -> String {
    let first = page * per_page;
    let pager = pager(page, pages);
    let page_title = format!("Puzzle archive: page {} of {pages}", page + 1);
    let markup = html! {
        (DOCTYPE) "\n"
        html lang="en" {
            (head(&page_title, ""))
            body class="index" data-per-page=(per_page) data-page=(page) {
                "\n"
                header {
                    h1 { "Puzzle archive" }
                    (today_link(""))
                    p class="summary" {
                        (thousands(total as u64)) " " (if total == 1 { "puzzle" } else { "puzzles" })
                        "; page " (page + 1) " of " (pages) " shows "
                        (if rows.is_empty() { 0 } else { first + 1 }) "–" (first + rows.len()) "."
                    }
                }
                "\n"
                // Hidden until the script fills its choices from puzzles.js
                // (the grades, easiest first, are written here).
                form id="filters" hidden {
                    label { "Kind " select name="kind" { option value="" { "any" } } } " "
                    label { "Size class " select name="class" { option value="" { "any" } } } " "
                    label { "Status " select name="status" { option value="" { "any" } } } " "
                    label {
                        "Grade "
                        select name="grade" {
                            option value="" { "any" }
                            @for level in grades { option value=(level) { (level) } }
                        }
                    } " "
                    label {
                        "Progress "
                        select name="play" {
                            option value="" { "any" }
                            option value="solved" { "solved" }
                            option value="playing" { "in progress" }
                            option value="none" { "not started" }
                        }
                    } " "
                    label { "Stored from " input type="date" name="from"; } " "
                    label { "to " input type="date" name="to"; } " "
                    button type="reset" { "Clear" } " "
                    output id="matches" {}
                }
                "\n"
                div id="static-pager" { (pager) }
                nav class="pager" id="filter-pager" hidden {}
                "\n"
                table id="puzzles" {
                    thead {
                        tr {
                            th { "#" }
                            th class="thumb" { "picture" }
                            @for (name, _) in COLUMNS { th { (name) } }
                        }
                    }
                    "\n"
                    tbody id="page-rows" {
                        "\n"
                        @for row in rows { (table_row(row)) }
                    }
                    tbody id="filtered-rows" hidden {}
                }
                "\n"
                div id="static-pager-bottom" { (pager) }
                "\n"
                (progress_files())
                "\n"
                script src="puzzles.js" {}
                script src="progress.js" {}
                script src="archive.js" {}
                "\n"
            }
        }
        "\n"
    };
    markup.into_string()
}

/// `var PUZZLES = [[id, "kind", "class", "status", "date", "site id", ...], ...];`:
/// the id, the cells of [`COLUMNS`] in order, the status cell's class, the
/// progress key and the board (an Aquarium's, for its picture), each row a
/// JSON array on a line of its own; before it `var COLUMNS`, the names of
/// [`COLUMNS`], by which the script finds the cells it filters on.
pub(super) fn puzzles_js(rows: &[Row]) -> String {
    let mut out = String::with_capacity(rows.len() * 64 + 64);
    let names: Vec<&str> = COLUMNS.iter().map(|(name, _)| *name).collect();
    let _ = writeln!(
        out,
        "// Every exported puzzle: [id, {}, status class, progress key, board].\nvar COLUMNS = {};\nvar PUZZLES = [",
        names.join(", "),
        script_safe(&serde_json::json!(names).to_string())
    );
    for row in rows {
        let mut fields = vec![serde_json::json!(row.id)];
        fields.extend(COLUMNS.iter().map(|(_, cell)| serde_json::json!(cell(row))));
        // Last, not shown: the status cell's class, the progress key, the board.
        fields.push(serde_json::json!(row.mark));
        fields.push(serde_json::json!(row.key));
        fields.push(serde_json::json!(row.board));
        let _ = writeln!(out, "{},", script_safe(&serde_json::Value::Array(fields).to_string()));
    }
    out.push_str("];\n");
    out
}

/// A puzzle's page, and what went wrong drawing it (if anything); `read`
/// is its stored text read back (if it reads), `facts` its facts.
#[allow(clippy::too_many_arguments)]
pub(super) fn puzzle_page(
    puzzle: &Puzzle,
    read: Option<&AnyPuzzle>,
    facts: &Facts,
    fetches: &[Fetch],
    prev: Option<&Step>,
    next: Option<&Step>,
    index_page: usize,
) -> (String, Option<String>) {
    let title = picture::title(puzzle);
    let solution_text = puzzle.solution.as_ref().and_then(|s| s.solution.as_deref());
    let play = play::play(puzzle, read);
    // A played Aquarium's board is drawn by the script, from the data.
    let drawn = if play.is_some() { Ok(None) } else { picture::svg(puzzle, true) };
    let kind = puzzle.record.kind;
    // A special's title carries its date: "Aquarium daily 2026-11-20".
    let page_title = match (special_day(puzzle), puzzle.record.size_class) {
        (Some(day), Some(class)) => {
            let period = site_names::special_period(kind, class).unwrap_or_default();
            format!("{} {period} {day} (#{})", picture::kind_title(kind), puzzle.id)
        }
        _ => format!("{title} (#{})", puzzle.id),
    };
    let page = html! {
        (DOCTYPE) "\n"
        html lang="en" {
            (head(&page_title, "../"))
            body class="puzzle" data-id=(puzzle.id) data-kind=(kind) {
                "\n"
                nav class="crumbs" {
                    a href={ "../" (TODAY) } { "today" } " · "
                    a href={ "../" (index_name(index_page)) } { "all puzzles" }
                    @if let Some(p) = prev {
                        " · " a href={ (p.id) ".html" } rel="prev" { "← " (p.label) }
                    }
                    @if let Some(n) = next {
                        " · " a href={ (n.id) ".html" } rel="next" { (n.label) " →" }
                    }
                }
                "\n"
                h1 { (title) " " small { "#" (puzzle.id) } }
                "\n"
                // The solution is in the page from the start, hidden by CSS until
                // it is asked for twice: radio buttons are its states (hidden,
                // asking, shown, asking), their labels quiet buttons, each shown
                // in its state: no script needed. Asking is on both sides of
                // shown, so the arrow keys, which go round a group of radio
                // buttons, ask first too.
                @if solution_text.is_some() {
                    input type="radio" name="reveal" id="reveal-no" class="reveal" checked;
                    input type="radio" name="reveal" id="reveal-ask" class="reveal";
                    input type="radio" name="reveal" id="reveal" class="reveal";
                    input type="radio" name="reveal" id="reveal-ask-again" class="reveal";
                    span class="reveal-buttons" {
                        label for="reveal-ask" class="button show" { "Show the solution" }
                        label for="reveal" class="button asking" { "Really show the solution?" }
                        label for="reveal-no" class="button keep" { "Keep it hidden" }
                        label for="reveal-no" class="button hide" { "Hide the solution" }
                    }
                    "\n"
                }
                @match &play {
                    Some(Play::Aquarium { key, solution, hints }) => {
                        figure class="board" id="game" data-kind="aquarium" data-key=(key)
                            data-solution=(solution)
                            data-techniques=[Some(&hints.techniques).filter(|t| !t.is_empty())]
                            data-steps=[Some(&hints.steps).filter(|t| !t.is_empty())]
                            data-order=[Some(&hints.order).filter(|t| !t.is_empty())] {}
                        noscript { p { "The board is drawn and played by the page's script: turn JavaScript on to see it." } }
                        "\n"
                    }
                    Some(Play::Sudoku { key, givens, solution, steps, svg }) => {
                        figure class="board" id="game" data-kind="sudoku" data-key=(key) data-givens=(givens)
                            data-solution=(solution) data-hints=(steps) {
                            // SVG drawn by `render::svg`, which escapes its own text.
                            (PreEscaped(svg))
                        }
                        "\n"
                    }
                    None => {}
                }
                @match &drawn {
                    Ok(None) if play.is_some() => {}
                    // SVG drawn by `render::svg`, which escapes its own text.
                    Ok(Some(svg)) => { figure class="board" { (PreEscaped(svg)) } "\n" }
                    Ok(None) => {
                        figure class="board text" {
                            pre { (puzzle.record.text) }
                            @if let Some(text) = solution_text { pre class="solution" { (text) } }
                            // A kind of the family whose task is not read yet: its
                            // task is shown as the site gave it, and said so.
                            @if kind.is_family() && crate::kinds::homes::home(kind).is_none() {
                                figcaption { "The " (kind) " task as the site gave it: its board will be drawn once aquarchive reads " (kind) " tasks." }
                            }
                        }
                        "\n"
                    }
                    Err(err) => { p class="error" { "Cannot draw this puzzle: " (err) } "\n" }
                }
                dl class="facts" {
                    @for fact in facts.list() {
                        dt { (fact.label) }
                        dd {
                            @match (&fact.link, fact.label) {
                                (Some(link), "play elsewhere") => { a id="puzzlink" href=(link) { (fact.value) } }
                                (Some(link), _) => { a class="source" href=(link) { (fact.value) } }
                                (None, _) => { (fact.value) }
                            }
                        }
                    }
                }
                "\n"
                h2 { "Fetch history" }
                "\n"
                @if fetches.is_empty() {
                    p class="no-fetches" { "Not fetched from the site: imported from its source above." }
                    "\n"
                } @else {
                    table class="fetches" {
                        thead { tr { th { "when (UTC)" } th { "how" } th { "URL" } th { "HTTP" } th { "error" } } }
                        tbody {
                            "\n"
                            @for f in fetches {
                                tr {
                                    td { (time_text(f.fetched_at)) }
                                    td { (f.method) }
                                    td { (f.url) }
                                    td { @if let Some(s) = f.http_status { (s) } }
                                    td { @if let Some(error) = &f.error { (error) } }
                                }
                                "\n"
                            }
                        }
                    }
                    "\n"
                }
                details { summary { "Puzzle text" } pre { (puzzle.record.text) } }
                "\n"
                @if play.is_some() {
                    script src="../progress.js" {}
                    script src="../archive.js" {}
                    "\n"
                }
            }
        }
        "\n"
    };
    let problem = drawn.err().map(|err| format!("puzzle {}: {err}", puzzle.id));
    (page.into_string(), problem)
}
