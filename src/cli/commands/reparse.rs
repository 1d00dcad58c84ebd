//! `aquarchive reparse`: stored snapshots through the current extractor.

use aquarchive::archive::Settings;
use aquarchive::archive::fetch::{Reparsed, reparse};
use aquarchive::archive::{Access, Added};

use crate::cli::args::{GlobalArgs, ReparseArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

pub fn run(args: ReparseArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let mut store = context.open(Access::Update)?;
    let mut printed = Ok(());
    let mut each = |id: i64, result: &Reparsed| {
        if printed.is_ok() {
            printed = print(&line(id, result, args.json));
        }
    };
    let results = reparse(&mut store, Settings::default(), args.removed, &mut each)?;
    printed?;
    let count = |f: fn(&Reparsed) -> bool| results.iter().filter(|(_, r)| f(r)).count();
    let (same, changed, fails, found, back) = (
        count(|r| *r == Reparsed::Same),
        count(|r| matches!(r, Reparsed::Changed { .. })),
        count(|r| matches!(r, Reparsed::NowFails(_))),
        count(|r| matches!(r, Reparsed::Found { .. })),
        count(|r| matches!(r, Reparsed::BroughtBack { .. })),
    );
    if !args.json {
        let back = if args.removed { format!(", {back} removed brought back") } else { String::new() };
        print(&format!(
            "{}: {same} unchanged, {changed} changed, {fails} no longer readable, {found} found in pages that gave none before{back}\n",
            store.path().display()
        ))?;
    }
    Ok(if fails > 0 { ExitCode::Error } else { ExitCode::Ok })
}

fn line(id: i64, result: &Reparsed, as_json: bool) -> String {
    if as_json {
        return format!("{}\n", serde_json::to_string(&result.record(id)).expect("a record serializes"));
    }
    match result {
        Reparsed::Same => String::new(),
        Reparsed::Changed { status, .. } => format!("puzzle {id}: changed, now {status}\n"),
        Reparsed::NowFails(why) => format!("puzzle {id}: its snapshot no longer gives a puzzle: {why}\n"),
        Reparsed::Found { stored: Added::Present(_), .. } => {
            format!("puzzle {id}: found in a page that gave no puzzle before (stored already)\n")
        }
        Reparsed::Found { status, .. } => {
            format!("puzzle {id}: found in a page that gave no puzzle before, stored as {status}\n")
        }
        Reparsed::BroughtBack { removed, stored: Added::Present(_), .. } => {
            format!("puzzle {id}: the page of removed puzzle {removed} gives it, stored already\n")
        }
        Reparsed::BroughtBack { removed, status, .. } => {
            format!("puzzle {id}: brought back from the page of removed puzzle {removed}, stored as {status}\n")
        }
    }
}
