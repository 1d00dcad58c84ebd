//! aquarchive: fetch, extract, keep, solve and show Aquarium puzzles (and a
//! few other kinds) with a multi-cover engine.
//!
//! The modules follow the data's path: `site` (fetch, extract) -> `kinds`
//! (parse, encode, verify) -> `store` -> `engine` (solve) -> `render` (show).

pub mod archive;
pub mod config;
pub mod engine;
pub mod interrupt;
pub mod kinds;
pub mod render;
pub mod rng;
pub mod site;
pub mod store;
