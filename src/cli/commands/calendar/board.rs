//! The boards that `calendar` and `calendar read` take: a built-in one by
//! name, or a variant file.

use aquarchive::kinds::calendar::Variant;

use crate::cli::error::{CliError, Doing};
use crate::cli::output::read_input;
use crate::cli::table::thousands;

/// The variant of a `--board` file; a fault on a line is named `FILE:LINE:`.
pub fn variant_file(path: &str) -> Result<Variant, CliError> {
    let text = read_input(path)?;
    let parsed = Variant::parse(path, &text);
    if let Err(e) = &parsed
        && let Some(line) = e.line()
    {
        return Err(CliError::Message(format!("{path}:{line}: {}", e.message())));
    }
    parsed.doing(path)
}

/// A built-in variant by name.
pub fn built_in(name: &str) -> Result<Variant, CliError> {
    Variant::built_in(name).ok_or_else(|| CliError::Message(format!("no built-in board {name}")))
}

/// "1 tiling", "1,234 tilings".
pub fn tilings(n: u64) -> String {
    format!("{} {}", thousands(n), if n == 1 { "tiling" } else { "tilings" })
}
