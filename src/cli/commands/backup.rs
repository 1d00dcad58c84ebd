//! `aquarchive backup`: a checked copy of the archive.

use aquarchive::archive::{Access, StoreError, backup_target};
use aquarchive::render::count_of;

use crate::cli::args::{BackupArgs, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

pub fn run(args: BackupArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    // Ctrl-C lets the copy finish and then keeps nothing of it.
    crate::cli::interrupt::stop_between_steps("stopped at once: no backup was written");
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let target = backup_target(&args.dest, store.path(), jiff::Timestamp::now())?;
    let report = match store.backup(&target, args.force) {
        Ok(report) => report,
        Err(_) if aquarchive::interrupt::requested() => {
            say!("aquarchive: stopped: no backup was written");
            return Ok(crate::cli::interrupt::stopped_code());
        }
        Err(StoreError::Io { path, source }) if source.kind() == std::io::ErrorKind::AlreadyExists => {
            return Err(CliError::Message(format!("{}: {source} (--force replaces it)", path.display())));
        }
        Err(err) => return Err(err.into()),
    };
    for warning in &report.warnings {
        say!("aquarchive: warning: {warning}");
    }
    if args.json {
        print(&format!("{}\n", serde_json::to_string(&report).expect("a backup report serializes")))?;
        return Ok(ExitCode::Ok);
    }
    print(&format!(
        "backed up {} with {}, {}, {} ({}) to {}; verified\n",
        count_of(report.puzzles, "puzzle", "puzzles"),
        count_of(report.solutions, "solution", "solutions"),
        count_of(report.snapshots, "snapshot", "snapshots"),
        count_of(report.fetches, "fetch record", "fetch records"),
        size(report.bytes),
        report.path.display()
    ))?;
    Ok(ExitCode::Ok)
}

/// A file size as people read it: bytes, KiB, MiB or GiB, one decimal.
fn size(bytes: u64) -> String {
    const UNITS: [&str; 3] = ["KiB", "MiB", "GiB"];
    if bytes < 1024 {
        return count_of(bytes, "byte", "bytes");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{value:.1} {}", UNITS[unit])
}

#[cfg(test)]
mod tests {
    use super::size;

    #[test]
    fn sizes_read_as_people_say_them() {
        assert_eq!(size(1), "1 byte");
        assert_eq!(size(1023), "1023 bytes");
        assert_eq!(size(1024), "1.0 KiB");
        assert_eq!(size(1_258_291), "1.2 MiB");
        assert_eq!(size(5 << 30), "5.0 GiB");
    }
}
