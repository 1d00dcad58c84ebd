//! `aquarchive calendar`: a date's puzzle, every date's count, and
//! `calendar read` of photos of solved boards.

mod date;
mod read;

pub use date::run;
pub use read::run as read;

use crate::cli::table::thousands;

/// "1 tiling", "1,234 tilings".
fn tilings(n: u64) -> String {
    format!("{} {}", thousands(n), if n == 1 { "tiling" } else { "tilings" })
}
