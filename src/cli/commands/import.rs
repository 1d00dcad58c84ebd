//! `aquarchive import`: puzzle files, saved pages, exports and other
//! archives into the archive.

use aquarchive::archive::Access;
use aquarchive::archive::batch::{Batch, PageCounts, Step};
use aquarchive::archive::fetch::Outcome;
use aquarchive::archive::import::{Format, Summary};
use aquarchive::archive::restore::Tally;
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
    let batch = Batch::read(&args.paths, Format::from(args.format), args.kind)?;
    if batch.solutions_left_out > 0 {
        let n = batch.solutions_left_out;
        say!(
            "aquarchive: {n} solution file{} (*.solution.txt) left out: they hold solutions, not puzzles",
            if n == 1 { "" } else { "s" }
        );
    }
    for folder in &batch.folders_seen_again {
        say!(
            "aquarchive: {}: a link to a folder already read (a loop, or another way to it); not read again",
            folder.display()
        );
    }
    // Nothing readable and no archive yet: say why, and make none.
    if let Some(whys) = batch.nothing_readable()
        && !context.config.archive.database.exists()
    {
        for why in whys {
            say!("aquarchive: {why}");
        }
        return Err(CliError::Message(format!(
            "nothing given could be read as a puzzle, so no archive was made at {}",
            context.config.archive.database.display()
        )));
    }
    let mut store = context.open(Access::ReadWrite)?;
    let shown = store.path().display().to_string();
    let progress = Progress::new(batch.puzzles(), "importing");
    let mut code = ExitCode::Ok;
    batch.import(&mut store, &|done| progress.set(done), |step| -> Result<(), CliError> {
        let step_code = match step {
            Step::Puzzles { summary, total } => {
                progress.finish();
                puzzles(&shown, summary, total)?
            }
            Step::HashUnconfirmed => {
                say!("{HASH_UNCONFIRMED}");
                ExitCode::Ok
            }
            Step::Page { path, outcome } => {
                match outcome {
                    Outcome::Rejected { why, .. } => say!("aquarchive: {}: stored flagged: {why}", path.display()),
                    Outcome::Failed(why) => {
                        say!("aquarchive: {}: {why} (the page is kept as a snapshot)", path.display())
                    }
                    Outcome::New(_) | Outcome::Present(_) => {}
                }
                ExitCode::Ok
            }
            Step::Pages(counts) => pages(&shown, counts)?,
            Step::Restored { file, report } => {
                tell(&report.puzzles, "the archive");
                let line = format!("puzzles: {}", report.puzzles.line());
                print(&format!("{shown}: restored {}: {line}\n", file.display()))?;
                restored_code(report.puzzles.refused.len(), report.puzzles.stored() == 0, report.interrupted)
            }
            Step::Merged { file, report } => {
                tell(&report.puzzles, &file.display().to_string());
                for line in &report.refused {
                    say!("aquarchive: {line}; not stored");
                }
                print(&format!("{shown}: merged {}: {}\n", file.display(), report.line()))?;
                restored_code(report.refused(), report.stored_nothing(), report.interrupted)
            }
        };
        code = code.worst(step_code);
        Ok(())
    })?;
    Ok(code)
}

/// Says what became of the puzzle files' puzzles; the exit code for them.
fn puzzles(shown: &str, summary: &Summary, total: u64) -> Result<ExitCode, CliError> {
    for why in &summary.unreadable {
        say!("aquarchive: {why}");
    }
    print(&format!("{shown}: {}\n", summary.line()))?;
    if summary.interrupted {
        say!(
            "aquarchive: interrupted: {} of {total} dealt with ({} stored now, each with its solution); \
             run the same import again to finish (what is stored is skipped)",
            summary.read(),
            count_of(summary.stored(), "puzzle", "puzzles"),
        );
        return Ok(crate::cli::interrupt::stopped_code());
    }
    Ok(if !summary.unreadable.is_empty() {
        ExitCode::Error
    } else if summary.invalid + summary.not_unique > 0 {
        ExitCode::NotUnique
    } else {
        ExitCode::Ok
    })
}

/// Says what became of the saved pages; the exit code for them.
fn pages(shown: &str, counts: PageCounts) -> Result<ExitCode, CliError> {
    let PageCounts { new, present, flagged, unreadable } = counts;
    print(&format!(
        "{shown}: pages: {new} new, {present} already present, {flagged} flagged, {unreadable} without a puzzle\n"
    ))?;
    Ok(if unreadable > 0 {
        ExitCode::Error
    } else if flagged > 0 {
        ExitCode::NotUnique
    } else {
        ExitCode::Ok
    })
}

/// Says on standard error what of a restore is not plainly stored: each
/// replacement and conflict with the copy kept and why, each refused
/// record, and puzzles stored without their page (which `pages_from` lacks).
fn tell(tally: &Tally, pages_from: &str) {
    for line in tally.replaced.iter().chain(&tally.conflicts) {
        say!("aquarchive: {line}");
    }
    for line in &tally.refused {
        say!("aquarchive: {line}; not stored");
    }
    if tally.snapshots_missing > 0 {
        say!(
            "aquarchive: {} stored without the page snapshot named, which {pages_from} does not hold",
            count_of(tally.snapshots_missing, "puzzle", "puzzles"),
        );
    }
}

/// A restore's exit code: 2 for a refused row (`refused` of them), 3 for
/// nothing stored, 130 (said here) when Ctrl-C stopped it (143 for SIGTERM,
/// 129 for SIGHUP).
fn restored_code(refused: usize, stored_nothing: bool, interrupted: bool) -> ExitCode {
    if interrupted {
        say!(
            "aquarchive: interrupted: what is counted above is stored, each puzzle with all its rows; run the same \
             import again to finish"
        );
        crate::cli::interrupt::stopped_code()
    } else if refused > 0 {
        ExitCode::Error
    } else if stored_nothing {
        ExitCode::NothingNew
    } else {
        ExitCode::Ok
    }
}
