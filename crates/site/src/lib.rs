//! The site: its URLs, fetching pages (HTTP and a real browser), reading
//! puzzles from raw pages and from rendered boards, and checking what the
//! site sent before anything calls it a puzzle.
//!
//! The path of one page: [`fetch::fetch`] gets it through a
//! [`fetch::PageSource`] ([`http::HttpFetcher`] or [`browser::BrowserFetcher`])
//! and returns its snapshot, fetch record and checked puzzle;
//! [`fetch::process`] is the part after the network, which `reparse` reruns
//! on stored snapshots. The browser's processes and page, which the
//! browser fetcher drives, are `browser_process`'s, and the protocol it
//! drives them with is `devtools`'s.
//!
//! The site knows nothing of the archive: what a fetch came to (its
//! [`Tries`](aquarchive_shared::Tries), the page's answer check) is a plain value
//! from `shared`, which the store keeps.

pub mod answer;
pub mod board;
#[cfg(feature = "browser")]
pub mod browser;
#[cfg(feature = "browser")]
pub mod browser_process;
#[cfg(feature = "browser")]
pub mod devtools;
mod error;
pub mod extract;
pub mod family;
pub mod fetch;
#[cfg(feature = "http")]
pub mod http;
pub mod markup;
pub mod pace;
pub mod raw;
#[cfg(feature = "http")]
pub mod robots;
pub mod sandbox;
pub mod url;

pub use error::{ExtractError, FetchFailure, SiteError, Warning};
