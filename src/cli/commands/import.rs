//! `aquarchive import`: puzzle files into the archive.

use aquarchive::archive::Access;
use aquarchive::archive::Settings;
use aquarchive::archive::fetch::{self, Outcome};
use aquarchive::archive::import::{self, Format, Input};
use aquarchive::archive::restore::Tally;
use aquarchive::archive::{jsonl, merge};
use aquarchive::render::count_of;

use crate::cli::args::{GlobalArgs, ImportArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::{HASH_UNCONFIRMED, print};
use crate::cli::progress::Progress;

pub fn run(args: ImportArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    // Ctrl-C stops after the chunk at hand, and the summary says what is kept.
    crate::cli::interrupt::stop_between_steps(
        "stopped at once: the puzzles written before are kept with their solutions, the chunk being \
         written is not; run the same import again to finish (what is stored is skipped)",
    );
    let context = Context::load(global)?;
    let format = Format::from(args.format);
    // Read everything first: a missing file stops the import before it writes.
    let mut candidates = Vec::new();
    let mut pages = Vec::new();
    let inputs = import::input_files(&args.paths)?;
    if inputs.solutions_skipped > 0 {
        let n = inputs.solutions_skipped;
        eprintln!(
            "aquarchive: {n} solution file{} (*.solution.txt) left out: they hold solutions, not puzzles",
            if n == 1 { "" } else { "s" }
        );
    }
    for folder in &inputs.folders_seen_again {
        eprintln!(
            "aquarchive: {}: a link to a folder already read (a loop, or another way to it); not read again",
            folder.display()
        );
    }
    let mut archives = Vec::new();
    let mut json_files = Vec::new();
    for file in inputs.files {
        match import::input_of(&file)? {
            Input::Archive => archives.push(file),
            Input::JsonLines => json_files.push(file),
            Input::Page => {
                let bytes =
                    std::fs::read(&file).map_err(|source| CliError::Io { path: file.display().to_string(), source })?;
                pages.push((file, bytes));
            }
            Input::Puzzles => candidates.extend(import::read_file(&file, format, args.kind)?),
        }
    }
    // Nothing readable and no archive yet: say why, and make none.
    let nothing = pages.is_empty()
        && archives.is_empty()
        && !candidates.is_empty()
        && candidates.iter().all(|c| c.puzzle.is_err());
    if nothing && !context.config.archive.database.exists() {
        for candidate in &candidates {
            if let Err(unreadable) = &candidate.puzzle {
                eprintln!("aquarchive: {}: {}", candidate.place, unreadable.why);
            }
        }
        return Err(CliError::Message(format!(
            "nothing given could be read as a puzzle, so no archive was made at {}",
            context.config.archive.database.display()
        )));
    }
    let mut store = context.open(Access::ReadWrite)?;
    let mut code = ExitCode::Ok;
    if !candidates.is_empty() || (pages.is_empty() && archives.is_empty() && json_files.is_empty()) {
        let total = candidates.len() as u64;
        let progress = Progress::new(total, "importing");
        let summary = import::import(&mut store, candidates, Settings::default(), &|done| progress.set(done))?;
        progress.finish();
        for why in &summary.unreadable {
            eprintln!("aquarchive: {why}");
        }
        print(&format!("{}: {}\n", store.path().display(), summary.line()))?;
        if summary.interrupted {
            eprintln!(
                "aquarchive: interrupted: {} of {total} dealt with ({} stored now, each with its solution); \
                 run the same import again to finish (what is stored is skipped)",
                summary.read(),
                count_of(summary.stored(), "puzzle", "puzzles"),
            );
            return Ok(ExitCode::Interrupted);
        }
        code = if !summary.unreadable.is_empty() {
            ExitCode::Error
        } else if summary.invalid + summary.not_unique > 0 {
            ExitCode::NotUnique
        } else {
            ExitCode::Ok
        };
    }
    if !pages.is_empty() {
        code = code.worst(import_pages(&mut store, pages)?);
    }
    for file in json_files {
        let report = jsonl::import(&mut store, &file)?;
        tell(&report.puzzles, "the archive");
        let line = format!("puzzles: {}", report.puzzles.line());
        print(&format!("{}: restored {}: {line}\n", store.path().display(), file.display()))?;
        code = code.worst(restored_code(&report.puzzles, report.puzzles.stored() == 0, report.interrupted));
        if report.interrupted {
            return Ok(interrupted());
        }
    }
    for other in archives {
        let report = merge::merge(&mut store, &other)?;
        tell(&report.puzzles, &other.display().to_string());
        print(&format!("{}: merged {}: {}\n", store.path().display(), other.display(), report.line()))?;
        code = code.worst(restored_code(&report.puzzles, report.stored_nothing(), report.interrupted));
        if report.interrupted {
            return Ok(interrupted());
        }
    }
    Ok(code)
}

/// Says on standard error what of a restore is not plainly stored: each
/// replacement and conflict with the copy kept and why, each refused
/// record, and puzzles stored without their page (which `pages_from` lacks).
fn tell(tally: &Tally, pages_from: &str) {
    for line in tally.replaced.iter().chain(&tally.conflicts) {
        eprintln!("aquarchive: {line}");
    }
    for line in &tally.refused {
        eprintln!("aquarchive: {line}; not stored");
    }
    if tally.snapshots_missing > 0 {
        eprintln!(
            "aquarchive: {} stored without the page snapshot named, which {pages_from} does not hold",
            count_of(tally.snapshots_missing, "puzzle", "puzzles"),
        );
    }
}

/// A restore's exit code: 2 for a refused record, 3 for nothing stored.
fn restored_code(tally: &Tally, stored_nothing: bool, interrupted: bool) -> ExitCode {
    if interrupted {
        ExitCode::Interrupted
    } else if !tally.refused.is_empty() {
        ExitCode::Error
    } else if stored_nothing {
        ExitCode::NothingNew
    } else {
        ExitCode::Ok
    }
}

fn interrupted() -> ExitCode {
    eprintln!(
        "aquarchive: interrupted: what is counted above is stored, each puzzle with all its rows; run the same \
         import again to finish"
    );
    ExitCode::Interrupted
}

/// Saved pages: each kept as a snapshot and read by the page extractor,
/// exactly as if it had just been fetched.
fn import_pages(
    store: &mut aquarchive::archive::Store,
    pages: Vec<(std::path::PathBuf, Vec<u8>)>,
) -> Result<ExitCode, CliError> {
    let (mut new, mut present, mut flagged, mut unreadable) = (0, 0, 0, 0);
    let mut warned = false;
    for (path, bytes) in pages {
        let report = fetch::import_page(store, &path, bytes, Settings::default())?;
        if report.hash_unconfirmed && !warned {
            warned = true;
            eprintln!("{HASH_UNCONFIRMED}");
        }
        match report.outcome {
            Outcome::New(_) => new += 1,
            Outcome::Present(_) => present += 1,
            Outcome::Rejected { why, .. } => {
                eprintln!("aquarchive: {}: stored flagged: {why}", path.display());
                flagged += 1;
            }
            Outcome::Failed(why) => {
                eprintln!("aquarchive: {}: {why} (the page is kept as a snapshot)", path.display());
                unreadable += 1;
            }
        }
    }
    print(&format!(
        "{}: pages: {new} new, {present} already present, {flagged} flagged, {unreadable} without a puzzle\n",
        store.path().display()
    ))?;
    Ok(if unreadable > 0 {
        ExitCode::Error
    } else if flagged > 0 {
        ExitCode::NotUnique
    } else {
        ExitCode::Ok
    })
}
