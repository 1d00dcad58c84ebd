//! Photos of solved calendar boards (`calendar read`): each read into its
//! board, tiling and date, the date's tilings counted, and (with
//! `--import`) stored at once: the date's puzzle, imported as any calendar
//! date is (solved, its tilings counted), and the tiling read from the
//! photo kept beside it.
//!
//! Photos are taken one at a time ([`read_photos`]): a photo's bytes are
//! dropped once it is read and stored, so a batch of any size holds one
//! photo at a time, and what was read before a photo that fails, or before
//! Ctrl-C, is stored already.

use super::Archive;
use std::path::Path;

use thiserror::Error;

use crate::engine::Settings;
use crate::kinds::Kind;
use crate::kinds::calendar::{Date, Method, Variant};
use crate::photo::{self, ReadError, Reading};
use crate::store::{NewReading, Store, sha256_hex};

use super::calendar::{CalendarOpError, count};
use super::error::ArchiveError;
use super::import::{self, Candidate};
use super::kinds::{AnyPuzzle, calendar_label};

/// The longest side of a photo made small to draw beside its reading.
const SMALL_SIDE: u32 = 640;

/// A photo read.
#[derive(Clone, Debug)]
pub struct PhotoRead {
    /// The photo as it was named.
    pub photo: String,
    /// Its board, date, tiling (checked by the verifier), and outline.
    pub reading: Reading,
    /// Every tiling of the date, counted and checked.
    pub tilings: u64,
    /// The photo made small, when asked for, to draw the reading beside.
    pub small: Option<SmallPhoto>,
    /// What storing the reading did, when asked to store it.
    pub stored: Option<StoredReading>,
}

/// A photo made small enough to embed in a drawing, with the board's
/// outline in its pixels.
#[derive(Clone, Debug)]
pub struct SmallPhoto {
    pub jpeg: Vec<u8>,
    /// Width and height in pixels.
    pub size: (f64, f64),
    pub outline: Vec<(f64, f64)>,
}

/// A photo not read, and why.
#[derive(Debug)]
pub struct PhotoNotRead {
    /// The photo as it was named.
    pub photo: String,
    pub why: WhyNotRead,
}

/// Why a photo was not read.
#[derive(Debug, Error)]
pub enum WhyNotRead {
    /// The file is missing or could not be read.
    #[error("{0}")]
    File(std::io::Error),
    /// The reader could not read it (not a picture, no board, no date, no
    /// tiling near what was seen): it says what it saw.
    #[error(transparent)]
    Photo(ReadError),
}

impl WhyNotRead {
    /// What a photo that reads better would be, where the photo was at fault.
    pub fn advice(&self) -> Option<&'static str> {
        match self {
            WhyNotRead::File(_) => None,
            WhyNotRead::Photo(err) => err.advice(),
        }
    }
}

/// What became of one photo.
#[derive(Debug)]
pub enum PhotoOutcome {
    Read(Box<PhotoRead>),
    NotRead(PhotoNotRead),
}

/// What a batch of photos came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PhotoBatch {
    pub read: usize,
    pub not_read: usize,
    /// Readings stored now (not those the archive had already).
    pub stored: usize,
    /// Ctrl-C stopped the batch before its end (see [`crate::interrupt`]):
    /// the photos after the one at hand were not read.
    pub interrupted: bool,
}

/// How the photos of a batch are read.
#[derive(Clone, Debug)]
pub struct PhotoOptions {
    /// The boards a photo may show.
    pub boards: Vec<Variant>,
    /// Whether each photo read is also made small, to be drawn.
    pub small: bool,
}

/// Reads `photos` one at a time, each as soon as the one before is dealt
/// with, and hands what became of each to `each` before the next is
/// touched. A photo not read is handed on as such and the batch goes on;
/// with a `store`, each reading is stored before it is handed on. Only a
/// failure of the archive (or of `each`) ends the batch, with what was
/// stored before kept. After Ctrl-C ([`crate::interrupt`]) the batch ends
/// with the photo at hand.
pub fn read_photos<P, E>(
    photos: impl IntoIterator<Item = P>,
    options: &PhotoOptions,
    archive: Option<&mut Archive>,
    mut each: impl FnMut(PhotoOutcome) -> Result<(), E>,
) -> Result<PhotoBatch, E>
where
    P: AsRef<Path>,
    E: From<CalendarOpError>,
{
    let mut store = archive.map(Archive::store_mut);
    let mut batch = PhotoBatch::default();
    let mut photos = photos.into_iter().peekable();
    while let Some(path) = photos.next() {
        let outcome = read_photo(path.as_ref(), options, store.as_deref_mut())?;
        match &outcome {
            PhotoOutcome::Read(read) => {
                batch.read += 1;
                batch.stored += usize::from(read.stored.as_ref().is_some_and(|s| s.new_reading));
            }
            PhotoOutcome::NotRead(_) => batch.not_read += 1,
        }
        each(outcome)?;
        if crate::interrupt::requested() {
            batch.interrupted = photos.peek().is_some();
            break;
        }
    }
    Ok(batch)
}

/// Reads one photo (and stores its reading in `store`, if given); its
/// bytes are dropped on return.
fn read_photo(path: &Path, options: &PhotoOptions, store: Option<&mut Store>) -> Result<PhotoOutcome, CalendarOpError> {
    let shown = path.display().to_string();
    let not_read = |why| Ok(PhotoOutcome::NotRead(PhotoNotRead { photo: shown.clone(), why }));
    let bytes = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(err) => return not_read(WhyNotRead::File(err)),
    };
    let reading = match photo::read(&bytes, &options.boards) {
        Ok(reading) => reading,
        Err(err) => return not_read(WhyNotRead::Photo(err)),
    };
    let tilings = count(&reading.variant, &reading.date, Method::Bitboard)?.tilings;
    let small = if options.small {
        let small = photo::thumbnail(&bytes, SMALL_SIDE)
            .map_err(|source| CalendarOpError::Thumbnail { photo: shown.clone(), source })?;
        let outline = reading.outline.iter().map(|&(x, y)| (x / small.scale, y / small.scale)).collect();
        Some(SmallPhoto { size: (f64::from(small.width), f64::from(small.height)), jpeg: small.jpeg, outline })
    } else {
        None
    };
    let stored = match store {
        Some(store) => {
            let rows = reading.tiling.to_rows(&reading.variant);
            let corrected = reading.corrected.unwrap_or(0) as u32;
            Some(store_reading(store, &reading.variant, reading.date, &rows, &shown, &bytes, corrected)?)
        }
        None => None,
    };
    Ok(PhotoOutcome::Read(Box::new(PhotoRead { photo: shown, reading, tilings, small, stored })))
}

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
    let summary = import::import_as_one_step(store, vec![candidate], Settings::default())?;
    let id = store.puzzle_with_text(Kind::Calendar, &text)?.ok_or_else(|| {
        ArchiveError::Input(format!(
            "{photo}: {} was imported but is not in the archive",
            calendar_label(variant, date)
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

/// A photo read, as `calendar read --json` writes it (`valid` true).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PhotoRecord {
    pub board: String,
    /// The cell sides by which the tiling differs from what was seen (0:
    /// read as seen).
    pub corrected: usize,
    pub date: String,
    /// The board's corners in the photo, in its pixels, rounded.
    pub outline: Vec<[f64; 2]>,
    pub photo: String,
    pub tiling: Vec<String>,
    pub tilings: u64,
    pub valid: bool,
}

impl PhotoRead {
    /// The reading as its JSON line.
    pub fn record(&self) -> PhotoRecord {
        let reading = &self.reading;
        PhotoRecord {
            board: reading.variant.name().to_string(),
            corrected: reading.corrected.unwrap_or(0),
            date: reading.date.to_string(),
            outline: reading.outline.iter().map(|&(x, y)| [x.round(), y.round()]).collect(),
            photo: self.photo.clone(),
            tiling: reading.tiling.to_rows(&reading.variant),
            tilings: self.tilings,
            valid: true,
        }
    }
}

/// A photo not read, as `calendar read --json` writes it (`valid` false):
/// why, and what would read better.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PhotoNotReadRecord {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub advice: Option<&'static str>,
    pub error: String,
    pub photo: String,
    pub valid: bool,
}

impl PhotoNotRead {
    /// Why the photo was not read, as its JSON line.
    pub fn record(&self) -> PhotoNotReadRecord {
        PhotoNotReadRecord {
            advice: self.why.advice(),
            error: self.why.to_string(),
            photo: self.photo.clone(),
            valid: false,
        }
    }
}
