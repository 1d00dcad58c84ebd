//! A calendar photo's reading into the archive (`calendar read --import`):
//! the date's puzzle, imported as any calendar date is (solved, its tilings
//! counted), and the tiling read from the photo kept beside it.

use crate::engine::Settings;
use crate::kinds::Kind;
use crate::kinds::calendar::{Date, Variant};
use crate::store::{NewReading, Store, sha256_hex};

use super::error::ArchiveError;
use super::import::{self, Candidate};
use super::kinds::AnyPuzzle;

/// What storing a reading did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredReading {
    /// The date's puzzle.
    pub puzzle: i64,
    /// Whether the puzzle was stored now (else the archive had it).
    pub new_puzzle: bool,
    /// Whether the reading was stored now (else the archive had this
    /// photo's reading of the puzzle).
    pub new_reading: bool,
}

/// Stores the reading of `photo` (its bytes `bytes`): the tiling `rows`
/// of `date` on `variant` (a built-in board or a board file's, stored with
/// the puzzle). A tiling the calendar's verifier rejects is not stored.
pub fn store_reading(
    store: &mut Store,
    variant: &Variant,
    date: Date,
    rows: &[String],
    photo: &str,
    bytes: &[u8],
    corrected: u32,
) -> Result<StoredReading, ArchiveError> {
    let date = variant.fit(date).map_err(|e| ArchiveError::Input(format!("{photo}: {e}")))?;
    let puzzle = AnyPuzzle::Calendar { variant: variant.clone(), date };
    let tiling = rows.join("\n");
    let solution = puzzle.read_solution(&tiling).map_err(|e| ArchiveError::Input(format!("{photo}: {e}")))?;
    puzzle.verify(&solution).map_err(|e| ArchiveError::Input(format!("{photo}: the tiling read {e}")))?;
    let text = puzzle.text();
    let candidate = Candidate::plain(photo.to_string(), Ok(puzzle));
    let summary = import::import(store, vec![candidate], Settings::default(), &|_| {})?;
    let id = store.puzzle_with_text(Kind::Calendar, &text)?.ok_or_else(|| {
        ArchiveError::Input(format!(
            "{photo}: {date} on the {} board was imported but is not in the archive",
            variant.name()
        ))
    })?;
    let new_reading = store.add_calendar_reading(&NewReading {
        puzzle: id,
        tiling,
        photo: photo.to_string(),
        photo_sha256: sha256_hex(bytes),
        corrected,
    })?;
    Ok(StoredReading { puzzle: id, new_puzzle: summary.stored() > 0, new_reading })
}
