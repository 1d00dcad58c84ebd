//! What the archive holds: puzzles by class and status, and how long their
//! solving took.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::store::{Count, Filter, HashCheck, Puzzle, Status, Store};

use super::{kinds, site_names};

/// Solve times of one class, in microseconds.
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
}

/// Aquarium puzzles by what the site's own answer hash said.
#[derive(Clone, Debug, Default, Serialize)]
pub struct HashChecks {
    /// The solution found hashes to the page's `hashedSolution`.
    pub r#match: u64,
    pub mismatch: u64,
    /// No hash: the page had none, or the puzzle came from a file.
    pub absent: u64,
    /// Kept by a version that did not check (`aquarchive reparse` does).
    pub unchecked: u64,
}

/// The class a puzzle is counted under: its site size class, else its size
/// as its kind writes it (see [`kinds::size_text`]).
pub fn class_of(kind: &str, size_class: Option<i64>, width: i64, height: i64) -> String {
    size_class.map_or_else(|| kinds::size_text(kind, width, height), site_names::size_class_name)
}

pub fn stats(store: &Store) -> Result<Stats, crate::store::StoreError> {
    let counts = store.counts()?;
    let mut micros: BTreeMap<(String, i64, i64, String), Vec<u64>> = BTreeMap::new();
    store.each(&Filter::default(), |p: Puzzle| {
        if let Some(solution) = &p.solution {
            // Sorted by kind, then area (6x6 before 10x10), then size class
            // (easy before hard), grids of no known class last.
            let key = (
                p.record.kind.clone(),
                p.record.width * p.record.height,
                p.record.size_class.unwrap_or(i64::MAX),
                class_of(&p.record.kind, p.record.size_class, p.record.width, p.record.height),
            );
            micros.entry(key).or_default().push(solution.micros);
        }
        Ok::<_, crate::store::StoreError>(())
    })?;
    let times = micros
        .into_iter()
        .map(|((kind, _, _, class), mut t)| {
            t.sort_unstable();
            let at = |q: f64| t[((t.len() - 1) as f64 * q).round() as usize];
            Times {
                class: format!("{kind} {class}"),
                solved: t.len(),
                median: at(0.5),
                p90: at(0.9),
                p99: at(0.99),
                max: at(1.0),
            }
        })
        .collect();
    let puzzles = counts.iter().map(|c| c.puzzles).sum();
    let mut hash_checks = HashChecks::default();
    for (check, n) in store.hash_check_counts()? {
        *match check {
            Some(HashCheck::Match) => &mut hash_checks.r#match,
            Some(HashCheck::Mismatch) => &mut hash_checks.mismatch,
            Some(HashCheck::Absent) => &mut hash_checks.absent,
            None => &mut hash_checks.unchecked,
        } += n;
    }
    Ok(Stats { database: store.path().display().to_string(), puzzles, counts, times, hash_checks })
}

impl Stats {
    /// Counts as a table: one row per kind and class, one column per status.
    pub fn count_rows(&self) -> Vec<Vec<String>> {
        let mut header = vec!["class".to_string()];
        header.extend(Status::ALL.iter().map(|s| s.to_string()));
        header.push("total".into());
        let mut rows: Vec<(String, BTreeMap<Status, u64>)> = Vec::new();
        for c in &self.counts {
            // A size class spans grids (the specials): one row for all of them.
            let class = format!("{} {}", c.kind, class_of(&c.kind, c.size_class, c.width, c.height));
            match rows.iter_mut().find(|(name, _)| *name == class) {
                Some((_, cells)) => *cells.entry(c.status).or_default() += c.puzzles,
                None => rows.push((class, BTreeMap::from([(c.status, c.puzzles)]))),
            }
        }
        let mut out = vec![header];
        for (class, cells) in rows {
            let mut row = vec![class];
            row.extend(Status::ALL.iter().map(|s| cells.get(s).copied().unwrap_or(0).to_string()));
            row.push(cells.values().sum::<u64>().to_string());
            out.push(row);
        }
        out
    }
}
