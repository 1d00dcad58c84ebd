//! The Aquarium text format (and the `.solution.txt` water format): whatever
//! parses prints and re-parses to the same puzzle, its task string reads
//! back the same, and whatever the engine solves passes the verifier.
#![no_main]

use aquarchive::engine::Settings;
use aquarchive::kinds::aquarium::{Aquarium, Water, parse_blocks, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for block in parse_blocks(text) {
        let Ok(puzzle) = block.puzzle else { continue };
        let printed = puzzle.to_string();
        assert_eq!(Aquarium::parse_text(&printed).expect("a printed puzzle reads back"), puzzle, "{printed}");
        let size = Some((puzzle.width(), puzzle.height()));
        let task = puzzle.to_task();
        assert_eq!(Aquarium::parse_task_sized(&task, size).expect("its task string reads back"), puzzle, "{task}");
        if puzzle.validate().is_ok() && puzzle.width() * puzzle.height() <= 64 {
            // `solve` runs every answer through the independent verifier.
            let report = solve(&puzzle, 2, Settings::default()).expect("the engine's answers pass the verifier");
            assert!(report.solutions.len() <= 2);
        }
    }
    if let Ok(water) = Water::parse(text) {
        let rows = water.to_rows().join("\n");
        assert_eq!(Water::parse(&rows).expect("printed water reads back"), water);
    }
});
