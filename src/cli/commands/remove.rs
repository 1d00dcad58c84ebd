//! `aquarchive remove`: stored puzzles taken out of the archive, or with
//! `--dry-run` listed as `list` lists them.

use aquarchive::archive::remove::{self, Removal, RemovedPuzzle, UNCONFIRMED_AT_MOST};
use aquarchive::archive::{Access, Archive, Filter};
use aquarchive::render::count_of;

use super::list::Table;
use crate::cli::args::{GlobalArgs, RemoveArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::interrupt;
use crate::cli::output::print;

pub fn run(args: RemoveArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    // Check the arguments before the archive: a bad date is the first thing to mend.
    args.filter.check()?;
    let context = Context::load(global)?;
    if args.dry_run {
        let store = context.open(Access::ReadOnly)?;
        return dry_run(&args, &store);
    }
    // A stop before the commit removes nothing; the transaction is the step.
    interrupt::stop_between_steps("stopped at once: the removal was not committed, nothing was removed");
    let mut store = context.open(Access::Update)?;
    let filter = picked(&args, &store)?;
    let path = store.path().display().to_string();
    match remove::remove(&mut store, &filter, args.yes)? {
        Removal::TooMany(matched) => Err(CliError::Message(format!(
            "{path}: {} match; nothing was removed: a removal by a filter, or of more than {UNCONFIRMED_AT_MOST} \
             puzzles by ID, needs --yes (--dry-run lists them)",
            count_of(matched, "puzzle", "puzzles")
        ))),
        Removal::Stopped => {
            say!("aquarchive: stopped: nothing was removed");
            Ok(interrupt::stopped_code())
        }
        Removal::Removed(removed) => {
            not_there(&args, removed.iter().map(|p| p.id));
            if removed.is_empty() {
                say!("aquarchive: {path}: no puzzle matches; nothing was removed");
                return Ok(ExitCode::NothingNew);
            }
            if global.verbose > 0 {
                print(&format!("removed: {}\n", id_ranges(removed.iter().map(|p| p.id))))?;
            }
            print(&format!("{path}: {}\n", summary(&removed)))?;
            Ok(ExitCode::Ok)
        }
    }
}

/// Lists what a removal would take, as `list` does, and removes nothing.
fn dry_run(args: &RemoveArgs, store: &Archive) -> Result<ExitCode, CliError> {
    let filter = picked(args, store)?;
    let table = Table::of(store)?;
    let mut ids = Vec::new();
    store.each(&filter, |p| {
        if ids.is_empty() {
            print(&format!("{}\n", table.header()))?;
        }
        ids.push(p.id);
        print(&format!("{}\n", table.row(&p)))
    })?;
    not_there(args, ids.iter().copied());
    let path = store.path().display();
    if ids.is_empty() {
        say!("aquarchive: {path}: no puzzle matches; nothing would be removed");
        return Ok(ExitCode::NothingNew);
    }
    print(&format!(
        "{path}: {} would be removed (a dry run: nothing was removed)\n",
        count_of(ids.len() as u64, "puzzle", "puzzles")
    ))?;
    Ok(ExitCode::Ok)
}

/// The puzzles the arguments pick: their IDs, the filters and the order
/// and limit, as `list` picks them.
fn picked(args: &RemoveArgs, store: &Archive) -> Result<Filter, CliError> {
    let filter = args.order.apply(args.filter.to_filter(store)?);
    Ok(Filter { ids: args.ids.clone(), ..filter })
}

/// Says which IDs given alone matched no puzzle (with filters, an ID that
/// does not match them is simply not picked).
fn not_there(args: &RemoveArgs, found: impl Iterator<Item = i64>) {
    if args.filter.any() || args.order.limit.is_some() {
        return;
    }
    let found: std::collections::HashSet<i64> = found.collect();
    let mut missing: Vec<i64> = args.ids.iter().copied().filter(|id| !found.contains(id)).collect();
    missing.sort_unstable();
    missing.dedup();
    if !missing.is_empty() {
        let which = if missing.len() == 1 { "puzzle" } else { "puzzles" };
        say!("aquarchive: no {which} {} in the archive", id_ranges(missing.into_iter()));
    }
}

/// What was removed, in words: how many, and what became of their pages.
fn summary(removed: &[RemovedPuzzle]) -> String {
    let total = count_of(removed.len() as u64, "puzzle", "puzzles");
    let back = "`aquarchive reparse --removed` stores back what they give";
    match (removed.iter().filter(|p| p.from_page).count(), removed.len()) {
        (0, _) => format!("{total} removed"),
        (1, 1) => format!("{total} removed; its page is kept, and `aquarchive reparse --removed` stores it back"),
        (pages, all) if pages == all => format!("{total} removed; their pages are kept, and {back}"),
        (pages, _) => format!("{total} removed; the pages of {pages} of them are kept, and {back}"),
    }
}

/// IDs as a short list, runs joined: `12, 13, 40-60`.
fn id_ranges(ids: impl Iterator<Item = i64>) -> String {
    let mut ids: Vec<i64> = ids.collect();
    ids.sort_unstable();
    ids.dedup();
    let mut runs: Vec<(i64, i64)> = Vec::new();
    for id in ids {
        match runs.last_mut() {
            Some((_, last)) if *last + 1 == id => *last = id,
            _ => runs.push((id, id)),
        }
    }
    let run = |&(first, last): &(i64, i64)| match last - first {
        0 => first.to_string(),
        1 => format!("{first}, {last}"),
        _ => format!("{first}-{last}"),
    };
    runs.iter().map(run).collect::<Vec<_>>().join(", ")
}

#[cfg(test)]
mod tests {
    use super::id_ranges;

    #[test]
    fn ids_are_said_in_runs() {
        assert_eq!(id_ranges([40, 12, 13, 41, 42, 7, 12].into_iter()), "7, 12, 13, 40-42");
        assert_eq!(id_ranges([5].into_iter()), "5");
        assert_eq!(id_ranges(std::iter::empty()), "");
    }
}
