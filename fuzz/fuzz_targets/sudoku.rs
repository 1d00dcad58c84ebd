//! Sudoku lines: whatever parses prints and re-parses to the same grid, and
//! whatever the bitboard solver and the engine solve passes the independent
//! verifier, with the same count from both.
#![no_main]

use aquarchive::engine::Settings;
use aquarchive::kinds::sudoku::{Grid, Method, parse_lines, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for line in parse_lines(text) {
        let Ok(grid) = line.puzzle else { continue };
        assert_eq!(Grid::parse(&grid.to_string()).expect("a printed grid reads back"), grid);
        // Few givens can mean a long search; the fuzzer is after the parser.
        if grid.validate().is_ok() && grid.givens() >= 30 {
            let fast = solve(&grid, 2, Method::Bitboard).expect("the bitboard solver's answers pass the verifier");
            let engine =
                solve(&grid, 2, Method::Engine(Settings::default())).expect("the engine's answers pass the verifier");
            assert_eq!(fast.solutions.len(), engine.solutions.len(), "{grid}");
            assert_eq!(fast.stats.exhausted, engine.stats.exhausted, "{grid}");
        }
    }
});
