//! config.toml: never a panic, and a file that reads gives the same
//! settings when read again (parsing has no hidden state).
#![no_main]

use aquarchive::config::Config;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    match Config::parse(text) {
        Ok(config) => assert_eq!(Config::parse(text).expect("reads again"), config),
        Err(message) => assert!(!message.is_empty()),
    }
});
