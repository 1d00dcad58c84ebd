//! Reading a photo of a solved calendar puzzle ("A-Puzzle-A-Day" and its
//! weekday variant) into the board, the tiling and the date it shows.
//!
//! The reader finds the board's outline from the photo (the board is what
//! stands out from the table), straightens it, fits the grid to the gaps and
//! walls it sees, turns the board until its frame fits, then reads each cell
//! (open cells show their labels, or the floor's colour where the pieces are
//! tinted) and each cell side (a gap between pieces or none). The pieces the gaps cut out are matched to the board's
//! piece set by shape; when they do not fit, the nearest of the date's
//! tilings is taken, and the reading says it was corrected. Every tiling it
//! gives has passed the calendar's verifier.
//!
//! ```
//! use aquarchive_kinds::calendar::Variant;
//! use aquarchive_photo::read;
//! use aquarchive_photo_synth as synth;
//!
//! let standard = Variant::built_in("standard").unwrap();
//! let photo = synth::photo(&standard, 7, &synth::Camera::PHONE);
//! let reading = read(&photo.jpeg, &[standard]).unwrap();
//! assert_eq!((reading.date, &reading.tiling), (photo.date, &photo.tiling));
//! ```

#![forbid(unsafe_code)]

mod geometry;
mod raster;
mod read;

pub use geometry::{Homography, Point};
// The picture's planes, for what draws photos as the reader sees them (the
// synthetic photos of the tests and the benchmark).
pub use raster::Plane;
pub use read::{ReadError, Reading, Thumbnail, read, thumbnail};

#[cfg(test)]
mod tests;
