//! Sudoku lines: whatever parses prints and re-parses to the same grid, and
//! whatever the engine solves passes the independent verifier.
#![no_main]

use aquarchive::engine::Settings;
use aquarchive::kinds::sudoku::{Grid, parse_lines, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for line in parse_lines(text) {
        let Ok(grid) = line.puzzle else { continue };
        assert_eq!(Grid::parse(&grid.to_string()).expect("a printed grid reads back"), grid);
        // Few givens can mean a long search; the fuzzer is after the parser.
        if grid.validate().is_ok() && grid.givens() >= 30 {
            solve(&grid, 2, Settings::default()).expect("the engine's answers pass the verifier");
        }
    }
});
