//! The second stage: the board inside its outline straightened into a
//! square canvas, by the homography that maps the canvas onto the outline.

use crate::geometry::{Homography, Point};
use crate::raster::{Photo, Plane};

use super::reading::ReadError;

/// The side of the square the board's outline is straightened into.
pub(super) const CANVAS: usize = 512;

/// The board straightened, and what the later stages need to map the
/// canvas back onto the photo.
pub(super) struct Straightened {
    /// The working picture's part round the board, unblurred.
    pub(super) grey: Plane,
    /// The same part's red, green and blue.
    pub(super) rgb: [Plane; 3],
    /// The board in its outline warped onto a `CANVAS` square, blurred first
    /// of what is finer than a canvas pixel.
    pub(super) canvas: Plane,
    /// Canvas pixels to `grey`'s pixels.
    pub(super) canvas_to_work: Homography,
    /// The outline's perimeter over the canvas's: working pixels per
    /// canvas pixel.
    pub(super) ratio: f64,
}

/// Straightens the board inside `work_corners` (in the working picture's
/// pixels), or says why the outline is no board.
pub(super) fn straighten(photo: &Photo, work_corners: [Point; 4]) -> Result<Straightened, ReadError> {
    let perimeter: f64 = (0..4)
        .map(|k| {
            let (a, b) = (work_corners[k], work_corners[(k + 1) % 4]);
            ((a.0 - b.0).powi(2) + (a.1 - b.1).powi(2)).sqrt()
        })
        .sum();
    if perimeter < 120.0 {
        return Err(ReadError::NoBoard(format!("the largest board-like shape is only {perimeter:.0} pixels round")));
    }
    // Only the board and a margin round it are looked at from here on
    // (the grid's picture reaches a cell beyond the frame): the rest of the
    // photo is cut away before it is blurred.
    let (grey, origin) = around(&photo.grey, &work_corners);
    let rgb = photo.rgb.each_ref().map(|plane| around(plane, &work_corners).0);
    let local_corners = work_corners.map(|(x, y)| (x - origin.0, y - origin.1));
    let s = CANVAS as f64;
    let canvas_to_work = Homography::from_points(&[(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)], &local_corners)
        .ok_or_else(|| ReadError::NoBoard("the outline found has three corners on a line".to_string()))?;
    // Blur away detail finer than a canvas pixel before sampling.
    let ratio = perimeter / (4.0 * s);
    let smooth = grey.blur(0.5 * ratio);
    let canvas = warp(&smooth, &canvas_to_work, CANVAS, CANVAS);
    Ok(Straightened { grey, rgb, canvas, canvas_to_work, ratio })
}

/// The part of `plane` round a quadrilateral, with a margin of 0.3 of its
/// size each way, and where that part's corner lies in `plane`.
fn around(plane: &Plane, corners: &[Point; 4]) -> (Plane, Point) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for &(x, y) in corners {
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    let margin = 0.3 * (x1 - x0).max(y1 - y0);
    let clamp = |v: f64, len: usize| v.floor().clamp(0.0, len as f64) as usize;
    let (left, top) = (clamp(x0 - margin, plane.width), clamp(y0 - margin, plane.height));
    let (right, bottom) = (clamp(x1 + margin + 1.0, plane.width), clamp(y1 + margin + 1.0, plane.height));
    if left == 0 && top == 0 && right == plane.width && bottom == plane.height || right <= left || bottom <= top {
        return (plane.clone(), (0.0, 0.0));
    }
    let mut out = Plane::new(right - left, bottom - top, 0.0);
    for y in top..bottom {
        let row = &plane.data[y * plane.width + left..y * plane.width + right];
        out.data[(y - top) * out.width..(y - top + 1) * out.width].copy_from_slice(row);
    }
    (out, (left as f64, top as f64))
}

/// A bilinear warp: each output pixel's centre mapped into `from`.
pub(super) fn warp(from: &Plane, map: &Homography, width: usize, height: usize) -> Plane {
    let mut out = Plane::new(width, height, 0.0);
    for y in 0..height {
        for x in 0..width {
            let (u, v) = map.apply((x as f64 + 0.5, y as f64 + 0.5));
            out.set(x, y, from.sample(u - 0.5, v - 0.5));
        }
    }
    out
}
