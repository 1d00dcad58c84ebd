//! `aquarchive resolve --all | --unsolved | --id ID...`: re-solve stored
//! puzzles in parallel, writing the verdicts back in batches.

use aquarchive::archive::Settings;
use aquarchive::archive::solve;
use aquarchive::archive::{Access, Filter};
use aquarchive::render::count_of;

use crate::cli::args::{GlobalArgs, ResolveArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;
use crate::cli::progress::Progress;

pub fn run(args: ResolveArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    // Ctrl-C stops after the chunk at hand, and the summary says what is kept.
    let rerun = if args.unsolved {
        "run it again to finish"
    } else {
        "the rest keep their earlier solutions; run it again to re-solve them all"
    };
    crate::cli::interrupt::stop_between_steps(&format!(
        "stopped at once: every chunk re-solved before is written, the one being written is not; {rerun}"
    ));
    let context = Context::load(global)?;
    let mut store = context.open(Access::Update)?;
    let kind = args.kind;
    let filter = Filter { ids: args.id.clone(), unsolved: args.unsolved, kind, ..Filter::default() };
    let ids = solve::pick(&store, &filter)?;
    if let Some(missing) = args.id.iter().find(|id| !ids.contains(id)) {
        return Err(CliError::Message(format!("{}: no puzzle with id {missing}", store.path().display())));
    }
    let progress = Progress::new(ids.len() as u64, "solving");
    let summary = solve::resolve(&mut store, &ids, Settings::with_probing(args.probing.into()), &|n| progress.set(n))?;
    progress.finish();
    let mut out: String =
        summary.changed.iter().map(|(id, before, after)| format!("puzzle {id}: {before} -> {after}\n")).collect();
    let counts: Vec<String> = summary.by_status.iter().map(|(status, n)| format!("{n} {status}")).collect();
    out.push_str(&format!(
        "{}: {} solved ({}), {} changed status\n",
        store.path().display(),
        count_of(summary.solved, "puzzle", "puzzles"),
        if counts.is_empty() { "none".into() } else { counts.join(", ") },
        summary.changed.len()
    ));
    print(&out)?;
    for why in &summary.failed {
        say!("aquarchive: {why}");
    }
    if summary.interrupted {
        say!("aquarchive: interrupted: {} of {} re-solved and stored; {rerun}", summary.solved, ids.len());
        return Ok(crate::cli::interrupt::stopped_code());
    }
    Ok(if !summary.failed.is_empty() {
        ExitCode::Error
    } else if summary.faults > 0 {
        ExitCode::NotUnique
    } else {
        ExitCode::Ok
    })
}
