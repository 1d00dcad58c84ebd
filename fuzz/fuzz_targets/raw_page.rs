//! A fetched page, raw or rendered: the first byte picks the size class
//! asked for (12 and above: none), the rest is the page. Whatever is
//! extracted is of the class asked for and its task string reads back.
#![no_main]

use aquarchive::kinds::aquarium::Aquarium;
use aquarchive::site::extract::{extract, warnings};
use aquarchive::site::raw::{offered_dates, read_page};
use aquarchive::site::url::SizeClass;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&selector, page)) = data.split_first() else { return };
    let asked = SizeClass::from_param(selector % 16);
    if let Ok(html) = std::str::from_utf8(page) {
        let _ = read_page(html);
    }
    let _ = offered_dates(page);
    if let Ok(found) = extract(page, asked) {
        if let Some(asked) = asked {
            assert_eq!(found.class, asked);
        }
        let puzzle = &found.puzzle;
        let size = Some((puzzle.width(), puzzle.height()));
        assert_eq!(&Aquarium::parse_task_sized(&puzzle.to_task(), size).expect("a task reads back"), puzzle);
        for warning in warnings(&found) {
            let _ = warning.to_string();
        }
    }
});
