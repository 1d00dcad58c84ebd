//! Puzzles out of the archive: as files in the text format (named so that
//! they import back with their site ID), as JSON lines, or as task strings.

use std::path::Path;

use serde_json::json;

use crate::store::{Filter, Puzzle, Store};

use super::kinds::AnyPuzzle;
use super::{ArchiveError, site_names, stored_aquarium, text_header};

/// The file stem a puzzle is exported under: the fixtures' name of a site
/// puzzle (`15x15_hard_5642858`), a special's class and date
/// (`special_daily_2026-11-30`), else its kind and archive ID.
pub fn file_stem(puzzle: &Puzzle) -> String {
    let record = &puzzle.record;
    match (record.size_class, record.site_id, &record.special_date) {
        (Some(size), Some(id), _) => site_names::file_stem(size, id),
        (Some(size), None, Some(date)) => {
            Some(format!("{}_{date}", site_names::size_class_name(size).replace(' ', "_")))
                .filter(|stem| stem.chars().all(|c| c.is_ascii_alphanumeric() || "_-".contains(c)))
        }
        _ => None,
    }
    .unwrap_or_else(|| format!("{}-{}", record.kind, puzzle.id))
}

/// One JSON object of a puzzle and its latest solution; `link` when known.
pub fn json(puzzle: &Puzzle, base_url: &str) -> serde_json::Value {
    let mut record = serde_json::to_value(puzzle).expect("a puzzle serializes");
    // The fields `solve --json` has for every kind: how many solutions the
    // solver found (searching for two, or all for calendars and rings) and
    // the first one as rows ("solution" is the stored record: "solution_rows").
    record["solutions"] = json!(puzzle.solution.as_ref().map(|s| s.found));
    let read = super::stored(puzzle);
    if let Ok(read) = &read
        && let Some(Ok(solution)) = super::stored_solution(puzzle, read)
    {
        record["solution_rows"] = json!(read.solution_rows(&solution));
    }
    // A calendar date's board, as `calendar --json` names it.
    if let Ok(AnyPuzzle::Calendar { variant, .. }) = &read {
        record["board"] = json!(variant.name());
    }
    record["link"] = json!(link(puzzle, base_url));
    record["class"] = json!(super::stats::class_of(
        puzzle.record.kind,
        puzzle.record.size_class,
        puzzle.record.width,
        puzzle.record.height
    ));
    record
}

pub fn link(puzzle: &Puzzle, base_url: &str) -> Option<String> {
    Some(site_names::link(base_url, puzzle.record.size_class?, puzzle.record.site_id?))
}

/// The site's task string of a stored Aquarium puzzle.
pub fn task(puzzle: &Puzzle) -> Result<String, ArchiveError> {
    Ok(stored_aquarium(puzzle)?.to_task())
}

/// A stored Aquarium solution as the site's answer form writes it (its
/// hidden `ansH`: `y` water, `n` air, row by row).
pub fn answer(puzzle: &Puzzle) -> Result<String, ArchiveError> {
    stored_aquarium(puzzle)?;
    let water = super::stored_water(puzzle).ok_or_else(|| {
        ArchiveError::Input(format!("puzzle {}: no solution stored (status {})", puzzle.id, puzzle.record.status))
    })??;
    Ok(water.to_answer())
}

/// Writes each puzzle as `STEM.txt`, with `STEM.solution.txt` when it has a
/// solution (the layout of the fixtures). Each puzzle file starts with the
/// header lines that `import` reads back ([`text_header`]). Returns how
/// many were written.
pub fn to_directory(store: &Store, filter: &Filter, dir: &Path) -> Result<u64, ArchiveError> {
    let io = |path: &Path| {
        let path = path.display().to_string();
        move |source| ArchiveError::Io { path, source }
    };
    std::fs::create_dir_all(dir).map_err(io(dir))?;
    let mut written = 0;
    store.each(filter, |puzzle| {
        let stem = file_stem(&puzzle);
        let path = dir.join(format!("{stem}.txt"));
        let text = format!("{}{}", text_header::write(&puzzle.record), puzzle.record.text);
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
