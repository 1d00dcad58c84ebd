//! The calendar: the first line is a date, the rest a variant file.
//! A date that parses prints and re-parses the same; on a board that parses,
//! every tiling found passes the independent verifier.
#![no_main]

use aquarchive::kinds::calendar::{Date, Method, Variant, solve};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (first, rest) = text.split_once('\n').unwrap_or((text, ""));
    let date = Date::parse(first, None).ok();
    if let Some(date) = date {
        assert_eq!(Date::parse(&date.to_string(), None).expect("a printed date reads back"), date);
    }
    let Ok(variant) = Variant::parse("fuzz", rest) else { return };
    let Some(date) = date.and_then(|d| variant.fit(d).ok()) else { return };
    if variant.width() * variant.height() <= 64 {
        solve(&variant, &date, 1, Method::Bitboard).expect("every tiling passes the verifier");
    }
});
