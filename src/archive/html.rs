//! `export --html DIR`: the archive as a static site that opens from disk
//! with nothing loaded from the internet.
//!
//! Layout of DIR:
//! - `index.html`, `index-2.html`, ...: every puzzle, `per_page` to a page, as
//!   plain tables that work without JavaScript;
//! - `puzzles.js`: one short row per puzzle, which `archive.js` filters (by
//!   kind, size class, status and stored date) across all pages, offline;
//! - `p/ID.html`: one page per puzzle: its picture (drawn by its kind, see
//!   [`picture`]), the solution revealed on click (a checkbox and CSS, so it
//!   works without JavaScript too), its source, site link and fetch history;
//!   an Aquarium or Sudoku with one solution is played on its page (see
//!   `play`), an Aquarium's board drawn by the script from the page's data;
//! - `style.css`, `archive.js` (the index's filters and the play, one script
//!   for every page), and `.aquarchive-html`, the mark of an export.
//!
//! The page's contract with the script, and with people's own scripts: each
//! cell of a played board is an element with `data-r`, `data-c` (from 0) and
//! `data-state` (`water`, `air`, `empty`; a Sudoku's digit or `empty`), the
//! verdict is in `#verdict` (its text holds `Solved` when solved), the hint
//! button is `#hint` and the hint's words are in `#hint-text`.
//!
//! The pages are `maud` templates, so every stored string (a source's path,
//! a special's date as its page wrote it, a fetch's URL or error) is escaped
//! as text where it is written; only the SVG pictures, which escape their own
//! text, go in as they are. `puzzles.js` is JSON with every `<` escaped.
//!
//! The site is written into a fresh directory beside DIR and renamed onto DIR
//! at the end, so a failed export leaves DIR as it was. An existing DIR is
//! replaced only if it is empty or an earlier export (it holds the mark).

use std::collections::HashMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

use maud::{DOCTYPE, Markup, PreEscaped, html};
use rayon::prelude::*;

use crate::kinds::Kind;
use crate::kinds::aquarium::puzzlink;
use crate::kinds::sudoku::grade as sudoku_grade;
use crate::render::thousands;
use crate::store::{Fetch, Filter, HashCheck, Puzzle, Status, Store, time_text};

use super::kinds::{AnyPuzzle, AnySolution};
use super::{ArchiveError, export, kinds, picture, stats, stored_aquarium};
use play::Play;

mod play;

/// The file that marks a directory as an export, so that only an earlier
/// export (or an empty directory) is ever replaced.
pub const MARK: &str = ".aquarchive-html";
const MARK_TEXT: &str = "aquarchive HTML export\n";

const STYLE: &str = include_str!("html/style.css");
const SCRIPT: &str = include_str!("html/archive.js");

/// How to write the site.
#[derive(Clone, Debug)]
pub struct HtmlOptions {
    /// Puzzles per index page.
    pub per_page: usize,
    /// The site's address, for the links to the puzzles on it.
    pub base_url: String,
}

/// What an export wrote.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct HtmlReport {
    pub puzzles: u64,
    pub index_pages: u64,
    pub bytes: u64,
    /// Puzzles whose stored text or solution could not be drawn (their page
    /// says why; the export goes on).
    pub undrawn: Vec<String>,
}

/// One puzzle as the index lists it.
struct Row {
    id: i64,
    kind: String,
    class: String,
    status: String,
    /// The status cell's CSS class (see [`status_class`]).
    mark: String,
    date: String,
    site_id: String,
    /// What tells it apart beside its class: a calendar's date, a Sudoku's grade.
    about: String,
    /// `confirmed by the site` where the solution hashes to the page's
    /// `hashedSolution`, `hash does not match` where it does not.
    site_check: String,
    /// Solutions counted, for the kinds that have several as a rule
    /// (the tilings of a calendar date, a ring instance's solutions).
    solutions: String,
    /// A small picture (inline SVG, no solution), empty if it cannot be
    /// drawn or is drawn by the script from `board`.
    thumb: String,
    /// The key its progress is kept under in the browser.
    key: String,
    /// An Aquarium's board, its puz.link address after
    /// [`puzzlink::PREFIX`]: the script draws its picture from it, a
    /// tenth of the size of the drawing.
    board: String,
}

/// How a column reads its cell from a row.
type Cell = fn(&Row) -> &str;

/// The index's columns after `#` and the picture, in order: a header and
/// the cell of a row. Adding a column is a line here, a field of [`Row`],
/// and nothing else: `puzzles.js` and the script take them as they come.
const COLUMNS: [(&str, Cell); 8] = [
    ("kind", |r| &r.kind),
    ("size class", |r| &r.class),
    ("status", |r| &r.status),
    ("stored", |r| &r.date),
    ("site ID", |r| &r.site_id),
    ("site's check", |r| &r.site_check),
    ("date or grade", |r| &r.about),
    ("solutions", |r| &r.solutions),
];

impl Row {
    fn of(puzzle: &Puzzle) -> Row {
        let read = super::stored(puzzle).ok();
        let about = match &read {
            _ if puzzle.record.special_date.is_some() => puzzle.record.special_date.clone().unwrap_or_default(),
            Some(AnyPuzzle::Calendar { date, .. }) => date.to_string(),
            Some(sudoku @ AnyPuzzle::Sudoku(grid)) if puzzle.record.status == Status::Ok => {
                match (puzzle.solution.as_ref().and_then(|s| s.grade.as_ref()), super::stored_solution(puzzle, sudoku))
                {
                    (Some(grade), _) => grade.level.clone(),
                    (None, Some(Ok(AnySolution::Sudoku(solution)))) => {
                        sudoku_grade(grid, &solution).level.name().to_string()
                    }
                    _ => String::new(),
                }
            }
            _ => String::new(),
        };
        let solutions = match (&read, &puzzle.solution) {
            (Some(read), Some(s)) if !read.expects_unique() => thousands(u64::from(s.found)),
            _ => String::new(),
        };
        let board = match &read {
            Some(AnyPuzzle::Aquarium(aquarium)) => puzzlink::url(aquarium)[puzzlink::PREFIX.len()..].to_string(),
            _ => String::new(),
        };
        let thumb = if board.is_empty() {
            picture::svg(puzzle, false).ok().flatten().unwrap_or_default()
        } else {
            String::new()
        };
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
            site_id: puzzle.record.site_id.map(super::site_names::site_id_text).unwrap_or_default(),
            about,
            site_check: match puzzle.hash_check {
                Some(HashCheck::Match) => "confirmed by the site".into(),
                Some(HashCheck::Mismatch) => "hash does not match".into(),
                _ => String::new(),
            },
            solutions,
            thumb,
            key: play::progress_key(puzzle),
            board,
        }
    }
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

/// Writes the site of the puzzles `filter` matches into `dir`.
pub fn export(store: &Store, filter: &Filter, dir: &Path, options: &HtmlOptions) -> Result<HtmlReport, ArchiveError> {
    let staging = sibling(dir, "new")?;
    export_via(store, filter, dir, &staging, options).map_err(|err| as_asked(err, &staging, dir))
}

/// An error about a file in the hidden staging directory, told of the
/// directory the user asked for (the staging one is gone by then).
fn as_asked(err: ArchiveError, staging: &Path, dir: &Path) -> ArchiveError {
    match err {
        ArchiveError::Io { path, source } => {
            let path = match Path::new(&path).strip_prefix(staging) {
                Ok(rest) if rest.as_os_str().is_empty() => dir.display().to_string(),
                Ok(rest) => dir.join(rest).display().to_string(),
                Err(_) => path,
            };
            ArchiveError::Io { path, source }
        }
        other => other,
    }
}

fn export_via(
    store: &Store,
    filter: &Filter,
    dir: &Path,
    staging: &Path,
    options: &HtmlOptions,
) -> Result<HtmlReport, ArchiveError> {
    let per_page = options.per_page.max(1);
    check_replaceable(dir)?;
    remove_leftovers(dir)?;
    let staging = staging.to_path_buf();
    remove_dir(&staging)?;
    // The mark first: a staging directory left by a kill is then known as ours.
    std::fs::create_dir_all(&staging).map_err(io(&staging))?;
    std::fs::write(staging.join(MARK), MARK_TEXT).map_err(io(&staging))?;
    let result = write_site(store, filter, &staging, options, per_page);
    match result {
        Ok(report) => {
            replace(&staging, dir)?;
            Ok(report)
        }
        Err(err) => {
            let _ = std::fs::remove_dir_all(&staging);
            Err(err)
        }
    }
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> ArchiveError + '_ {
    move |source| ArchiveError::Io { path: path.display().to_string(), source }
}

/// `DIR` must be missing, an empty directory, or an earlier export.
fn check_replaceable(dir: &Path) -> Result<(), ArchiveError> {
    let Ok(meta) = std::fs::symlink_metadata(dir) else { return Ok(()) };
    if !meta.is_dir() {
        return Err(ArchiveError::Input(format!("{}: exists and is not a directory", dir.display())));
    }
    let mut entries = std::fs::read_dir(dir).map_err(io(dir))?;
    if entries.next().is_none() || dir.join(MARK).is_file() {
        return Ok(());
    }
    Err(ArchiveError::Input(format!(
        "{}: not empty and not an earlier HTML export (no {MARK} in it); it is left alone: give a new or empty directory",
        dir.display()
    )))
}

/// A hidden name beside `dir`: `.NAME.new-PID`, on the same file system, so
/// that renaming is atomic.
fn sibling(dir: &Path, what: &str) -> Result<PathBuf, ArchiveError> {
    let name = dir
        .file_name()
        .ok_or_else(|| ArchiveError::Input(format!("{}: give a directory name to export into", dir.display())))?;
    Ok(dir.with_file_name(format!(".{}.{what}-{}", name.to_string_lossy(), std::process::id())))
}

/// Removes what exports killed midway left beside `dir`: hidden siblings
/// named as `sibling` names them, marked as ours, whose process is gone
/// (told by /proc, so only on Linux: elsewhere they stay).
fn remove_leftovers(dir: &Path) -> Result<(), ArchiveError> {
    if !cfg!(target_os = "linux") {
        return Ok(());
    }
    let Some(name) = dir.file_name() else { return Ok(()) };
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    let Ok(entries) = std::fs::read_dir(parent) else { return Ok(()) };
    let prefix = format!(".{}.", name.to_string_lossy());
    for entry in entries.flatten() {
        let file = entry.file_name();
        let Some(rest) = file.to_str().and_then(|f| f.strip_prefix(&prefix)) else { continue };
        let Some(pid) = rest.strip_prefix("new-").or_else(|| rest.strip_prefix("old-")) else { continue };
        let Ok(pid) = pid.parse::<u32>() else { continue };
        let gone = !Path::new(&format!("/proc/{pid}")).exists();
        if gone && entry.path().join(MARK).is_file() {
            remove_dir(&entry.path())?;
        }
    }
    Ok(())
}

fn remove_dir(path: &Path) -> Result<(), ArchiveError> {
    match std::fs::remove_dir_all(path) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io(path)(e)),
        _ => Ok(()),
    }
}

/// Puts the finished site at `dir`: the old one (if any) is moved aside
/// first and removed after, so `dir` is at every moment a whole site or
/// missing for the instant between two renames.
fn replace(staging: &Path, dir: &Path) -> Result<(), ArchiveError> {
    if std::fs::symlink_metadata(dir).is_ok() {
        let old = sibling(dir, "old")?;
        remove_dir(&old)?;
        std::fs::rename(dir, &old).map_err(io(dir))?;
        std::fs::rename(staging, dir).map_err(io(dir))?;
        remove_dir(&old)
    } else {
        if let Some(parent) = dir.parent().filter(|p| !p.as_os_str().is_empty()) {
            std::fs::create_dir_all(parent).map_err(io(parent))?;
        }
        std::fs::rename(staging, dir).map_err(io(dir))
    }
}

fn write_site(
    store: &Store,
    filter: &Filter,
    root: &Path,
    options: &HtmlOptions,
    per_page: usize,
) -> Result<HtmlReport, ArchiveError> {
    let pages_dir = root.join("p");
    std::fs::create_dir_all(&pages_dir).map_err(io(&pages_dir))?;
    let puzzles = store.puzzles(filter)?;
    let mut history: HashMap<i64, Vec<Fetch>> = HashMap::new();
    for (id, fetch) in store.fetch_history(filter)? {
        history.entry(id).or_default().push(fetch);
    }
    let rows: Vec<Row> = puzzles.par_iter().map(Row::of).collect();
    // Each puzzle page is drawn and written on its own, in parallel.
    let written: Vec<(u64, Option<String>)> = puzzles
        .par_iter()
        .enumerate()
        .map(|(k, puzzle)| {
            let prev = k.checked_sub(1).map(|j| puzzles[j].id);
            let next = puzzles.get(k + 1).map(|p| p.id);
            let fetches = history.get(&puzzle.id).map_or(&[][..], Vec::as_slice);
            let (page, problem) = puzzle_page(puzzle, fetches, prev, next, k / per_page, options);
            let path = pages_dir.join(format!("{}.html", puzzle.id));
            std::fs::write(&path, &page).map_err(io(&path))?;
            Ok((page.len() as u64, problem))
        })
        .collect::<Result<_, ArchiveError>>()?;
    let mut report = HtmlReport { puzzles: puzzles.len() as u64, ..HtmlReport::default() };
    for (bytes, problem) in written {
        report.bytes += bytes;
        report.undrawn.extend(problem);
    }
    let index_pages = rows.len().div_ceil(per_page).max(1);
    for page in 0..index_pages {
        let chunk = &rows[(page * per_page).min(rows.len())..((page + 1) * per_page).min(rows.len())];
        let html = index_page(chunk, page, index_pages, rows.len(), per_page);
        let path = root.join(index_name(page));
        std::fs::write(&path, &html).map_err(io(&path))?;
        report.bytes += html.len() as u64;
    }
    report.index_pages = index_pages as u64;
    let data = puzzles_js(&rows);
    for (name, contents) in
        [("puzzles.js", data.as_str()), ("style.css", STYLE), ("archive.js", SCRIPT), (MARK, MARK_TEXT)]
    {
        let path = root.join(name);
        std::fs::write(&path, contents).map_err(io(&path))?;
        report.bytes += contents.len() as u64;
    }
    Ok(report)
}

/// `index.html` for the first page, `index-N.html` for the N-th.
pub fn index_name(page: usize) -> String {
    if page == 0 { "index.html".into() } else { format!("index-{}.html", page + 1) }
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
                td class=[(name == "status").then_some(&row.mark)] { (cell(row)) }
            }
        }
        "\n"
    }
}

fn index_page(rows: &[Row], page: usize, pages: usize, total: usize, per_page: usize) -> String {
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
                    p class="summary" {
                        (thousands(total as u64)) " " (if total == 1 { "puzzle" } else { "puzzles" })
                        "; page " (page + 1) " of " (pages) " shows "
                        (if rows.is_empty() { 0 } else { first + 1 }) "–" (first + rows.len()) "."
                    }
                }
                "\n"
                // Hidden until the script fills its choices from puzzles.js.
                form id="filters" hidden {
                    label { "Kind " select name="kind" { option value="" { "any" } } } " "
                    label { "Size class " select name="class" { option value="" { "any" } } } " "
                    label { "Status " select name="status" { option value="" { "any" } } } " "
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
                script src="puzzles.js" {}
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
/// JSON array on a line of its own.
fn puzzles_js(rows: &[Row]) -> String {
    let mut out = String::with_capacity(rows.len() * 64 + 64);
    let names: Vec<&str> = COLUMNS.iter().map(|(name, _)| *name).collect();
    let _ = writeln!(
        out,
        "// Every exported puzzle: [id, {}, status class, progress key, board].\nvar PUZZLES = [",
        names.join(", ")
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

/// JSON that reads the same inside an HTML `<script>` element: every `<`
/// written `\u003c`, so no text in it can close the element (`</script>`)
/// or open a comment (`<!--`). A `<` can only be inside a JSON string, where
/// the escape means the same character.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// A puzzle's page, and what went wrong drawing it (if anything).
fn puzzle_page(
    puzzle: &Puzzle,
    fetches: &[Fetch],
    prev: Option<i64>,
    next: Option<i64>,
    index_page: usize,
    options: &HtmlOptions,
) -> (String, Option<String>) {
    let title = picture::title(puzzle);
    let solution_text = puzzle.solution.as_ref().and_then(|s| s.solution.as_deref());
    let play = play::play(puzzle);
    // A played Aquarium's board is drawn by the script, from the data.
    let drawn = if play.is_some() { Ok(None) } else { picture::svg(puzzle, true) };
    let puzzlink = match puzzle.record.kind {
        Kind::Aquarium => stored_aquarium(puzzle).ok().map(|a| puzzlink::url(&a)),
        _ => None,
    };
    let kind = puzzle.record.kind;
    let status = puzzle.record.status;
    let fact = |name: &str, value: Markup| html! { dt { (name) } dd { (value) } };
    let page_title = format!("{title} (#{})", puzzle.id);
    let page = html! {
        (DOCTYPE) "\n"
        html lang="en" {
            (head(&page_title, "../"))
            body class="puzzle" data-id=(puzzle.id) data-kind=(kind) {
                "\n"
                nav class="crumbs" {
                    a href={ "../" (index_name(index_page)) } { "all puzzles" }
                    @if let Some(p) = prev {
                        " · " a href={ (p) ".html" } rel="prev" { "← #" (p) }
                    }
                    @if let Some(n) = next {
                        " · " a href={ (n) ".html" } rel="next" { "#" (n) " →" }
                    }
                }
                "\n"
                h1 { (title) " " small { "#" (puzzle.id) } }
                "\n"
                // The solution is in the page from the start, hidden by CSS until
                // the checkbox (styled as a button) is ticked: no script needed.
                @if solution_text.is_some() {
                    input type="checkbox" id="reveal" class="reveal";
                    label for="reveal" class="button" {
                        span class="show" { "Show the solution" }
                        span class="hide" { "Hide the solution" }
                    }
                    "\n"
                }
                @match &play {
                    Some(Play::Aquarium { key, solution, hints, about, settled }) => {
                        figure class="board" id="game" data-kind="aquarium" data-key=(key)
                            data-solution=(solution)
                            data-techniques=[Some(&hints.techniques).filter(|t| !t.is_empty())]
                            data-about=[Some(about).filter(|t| !t.is_empty())]
                            data-steps=[Some(&hints.steps).filter(|t| !t.is_empty())]
                            data-settled=[Some(settled).filter(|t| !t.is_empty())]
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
                        }
                        "\n"
                    }
                    Err(err) => { p class="error" { "Cannot draw this puzzle: " (err) } "\n" }
                }
                dl class="facts" {
                    @if status == Status::Several && !kind.expects_unique() {
                        (fact("status", html! { (status) " (as a " (kind) " has as a rule)" }))
                    } @else {
                        (fact("status", html! { (status) }))
                    }
                    @if let Some(note) = &puzzle.record.note {
                        (fact("note", html! { (note) }))
                    }
                    (fact("size", html! { (kinds::size_text(kind, puzzle.record.width, puzzle.record.height)) }))
                    (fact("source", html! { (puzzle.record.source) }))
                    @if let Some(link) = export::link(puzzle, &options.base_url) {
                        (fact("on the site", html! { a class="source" href=(link) { (link) } }))
                    }
                    @if let Some(link) = &puzzlink {
                        (fact("play elsewhere", html! { a id="puzzlink" href=(link) { "on puzz.link" } }))
                    }
                    (fact("stored", html! { (time_text(puzzle.created)) }))
                    @if let Some(s) = &puzzle.solution {
                        (fact("solved", html! {
                            (found_text(kind, s.found)) ", by " (s.solver_version) " in " (s.micros) " µs, "
                            (s.nodes) " nodes"
                        }))
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

/// What the solver found, in words.
fn found_text(kind: Kind, found: u32) -> String {
    match found {
        0 => "no solution".to_string(),
        1 => "one solution, proved unique".to_string(),
        n if !kind.expects_unique() => format!("{n} solutions"),
        _ => "more than one solution".to_string(),
    }
}

#[cfg(test)]
mod tests;
