//! `aquarchive import`: puzzle files into the archive.

use aquarchive::archive::import::{self, Format};
use aquarchive::engine::Settings;
use aquarchive::store::Access;

use super::args::{GlobalArgs, ImportArgs, ImportFormat};
use super::context::Context;
use super::output::print;
use super::progress::Progress;
use super::{CliError, ExitCode};

pub fn run(args: ImportArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let format = match args.format {
        ImportFormat::Auto => Format::Auto,
        ImportFormat::Text => Format::Text,
        ImportFormat::Task => Format::Task,
    };
    // Read everything first: a missing file stops the import before it writes.
    let mut candidates = Vec::new();
    for file in import::input_files(&args.paths)? {
        candidates.extend(import::read_file(&file, format)?);
    }
    let mut store = context.open(Access::ReadWrite)?;
    let progress = Progress::new(candidates.len() as u64, "importing");
    let summary = import::import(&mut store, candidates, Settings::default(), &|done| progress.set(done))?;
    progress.finish();
    for why in &summary.unreadable {
        eprintln!("aquarchive: {why}");
    }
    print(&format!("{}: {}\n", store.path().display(), summary.line()))?;
    Ok(if !summary.unreadable.is_empty() {
        ExitCode::Error
    } else if summary.invalid + summary.not_unique > 0 {
        ExitCode::NotUnique
    } else {
        ExitCode::Ok
    })
}
