//! The integration tests: one binary, driving the real `aquarchive` binary
//! in a temp dir per test. Each area has its own module.

// What the tests do with the system goes through rustix where it can; what
// is left (`getpwnam`, and calls of the browser tests) says why it is sound.
#![deny(clippy::undocumented_unsafe_blocks)]

mod util;

mod archive_format;
mod backup;
mod browse;
mod browser_profile;
mod calendar;
mod calendar_batch;
mod calendar_boards;
mod calendar_photo;
mod catch_up;
mod chromium;
mod commands;
mod drives;
mod family;
mod family_grades;
mod family_server;
mod faults;
mod fetch_family;
mod fetch_log;
mod firefox;
mod grade_aquarium;
mod grade_hints;
mod html_firefox;
mod html_index;
mod html_play;
mod import_words;
mod interrupt;
mod jsonl;
mod kinds;
mod limits;
mod merge;
mod messages;
mod oracles;
mod overlap;
mod pages;
mod pictures;
mod progress;
mod properties;
mod remove;
mod ring;
mod robots;
mod show_specials;
mod site;
mod site_server;
mod soak;
mod solve;
mod store;
mod sudoku;
mod untrusted;
mod verbose;
