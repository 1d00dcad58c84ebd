//! aquarchive: fetch, extract, keep, solve and show the puzzles of the
//! puzzle-*.com family with a multi-cover engine.
//!
//! The library is the tool's front door: the command line (the binary in
//! the workspace's `src/`) depends on this crate alone, so it cannot reach
//! past it. Its modules and the crates under it, each using only those
//! below it:
//!
//! ```text
//! archive            the operations (as cargo's `ops`): import, fetch with its
//!                    politeness, reparse, re-solve, verify, export, ...
//! config             config.toml, read into the settings types of the crates below
//! render             text and pictures
//! ---- crates of their own, which none of the others above names to a front end:
//! aquarchive-site    the family's sites: their table, pages read, pages fetched
//! aquarchive-store   the SQLite archive: the only code that speaks SQL
//! aquarchive-shared  plain values the layers share, and a stop request
//! aquarchive-kinds, aquarchive-photo, multicover
//!                    the puzzle kinds, photos read, the engine
//! ```
//!
//! The store and the sites are not re-exported: what a front end hands the
//! operations and gets back is named in [`archive`].

pub mod archive;
pub mod config;
pub mod render;

pub use aquarchive_shared as shared;
pub use aquarchive_shared::interrupt;

/// The puzzle kinds, their own crate (no files, network or database).
pub use aquarchive_kinds as kinds;
pub use aquarchive_kinds::rng;
pub use aquarchive_photo as photo;
/// The multi-cover engine, its own dependency-free crate.
pub use multicover as engine;

// The layers under the operations, by the names the library's own code
// uses for them; not public.
use aquarchive_site as site;
use aquarchive_store as store;
