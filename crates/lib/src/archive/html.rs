//! `export --html DIR`: the archive as a static site that opens from disk
//! with nothing loaded from the internet.
//!
//! Layout of DIR:
//! - `index.html`, `index-2.html`, ...: every puzzle, `per_page` to a page, as
//!   plain tables that work without JavaScript, each headed by a link to
//!   `today.html`;
//! - `today.html`: the player's front page: the newest daily, weekly and
//!   monthly special as plain links, and (drawn by the script from
//!   `puzzles.js` and the progress the browser keeps) the month's calendar
//!   of the dailies held, each marked not opened, started or solved, and
//!   the streak of dailies solved;
//! - `puzzles.js`: one short row per puzzle, which `archive.js` filters (by
//!   kind, size class, status, grade and stored date) across all pages,
//!   offline;
//! - `progress.js`: the player's progress the archive keeps on these
//!   puzzles (`import progress.json`), which every page merges into the
//!   browser's on load ([`super::progress`]'s rule), so that a fresh
//!   browser shows them as played; the front page and the index save the
//!   browser's progress to a file and load one;
//! - `t/ID.svg`: the index's picture of each puzzle but an Aquarium (whose
//!   picture the script draws from its row), for the rows a filter shows;
//! - `p/ID.html`: one page per puzzle: its picture (drawn by its kind, see
//!   [`picture`](super::picture)), the solution revealed at a second click (radio buttons
//!   and CSS, so it works without JavaScript too; a played page's script puts
//!   a button that asks first in their place), what `show` says of it (its grade, a
//!   special's date, the site's check), its source, site link and fetch
//!   history, and links to `today.html`, its index page and the puzzles
//!   before and after it (a special's of its site and kind, by date: see
//!   `neighbours`); a special's title carries its date;
//!   an Aquarium or Sudoku with one solution is played on its page (see
//!   `play`), an Aquarium's board drawn by the script from the page's data;
//! - `style.css`, `archive.js` (the index's filters, the front page's
//!   calendar and streak, and the play, one script for every page, after the hints' words it fills and the look of the
//!   boards it draws), and
//!   `.aquarchive-html`, the mark of an export.
//!
//! The page's contract with the script, and with people's own scripts: each
//! cell of a played board is an element with `data-r`, `data-c` (from 0) and
//! `data-state` (`water`, `air`, `empty`; a Sudoku's digit or `empty`), and
//! for a screen reader `#cell-R-C`, a `gridcell` in a `row` of the board's
//! `grid`, its `aria-label` its row, column and state; the
//! verdict is in `#verdict` (its text holds `Solved` when solved), the hint
//! button is `#hint` and the hint's words are in `#hint-text`; `#mistakes`
//! marks the cells set otherwise than the solution has them `data-wrong`,
//! and `#solution` shows the solution at its second click.
//!
//! The pages are `maud` templates, so every stored string (a source's path,
//! a special's date as its page wrote it, a fetch's URL or error) is escaped
//! as text where it is written; only the SVG pictures, which escape their own
//! text, go in as they are. `puzzles.js` is JSON with every `<` escaped.
//!
//! The site is written into a fresh directory beside DIR and renamed onto DIR
//! at the end, so a failed export leaves DIR as it was. An existing DIR is
//! replaced only if it is empty or an earlier export (it holds the mark).
//!
//! The parts: `stage` writes the directory all at once, `page` holds the
//! templates, `play` the data a page's script plays from, `neighbours`
//! where each page's ← and → lead.

use super::Archive;
use std::collections::HashMap;
use std::path::Path;

use rayon::prelude::*;

use crate::config::SiteConfig;
use crate::store::{Fetch, Filter, Store};

use super::facts::Facts;
use super::site_names::learn_classes;
use super::{ArchiveError, stored};
use crate::site::family::SiteId;
use page::Row;

mod neighbours;
mod page;
mod play;
mod stage;

pub use page::{TODAY, index_name};
pub use stage::MARK;

const STYLE: &str = include_str!("html/style.css");
const SCRIPT: &str = include_str!("html/archive.js");

/// How to write the site.
#[derive(Clone, Debug)]
pub struct HtmlOptions {
    /// Puzzles per index page.
    pub per_page: usize,
    /// The sites' addresses, for the links to the puzzles on them.
    pub sites: SiteConfig,
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

/// Writes the site of the puzzles `filter` matches into `dir`.
pub fn export(
    archive: &Archive,
    filter: &Filter,
    dir: &Path,
    options: &HtmlOptions,
) -> Result<HtmlReport, ArchiveError> {
    let store = archive.store();
    stage::stage(dir, |root| write_site(store, filter, root, options))
}

/// Writes the site into `root`, the staging directory (which holds the mark).
fn write_site(store: &Store, filter: &Filter, root: &Path, options: &HtmlOptions) -> Result<HtmlReport, ArchiveError> {
    let per_page = options.per_page.max(1);
    let pages_dir = root.join("p");
    std::fs::create_dir_all(&pages_dir).map_err(stage::io(&pages_dir))?;
    let pictures_dir = root.join("t");
    std::fs::create_dir_all(&pictures_dir).map_err(stage::io(&pictures_dir))?;
    // The names of the classes that the stored pages of the family's
    // sites taught (a special a site serves at a path is named once a page
    // of it was stored).
    let sites: Vec<SiteId> = SiteId::all().collect();
    learn_classes(store, &sites)?;
    let puzzles = store.puzzles(filter)?;
    let mut history: HashMap<i64, Vec<Fetch>> = HashMap::new();
    for (id, fetch) in store.fetch_history(filter)? {
        history.entry(id).or_default().push(fetch);
    }
    let steps = neighbours::neighbours(&puzzles);
    // Each puzzle is read once, for its row and its page; its page is drawn
    // and written on its own, in parallel.
    let written: Vec<(Row, u64, Option<String>)> = puzzles
        .par_iter()
        .enumerate()
        .map(|(k, puzzle)| {
            let read = stored(puzzle).ok();
            let row = Row::of(puzzle, read.as_ref());
            let facts = Facts::of(puzzle, read.as_ref(), &options.sites);
            let (prev, next) = &steps[k];
            let fetches = history.get(&puzzle.id).map_or(&[][..], Vec::as_slice);
            let (page, problem) =
                page::puzzle_page(puzzle, read.as_ref(), &facts, fetches, prev.as_ref(), next.as_ref(), k / per_page);
            let path = pages_dir.join(format!("{}.html", puzzle.id));
            std::fs::write(&path, &page).map_err(stage::io(&path))?;
            let mut bytes = page.len() as u64;
            // The row's picture on its own too, for the index's filtered
            // rows, which show puzzles of every index page.
            if !row.thumb.is_empty() {
                let path = pictures_dir.join(format!("{}.svg", puzzle.id));
                std::fs::write(&path, &row.thumb).map_err(stage::io(&path))?;
                bytes += row.thumb.len() as u64;
            }
            Ok((row, bytes, problem))
        })
        .collect::<Result<_, ArchiveError>>()?;
    let mut report = HtmlReport { puzzles: puzzles.len() as u64, ..HtmlReport::default() };
    let mut rows = Vec::with_capacity(written.len());
    for (row, bytes, problem) in written {
        rows.push(row);
        report.bytes += bytes;
        report.undrawn.extend(problem);
    }
    let index_pages = rows.len().div_ceil(per_page).max(1);
    let grades = page::grades(&rows);
    for page in 0..index_pages {
        let chunk = &rows[(page * per_page).min(rows.len())..((page + 1) * per_page).min(rows.len())];
        let html = page::index_page(chunk, &grades, page, index_pages, rows.len(), per_page);
        let path = root.join(page::index_name(page));
        std::fs::write(&path, &html).map_err(stage::io(&path))?;
        report.bytes += html.len() as u64;
    }
    report.index_pages = index_pages as u64;
    let today = page::today_page(&rows);
    let path = root.join(page::TODAY);
    std::fs::write(&path, &today).map_err(stage::io(&path))?;
    report.bytes += today.len() as u64;
    let data = page::puzzles_js(&rows);
    let ids: std::collections::HashSet<i64> = puzzles.iter().map(|p| p.id).collect();
    let progress = page::progress_js(&super::progress::by_key(store, Some(&ids))?);
    // The mark, written first by the staging, is counted with the rest.
    report.bytes += stage::MARK_TEXT.len() as u64;
    // The script, after the hints' words it fills and the look of the
    // boards it draws (written here, once).
    let script = play::words_js() + &play::board_js() + SCRIPT;
    for (name, contents) in [
        ("puzzles.js", data.as_str()),
        ("progress.js", progress.as_str()),
        ("style.css", STYLE),
        ("archive.js", script.as_str()),
    ] {
        let path = root.join(name);
        std::fs::write(&path, contents).map_err(stage::io(&path))?;
        report.bytes += contents.len() as u64;
    }
    Ok(report)
}

#[cfg(test)]
mod tests;
