//! Plain values that several of the peer modules (`site`, `store`,
//! `render`) need, kept here so that none of the three imports another:
//! digests in hex, the tally of one fetch's requests, the site's answer
//! check, numbers written as the site writes them, times as the archive
//! writes them, and an error said with its causes.

pub mod digest;
pub mod error;
pub mod fetch;
pub mod interrupt;
pub mod number;
pub mod time;

pub use digest::{hex, sha256_hex};
pub use error::chain as error_chain;
pub use fetch::{HashCheck, Tries};
pub use number::thousands;
pub use time::{time_text, time_to_second};
