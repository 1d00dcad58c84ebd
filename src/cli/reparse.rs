//! `aquarchive reparse`: stored snapshots through the current extractor.

use serde_json::json;

use aquarchive::archive::fetch::{Reparsed, reparse};
use aquarchive::engine::Settings;
use aquarchive::store::Access;

use super::args::{GlobalArgs, ReparseArgs};
use super::context::Context;
use super::output::print;
use super::{CliError, ExitCode};

pub fn run(args: ReparseArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let mut store = context.open(Access::ReadWrite)?;
    let mut printed = Ok(());
    let mut each = |id: i64, result: &Reparsed| {
        if printed.is_ok() {
            printed = print(&line(id, result, args.json));
        }
    };
    let results = reparse(&mut store, Settings::default(), &mut each)?;
    printed?;
    let count = |f: fn(&Reparsed) -> bool| results.iter().filter(|(_, r)| f(r)).count();
    let (same, changed, fails) = (
        count(|r| *r == Reparsed::Same),
        count(|r| matches!(r, Reparsed::Changed { .. })),
        count(|r| matches!(r, Reparsed::NowFails(_))),
    );
    if !args.json {
        print(&format!(
            "{}: {same} unchanged, {changed} changed, {fails} no longer readable\n",
            store.path().display()
        ))?;
    }
    Ok(if fails > 0 { ExitCode::Error } else { ExitCode::Ok })
}

fn line(id: i64, result: &Reparsed, as_json: bool) -> String {
    match (result, as_json) {
        (Reparsed::Same, true) => format!("{}\n", json!({"puzzle": id, "result": "same"})),
        (Reparsed::Changed { before, after, status }, true) => {
            format!(
                "{}\n",
                json!({"puzzle": id, "result": "changed", "before": before, "after": after, "status": status})
            )
        }
        (Reparsed::NowFails(why), true) => format!("{}\n", json!({"puzzle": id, "result": "fails", "error": why})),
        (Reparsed::Same, false) => String::new(),
        (Reparsed::Changed { status, .. }, false) => format!("puzzle {id}: changed, now {status}\n"),
        (Reparsed::NowFails(why), false) => format!("puzzle {id}: its snapshot no longer gives a puzzle: {why}\n"),
    }
}
