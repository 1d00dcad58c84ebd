//! From a photo to a tiling: the board's outline, its grid, the evidence of
//! each cell (open or covered) and each cell side (a gap or none), the
//! pieces those gaps cut out matched to the piece set by shape, and the
//! date the open cells show.
//!
//! It runs in stages, each a module of its own: [`outline`] finds the
//! board's outer corners by what tells it from the table (or [`edges`] by
//! its straight edges), [`rectify`] straightens it, [`grid`] fits its grid
//! and turn (with [`measure`] reading each cell and cell side off the
//! grid), then [`date`] reads the open cells and [`pieces`] the tiling.

mod date;
mod edges;
mod grid;
pub(crate) mod layout;
pub(crate) mod measure;
mod outline;
pub(crate) mod pieces;
mod reading;
mod rectify;
mod thumbnail;

use reading::{MAX_PIXELS, MAX_SIDE};
pub use reading::{ReadError, Reading};
pub use thumbnail::{Thumbnail, thumbnail};

use aquarchive_kinds::calendar::{BUILT_IN, Variant};

use crate::geometry::Point;
use crate::raster::Photo;

use outline::Likeness;
use pieces::Tilings;

/// The longest side the reader works at: finer detail is not needed.
const WORK_SIDE: usize = 1200;
/// The most memory a photo's decoder may take at once.
const MAX_DECODING_BYTES: u64 = 768 << 20;

/// Reads a photo (JPEG or PNG bytes) of one of `variants`' boards, solved.
pub fn read(bytes: &[u8], variants: &[Variant]) -> Result<Reading, ReadError> {
    let rgb = decode(bytes)?;
    // Everything is found at a working size: a larger photo's finer detail
    // only costs time.
    let side = rgb.width().max(rgb.height()) as usize;
    let factor = side.div_ceil(WORK_SIDE);
    let photo = Photo::from_image(&rgb, factor);
    drop(rgb);
    let mut reading = read_asked(&photo, variants)?;
    let scale = factor as f64;
    reading.outline = reading.outline.map(|(x, y)| (x * scale, y * scale));
    Ok(reading)
}

/// The photo's pixels, decoded within [`MAX_PIXELS`] and the decoding
/// limits, its size read from its header first.
fn decode(bytes: &[u8]) -> Result<image::RgbImage, ReadError> {
    let open = || {
        image::ImageReader::new(std::io::Cursor::new(bytes))
            .with_guessed_format()
            .map_err(|e| ReadError::Decode(e.to_string()))
    };
    // The size from the header alone, without the limits: some decoders
    // apply them as they read the header, and say only that one was passed.
    let mut header = open()?;
    header.no_limits();
    let (width, height) = header.into_dimensions().map_err(|e| ReadError::Decode(e.to_string()))?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS || width.max(height) > MAX_SIDE {
        return Err(ReadError::TooLarge { width, height });
    }
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODING_BYTES);
    let mut reader = open()?;
    reader.limits(limits);
    let image = reader.decode().map_err(|e| match e {
        image::ImageError::Limits(_) => ReadError::TooLarge { width, height },
        e => ReadError::Decode(e.to_string()),
    })?;
    Ok(image.into_rgb8())
}

/// Reads a photo at its working size as one of `variants`, checked against
/// the built-in boards not asked for.
///
/// A board asked for that is not the one in the photo is laid on it all
/// the same, and its nearest tiling may then pass the verifier with half
/// its sides unlike the photo (a weekday board read as the standard one).
/// So a reading that needed correcting, or failed, is weighed against the
/// other boards: on each outline tried (see [`read_within`]), which
/// settles it quickly when the board is found; and when none settled it,
/// by a reading with every board, which takes longer but also finds the
/// board through an outline the board asked for did not get to.
fn read_asked(photo: &Photo, variants: &[Variant]) -> Result<Reading, ReadError> {
    let others: Vec<Variant> = BUILT_IN
        .iter()
        .filter(|(name, _)| variants.iter().all(|v| v.name() != *name))
        .filter_map(|(name, _)| Variant::built_in(name))
        .collect();
    let tilings = Tilings::default();
    let outcome = read_photo(photo, variants, &others, &tilings);
    let settled = matches!(outcome, Ok(Reading { corrected: None, .. }) | Err(ReadError::OtherBoard { .. }));
    if settled || others.is_empty() {
        return outcome;
    }
    let every: Vec<Variant> = variants.iter().chain(&others).cloned().collect();
    match read_photo(photo, &every, &[], &tilings) {
        Ok(seen) if !variants.contains(&seen.variant) => Err(other_board(variants, &seen)),
        _ => outcome,
    }
}

/// The refusal of a photo read as one of `asked` that shows another board,
/// read as `seen`.
fn other_board(asked: &[Variant], seen: &Reading) -> ReadError {
    let how = match seen.corrected {
        None => "as seen".to_string(),
        Some(sides) => format!("corrected by {sides} cell sides"),
    };
    let asked: Vec<&str> = asked.iter().map(Variant::name).collect();
    ReadError::OtherBoard {
        seen: seen.variant.name().to_string(),
        asked: asked.join(" or "),
        reading: format!("{}, {how}", seen.date),
    }
}

/// Reads a photo at its working size; the outline is in its pixels. The
/// board is first told from the table by its colour; when that reading
/// fails and the board is tinted (one channel well below the other two at
/// its centre), by its tint, which light falling across board and table
/// alike changes far less than their colours (a red board's glare-washed
/// corner is still redder than green, a brown table's never is); when that
/// fails too, as what is left when the table is followed in from the
/// photo's rim in small steps (a board off the centre, or one of no one
/// colour); and last by its four straight edges (a board the colour of
/// the desk, a dark frame whose shadow joins it to the table, a room full
/// of things), the best seen outlines in turn; when those fail too, as the
/// whole photo (one cut to the board, through its frame, shows no table to
/// tell it by). Of the looks that fail, the one that got furthest is told.
///
/// A photo found to show one of `others` (boards not asked for) is refused
/// at once, whatever the outlines not yet tried would give.
fn read_photo(
    photo: &Photo,
    variants: &[Variant],
    others: &[Variant],
    tilings: &Tilings,
) -> Result<Reading, ReadError> {
    let by_region = [Likeness::Colour, Likeness::Tint, Likeness::Background]
        .into_iter()
        .map(|likeness| outline::outline(photo, likeness));
    // Found only when every region has failed.
    let by_edges = std::iter::once(()).flat_map(|()| edges::outlines(photo)).map(Ok);
    let mut failed: Option<ReadError> = None;
    for outline in by_region.chain(by_edges) {
        match outline.and_then(|corners| read_within(photo, variants, others, corners, tilings)) {
            Ok(reading) => return Ok(reading),
            Err(other @ ReadError::OtherBoard { .. }) => return Err(other),
            Err(err) => {
                failed = Some(match failed {
                    Some(first) => first.further(err),
                    None => err,
                })
            }
        }
    }
    let failed = failed.expect("one outline tried");
    // A photo of no board shows no table either: what its last look
    // finds is never told over the others.
    let (w, h) = (photo.grey.width as f64, photo.grey.height as f64);
    match read_within(photo, variants, others, [(0.0, 0.0), (w, 0.0), (w, h), (0.0, h)], tilings) {
        Err(other @ ReadError::OtherBoard { .. }) => Err(other),
        read => read.map_err(|_| failed),
    }
}

/// Reads the board inside `work_corners` as one of `variants`. A reading
/// that needed correcting, or failed, is refused when the board laid with
/// `others` too is one of those, and reads as it.
fn read_within(
    photo: &Photo,
    variants: &[Variant],
    others: &[Variant],
    work_corners: [Point; 4],
    tilings: &Tilings,
) -> Result<Reading, ReadError> {
    let straight = rectify::straighten(photo, work_corners)?;
    let read = |variants: &[Variant]| {
        let layout = grid::lay(&straight, variants)?;
        let (date, unless_as_seen) = date::read(&layout, tilings)?;
        let reading = pieces::read(&layout, date, work_corners, tilings)?;
        match unless_as_seen {
            Some(not_seen) if reading.corrected.is_some() => Err(not_seen),
            _ => Ok(reading),
        }
    };
    let outcome = read(variants);
    if others.is_empty() || matches!(outcome, Ok(Reading { corrected: None, .. })) {
        return outcome;
    }
    let every: Vec<Variant> = variants.iter().chain(others).cloned().collect();
    match read(&every) {
        Ok(seen) if !variants.contains(&seen.variant) => Err(other_board(variants, &seen)),
        _ => outcome,
    }
}
