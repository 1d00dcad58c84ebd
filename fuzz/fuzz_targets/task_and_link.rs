//! The site's `task` strings, `?e=` link values, puzzle IDs and size-class
//! names: each one that parses prints and re-parses to the same value.
//! A first line `W H` gives the grid size as a page would.
#![no_main]

use aquarchive::kinds::aquarium::Aquarium;
use aquarchive_site::url::{PuzzleId, SizeClass, decode_e, encode_e};
use libfuzzer_sys::fuzz_target;

fn round_trip(puzzle: &Aquarium) {
    let size = Some((puzzle.width(), puzzle.height()));
    assert_eq!(&Aquarium::parse_task_sized(&puzzle.to_task(), size).expect("a task reads back"), puzzle);
}

fn size_line(line: &str) -> Option<(usize, usize)> {
    let (w, h) = line.trim().split_once(' ')?;
    Some((w.parse().ok()?, h.parse().ok()?))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(puzzle) = Aquarium::parse_task(text) {
        assert_eq!(puzzle.width(), puzzle.height());
        round_trip(&puzzle);
    }
    if let Some((first, task)) = text.split_once('\n')
        && let Some(size) = size_line(first)
        && let Ok(puzzle) = Aquarium::parse_task_sized(task, Some(size))
    {
        assert_eq!((puzzle.width(), puzzle.height()), size);
        round_trip(&puzzle);
    }
    if let Ok((class, id)) = decode_e(text) {
        assert_eq!(decode_e(&encode_e(class, id)).expect("an encoded link reads back"), (class, id));
    }
    if let Ok(id) = text.parse::<PuzzleId>() {
        assert_eq!(id.to_string().parse::<PuzzleId>().expect("a printed ID reads back"), id);
    }
    if let Ok(class) = text.parse::<SizeClass>() {
        assert_eq!(class.name().parse::<SizeClass>().expect("a class name reads back"), class);
        assert_eq!(class.param().to_string().parse::<SizeClass>().expect("a class number reads back"), class);
    }
});
