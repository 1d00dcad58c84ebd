//! What the archive holds: puzzles by class and status, and how long their
//! solving took.

use super::Archive;
use std::collections::BTreeMap;

use serde::Serialize;

use crate::store::{Count, FetchCounts, Filter, GradeCount, HashCheck, ProgressCount, Puzzle, Status};

use super::verdict::Tally;
use super::{grade, kinds, site_names};
use crate::kinds::Kind;

/// Solve times of one class, in whole microseconds (0: under one).
#[derive(Clone, Debug, Serialize)]
pub struct Times {
    pub class: String,
    pub solved: usize,
    pub median: u64,
    pub p90: u64,
    pub p99: u64,
    pub max: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    pub database: String,
    pub puzzles: u64,
    pub counts: Vec<Count>,
    pub times: Vec<Times>,
    /// Aquarium puzzles by the site's answer check.
    pub hash_checks: HashChecks,
    /// The fetch log: attempts, and those that gave no good puzzle.
    pub fetches: FetchCounts,
    /// Aquarium and Sudoku puzzles by class and grade.
    pub grades: Vec<GradeCount>,
    /// The player's progress kept (`import progress.json`).
    pub progress: Played,
}

/// Puzzles played in the HTML archive, as their progress was kept: in all,
/// and by kind and size class (`counts`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct Played {
    /// Puzzles with progress kept.
    pub played: u64,
    /// Of them, solved (now or once).
    pub solved: u64,
    /// Solved with help taken (hints or mistake checks).
    pub solved_with_help: u64,
    /// The solution shown, solved or not.
    pub solution_shown: u64,
    pub counts: Vec<ProgressCount>,
}

/// Aquarium puzzles by what the site's own answer hash said.
#[derive(Clone, Debug, Default, Serialize)]
pub struct HashChecks {
    /// The solution found hashes to the page's `hashedSolution`.
    pub r#match: u64,
    pub mismatch: u64,
    /// No hash: the page had none, or the puzzle came from a file.
    pub absent: u64,
    /// A hash not checked yet: the puzzle's kind is not solved yet.
    pub pending: u64,
}

/// The class a puzzle is counted under: its site size class, else its size
/// as its kind writes it (see [`kinds::size_text`]).
pub fn class_of(kind: Kind, size_class: Option<i64>, width: i64, height: i64) -> String {
    size_class.map_or_else(|| kinds::size_text(kind, width, height), |class| site_names::size_class_name(kind, class))
}

/// Where a class's row goes in every table: by kind, then area (6x6 before
/// 10x10), then size class (easy before hard), grids of no known class
/// after the classes of their area. A class spanning grids (the specials)
/// goes by its smallest.
/// Kinds go by name, as the archive's counts are ordered.
type Order = (&'static str, i64, i64);

fn order_of(kind: Kind, size_class: Option<i64>, width: i64, height: i64) -> Order {
    (kind.name(), width * height, size_class.unwrap_or(i64::MAX))
}

/// Puts `key`'s row (made by `new` the first time) in `rows`, keeping the
/// smallest order seen for it.
fn row_of<T>(rows: &mut BTreeMap<String, (Order, T)>, key: String, order: Order, new: impl FnOnce() -> T) -> &mut T {
    let entry = rows.entry(key).or_insert_with(|| (order, new()));
    if order < entry.0 {
        entry.0 = order;
    }
    &mut entry.1
}

/// Rows in their table order.
fn in_order<T>(rows: BTreeMap<String, (Order, T)>) -> Vec<(String, T)> {
    let mut rows: Vec<(String, (Order, T))> = rows.into_iter().collect();
    rows.sort_by(|a, b| (&a.1.0, &a.0).cmp(&(&b.1.0, &b.0)));
    rows.into_iter().map(|(name, (_, row))| (name, row)).collect()
}

pub fn stats(archive: &Archive) -> Result<Stats, crate::store::StoreError> {
    let store = archive.store();
    let counts = store.counts()?;
    let mut micros: BTreeMap<String, (Order, Vec<u64>)> = BTreeMap::new();
    store.each(&Filter::default(), |p: Puzzle| {
        if let Some(solution) = &p.solution {
            let r = &p.record;
            let class = format!("{} {}", r.kind, class_of(r.kind, r.size_class, r.width, r.height));
            row_of(&mut micros, class, order_of(r.kind, r.size_class, r.width, r.height), Vec::new)
                .push(solution.micros);
        }
        Ok::<_, crate::store::StoreError>(())
    })?;
    let times = in_order(micros)
        .into_iter()
        .map(|(class, mut t)| {
            t.sort_unstable();
            let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
            Times { class, solved: t.len(), median: at(0.5), p90: at(0.9), p99: at(0.99), max: at(1.0) }
        })
        .collect();
    let puzzles = counts.iter().map(|c| c.puzzles).sum();
    let mut hash_checks = HashChecks::default();
    for (check, n) in store.hash_check_counts()? {
        *match check {
            HashCheck::Match => &mut hash_checks.r#match,
            HashCheck::Mismatch => &mut hash_checks.mismatch,
            HashCheck::Absent => &mut hash_checks.absent,
            HashCheck::Pending => &mut hash_checks.pending,
        } += n;
    }
    let fetches = store.fetch_counts()?;
    let grades = store.grade_counts()?.into_iter().filter(|g| grade::graded(g.kind)).collect();
    let counts_played = store.progress_counts()?;
    let progress = Played {
        played: counts_played.iter().map(|c| c.played).sum(),
        solved: counts_played.iter().map(|c| c.solved).sum(),
        solved_with_help: counts_played.iter().map(|c| c.solved_with_help).sum(),
        solution_shown: counts_played.iter().map(|c| c.solution_shown).sum(),
        counts: counts_played,
    };
    Ok(Stats {
        database: store.path().display().to_string(),
        puzzles,
        counts,
        times,
        hash_checks,
        fetches,
        grades,
        progress,
    })
}

impl Stats {
    /// Counts as a table: one row per kind and class, one column per status.
    pub fn count_rows(&self) -> Vec<Vec<String>> {
        // Several solutions where the kind has them as a rule (calendar
        // dates, rings) are no fault: a column of their own, when there
        // are such kinds, so that the `several` column counts faults only.
        let apart = self.counts.iter().any(|c| !c.kind.expects_unique());
        // Puzzles kept for a solver to come: a column only where there are some.
        let kept = self.counts.iter().any(|c| c.status == Status::NoSolver);
        let mut columns: Vec<Tally> =
            Status::ALL.iter().filter(|&&s| s != Status::NoSolver || kept).map(|&s| Tally::Status(s)).collect();
        if apart {
            columns.insert(1, Tally::SeveralAsTheirKindHas);
        }
        let mut header = vec!["class".to_string()];
        header.extend(columns.iter().map(|t| t.to_string()));
        header.push("total".into());
        // Each class's kind, and its puzzles by tally.
        type Cells = (Kind, BTreeMap<Tally, u64>);
        let mut rows: BTreeMap<String, (Order, Cells)> = BTreeMap::new();
        for c in &self.counts {
            // A size class spans grids (the specials): one row for all of them.
            let class = format!("{} {}", c.kind, class_of(c.kind, c.size_class, c.width, c.height));
            let order = order_of(c.kind, c.size_class, c.width, c.height);
            let (_, cells) = row_of(&mut rows, class, order, || (c.kind, BTreeMap::new()));
            *cells.entry(Tally::of(c.kind, c.status)).or_default() += c.puzzles;
        }
        let mut out = vec![header];
        for (class, (kind, cells)) in in_order(rows) {
            let mut row = vec![class];
            // `-` where a kind cannot have the count: several as a rule, or
            // several as a fault.
            row.extend(columns.iter().map(|t| match t {
                Tally::SeveralAsTheirKindHas if kind.expects_unique() => "-".to_string(),
                Tally::Status(Status::Several) if !kind.expects_unique() => "-".to_string(),
                t => cells.get(t).copied().unwrap_or(0).to_string(),
            }));
            row.push(cells.values().sum::<u64>().to_string());
            out.push(row);
        }
        out
    }

    /// The puzzles played as a table: a row per kind and class, with how
    /// many were played, solved, solved with help, and had their solution
    /// shown, and a row of them all. Empty when no progress is kept.
    pub fn progress_rows(&self) -> Vec<Vec<String>> {
        let played = &self.progress;
        if played.counts.is_empty() {
            return Vec::new();
        }
        let mut rows: BTreeMap<String, (Order, [u64; 4])> = BTreeMap::new();
        for c in &played.counts {
            let class = format!("{} {}", c.kind, class_of(c.kind, c.size_class, c.width, c.height));
            let row = row_of(&mut rows, class, order_of(c.kind, c.size_class, c.width, c.height), || [0; 4]);
            for (cell, n) in row.iter_mut().zip([c.played, c.solved, c.solved_with_help, c.solution_shown]) {
                *cell += n;
            }
        }
        let header = ["class", "played", "solved", "solved with help", "solution shown"];
        let mut out = vec![header.map(String::from).to_vec()];
        for (class, cells) in in_order(rows) {
            out.push(std::iter::once(class).chain(cells.iter().map(u64::to_string)).collect());
        }
        out.push(
            std::iter::once("all".to_string())
                .chain(
                    [played.played, played.solved, played.solved_with_help, played.solution_shown]
                        .iter()
                        .map(u64::to_string),
                )
                .collect(),
        );
        out
    }

    /// One kind's grades as a table: a row per class (the site's, else the
    /// grid's size), a column per level from the easiest, the puzzles with
    /// no grade (no single solution), and the mean rank of those graded.
    /// Empty when the archive holds none of the kind.
    pub fn grade_rows(&self, kind: Kind) -> Vec<Vec<String>> {
        let levels = grade::levels(kind);
        let mut rows: BTreeMap<String, (Order, (Vec<u64>, u64))> = BTreeMap::new();
        for g in self.grades.iter().filter(|g| g.kind == kind) {
            let class = class_of(g.kind, g.size_class, g.width, g.height);
            let order = order_of(g.kind, g.size_class, g.width, g.height);
            let (by_level, ungraded) = row_of(&mut rows, class, order, || (vec![0; levels.len()], 0));
            match g.level.as_deref().and_then(|l| levels.iter().position(|&name| name == l)) {
                Some(k) => by_level[k] += g.puzzles,
                None => *ungraded += g.puzzles,
            }
        }
        if rows.is_empty() {
            return Vec::new();
        }
        let mut header = vec!["class".to_string()];
        header.extend(levels.iter().map(|l| l.to_string()));
        header.extend(["no grade".to_string(), "mean rank".to_string()]);
        let mut out = vec![header];
        for (class, (by_level, ungraded)) in in_order(rows) {
            let graded: u64 = by_level.iter().sum();
            let ranks: u64 = by_level.iter().enumerate().map(|(k, n)| (k as u64 + 1) * n).sum();
            let mut row = vec![class];
            row.extend(by_level.iter().map(u64::to_string));
            row.push(ungraded.to_string());
            row.push(if graded == 0 { "-".into() } else { format!("{:.2}", ranks as f64 / graded as f64) });
            out.push(row);
        }
        out
    }
}
