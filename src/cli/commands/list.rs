//! `aquarchive list`: the archive's puzzles, one a line.

use aquarchive::archive::Kind;
use aquarchive::archive::{Access, Archive, Puzzle};
use aquarchive::archive::{export, grade, stats};
use aquarchive::render::count_of;
use aquarchive::shared::time_to_second;

use crate::cli::args::{GlobalArgs, LIST_COLUMNS, ListArgs};
use crate::cli::context::Context;
use crate::cli::error::CliError;
use crate::cli::exit::ExitCode;
use crate::cli::output::print;

/// A puzzle's class as `list` and `stats` name it: its kind, then the
/// site's size class or else its size.
fn class_of(kind: Kind, size_class: Option<i64>, width: i64, height: i64) -> String {
    format!("{kind} {}", stats::class_of(kind, size_class, width, height))
}

pub fn run(args: ListArgs, global: &GlobalArgs) -> Result<ExitCode, CliError> {
    // Check the arguments before the archive: a bad date is the first thing to mend.
    args.filter.check()?;
    let context = Context::load(global)?;
    let store = context.open(Access::ReadOnly)?;
    let filter = args.order.apply(args.filter.to_filter(&store)?);
    let sites = &context.config.site;
    let mut listed = 0u64;
    if args.json {
        export::each_record(&store, &filter, sites, |record| {
            listed += 1;
            print(&format!("{}\n", serde_json::to_string(&record).expect("a record serializes")))
        })?;
    } else {
        let table = Table::of(&store)?;
        store.each(&filter, |p| {
            let line = if listed == 0 { format!("{}\n{}", table.header(), table.row(&p)) } else { table.row(&p) };
            listed += 1;
            print(&format!("{line}\n"))
        })?;
    }
    if listed == 0 && store.counts()?.is_empty() {
        // Made by a fetch that got nothing (offline, say): the log says why.
        let fetches = store.fetch_counts()?;
        let why = match fetches.fetches {
            0 => "import or fetch brings them".to_string(),
            n => format!(
                "{} logged, {} of them failed: `aquarchive log` says why",
                count_of(n, "fetch", "fetches"),
                fetches.failed
            ),
        };
        say!("aquarchive: {}: no puzzle in the archive yet ({why})", store.path().display());
    } else if listed == 0 {
        say!("aquarchive: {}: no puzzle matches", store.path().display());
    }
    Ok(ExitCode::Ok)
}

/// The table `list` prints (and `remove --dry-run`): a header, then one
/// stored puzzle a row.
pub struct Table {
    /// The class column as wide as the archive's longest class, so that a
    /// long one (`ring 12 rows x 24 sectors`) neither fills it nor pushes
    /// the columns after it out of line.
    class_width: usize,
    grade_width: usize,
}

impl Table {
    /// The table for the puzzles of `store`.
    pub fn of(store: &Archive) -> Result<Table, CliError> {
        let class_width = store
            .counts()?
            .iter()
            .map(|c| class_of(c.kind, c.size_class, c.width, c.height).len())
            .max()
            .unwrap_or(0)
            .max(5);
        let grade_width = Kind::ALL.iter().flat_map(|&k| grade::levels(k)).map(str::len).max().unwrap_or(0).max(5);
        Ok(Table { class_width, grade_width })
    }

    /// The columns' names ([`LIST_COLUMNS`]).
    pub fn header(&self) -> String {
        let Table { class_width, grade_width } = self;
        let [id, class, status, grade, special, created, source] = LIST_COLUMNS.map(|(name, _)| name);
        format!(
            "{id:>6}  {class:<class_width$}  {status:<10}  {grade:<grade_width$}  {special:<10}  {created:<19}  {source}"
        )
    }

    /// One puzzle's row.
    pub fn row(&self, p: &Puzzle) -> String {
        let Table { class_width, grade_width } = self;
        let class = class_of(p.record.kind, p.record.size_class, p.record.width, p.record.height);
        // A special's date: its identity, since its page has no ID.
        let special = p.record.special_date.as_deref().unwrap_or("-");
        // The level `list --grade` takes; "-" for a puzzle not graded.
        let grade = p.solution.as_ref().and_then(|s| s.grade.as_ref()).map_or("-", |g| g.level.as_str());
        let mut line = format!(
            "{:>6}  {class:<class_width$}  {:<10}  {grade:<grade_width$}  {special:<10}  {:<19}  {}",
            p.id,
            p.record.status.as_str(),
            time_to_second(p.created),
            p.record.source
        );
        // A calendar puzzle's date and board, last so that the columns keep
        // their places.
        if let Some(label) = export::calendar_label(p) {
            line.push_str(&format!(", {label}"));
        }
        line
    }
}
