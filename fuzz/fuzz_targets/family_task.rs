//! Any kind's task string as a sister site's page gives it: the first line
//! names the kind, an optional second line `W H` gives the page's
//! `puzzleWidth` and `puzzleHeight`, the rest is the task. A task that reads
//! writes back to one that reads as the same board; drawing it and checking
//! any answer against it never panic; and a small board that a solver takes
//! is solved, every answer passing the kind's own check.
#![no_main]

use aquarchive::engine::Settings;
use aquarchive::kinds::home::Size;
use aquarchive::kinds::homes::home;
use aquarchive::kinds::Kind;
use libfuzzer_sys::fuzz_target;

/// Boards up to this many cells are solved: an open 6x6 board with many
/// answers can take a second to find two (a skyscrapers' with 14 clues
/// probed 3,539 times), which under the fuzzer's debug assertions on a busy
/// machine passes its time limit and ends the run.
const SOLVED_CELLS: usize = 25;

fn size_line(line: &str) -> Option<Size> {
    let (w, h) = line.trim().split_once(' ')?;
    Some(Size::new(w.parse().ok()?, h.parse().ok()?))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Some((name, rest)) = text.split_once('\n') else { return };
    let Ok(kind) = name.parse::<Kind>() else { return };
    let Some(home) = home(kind) else { return };
    let (size, task) = match rest.split_once('\n') {
        Some((line, task)) if size_line(line).is_some() => (size_line(line), task),
        _ => (None, rest),
    };
    let Ok(board) = home.read(task, size) else { return };
    assert_eq!(board.kind(), kind);
    let written = board.task();
    let again = home.read(&written, Some(board.size())).expect("a written task reads back");
    assert_eq!(again.task(), written, "a written task reads back as the same board");
    assert_eq!(again.size(), board.size());
    let _ = board.draw(None);
    let _ = board.check(task);
    let _ = board.check(&"y".repeat(board.size().cells()));
    if home.solves() && board.size().cells() <= SOLVED_CELLS {
        if let Some(Ok(solved)) = board.solve(Settings::default(), 2) {
            for answer in &solved.solutions {
                assert_eq!(board.check(answer), Ok(()), "a solver's answer passes the kind's check");
                let _ = board.draw(Some(answer));
            }
        }
    }
});
