//! `aquarchive sites`: the publisher's sites that fetch asks, each with its
//! address, kinds, specials and the classes known.

use aquarchive::archive::Access;
use aquarchive::archive::fetch::{self, SiteSummary};

use crate::cli::args::{GlobalArgs, SitesArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

pub fn run(args: SitesArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    let context = Context::load(global)?;
    // The archive's pages name the classes learned from the sites' menus; an
    // archive not made yet is not made for this.
    let store = if context.config.archive.database.exists() { Some(context.open(Access::ReadOnly)?) } else { None };
    let sites = fetch::sites(store.as_ref(), &context.config)?;
    let mut out = String::new();
    for site in &sites {
        if args.json {
            out.push_str(&serde_json::to_string(site).expect("a site serializes"));
            out.push('\n');
        } else {
            out.push_str(&text(site));
        }
    }
    print(&out)?;
    Ok(ExitCode::Ok)
}

/// A site in a few lines: its name, address and kinds, then its specials
/// (`daily ?size=9`, `daily-binairo /daily-binairo`) and its known classes.
fn text(site: &SiteSummary) -> String {
    let specials: Vec<String> = site
        .specials
        .iter()
        .map(|s| {
            let at = match (s.path, s.size) {
                (Some(path), Some(n)) => format!("/{path}, ?size={n}"),
                (Some(path), None) => format!("/{path}"),
                (None, Some(n)) => format!("?size={n}"),
                (None, None) => String::new(),
            };
            let kind = if site.kinds.len() > 1 { format!(" {}", s.kind) } else { String::new() };
            format!("{} ({at}{kind})", s.name)
        })
        .collect();
    let classes: Vec<String> = site.classes.iter().map(|c| format!("{} ({})", c.name, c.size)).collect();
    let none = |list: &[String], missing: &str| if list.is_empty() { missing.to_string() } else { list.join(", ") };
    // A kind this version does not solve yet is marked: its puzzles are kept.
    let kinds: Vec<String> = site
        .kinds
        .iter()
        .map(
            |kind| if site.solved.contains(kind) { kind.to_string() } else { format!("{kind} (kept, not solved yet)") },
        )
        .collect();
    format!(
        "{}  {}  kinds: {}\n  specials: {}\n  classes: {}\n",
        site.name,
        site.url,
        kinds.join(", "),
        none(&specials, "none known"),
        none(
            &classes,
            "none known yet (learned from the site's size menu on the first fetch; or ask ?size=N by its number)"
        ),
    )
}
