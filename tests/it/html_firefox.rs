//! The HTML archive in a real headless Firefox (Debian's firefox-esr), as
//! in Chromium: the checks of the index and of play written for both
//! browsers (tests/it/html_index.rs, tests/it/html_play.rs), run in one
//! Firefox started once, each on its own archive.

use std::time::Instant;

use crate::firefox;
use crate::html_index::{self, index_filters_by_grade, index_sorts_by_a_clicked_column_and_a_row_opens_its_puzzle};
use crate::html_play::{self, Page};
use crate::util::Dir;

/// Forgets what was played in an earlier check: the same puzzle in
/// another archive is kept under the same key.
fn forget_progress(page: &Page<&firefox::Tab>) {
    page.open("index.html");
    page.run("window.localStorage.clear()");
}

#[test]
fn the_index_filters_sorts_and_opens_and_puzzles_play_to_solved_in_firefox() {
    let started = Instant::now();
    let firefox = firefox::Tab::start();
    eprintln!("firefox started in {:?}", started.elapsed());

    // The index: sorted by its headers, a row opening its puzzle, and
    // filtered by grade.
    index_sorts_by_a_clicked_column_and_a_row_opens_its_puzzle(&firefox, &html_index::exported());
    index_filters_by_grade(&firefox, &html_index::with_specials());

    // An Aquarium solved by clicks, and by a drag and clicks; its hints; a
    // Sudoku's hints, then the keyboard, to solved.
    let (dir, aquarium, sudoku) = html_play::exported();
    let page = Page::on(&firefox, &dir);
    html_play::aquarium_solved_by_clicks_stays_solved_and_the_index_finds_it(&page, aquarium);
    html_play::aquarium_solved_by_a_drag_and_clicks(&page, aquarium);
    forget_progress(&page);
    html_play::aquariums_hints_settle_cells_as_its_solution_has_them(&page, aquarium);
    html_play::sudoku_played_with_hints_then_the_keyboard_to_solved(&page, &dir, sudoku[0]);

    // The front page, its dailies played.
    let specials: Dir = html_play::specials_exported();
    let page = Page::on(&firefox, &specials);
    forget_progress(&page);
    html_play::front_page_marks_the_dailies_played_and_fits(&page, &specials);
    eprintln!("firefox checks done in {:?}", started.elapsed());
}
