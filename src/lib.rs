//! aquarchive: fetch, extract, keep, solve and show Aquarium puzzles (and a
//! few other kinds) with a multi-cover engine.
//!
//! The modules follow the data's path: `site` (fetch, extract) -> `kinds`
//! (parse, encode, verify) -> `store` -> `engine` (solve) -> `render` (show).

pub mod archive;
pub mod config;
pub mod interrupt;
pub mod render;
pub mod site;
pub mod store;

/// The puzzle kinds, their own crate (no files, network or database).
pub use aquarchive_kinds as kinds;
pub use aquarchive_kinds::rng;
pub use aquarchive_photo as photo;
/// The multi-cover engine, its own dependency-free crate.
pub use multicover as engine;
