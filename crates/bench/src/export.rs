//! `aquarchive-bench export`: the HTML export of a large archive (by
//! default 20,000 generated 15x15 puzzles, imported first, untimed), timed
//! from opening the store to the renamed site.

use std::time::Instant;

use aquarchive::archive::{html, import};
use aquarchive::engine::Settings;
use aquarchive_store::{Access, Filter, Store};

use crate::args::ExportBenchArgs;
use crate::error::BenchError;
use crate::import::{Scratch, generated};
use crate::output::print;
use crate::table;

pub fn run(args: ExportBenchArgs) -> Result<(), BenchError> {
    let start = Instant::now();
    let scratch = Scratch::new()?;
    let (db, what) = match &args.archive {
        Some(path) => (path.clone(), path.display().to_string()),
        None => {
            let db = scratch.join("export.sqlite");
            let mut store = Store::open(&db, Access::ReadWrite)?;
            let (puzzles, what) = generated(&args.generated);
            import::import(&mut store, puzzles, Settings::default(), &|_| {})?;
            (db, what)
        }
    };
    let prepared = start.elapsed();
    let site = scratch.join("site");
    let options = html::HtmlOptions { per_page: args.per_page, sites: aquarchive::config::SiteConfig::default() };
    let mut rows =
        vec![["run", "puzzles", "index pages", "MB written", "wall s", "puzzles/s"].map(String::from).to_vec()];
    let mut result = Ok(());
    for run in 1..=args.runs {
        let start = Instant::now();
        let report = Store::open(&db, Access::ReadOnly)
            .map_err(BenchError::from)
            .and_then(|store| Ok(html::export(&store.into(), &Filter::default(), &site, &options)?));
        let wall = start.elapsed();
        match report {
            Ok(report) => rows.push(vec![
                run.to_string(),
                report.puzzles.to_string(),
                report.index_pages.to_string(),
                format!("{:.1}", report.bytes as f64 / 1e6),
                format!("{:.3}", wall.as_secs_f64()),
                format!("{:.0}", report.puzzles as f64 / wall.as_secs_f64()),
            ]),
            Err(err) => {
                result = Err(err);
                break;
            }
        }
    }
    let _ = std::fs::remove_dir_all(&site);
    result?;
    let out = table::render(
        &format!(
            "HTML export of {what} ({} threads, {} per index page; archive ready in {:.2} s, not counted; \
             each run replaces the last):",
            rayon::current_num_threads(),
            args.per_page,
            prepared.as_secs_f64()
        ),
        &rows,
    );
    print(&out)?;
    Ok(())
}
