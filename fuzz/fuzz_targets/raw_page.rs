//! A fetched page, raw or rendered: the first byte picks the size class
//! asked for (12 and above: none), the rest is the page. Whatever is
//! extracted is of the class asked for; an Aquarium's task string reads
//! back, and any other kind's task is read by its kind without a panic.
#![no_main]

use aquarchive::archive::kinds::read_task;
use aquarchive::kinds::aquarium::Aquarium;
use aquarchive::kinds::home::Size;
use aquarchive_site::extract::{extract, warnings};
use aquarchive_site::raw::{offered_dates, read_page};
use aquarchive_site::url::SizeClass;
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
        if let Some(puzzle) = &found.aquarium {
            let size = Some((puzzle.width(), puzzle.height()));
            assert_eq!(&Aquarium::parse_task_sized(&puzzle.to_task(), size).expect("a task reads back"), puzzle);
        } else if let Some(task) = &found.task {
            let size = found.size.map(|(width, height)| Size::new(width, height));
            let _ = read_task(found.kind, task, size);
        }
        for warning in warnings(&found) {
            let _ = warning.to_string();
        }
    }
});
