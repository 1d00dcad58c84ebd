//! A rendered board (cells with wall classes, clue cells): whatever reads as
//! a puzzle, drawn again the site's way, reads back as the same puzzle.
#![no_main]

use aquarchive_site::board::{read_board, render_board};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(html) = std::str::from_utf8(data) else { return };
    match read_board(html) {
        Ok(Some(puzzle)) => {
            let drawn = render_board(&puzzle);
            assert_eq!(read_board(&drawn).expect("a drawn board reads back"), Some(puzzle), "{drawn}");
        }
        Ok(None) => {}
        Err(e) => assert!(!e.to_string().is_empty()),
    }
});
