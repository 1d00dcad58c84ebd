//! The integration tests: one binary, driving the real `aquarchive` binary
//! in a temp dir per test. Each area has its own module.

mod util;

mod pages;
mod solve;
mod calendar;
mod ring;
mod sudoku;
mod store;
mod site;
mod site_server;
