//! Photo bytes from anywhere (JPEG, PNG or neither), decoded within the
//! reader's limits and read: see `photo_reading.rs` for what is checked.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "photo_reading.rs"]
mod photo_reading;

fuzz_target!(|data: &[u8]| photo_reading::check(data, photo_reading::boards()));
