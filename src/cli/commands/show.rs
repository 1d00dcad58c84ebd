//! `aquarchive show ID`: one stored puzzle, as a grid with its solution, or
//! as text, task string, link, puzz.link address or JSON, or drawn as SVG
//! or PNG; `show daily [--date DATE] [--site SITE]`: a special, by its name
//! and date.

use aquarchive::archive::Access;
use aquarchive::archive::Kind;
use aquarchive::archive::facts::Facts;
use aquarchive::archive::fetch::{AQUARIUM, SiteId};
use aquarchive::archive::specials::held_special;
use aquarchive::archive::{export, picture, stored, stored_solution};

use crate::cli::args::{GlobalArgs, ShowArgs, ShowFormat, Shown};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;
use crate::cli::picture::Pictures;

pub fn run(args: ShowArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let sites = &context.config.site;
    let puzzle = match &args.what {
        Shown::Id(id) => {
            if let Some(flag) = [("--date", args.date.is_some()), ("--site", args.site.is_some())]
                .into_iter()
                .find_map(|(flag, given)| given.then_some(flag))
            {
                return Err(CliError::Message(format!(
                    "{flag} goes with a special's name (show daily {flag} ...), not with a puzzle's ID ({id})"
                )));
            }
            store
                .puzzle(*id)?
                .ok_or_else(|| CliError::Message(format!("{}: no puzzle with id {id}", store.path().display())))?
        }
        Shown::Special(word) => {
            let site = match &args.site {
                Some(name) => SiteId::named(name).map_err(|e| CliError::Message(format!("--site {name}: {e}")))?,
                None => AQUARIUM,
            };
            held_special(&store, site, word, args.date)?
        }
    };
    let pictures = Pictures::new(args.svg, args.png, args.json)?;
    if pictures.wanted() {
        pictures.write(&picture::svg_required(&puzzle, !args.no_solution)?, None)?;
        return Ok(ExitCode::Ok);
    }
    if args.json {
        let record = export::record_of(&store, &puzzle, sites)?;
        print(&format!("{}\n", serde_json::to_string(&record).expect("a record serializes")))?;
        return Ok(ExitCode::Ok);
    }
    let out = match args.format {
        ShowFormat::Text => puzzle.record.text.clone(),
        ShowFormat::Task => format!("{}\n", export::task(&puzzle)?),
        ShowFormat::Answer => format!("{}\n", export::answer(&puzzle)?),
        ShowFormat::Link => format!(
            "{}\n",
            export::link(&puzzle, sites).ok_or_else(|| CliError::Message(
                if let Some(date) = &puzzle.record.special_date {
                    format!(
                        "puzzle {}: a special has no link of its own: the site offers the special of {date} \
                         for 30 days at its special's address",
                        puzzle.id
                    )
                } else if SiteId::of_kind(puzzle.record.kind).is_some() {
                    format!(
                        "puzzle {}: no link, its site ID or size class is not known (source: {})",
                        puzzle.id, puzzle.record.source
                    )
                } else {
                    format!(
                        "puzzle {}: a {} puzzle has no link: only the sites' puzzles have one",
                        puzzle.id, puzzle.record.kind
                    )
                }
            ))?
        ),
        ShowFormat::Puzzlink if puzzle.record.kind == Kind::Aquarium => {
            format!("{}\n", export::puzzlink(&puzzle)?)
        }
        ShowFormat::Puzzlink => {
            return Err(CliError::Message(format!(
                "puzzle {}: a {} puzzle has no puzz.link address here: only Aquarium puzzles have one",
                puzzle.id, puzzle.record.kind
            )));
        }
        ShowFormat::Grid => {
            let read = stored(&puzzle)?;
            let solution = if args.no_solution { None } else { stored_solution(&puzzle, &read).transpose()? };
            let head = Facts::of(&puzzle, Some(&read), sites).head(solution.is_some());
            head + &picture::text(&read, solution.as_ref())
        }
    };
    print(&out)?;
    Ok(ExitCode::Ok)
}
