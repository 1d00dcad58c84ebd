//! `aquarchive import`: puzzle files, saved pages, exports and other
//! archives into the archive.

use aquarchive::archive::Status;
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
use crate::cli::report::flagged_why;

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
    if batch.photos_skipped > 0 {
        say!(
            "aquarchive: {} skipped: `aquarchive calendar read --import PHOTO` reads a photo of a solved calendar \
             board into the archive",
            count_of(batch.photos_skipped as u64, "photo (JPEG or PNG)", "photos (JPEG or PNG)"),
        );
    }
    if batch.is_empty() && batch.solutions_left_out == 0 {
        say!(
            "aquarchive: nothing to import: a folder's puzzle files are its *.txt files and saved pages (*.html, *.htm)"
        );
    }
    // Where there is no archive yet, one is made only once something is
    // stored: an import that stores nothing leaves nothing behind.
    let mut store = context.open_to_keep()?;
    let was_unnamed = store.is_unnamed();
    let shown = store.path().display().to_string();
    // How to list the puzzles stored flagged, on this archive.
    let list = match &global.db {
        Some(_) => format!("aquarchive --db {shown} list"),
        None => "aquarchive list".to_string(),
    };
    let progress = Progress::new(batch.puzzles(), "importing");
    let mut code = ExitCode::Ok;
    // Whether any part stored something new: else the import exits 3.
    let mut stored = false;
    batch.import(&mut store, &|done| progress.set(done), |step| -> Result<(), CliError> {
        let step_code = match step {
            Step::Puzzles { summary, total } => {
                progress.finish();
                stored |= summary.stored() > 0;
                puzzles(&shown, &list, summary, total)?
            }
            Step::HashUnconfirmed => {
                say!("{HASH_UNCONFIRMED}");
                ExitCode::Ok
            }
            Step::Page { path, outcome } => {
                match outcome {
                    // Named as a puzzle file's flagged puzzle is (see `puzzles`).
                    Outcome::Rejected { status, why, .. } if *why == status.to_string() => {
                        say!("aquarchive: {}: stored flagged {status}", path.display())
                    }
                    Outcome::Rejected { status, why, .. } => {
                        say!("aquarchive: {}: stored flagged {status}: {why}", path.display())
                    }
                    Outcome::Failed(why) => {
                        say!("aquarchive: {}: {why} (the page is kept as a snapshot)", path.display())
                    }
                    Outcome::New(_) | Outcome::Present(_) => {}
                }
                ExitCode::Ok
            }
            Step::Pages(counts) => {
                stored |= counts.new > 0;
                pages(&shown, counts)?
            }
            Step::Restored { file, report } => {
                stored |= report.puzzles.stored() > 0;
                tell(&report.puzzles, "the archive");
                let line = format!("puzzles: {}", report.puzzles.line());
                print(&format!("{shown}: restored {}: {line}\n", file.display()))?;
                restored_code(report.puzzles.refused.len(), report.interrupted)
            }
            Step::Merged { file, report } => {
                stored |= !report.stored_nothing();
                tell(&report.puzzles, &file.display().to_string());
                for line in &report.refused {
                    say!("aquarchive: {line}; not stored");
                }
                print(&format!("{shown}: merged {}: {}\n", file.display(), report.line()))?;
                restored_code(report.refused(), report.interrupted)
            }
            Step::Progress { file, report } => {
                stored |= report.changed > 0;
                if report.unknown > 0 {
                    let more = if report.unknown > report.unknown_keys.len() as u64 { ", ..." } else { "" };
                    say!(
                        "aquarchive: {}: {} of puzzles this archive does not hold, not kept ({} {}{more})",
                        file.display(),
                        count_of(report.unknown, "record", "records"),
                        if report.unknown == 1 { "key" } else { "keys" },
                        report.unknown_keys.join(", "),
                    );
                }
                print(&format!("{shown}: {}: {}\n", file.display(), report.line()))?;
                ExitCode::Ok
            }
        };
        code = code.worst(step_code);
        Ok(())
    })?;
    context.warn_if_made(&store, was_unnamed);
    if store.is_unnamed() {
        say!("aquarchive: nothing was stored, so no archive was made at {shown}");
    }
    // As for `fetch`: nothing new, and nothing wrong, is said by 3.
    Ok(if code == ExitCode::Ok && !stored { ExitCode::NothingNew } else { code })
}

/// Says what became of the puzzle files' puzzles, naming those stored
/// flagged (the first of them, and `list` to name the rest); the exit code
/// for them.
fn puzzles(shown: &str, list: &str, summary: &Summary, total: u64) -> Result<ExitCode, CliError> {
    for why in &summary.unreadable {
        say!("aquarchive: {why}");
    }
    for flagged in &summary.flagged {
        say!("aquarchive: {}: stored flagged {}: {}", flagged.place, flagged.status, flagged_why(flagged));
    }
    let more = summary.faults() - summary.flagged.len() as u64;
    if more > 0 {
        let commands: Vec<String> = [
            (Status::Invalid, summary.invalid),
            (Status::Unsolvable, summary.unsolvable),
            (Status::Several, summary.ambiguous),
        ]
        .into_iter()
        .filter(|&(_, n)| n > 0)
        .map(|(status, _)| format!("`{list} --status {status}`"))
        .collect();
        say!(
            "aquarchive: and {} more stored flagged: {} {} them all, each with its file and line",
            more,
            commands.join(" and "),
            if commands.len() == 1 { "lists" } else { "list" }
        );
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
    } else if summary.faults() > 0 {
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

/// A restore's exit code: 2 for a refused row (`refused` of them), 130
/// (said here) when Ctrl-C stopped it (143 for SIGTERM, 129 for SIGHUP).
fn restored_code(refused: usize, interrupted: bool) -> ExitCode {
    if interrupted {
        say!(
            "aquarchive: interrupted: what is counted above is stored, each puzzle with all its rows; run the same \
             import again to finish"
        );
        crate::cli::interrupt::stopped_code()
    } else if refused > 0 {
        ExitCode::Error
    } else {
        ExitCode::Ok
    }
}
