//! `remove`: stored puzzles taken out of the archive, by their IDs or by
//! the filters `list` takes.

use clap::Args;

use super::filter::{FilterArgs, OrderArgs};

pub(super) const REMOVE_EXAMPLES: &str = "\
What goes: each puzzle with its solutions, grade, page facts, calendar readings and the player's
progress kept on it, all in one transaction (all or nothing; a killed or stopped run removes none).
What stays: the pages they were read from, and the fetch log, which names each as removed;
`aquarchive reparse --removed` reads those pages again and stores their puzzles back. A later import
or fetch of a removed puzzle stores it again.

IDs and filters pick as `list` does (a puzzle must match every one given), so `list` with the same
filters shows what would go. A removal by a filter, or of more than 100 puzzles by ID, needs --yes:
without it nothing is removed and the count is said (exit status 2). No IDs and no filter is refused,
never taken for every puzzle. It prints how many it removed (-v: and their IDs). Exit status 3 when
nothing matches.

Examples:
  aquarchive remove 12 13 40                               # these three puzzles
  aquarchive remove --since 2026-12-07T10:00 --dry-run     # what an import begun then stored
  aquarchive remove --since 2026-12-07T10:00 --yes
  aquarchive remove --kind sudoku --status several --yes
  aquarchive remove --newest --limit 500 --yes             # the 500 last stored

`aquarchive guide removing` explains what is removed and what is kept.";

#[derive(Args, Debug)]
pub struct RemoveArgs {
    /// The puzzles' IDs in the archive (see `aquarchive list`); with filters, those of them that match
    #[arg(value_name = "ID", value_parser = clap::value_parser!(i64).range(1..))]
    pub ids: Vec<i64>,
    #[command(flatten)]
    pub filter: FilterArgs,
    #[command(flatten)]
    pub order: OrderArgs,
    /// List the puzzles that would be removed (as `list` does), and remove nothing
    #[arg(long)]
    pub dry_run: bool,
    /// Remove what a filter picks, or more than 100 puzzles by ID (without it, such a removal removes
    /// nothing and says how many puzzles it would take)
    #[arg(long, short = 'y')]
    pub yes: bool,
}

impl RemoveArgs {
    /// Whether the puzzles are named at all: by IDs, a filter or a limit.
    pub fn names_puzzles(&self) -> bool {
        !self.ids.is_empty() || self.filter.any() || self.order.limit.is_some()
    }
}
