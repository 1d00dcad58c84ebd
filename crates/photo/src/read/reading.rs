//! What the reader gives: a reading, or why there is none.

use aquarchive_kinds::calendar::{Date, Tiling, Variant};
use thiserror::Error;

use crate::geometry::Point;

/// The most pixels a photo may have to be decoded: a phone's 50-megapixel
/// photo and then some. A file's header may claim any size (60,000 x
/// 60,000 in a few dozen bytes): it is refused before anything is
/// allocated for it.
pub(super) const MAX_PIXELS: u64 = 64_000_000;
/// The longest side a photo may have (a panorama's).
pub(super) const MAX_SIDE: u32 = 30_000;

/// What a photo was read as.
#[derive(Clone, Debug)]
pub struct Reading {
    pub variant: Variant,
    pub date: Date,
    /// Valid: it passed the calendar's verifier.
    pub tiling: Tiling,
    /// When the pieces seen did not fit the piece set, the number of cell
    /// sides (a gap seen where the tiling has none, or the other way) by
    /// which the nearest tiling of the date differs from what was seen.
    pub corrected: Option<usize>,
    /// The board's outer corners in the photo, in its pixels.
    pub outline: [Point; 4],
}

/// Why a photo could not be read; each says what was seen.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ReadError {
    #[error("not a picture this reader knows (JPEG or PNG): {0}")]
    Decode(String),
    #[error(
        "the photo is {width} x {height} pixels ({:.0} megapixels), more than this reader decodes (at most {} megapixels, {} pixels a side)",
        *width as f64 * *height as f64 / 1e6, MAX_PIXELS / 1_000_000, MAX_SIDE
    )]
    TooLarge { width: u32, height: u32 },
    #[error("no board found: {0}")]
    NoBoard(String),
    /// The open cells seen are not a date's: `seen` says which they are,
    /// `but` why they are not one (too few or too many, not a month and a
    /// day, or another cell nearly as open).
    #[error("{seen} on the {board} board, but {but}")]
    OpenCells { board: String, seen: String, but: String },
    #[error(
        "the pieces seen on the {board} board do not match its piece set, and no tiling of {date} is near what was seen (`?` a cell of no piece):\n{rows}"
    )]
    Pieces { board: String, date: String, rows: String },
    /// The photo shows another board than the ones asked for: read as
    /// `seen`, it is `reading` (a date and how it was read).
    #[error(
        "this is the {seen} board, not the {asked} board asked for (as the {seen} board it reads {reading}): ask for the {seen} board, or name none and let the reader tell"
    )]
    OtherBoard { seen: String, asked: String, reading: String },
}

impl ReadError {
    /// How far the reading got before it failed: a board found, then its
    /// date read.
    fn stage(&self) -> u8 {
        match self {
            ReadError::Decode(_) | ReadError::TooLarge { .. } | ReadError::NoBoard(_) => 0,
            ReadError::OpenCells { .. } => 1,
            ReadError::Pieces { .. } => 2,
            ReadError::OtherBoard { .. } => 3,
        }
    }

    /// What a photo that reads better would be, for what this one lacked;
    /// none when the photo was not at fault (its message says what to do).
    pub fn advice(&self) -> Option<&'static str> {
        Some(match self {
            ReadError::Decode(_) => "save the photo as a JPEG or a PNG",
            ReadError::TooLarge { .. } => {
                "save the photo smaller: 1,200 pixels on its longest side is all the reader uses"
            }
            ReadError::NoBoard(_) => {
                "take the whole board, filling most of the photo, with some plain table or cloth round it and nothing leaning on its frame"
            }
            ReadError::OpenCells { .. } => {
                "take the board closer and square on, in even light without glare, so that only the open cells' labels show"
            }
            ReadError::Pieces { .. } => {
                "take the board closer and square on, in even light from one side, so that the gaps between the pieces show as lines"
            }
            ReadError::OtherBoard { .. } => return None,
        })
    }

    /// Of two looks at one photo that both failed, the reason of the one
    /// that got further (the first on a tie): it says most about what the
    /// photo shows.
    pub(crate) fn further(self, other: ReadError) -> ReadError {
        if other.stage() > self.stage() { other } else { self }
    }
}
