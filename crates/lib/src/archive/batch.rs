//! `import PATH...`: what the paths hold, read in full before anything is
//! written, then each part carried into the archive by its own operation:
//! puzzle files ([`super::import`]), saved pages (as a fetch reads them,
//! [`super::fetch::import_page`]), exports' JSON lines ([`super::jsonl`])
//! other archives ([`super::merge`]) and a player's progress saved by the
//! HTML archive ([`super::progress`]).

use super::Archive;
use std::path::{Path, PathBuf};

use crate::engine::Settings;
use crate::kinds::Kind;

use super::error::ArchiveError;
use super::fetch::{self, Outcome};
use super::import::{self, Candidate, Format, Input, Summary};
use super::jsonl::{self, JsonReport};
use super::merge::{self, MergeReport};
use super::progress::{self, ProgressFile, ProgressReport};

/// What an import's paths hold, sorted by what reads each file.
pub struct Batch {
    /// Files named (a shell's `dir/*.txt`) that were left out as
    /// solutions (`*.solution.txt`).
    pub solutions_left_out: usize,
    /// Links to a folder already read (a loop, or a second way to it).
    pub folders_seen_again: Vec<PathBuf>,
    /// Photos in the folders read (see [`import::Inputs::photos_skipped`]).
    pub photos_skipped: usize,
    candidates: Vec<Candidate>,
    pages: Vec<(PathBuf, Vec<u8>)>,
    json_files: Vec<PathBuf>,
    archives: Vec<PathBuf>,
    /// Progress files, read whole: a bad one stops the import before it writes.
    progress: Vec<(PathBuf, ProgressFile)>,
}

/// One part of a batch done, for the caller to tell as it comes.
pub enum Step<'a> {
    /// The puzzle files' puzzles (`total` of them, read or not).
    Puzzles { summary: &'a Summary, total: u64 },
    /// A saved page's hash did not match, and no page of the archive ever
    /// has: said once a batch.
    HashUnconfirmed,
    /// A saved page read, whatever became of it.
    Page { path: &'a Path, outcome: &'a Outcome },
    /// Every saved page read.
    Pages(PageCounts),
    /// An export's JSON lines restored.
    Restored { file: &'a Path, report: &'a JsonReport },
    /// Another archive merged.
    Merged { file: &'a Path, report: &'a MergeReport },
    /// A progress file's records kept.
    Progress { file: &'a Path, report: &'a ProgressReport },
}

/// What became of a batch's saved pages.
#[derive(Clone, Copy, Debug, Default)]
pub struct PageCounts {
    pub new: u64,
    pub present: u64,
    pub flagged: u64,
    /// Kept as snapshots, with no puzzle read from them.
    pub unreadable: u64,
}

impl Batch {
    /// Reads every path (folders walked): a file that is missing or
    /// cannot be opened stops the import here, before it writes; a file
    /// whose text is not puzzles is one unreadable candidate, reported
    /// with the rest.
    pub fn read(paths: &[PathBuf], format: Format, kind: Option<Kind>) -> Result<Batch, ArchiveError> {
        let inputs = import::input_files(paths)?;
        let mut batch = Batch {
            solutions_left_out: inputs.solutions_skipped,
            folders_seen_again: inputs.folders_seen_again,
            photos_skipped: inputs.photos_skipped,
            candidates: Vec::new(),
            pages: Vec::new(),
            json_files: Vec::new(),
            archives: Vec::new(),
            progress: Vec::new(),
        };
        for file in inputs.files {
            match import::input_of(&file)? {
                Input::Archive => batch.archives.push(file),
                Input::JsonLines => batch.json_files.push(file),
                Input::Page => {
                    let bytes = std::fs::read(&file)
                        .map_err(|source| ArchiveError::Io { path: file.display().to_string(), source })?;
                    batch.pages.push((file, bytes));
                }
                Input::Puzzles => batch.candidates.extend(import::read_file(&file, format, kind)?),
                Input::Progress => {
                    // Read whole, and refused whole: nothing is written yet.
                    let read = progress::parse(&import::read_text(&file)?)
                        .map_err(|why| ArchiveError::Input(format!("{}: {why}", file.display())))?;
                    batch.progress.push((file, read));
                }
            }
        }
        Ok(batch)
    }

    /// How many puzzles the puzzle files hold, read or not.
    pub fn puzzles(&self) -> u64 {
        self.candidates.len() as u64
    }

    /// Whether the paths named no file to read (only folders without
    /// puzzle files or saved pages, or solutions left out).
    pub fn is_empty(&self) -> bool {
        self.candidates.is_empty()
            && self.pages.is_empty()
            && self.archives.is_empty()
            && self.json_files.is_empty()
            && self.progress.is_empty()
    }

    /// Carries each part into `store`, telling `tell` as each is done: the
    /// puzzle files first (with `progress` counting their puzzles), then
    /// the saved pages, the JSON lines, the other archives and the progress
    /// files (last, so that their puzzles are there). Stops after
    /// a part that Ctrl-C interrupted (see [`crate::interrupt`]); every part
    /// keeps what it stored. A new archive (see [`Archive::open_to_keep`]) takes
    /// its name only when a part stores something.
    pub fn import<E: From<ArchiveError>>(
        self,
        archive: &mut Archive,
        progress: &dyn Fn(u64),
        mut tell: impl FnMut(Step<'_>) -> Result<(), E>,
    ) -> Result<(), E> {
        let store = archive.store_mut();
        // With nothing else named (no path, or an empty folder), the puzzle
        // import still runs, to say that nothing was stored.
        let nothing_else =
            self.pages.is_empty() && self.archives.is_empty() && self.json_files.is_empty() && self.progress.is_empty();
        if !self.candidates.is_empty() || nothing_else {
            let total = self.puzzles();
            let summary = import::import(store, self.candidates, Settings::default(), progress)?;
            tell(Step::Puzzles { summary: &summary, total })?;
            if summary.interrupted {
                return Ok(());
            }
        }
        if !self.pages.is_empty() {
            let mut counts = PageCounts::default();
            let mut warned = false;
            for (path, bytes) in self.pages {
                // A page is kept, as a snapshot, whatever it holds.
                store.keep().map_err(ArchiveError::from)?;
                let report = fetch::import_page(store, &path, bytes, Settings::default())?;
                if report.hash_unconfirmed && !warned {
                    warned = true;
                    tell(Step::HashUnconfirmed)?;
                }
                match report.outcome {
                    Outcome::New(_) => counts.new += 1,
                    Outcome::Present(_) => counts.present += 1,
                    Outcome::Rejected { .. } => counts.flagged += 1,
                    // Kept as a snapshot: counted with the pages whose puzzle was not stored.
                    Outcome::Failed(_) => counts.unreadable += 1,
                }
                tell(Step::Page { path: &path, outcome: &report.outcome })?;
            }
            tell(Step::Pages(counts))?;
        }
        for file in &self.json_files {
            let report = jsonl::import(store, file)?;
            tell(Step::Restored { file, report: &report })?;
            if report.interrupted {
                return Ok(());
            }
        }
        for file in &self.archives {
            let report = merge::merge(store, file)?;
            tell(Step::Merged { file, report: &report })?;
            if report.interrupted {
                return Ok(());
            }
        }
        for (file, read) in &self.progress {
            let report = progress::import(store, read)?;
            tell(Step::Progress { file, report: &report })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Access;

    const PUZZLE: &str = include_str!("../../../../tests/fixtures/aquarium/puzzles/10x10_easy_3081686.txt");
    const OTHER_SITE: &str =
        include_str!("../../../../tests/fixtures/pages/puzzle-nonograms.com_15x15_2401181_trimmed.html");

    #[test]
    fn a_folder_of_puzzles_and_pages_is_carried_in_part_by_part() {
        let dir = tempfile::tempdir().unwrap();
        let inputs = dir.path().join("in");
        std::fs::create_dir(&inputs).unwrap();
        std::fs::write(inputs.join("good.txt"), PUZZLE).unwrap();
        std::fs::write(inputs.join("notes.txt"), "not a puzzle\n").unwrap();
        std::fs::write(inputs.join("page.html"), OTHER_SITE).unwrap();

        let batch = Batch::read(&[inputs], Format::Auto, None).unwrap();
        assert_eq!(batch.puzzles(), 2, "the good puzzle and the unreadable notes");
        assert!(!batch.is_empty());

        let mut store = Archive::open(&dir.path().join("archive.sqlite"), Access::ReadWrite).unwrap();
        let mut told = Vec::new();
        batch
            .import(&mut store, &|_| {}, |step| -> Result<(), ArchiveError> {
                told.push(match step {
                    Step::Puzzles { summary, total } => {
                        format!("puzzles {total}: {} new, {} unreadable", summary.new, summary.unreadable.len())
                    }
                    Step::Page { outcome, .. } => format!("page failed: {}", matches!(outcome, Outcome::Failed(_))),
                    Step::Pages(c) => format!("pages {} {} {} {}", c.new, c.present, c.flagged, c.unreadable),
                    Step::HashUnconfirmed => "hash".into(),
                    Step::Restored { .. } | Step::Merged { .. } | Step::Progress { .. } => "other".into(),
                });
                Ok(())
            })
            .unwrap();
        assert_eq!(told, ["puzzles 2: 1 new, 1 unreadable", "page failed: true", "pages 0 0 0 1"]);
    }

    #[test]
    fn a_batch_that_stores_nothing_gives_a_new_archive_no_name() {
        let dir = tempfile::tempdir().unwrap();
        let notes = dir.path().join("notes.txt");
        std::fs::write(&notes, "not a puzzle\n").unwrap();
        let path = dir.path().join("new/archive.sqlite");
        let mut store = Archive::open_to_keep(&path).unwrap();
        let batch = Batch::read(&[notes], Format::Auto, None).unwrap();
        let mut unreadable = Vec::new();
        batch
            .import(&mut store, &|_| {}, |step| -> Result<(), ArchiveError> {
                if let Step::Puzzles { summary, .. } = step {
                    unreadable.clone_from(&summary.unreadable);
                }
                Ok(())
            })
            .unwrap();
        assert!(
            unreadable[0].starts_with(&format!("{}:1: ", dir.path().join("notes.txt").display())),
            "{unreadable:?}"
        );
        assert!(store.is_unnamed());
        drop(store);
        assert!(!dir.path().join("new").exists(), "the folder made for it goes with it");
    }
}
