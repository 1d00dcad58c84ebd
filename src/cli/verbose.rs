//! `-v` and `RUST_LOG`: what the library reports on its way (each fetch
//! attempt, each retry and wait, each chunk imported, a browser's start and
//! stop), shown on standard error. Without either, nothing is shown.

use std::io::IsTerminal;

use tracing_subscriber::EnvFilter;
use tracing_subscriber::filter::LevelFilter;

/// Shows the library's events: `RUST_LOG`'s choice when it is set (any
/// crate, any level, e.g. `RUST_LOG=aquarchive=debug,reqwest=debug`), else
/// aquarchive's own at info for `-v`, debug for `-vv`, trace for `-vvv`.
pub fn init(verbose: u8) {
    let filter = match std::env::var("RUST_LOG") {
        Ok(directives) if !directives.trim().is_empty() => {
            EnvFilter::builder().with_default_directive(LevelFilter::OFF.into()).parse_lossy(directives)
        }
        _ => {
            let level = match verbose {
                0 => return,
                1 => LevelFilter::INFO,
                2 => LevelFilter::DEBUG,
                _ => LevelFilter::TRACE,
            };
            EnvFilter::new(format!("aquarchive={level}"))
        }
    };
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}
