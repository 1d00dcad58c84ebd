//! aquarchive: fetch, extract, keep, solve and show Aquarium puzzles (and a
//! few other kinds) with a multi-cover engine.
//!
//! The modules are layered; each uses only those below it, never one above
//! or beside it:
//!
//! ```text
//! archive            the operations (as cargo's `ops`): import, fetch with its
//!                    politeness, reparse, re-solve, verify, export, ...
//! config             config.toml, read into the settings types of the modules below
//! site | store | render
//!                    peers, none of which imports another: the site's pages,
//!                    the SQLite archive, text and pictures
//! interrupt, shared  a stop request; plain values several peers need
//! kinds, photo, engine
//!                    the crates below the library
//! ```
//!
//! The command line (the binary, `src/cli`) sits above them all: it parses,
//! calls `archive`, and prints.

pub mod archive;
pub mod config;
pub mod interrupt;
pub mod render;
pub mod shared;
pub mod site;
pub mod store;

/// The puzzle kinds, their own crate (no files, network or database).
pub use aquarchive_kinds as kinds;
pub use aquarchive_kinds::rng;
pub use aquarchive_photo as photo;
/// The multi-cover engine, its own dependency-free crate.
pub use multicover as engine;
