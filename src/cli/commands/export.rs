//! `aquarchive export`: stored puzzles out as files, JSON lines, tasks or an HTML site.

use std::io::Write;

use aquarchive::archive::Access;
use aquarchive::archive::export::{self, LineFormat};
use aquarchive::archive::html;
use aquarchive::render::count_of;

use crate::cli::args::{ExportArgs, ExportFormat, GlobalArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

pub fn run(args: ExportArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    // Check the arguments before the archive: a bad date is the first thing to mend.
    args.filter.check()?;
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let filter = args.filter.to_filter(&store)?;
    if let Some(dir) = &args.html {
        let options = html::HtmlOptions { per_page: args.per_page as usize, sites: context.config.site.clone() };
        let report = html::export(&store, &filter, dir, &options)?;
        for problem in &report.undrawn {
            say!("aquarchive: {problem}");
        }
        say!(
            "aquarchive: {}, {} ({:.1} MB) written to {}; open {} (every puzzle) or {} (the newest specials, \
             the dailies' calendar, your streak)",
            count_of(report.puzzles, "puzzle", "puzzles"),
            count_of(report.index_pages, "index page", "index pages"),
            report.bytes as f64 / 1e6,
            dir.display(),
            dir.join(html::index_name(0)).display(),
            dir.join(html::TODAY).display()
        );
        return Ok(if report.undrawn.is_empty() { ExitCode::Ok } else { ExitCode::Error });
    }
    // clap requires --format or --html, and --out with --format text.
    let format = args.format.expect("--format or --html is required");
    if format == ExportFormat::Text {
        let dir = args.out.expect("--out is required with --format text");
        let written = export::to_directory(&store, &filter, &dir)?;
        say!("aquarchive: {} written to {}", count_of(written as u64, "puzzle", "puzzles"), dir.display());
        return Ok(ExitCode::Ok);
    }
    let mut file = match &args.out {
        Some(path) => Some((
            std::io::BufWriter::new(
                std::fs::File::create(path)
                    .map_err(|source| CliError::Io { path: path.display().to_string(), source })?,
            ),
            path.display().to_string(),
        )),
        None => None,
    };
    let sites = &context.config.site;
    let mut write = |line: String| match &mut file {
        Some((out, path)) => {
            out.write_all(line.as_bytes()).map_err(|source| CliError::Io { path: path.clone(), source })
        }
        None => print(&line),
    };
    let lines = match format {
        ExportFormat::Jsonl => LineFormat::Jsonl { sites },
        ExportFormat::Task => LineFormat::Task,
        ExportFormat::Text => unreachable!("--format text is written above"),
    };
    export::to_lines(&store, &filter, lines, &mut write)?;
    if let Some((mut out, path)) = file {
        out.flush().map_err(|source| CliError::Io { path, source })?;
    }
    Ok(ExitCode::Ok)
}
