//! Puzzles out of the archive: as files in the text format (named so that
//! they import back with their site ID), as JSON lines (see `jsonl`), or as
//! task strings.

use super::Archive;
use std::path::Path;

use crate::config::SiteConfig;
use crate::kinds::Kind;
use crate::store::{Filter, Puzzle, StoreError};

use super::kinds::AnyPuzzle;
use super::record::{self, PuzzleRecord};
use super::{ArchiveError, site_names, stored_aquarium, text_header};

/// The file stem a puzzle is exported under: the fixtures' name of a site
/// puzzle (`15x15_hard_5642858`), a special's class and date
/// (`special_daily_2026-11-30`), else its kind and archive ID. A sister
/// site's puzzle has its kind first (`star-battle_special_daily_2026-11-30`),
/// so that two sites' specials of one day are two files.
pub fn file_stem(puzzle: &Puzzle) -> String {
    let record = &puzzle.record;
    let named = match (record.size_class, record.site_id, &record.special_date) {
        (Some(size), Some(id), _) if record.kind == Kind::Aquarium => site_names::file_stem(size, id),
        (Some(size), Some(id), _) => {
            Some(format!("{}_{}_{id}", record.kind, site_names::size_class_name(record.kind, size).replace(' ', "_")))
        }
        (Some(size), None, Some(date)) => {
            let class = site_names::size_class_name(record.kind, size).replace(' ', "_");
            Some(match record.kind {
                Kind::Aquarium => format!("{class}_{date}"),
                kind => format!("{kind}_{class}_{date}"),
            })
        }
        _ => None,
    };
    named
        .filter(|stem| stem.chars().all(|c| c.is_ascii_alphanumeric() || "_-".contains(c)))
        .unwrap_or_else(|| format!("{}-{}", record.kind, puzzle.id))
}

/// The record of every puzzle the filter matches, in the filter's order
/// and up to its limit (`list --json`), given to `each` one at a time.
pub fn each_record<E: From<StoreError>>(
    archive: &Archive,
    filter: &Filter,
    sites: &SiteConfig,
    mut each: impl FnMut(PuzzleRecord) -> Result<(), E>,
) -> Result<(), E> {
    let store = archive.store();
    if !filter.newest_first && filter.limit.is_none() {
        return store.records(filter, |id, stored| each(record::of(id, &stored, sites)));
    }
    // Whole records are read in id order: the order and the limit asked
    // pick the puzzles, a chunk of whose records is then read at a time.
    let mut ids = Vec::new();
    store.each(filter, |puzzle| {
        ids.push(puzzle.id);
        Ok::<_, StoreError>(())
    })?;
    for chunk in ids.chunks(RECORDS_CHUNK) {
        let mut read = std::collections::HashMap::with_capacity(chunk.len());
        store.records(&Filter { ids: chunk.to_vec(), ..Filter::default() }, |id, stored| {
            read.insert(id, stored);
            Ok::<_, StoreError>(())
        })?;
        for id in chunk {
            if let Some(stored) = read.remove(id) {
                each(record::of(*id, &stored, sites))?;
            }
        }
    }
    Ok(())
}

/// Records read together where the order asked is not the archive's.
const RECORDS_CHUNK: usize = 512;

/// The record of one stored puzzle (`show --json`).
pub fn record_of(archive: &Archive, puzzle: &Puzzle, sites: &SiteConfig) -> Result<PuzzleRecord, ArchiveError> {
    let store = archive.store();
    let mut found = None;
    store.records(&Filter { ids: vec![puzzle.id], ..Filter::default() }, |id, stored| {
        found = Some(record::of(id, &stored, sites));
        Ok::<_, StoreError>(())
    })?;
    found.ok_or_else(|| ArchiveError::Input(format!("puzzle {}: no longer in the archive", puzzle.id)))
}

/// What tells a calendar puzzle apart in a list: its date and board
/// (`Mar 14 Sat on the weekday board`); `None` for other kinds, or when its
/// stored text does not read.
pub fn calendar_label(puzzle: &Puzzle) -> Option<String> {
    super::stored(puzzle).ok()?.calendar_label()
}

pub fn link(puzzle: &Puzzle, sites: &SiteConfig) -> Option<String> {
    site_names::link(sites, puzzle.record.kind, puzzle.record.size_class?, puzzle.record.site_id?)
}

/// The site's task string of a stored puzzle of a kind the sites have.
pub fn task(puzzle: &Puzzle) -> Result<String, ArchiveError> {
    super::stored(puzzle)?.task().ok_or_else(|| no_task(puzzle))
}

/// A stored puzzle as a line `import` reads back: an Aquarium's task alone
/// (as earlier versions wrote it), any other kind's as `KIND TASK`, with
/// `WIDTHxHEIGHT` before the task where the grid is not square.
pub fn task_line(puzzle: &Puzzle) -> Result<String, ArchiveError> {
    let task = task(puzzle)?;
    let record = &puzzle.record;
    Ok(match record.kind {
        crate::kinds::Kind::Aquarium => task,
        kind if record.width != record.height => format!("{kind} {}x{} {task}", record.width, record.height),
        kind => format!("{kind} {task}"),
    })
}

/// The error for a kind with no task string.
fn no_task(puzzle: &Puzzle) -> ArchiveError {
    ArchiveError::Input(format!(
        "puzzle {}: {} puzzles have no task string: they come from files, not from the sites",
        puzzle.id, puzzle.record.kind
    ))
}

/// A stored Aquarium puzzle's puzz.link address.
pub fn puzzlink(puzzle: &Puzzle) -> Result<String, ArchiveError> {
    Ok(crate::kinds::aquarium::puzzlink::url(&stored_aquarium(puzzle)?))
}

/// A stored solution as the site's answer form writes it (its hidden
/// `ansH`; for Aquarium `y` water, `n` air, row by row): what the site's
/// hash is the md5 of, after the task.
pub fn answer(puzzle: &Puzzle) -> Result<String, ArchiveError> {
    let stored = super::stored(puzzle)?;
    stored.task().ok_or_else(|| no_task(puzzle))?;
    let text = puzzle.solution.as_ref().and_then(|s| s.solution.as_deref()).ok_or_else(|| {
        ArchiveError::Input(format!("puzzle {}: no solution stored (status {})", puzzle.id, puzzle.record.status))
    })?;
    stored.answer(text).ok_or_else(|| {
        ArchiveError::Input(format!("puzzle {}: the stored solution does not read as an answer", puzzle.id))
    })
}

/// A format of one puzzle a line (`export --format jsonl|task`).
#[derive(Clone, Copy, Debug)]
pub enum LineFormat<'a> {
    /// Its [`PuzzleRecord`] as JSON, its link made with `sites`' addresses.
    Jsonl { sites: &'a SiteConfig },
    /// Its [`task_line`]; Aquarium puzzles unless the filter names a kind.
    Task,
}

/// Gives `write` each puzzle the filter matches as a line of `format`
/// (with its end), in id order.
pub fn to_lines<E: From<StoreError> + From<ArchiveError>>(
    archive: &Archive,
    filter: &Filter,
    format: LineFormat,
    mut write: impl FnMut(String) -> Result<(), E>,
) -> Result<(), E> {
    let store = archive.store();
    match format {
        LineFormat::Jsonl { sites } => store.records(filter, |id, stored| {
            write(serde_json::to_string(&record::of(id, &stored, sites)).expect("a record serializes") + "\n")
        }),
        LineFormat::Task => {
            // Task strings are the Aquarium site's: other kinds have none.
            let mut filter = filter.clone();
            filter.kind.get_or_insert(Kind::Aquarium);
            store.each(&filter, |puzzle| write(task_line(&puzzle)? + "\n"))
        }
    }
}

/// Writes each puzzle as `STEM.txt`, with `STEM.solution.txt` when it has a
/// solution (the layout of the fixtures). Each puzzle file starts with the
/// header lines that `import` reads back ([`text_header`]). Returns how
/// many were written.
pub fn to_directory(archive: &Archive, filter: &Filter, dir: &Path) -> Result<u64, ArchiveError> {
    let store = archive.store();
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| ArchiveError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut written = 0;
    store.each(filter, |puzzle| {
        let stem = file_stem(&puzzle);
        let path = dir.join(format!("{stem}.txt"));
        // A kind with no text format of its own is written as its task line,
        // which says its kind: what `import` reads back.
        let body = match super::stored(&puzzle)? {
            AnyPuzzle::Family(_) => task_line(&puzzle)? + "\n",
            _ => puzzle.record.text.clone(),
        };
        let text = format!("{}{body}", text_header::write(&puzzle.record));
        std::fs::write(&path, text).map_err(io(&path))?;
        if let Some(text) = puzzle.solution.as_ref().and_then(|s| s.solution.as_ref()) {
            let path = dir.join(format!("{stem}.solution.txt"));
            std::fs::write(&path, format!("{text}\n")).map_err(io(&path))?;
        }
        written += 1;
        Ok::<_, ArchiveError>(())
    })?;
    Ok(written)
}
