//! From a photo to a tiling: the board's outline, its grid, the evidence of
//! each cell (open or covered) and each cell side (a gap or none), the
//! pieces those gaps cut out matched to the piece set by shape, and the
//! date the open cells show.

use aquarchive_kinds::calendar::{self, Cell, Date, Method, Tiling, Variant, verify};
use thiserror::Error;

use crate::geometry::{Homography, Point, convex_hull, intersect};
use crate::raster::{Photo, Plane, median};

/// The longest side the reader works at: finer detail is not needed.
const WORK_SIDE: usize = 1200;
/// The longest side of the picture in which the board's outline is found.
const MASK_SIDE: usize = 400;
/// The side of the square the board's outline is straightened into.
const CANVAS: usize = 512;
/// How much a cell's darkest tenth below its median counts towards it
/// looking open, against its darkness beside the board's (a label dark
/// over a fifth of the cell scores about the same either way).
const LABEL_WEIGHT: f32 = 3.0;
/// How much the photo's edges must differ from its centre, by colour and
/// by tint (of 255), for a board to stand out.
const MIN_CONTRAST: [f32; 2] = [30.0, 15.0];
/// How far the board's weakest colour channel must fall below the other
/// two at its centre (of 255) for its tint to tell it from the table.
const MIN_TINT: f32 = 8.0;
/// Pixels per cell where the cells are measured.
const CELL_PX: usize = 32;
/// Samples a side where a cell's light marks are counted as strokes.
pub(crate) const STROKE_GRID: usize = 22;
/// Light marks running across a cell whose lines one way cross fewer
/// strokes than this on average are a streak in the wood.
const STREAK_STROKES: f32 = 1.2;
/// How much nearer the grid's own width over height one way round must be
/// to the outline's than the other way round is (as the size of a log) for
/// the outline alone to decide which way the grid lies.
const ASPECT_MARGIN: f64 = 0.05;
/// How much nearer the nearest tiling of a date must be than the next (in
/// the spread of the photo's gap depths, on their log scale) to be taken.
const MIN_MARGIN: f64 = 2.0;
/// How far apart the nearest tiling's piece borders and interiors must lie
/// (their medians, in their spread) for it to be taken.
const MIN_SEPARATION: f64 = 1.0;
/// The most any side inside a piece of the nearest tiling may look a gap
/// for it to be taken: the log of how much likelier its depth is among the
/// tiling's piece borders than among its interiors (3: twenty times).
const MAX_DOUBT: f64 = 3.0;

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
    #[error("no board found: {0}")]
    NoBoard(String),
    #[error("{seen} on the {board} board, but a date leaves {what} open ({needed} cells)")]
    OpenCells { board: String, seen: String, needed: usize, what: &'static str },
    #[error(
        "the pieces seen on the {board} board do not match its piece set, and no tiling of {date} is near what was seen (`?` a cell of no piece):\n{rows}"
    )]
    Pieces { board: String, date: String, rows: String },
}

/// Reads a photo (JPEG or PNG bytes) of one of `variants`' boards, solved.
pub fn read(bytes: &[u8], variants: &[Variant]) -> Result<Reading, ReadError> {
    let image = image::load_from_memory(bytes).map_err(|e| ReadError::Decode(e.to_string()))?;
    let rgb = image.into_rgb8();
    // Everything is found at a working size: a larger photo's finer detail
    // only costs time.
    let side = rgb.width().max(rgb.height()) as usize;
    let factor = side.div_ceil(WORK_SIDE);
    let photo = Photo::from_image(&rgb, factor);
    drop(rgb);
    let mut reading = read_photo(&photo, variants)?;
    let scale = factor as f64;
    reading.outline = reading.outline.map(|(x, y)| (x * scale, y * scale));
    Ok(reading)
}

/// Reads a photo at its working size; the outline is in its pixels. The
/// board is first told from the table by its colour; when that reading
/// fails and the board is tinted (one channel well below the other two at
/// its centre), by its tint, which light falling across board and table
/// alike changes far less than their colours (a red board's glare-washed
/// corner is still redder than green, a brown table's never is).
fn read_photo(photo: &Photo, variants: &[Variant]) -> Result<Reading, ReadError> {
    let first = outline(photo, Likeness::Colour).and_then(|corners| read_within(photo, variants, corners));
    match first {
        Ok(reading) => Ok(reading),
        Err(err) => match outline(photo, Likeness::Tint) {
            Ok(corners) => read_within(photo, variants, corners).map_err(|second| err.further(second)),
            Err(_) => Err(err),
        },
    }
}

impl ReadError {
    /// How far the reading got before it failed: a board found, then its
    /// date read.
    fn stage(&self) -> u8 {
        match self {
            ReadError::Decode(_) | ReadError::NoBoard(_) => 0,
            ReadError::OpenCells { .. } => 1,
            ReadError::Pieces { .. } => 2,
        }
    }

    /// Of two looks at one photo that both failed, the reason of the one
    /// that got further (the first on a tie): it says most about what the
    /// photo shows.
    pub(crate) fn further(self, other: ReadError) -> ReadError {
        if other.stage() > self.stage() { other } else { self }
    }
}

/// Reads the board inside `work_corners`.
fn read_within(photo: &Photo, variants: &[Variant], work_corners: [Point; 4]) -> Result<Reading, ReadError> {
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
    let local_corners = work_corners.map(|(x, y)| (x - origin.0, y - origin.1));
    let s = CANVAS as f64;
    let canvas_to_work = Homography::from_points(&[(0.0, 0.0), (s, 0.0), (s, s), (0.0, s)], &local_corners)
        .ok_or_else(|| ReadError::NoBoard("the outline found has three corners on a line".to_string()))?;
    // Blur away detail finer than a canvas pixel before sampling.
    let ratio = perimeter / (4.0 * s);
    let smooth = grey.blur(0.5 * ratio);
    let canvas = warp(&smooth, &canvas_to_work, CANVAS, CANVAS);
    let mut best: Option<(f64, Layout)> = None;
    for variant in variants {
        let mut laid = layouts(&canvas, variant, &canvas_to_work, &grey, ratio);
        // A board longer one way than the other lies the way round its
        // outline's own shape says, when that is clear: its grain or its
        // pieces' gaps may look like a grid the other way round.
        let least = laid.iter().map(|l| l.skew).fold(f64::MAX, f64::min);
        if laid.iter().any(|l| l.skew > least + ASPECT_MARGIN) {
            laid.retain(|l| l.skew <= least + ASPECT_MARGIN);
        }
        for layout in laid {
            if best.as_ref().is_none_or(|(score, _)| layout.score > *score) {
                best = Some((layout.score, layout));
            }
        }
    }
    let (_, layout) = best.ok_or_else(|| ReadError::NoBoard("no board to look for".to_string()))?;
    layout.read(work_corners)
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
fn warp(from: &Plane, map: &Homography, width: usize, height: usize) -> Plane {
    let mut out = Plane::new(width, height, 0.0);
    for y in 0..height {
        for x in 0..width {
            let (u, v) = map.apply((x as f64 + 0.5, y as f64 + 0.5));
            out.set(x, y, from.sample(u - 0.5, v - 0.5));
        }
    }
    out
}

/// Otsu's threshold of some values: the split with the largest variance
/// between the two sides.
fn otsu(values: &[f32]) -> f32 {
    let max = values.iter().copied().fold(0.0f32, f32::max).max(1e-6);
    let mut histogram = [0usize; 256];
    for &v in values {
        histogram[((v / max) * 255.0).round().clamp(0.0, 255.0) as usize] += 1;
    }
    let total = values.len() as f64;
    let sum: f64 = histogram.iter().enumerate().map(|(k, &n)| k as f64 * n as f64).sum();
    let (mut below, mut below_sum, mut best, mut split) = (0.0, 0.0, 0.0, 0);
    for (k, &n) in histogram.iter().enumerate() {
        below += n as f64;
        below_sum += k as f64 * n as f64;
        let above = total - below;
        if below == 0.0 || above == 0.0 {
            continue;
        }
        let (m0, m1) = (below_sum / below, (sum - below_sum) / above);
        let between = below * above * (m0 - m1).powi(2);
        if between > best {
            best = between;
            split = k;
        }
    }
    (split as f32 + 0.5) / 255.0 * max
}

/// The median of `value` (of a pixel's index) over the middle fifth of a
/// `w` by `h` picture each way, where the board is.
fn centre_median(w: usize, h: usize, value: impl Fn(usize) -> f32) -> f32 {
    let mut values = Vec::new();
    for y in h * 2 / 5..h * 3 / 5 {
        for x in w * 2 / 5..w * 3 / 5 {
            values.push(value(y * w + x));
        }
    }
    median(&mut values)
}

/// The board's outer corners in the photo (its pixels), clockwise as
/// shown: the board is what is not the table, the table being the colour
/// unlike the board's centre that reaches the photo's edges.
fn outline(photo: &Photo, likeness: Likeness) -> Result<[Point; 4], ReadError> {
    let side = photo.width().max(photo.height());
    let factor = side.div_ceil(MASK_SIDE);
    let rgb = photo.rgb.each_ref().map(|p| p.shrink(factor).blur(1.0));
    let (w, h) = (rgb[0].width, rgb[0].height);
    // The board's colour: the median of the photo's centre.
    let reference: Vec<f32> = (0..3).map(|k| centre_median(w, h, |i| rgb[k].data[i])).collect();
    let distance: Vec<f32> = match likeness {
        Likeness::Colour => {
            (0..w * h).map(|i| (0..3).map(|k| (rgb[k].data[i] - reference[k]).powi(2)).sum::<f32>().sqrt()).collect()
        }
        Likeness::Tint => {
            // The board's weakest channel, and how far it falls below the
            // lesser of the other two there: a pixel is unlike the board as
            // far as it falls short of that.
            let weakest = (0..3).min_by(|&a, &b| reference[a].total_cmp(&reference[b])).unwrap_or(0);
            let (a, b) = ((weakest + 1) % 3, (weakest + 2) % 3);
            let tint = |i: usize| rgb[a].data[i].min(rgb[b].data[i]) - rgb[weakest].data[i];
            let board = centre_median(w, h, tint);
            if board < MIN_TINT {
                return Err(ReadError::NoBoard(format!(
                    "the board's centre has no tint to tell it by ({board:.0} of 255)"
                )));
            }
            (0..w * h).map(|i| (board - tint(i)).max(0.0)).collect()
        }
    };
    // The table must differ from the board: the photo's rim, mostly table,
    // against its centre, mostly board.
    let mut rim: Vec<f32> = (0..w * h)
        .filter(|&i| i % w == 0 || i % w == w - 1 || i / w == 0 || i / w == h - 1)
        .map(|i| distance[i])
        .collect();
    let contrast = median(&mut rim);
    if contrast < MIN_CONTRAST[likeness as usize] {
        return Err(ReadError::NoBoard(format!(
            "nothing stands out from the background: the photo's edges are the colour of its centre (a difference of {contrast:.0} of 255)"
        )));
    }
    let threshold = otsu(&distance);
    let unlike: Vec<bool> = distance.iter().map(|&d| d > threshold).collect();
    // The table: unlike pixels joined to the photo's edges.
    let mut table = vec![false; w * h];
    let mut stack: Vec<usize> = Vec::new();
    for x in 0..w {
        stack.push(x);
        stack.push((h - 1) * w + x);
    }
    for y in 0..h {
        stack.push(y * w);
        stack.push(y * w + w - 1);
    }
    while let Some(i) = stack.pop() {
        if table[i] || !unlike[i] {
            continue;
        }
        table[i] = true;
        let (x, y) = (i % w, i / w);
        if x > 0 {
            stack.push(i - 1);
        }
        if x + 1 < w {
            stack.push(i + 1);
        }
        if y > 0 {
            stack.push(i - w);
        }
        if y + 1 < h {
            stack.push(i + w);
        }
    }
    // The largest piece of what is left is the board.
    let mut label = vec![0u32; w * h];
    let (mut best_label, mut best_size, mut next) = (0, 0, 1);
    for start in 0..w * h {
        if table[start] || label[start] != 0 {
            continue;
        }
        let mut size = 0;
        stack.push(start);
        label[start] = next;
        while let Some(i) = stack.pop() {
            size += 1;
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| {
                if !table[j] && label[j] == 0 {
                    label[j] = next;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        if size > best_size {
            (best_label, best_size) = (next, size);
        }
        next += 1;
    }
    if best_size * 20 < w * h {
        return Err(ReadError::NoBoard(format!(
            "nothing stands out from the background: the largest shape covers {:.1}% of the photo",
            100.0 * best_size as f64 / (w * h) as f64
        )));
    }
    let inside = |x: i64, y: i64| {
        x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && label[y as usize * w + x as usize] == best_label
    };
    let mut edge: Vec<(i64, i64)> = Vec::new();
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            if inside(x, y) && !(inside(x - 1, y) && inside(x + 1, y) && inside(x, y - 1) && inside(x, y + 1)) {
                edge.push((x, y));
            }
        }
    }
    let hull = convex_hull(edge.clone());
    if hull.len() < 4 {
        return Err(ReadError::NoBoard("the board-like shape has no four corners".to_string()));
    }
    let corners = quadrilateral(&hull);
    let area = shoelace(&corners).abs();
    if area < 0.6 * best_size as f64 {
        return Err(ReadError::NoBoard(format!(
            "the largest shape is not four-sided: its four corners cover {:.0}% of it",
            100.0 * area / best_size as f64
        )));
    }
    let corners = refine(&corners, &edge, (w, h));
    // Back to the photo's pixels (centres of the shrunk pixels).
    let scale = factor as f64;
    Ok(corners.map(|(x, y)| ((x + 0.5) * scale, (y + 0.5) * scale)))
}

fn shoelace(points: &[Point]) -> f64 {
    (0..points.len())
        .map(|k| {
            let (a, b) = (points[k], points[(k + 1) % points.len()]);
            a.0 * b.1 - b.0 * a.1
        })
        .sum::<f64>()
        / 2.0
}

/// The four hull points that span the most: the farthest pair, then the
/// farthest point on each side of the line through them; clockwise.
fn quadrilateral(hull: &[(i64, i64)]) -> [Point; 4] {
    let points: Vec<Point> = hull.iter().map(|&(x, y)| (x as f64, y as f64)).collect();
    let n = points.len();
    let (mut a, mut b, mut far) = (0, 0, -1.0);
    for i in 0..n {
        for j in i + 1..n {
            let d = (points[i].0 - points[j].0).powi(2) + (points[i].1 - points[j].1).powi(2);
            if d > far {
                (a, b, far) = (i, j, d);
            }
        }
    }
    let side = |k: usize| {
        let (p, q, r) = (points[a], points[b], points[k]);
        (q.0 - p.0) * (r.1 - p.1) - (q.1 - p.1) * (r.0 - p.0)
    };
    let c = (0..n).max_by(|&i, &j| side(i).total_cmp(&side(j))).unwrap_or(0);
    let d = (0..n).min_by(|&i, &j| side(i).total_cmp(&side(j))).unwrap_or(0);
    let mut indices = [a, b, c, d];
    indices.sort_unstable();
    let mut quad = indices.map(|k| points[k]);
    if shoelace(&quad) < 0.0 {
        quad.reverse();
    }
    quad
}

/// Each side refitted as the longest straight run of the outline near it,
/// and the corners put where those lines meet. The straight runs are the
/// board's edges whatever breaks them: a notch cut in the frame, rounded
/// corners, a hand or a key across one side only bend the outline there.
/// Points on the photo's own border are no edge of the board.
fn refine(corners: &[Point; 4], edge: &[(i64, i64)], (w, h): (usize, usize)) -> [Point; 4] {
    let points: Vec<Point> = edge
        .iter()
        .filter(|&&(x, y)| x > 0 && y > 0 && x < w as i64 - 1 && y < h as i64 - 1)
        .map(|&(x, y)| (x as f64, y as f64))
        .collect();
    let shortest = (0..4)
        .map(|k| {
            let (p, q) = (corners[k], corners[(k + 1) % 4]);
            (q.0 - p.0).hypot(q.1 - p.1)
        })
        .fold(f64::MAX, f64::min);
    if shortest < 8.0 {
        return *corners;
    }
    let mut lines: Vec<(Point, Point)> = Vec::new();
    for k in 0..4 {
        let (p, q) = (corners[k], corners[(k + 1) % 4]);
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        let length = dx.hypot(dy);
        // The outline's points along this side, a wide band either way.
        let mut near: Vec<(f64, Point)> = points
            .iter()
            .filter_map(|&(x, y)| {
                let t = ((x - p.0) * dx + (y - p.1) * dy) / (length * length);
                let off = ((x - p.0) * dy - (y - p.1) * dx).abs() / length;
                ((-0.05..1.05).contains(&t) && off < 0.15 * length).then_some((t, (x, y)))
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        let near: Vec<Point> = near.into_iter().map(|(_, p)| p).collect();
        match straightest(&near, (dx / length, dy / length)) {
            Some(line) => lines.push(line),
            None => lines.push((p, q)),
        }
    }
    let mut out = *corners;
    for k in 0..4 {
        if let Some(p) = intersect(lines[(k + 3) % 4], lines[k]) {
            let moved = (p.0 - corners[k].0).hypot(p.1 - corners[k].1);
            if moved < 0.25 * shortest {
                out[k] = p;
            }
        }
    }
    out
}

/// The line through the most of `points` (in order along a side running
/// `towards`), within a pixel and a half, turned at most 25 degrees from
/// it; fitted by least squares to those points.
fn straightest(points: &[Point], towards: Point) -> Option<(Point, Point)> {
    let n = points.len();
    if n < 8 {
        return None;
    }
    const NEAR: f64 = 1.5;
    let inliers = |a: Point, b: Point| -> Vec<Point> {
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        let length = dx.hypot(dy);
        points.iter().copied().filter(|&(x, y)| ((x - a.0) * dy - (y - a.1) * dx).abs() / length <= NEAR).collect()
    };
    let (mut best, mut best_count) = (None, 0);
    // Pairs of points a good way apart along the side, spread evenly.
    let step_a = (n / 50).max(1);
    let step_b = (n / 25).max(1);
    for i in (0..n).step_by(step_a) {
        for j in (i + n / 8..n).step_by(step_b) {
            let (a, b) = (points[i], points[j]);
            let (dx, dy) = (b.0 - a.0, b.1 - a.1);
            let length = dx.hypot(dy);
            if length < 4.0 || (dx * towards.0 + dy * towards.1) / length < 0.9 {
                continue;
            }
            let count = inliers(a, b).len();
            if count > best_count {
                (best, best_count) = (Some((a, b)), count);
            }
        }
    }
    let (a, b) = best?;
    // Least squares on the points near the best line, twice.
    let mut line = (a, b);
    for _ in 0..2 {
        let near = inliers(line.0, line.1);
        if near.len() < 5 {
            break;
        }
        line = fit_line(&near);
    }
    Some(line)
}

/// The total least squares line through some points.
fn fit_line(points: &[Point]) -> (Point, Point) {
    let n = points.len() as f64;
    let (mx, my) = (points.iter().map(|p| p.0).sum::<f64>() / n, points.iter().map(|p| p.1).sum::<f64>() / n);
    let (mut sxx, mut sxy, mut syy) = (0.0, 0.0, 0.0);
    for &(x, y) in points {
        sxx += (x - mx) * (x - mx);
        sxy += (x - mx) * (y - my);
        syy += (y - my) * (y - my);
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    ((mx, my), (mx + angle.cos(), my + angle.sin()))
}

/// What tells the board from the table in [`outline`].
#[derive(Clone, Copy)]
enum Likeness {
    /// The board's colour at the photo's centre.
    Colour,
    /// The board's tint: its weakest channel below the other two.
    Tint,
}

/// A board laid on the photo: its grid, its turn, and the evidence of its
/// cells and cell sides.
struct Layout {
    variant: Variant,
    /// How well the frame's edges are where this layout puts them.
    score: f64,
    /// How far the grid's width over its height is from the outline's in
    /// the photo (the size of the log of their ratio).
    skew: f64,
    evidence: Evidence,
}

/// What the photo shows at each cell and cell side, in board terms.
pub(crate) struct Evidence {
    /// Per cell, row-major: how open it looks (its label darker than
    /// the wood, as engraved or printed dark).
    pub(crate) open: Vec<f64>,
    /// The same for labels lighter than the wood (printed white).
    pub(crate) open_light: Vec<f64>,
    /// The gap across the side between cell (r, c) and (r, c + 1).
    pub(crate) across: Vec<f64>,
    /// The gap across the side between cell (r, c) and (r + 1, c).
    pub(crate) down: Vec<f64>,
    /// The gap depth of a side where the frame meets a board cell: what a
    /// gap looks like here.
    pub(crate) edge: f64,
}

impl Evidence {
    /// The depth from which a side is seen as a gap when the pieces are cut.
    fn seen_gap(&self) -> f64 {
        0.45 * self.edge
    }
}

/// A grid fitted along one axis of the canvas: first line and spacing.
fn fit_axis(profile: &[f32], n: usize) -> (f64, f64) {
    let len = profile.len() as f64;
    let at = |x: f64| {
        if x < 0.0 || x > len - 1.0 {
            return 0.0;
        }
        let k = x.floor() as usize;
        let f = (x - k as f64) as f32;
        let next = profile[(k + 1).min(profile.len() - 1)];
        f64::from(profile[k] * (1.0 - f) + next * f)
    };
    let (mut best, mut best_score) = ((0.0, len / n as f64), f64::MIN);
    let mut pitch = len / (n as f64 + 4.0);
    while pitch <= len / (n as f64 + 0.05) {
        let mut start = len * 0.01;
        while start + pitch * n as f64 <= len * 0.99 {
            let score: f64 = (0..=n).map(|k| at(start + k as f64 * pitch)).sum();
            if score > best_score {
                (best, best_score) = ((start, pitch), score);
            }
            start += 0.5;
        }
        pitch += 0.25;
    }
    best
}

/// How much darker a pixel is than its neighbours `d` away on either side,
/// across (`horizontal`) or down.
fn valley(plane: &Plane, x: usize, y: usize, d: usize, horizontal: bool) -> f32 {
    let (w, h) = (plane.width, plane.height);
    let here = plane.get(x, y);
    let (a, b) = if horizontal {
        (plane.get(x.saturating_sub(d), y), plane.get((x + d).min(w - 1), y))
    } else {
        (plane.get(x, y.saturating_sub(d)), plane.get(x, (y + d).min(h - 1)))
    };
    ((a + b) / 2.0 - here).max(0.0)
}

/// The ways `variant` can lie on the straightened canvas: a grid for each
/// way round, each of the four turns scored by its frame.
fn layouts(canvas: &Plane, variant: &Variant, canvas_to_work: &Homography, grey: &Plane, ratio: f64) -> Vec<Layout> {
    let (bw, bh) = (variant.width(), variant.height());
    let s = CANVAS;
    let d = 4;
    let mut across = vec![0.0f32; s];
    let mut down = vec![0.0f32; s];
    // Away from the canvas's rim, where the outline itself may show.
    let band = s / 50..s - s / 50;
    for y in band.clone() {
        for x in band.clone() {
            across[x] += valley(canvas, x, y, d, true);
            down[y] += valley(canvas, x, y, d, false);
        }
    }
    let mut out = Vec::new();
    let mut shapes = vec![(bw, bh)];
    if bw != bh {
        shapes.push((bh, bw));
    }
    for (nu, nv) in shapes {
        let (x0, pu) = fit_axis(&across, nu);
        let (y0, pv) = fit_axis(&down, nv);
        // Cells of the canvas grid (i, j) to working pixels.
        let grid_to_canvas = Homography([pu, 0.0, x0, 0.0, pv, y0, 0.0, 0.0, 1.0]);
        let grid_to_work = canvas_to_work.after(&grid_to_canvas);
        let px = CELL_PX as f64;
        // The measuring picture: a cell of margin round the grid.
        let to_grid = Homography([1.0 / px, 0.0, -1.0, 0.0, 1.0 / px, -1.0, 0.0, 0.0, 1.0]);
        let cells_ratio = ratio * CANVAS as f64 / (nu as f64 * px) * (pu * nu as f64 / CANVAS as f64);
        let sharp = grey.blur(0.5 * cells_ratio.max(0.0));
        let picture = warp(&sharp, &grid_to_work.after(&to_grid), (nu + 2) * CELL_PX, (nv + 2) * CELL_PX);
        let measured = Measured::new(&picture, nu, nv);
        // The outline's own width over its height along its middle lines,
        // against the grid's: the frame is longer the way the grid is.
        let c = CANVAS as f64;
        let length = |a: Point, b: Point| {
            let (a, b) = (canvas_to_work.apply(a), canvas_to_work.apply(b));
            (a.0 - b.0).hypot(a.1 - b.1)
        };
        let aspect = length((0.0, c / 2.0), (c, c / 2.0)) / length((c / 2.0, 0.0), (c / 2.0, c)).max(1e-9);
        let skew = (aspect * nv as f64 / nu as f64).ln().abs();
        for turn in 0..4 {
            let fits = if turn % 2 == 0 { (nu, nv) == (bw, bh) } else { (nu, nv) == (bh, bw) };
            if fits {
                let mut l = measured.layout(variant, turn);
                l.skew = skew;
                out.push(l);
            }
        }
    }
    out
}

/// The cells and cell sides of a grid measured on its straightened picture.
struct Measured {
    nu: usize,
    nv: usize,
    /// Per canvas cell (i, j), j-major: how open it looks, by a dark
    /// label and by a light one.
    open: Vec<f64>,
    open_light: Vec<f64>,
    /// Vertical sides: at x = i (0..=nu), between rows j..j+1.
    vertical: Vec<f64>,
    /// Horizontal sides: at y = j (0..=nv), between columns i..i+1.
    horizontal: Vec<f64>,
}

impl Measured {
    fn new(picture: &Plane, nu: usize, nv: usize) -> Measured {
        let p = CELL_PX as f64;
        let at = |i: f64, j: f64| picture.sample((i + 1.0) * p - 0.5, (j + 1.0) * p - 0.5);
        // The board's brightness: the median of the grid's cell centres.
        let mut centres = Vec::new();
        for j in 0..nv {
            for i in 0..nu {
                for k in 0..9 {
                    centres.push(at(i as f64 + 0.35 + 0.15 * (k % 3) as f64, j as f64 + 0.35 + 0.15 * (k / 3) as f64));
                }
            }
        }
        let bright = median(&mut centres).max(1.0);
        // A side's gap: the darkest near the line against the level a
        // little way off on both sides, taken along its middle.
        let gap = |along: &dyn Fn(f64, f64) -> f32| -> f64 {
            let mut depths: Vec<f32> = (0..12)
                .map(|k| {
                    let t = 0.2 + 0.6 * k as f64 / 11.0;
                    let centre = (-4..=4).map(|o| along(t, o as f64 * 0.025)).fold(f32::MAX, f32::min);
                    let sides: f32 =
                        [-0.3, -0.24, -0.18, 0.18, 0.24, 0.3].iter().map(|&o| along(t, o)).sum::<f32>() / 6.0;
                    sides - centre
                })
                .collect();
            f64::from(median(&mut depths) / bright)
        };
        let mut vertical = Vec::new();
        for i in 0..=nu {
            for j in 0..nv {
                vertical.push(gap(&|t, o| at(i as f64 + o, j as f64 + t)));
            }
        }
        let mut horizontal = Vec::new();
        for j in 0..=nv {
            for i in 0..nu {
                horizontal.push(gap(&|t, o| at(i as f64 + t, j as f64 + o)));
            }
        }
        let mut open = Vec::new();
        // Per cell: its median and its brightest tenth.
        let mut lifts = Vec::new();
        for j in 0..nv {
            for i in 0..nu {
                let mut values = Vec::new();
                for y in 0..10 {
                    for x in 0..10 {
                        values.push(at(i as f64 + 0.2 + 0.6 * x as f64 / 9.0, j as f64 + 0.2 + 0.6 * y as f64 / 9.0));
                    }
                }
                let mean = values.iter().sum::<f32>() / values.len() as f32;
                let dark = values.iter().filter(|&&v| v < 0.7 * bright).count() as f32 / values.len() as f32;
                let against_board = dark + (bright - mean) / bright;
                // The same against the cell's own level: a faint engraving
                // still darkens the cell's darkest tenth well below its
                // median, where light falling off across the board or a
                // dark cell base leave it level.
                let middle = median(&mut values).max(1.0);
                let k = values.len() / 10;
                let tenth = *values.select_nth_unstable_by(k, f32::total_cmp).1;
                let against_itself = LABEL_WEIGHT * (middle - tenth) / middle;
                open.push(f64::from(against_board.max(against_itself)));
                // A light label lifts the cell's brightest tenth as far.
                let k = values.len() - 1 - values.len() / 10;
                let top = *values.select_nth_unstable_by(k, f32::total_cmp).1;
                lifts.push((middle, top));
            }
        }
        let mut open_light: Vec<f64> =
            lifts.iter().map(|&(middle, top)| f64::from(LABEL_WEIGHT * (top - middle) / middle)).collect();
        // Only a cell lifted more than the board's typical one can be seen
        // open by a light label, so only there are its strokes counted (a
        // cell at most typical is left as it is, which does not move the
        // typical level the open cells are judged against).
        let typical = {
            let mut all: Vec<f32> = open_light.iter().map(|&v| v as f32).collect();
            f64::from(median(&mut all))
        };
        for (n, &(middle, top)) in lifts.iter().enumerate() {
            if open_light[n] <= typical {
                continue;
            }
            let (i, j) = ((n % nu) as f64, (n / nu) as f64);
            // Finer, to count the strokes of what is light.
            let fine: Vec<f32> = (0..STROKE_GRID * STROKE_GRID)
                .map(|k| {
                    let (x, y) = ((k % STROKE_GRID) as f64, (k / STROKE_GRID) as f64);
                    let span = (STROKE_GRID - 1) as f64;
                    at(i + 0.15 + 0.7 * x / span, j + 0.15 + 0.7 * y / span)
                })
                .collect();
            if is_streak(&fine, middle + 0.5 * (top - middle)) {
                open_light[n] = 0.0;
            }
        }
        Measured { nu, nv, open, open_light, vertical, horizontal }
    }

    /// The board turned `turn` quarter turns, in board terms, with the
    /// score of its frame.
    fn layout(&self, variant: &Variant, turn: usize) -> Layout {
        let (bw, bh) = (variant.width(), variant.height());
        // Board cell (r, c) to canvas cell (i, j).
        let place = |r: usize, c: usize| -> (usize, usize) {
            match turn {
                0 => (c, r),
                1 => (bh - 1 - r, c),
                2 => (bw - 1 - c, bh - 1 - r),
                _ => (r, bw - 1 - c),
            }
        };
        let (nu, nv) = (self.nu, self.nv);
        // The side between two canvas cells next to each other.
        let side = |a: (usize, usize), b: (usize, usize)| -> f64 {
            if a.1 == b.1 {
                let i = a.0.max(b.0);
                self.vertical[i * nv + a.1]
            } else {
                let j = a.1.max(b.1);
                self.horizontal[j * nu + a.0]
            }
        };
        let on = |r: i64, c: i64| {
            r >= 0 && c >= 0 && r < bh as i64 && c < bw as i64 && variant.cell(r as usize, c as usize) != Cell::Blocked
        };
        let mut open = vec![0.0; bw * bh];
        let mut open_light = vec![0.0; bw * bh];
        let mut across = vec![0.0; bw * bh];
        let mut down = vec![0.0; bw * bh];
        for r in 0..bh {
            for c in 0..bw {
                let (i, j) = place(r, c);
                open[r * bw + c] = self.open[j * nu + i];
                open_light[r * bw + c] = self.open_light[j * nu + i];
                if c + 1 < bw {
                    across[r * bw + c] = side(place(r, c), place(r, c + 1));
                }
                if r + 1 < bh {
                    down[r * bw + c] = side(place(r, c), place(r + 1, c));
                }
            }
        }
        // The frame's sides in board terms, outer ones included: a side with
        // a board cell on one side only is a wall; between two off-board
        // cells, nothing.
        let (mut walls, mut plain) = (Vec::new(), Vec::new());
        for r in -1..=bh as i64 {
            for c in -1..=bw as i64 {
                for (dr, dc) in [(0i64, 1i64), (1, 0)] {
                    let (r2, c2) = (r + dr, c + dc);
                    let inside = |r: i64, c: i64| r >= 0 && c >= 0 && r < bh as i64 && c < bw as i64;
                    if !inside(r, c) && !inside(r2, c2) {
                        continue;
                    }
                    let value = if inside(r, c) && inside(r2, c2) {
                        side(place(r as usize, c as usize), place(r2 as usize, c2 as usize))
                    } else {
                        // A rim side: the canvas side of the inside cell facing out.
                        let (ri, ci) = if inside(r, c) { (r, c) } else { (r2, c2) };
                        let (i, j) = place(ri as usize, ci as usize);
                        let (oi, oj) = {
                            // The outside cell's place, one step off the grid.
                            let (ro, co) = if inside(r, c) { (r2, c2) } else { (r, c) };
                            let (ro, co) = (ro - ri, co - ci);
                            // Turn the step as the board is turned.
                            let (di, dj) = match turn {
                                0 => (co, ro),
                                1 => (-ro, co),
                                2 => (-co, -ro),
                                _ => (ro, -co),
                            };
                            (i as i64 + di, j as i64 + dj)
                        };
                        if oj == j as i64 {
                            let x = (i as i64).max(oi) as usize;
                            self.vertical[x * nv + j]
                        } else {
                            let y = (j as i64).max(oj) as usize;
                            self.horizontal[y * nu + i]
                        }
                    };
                    match (on(r, c), on(r2, c2)) {
                        (true, true) => {}
                        (false, false) => plain.push(value),
                        _ => walls.push(value),
                    }
                }
            }
        }
        let mean = |v: &[f64]| if v.is_empty() { 0.0 } else { v.iter().sum::<f64>() / v.len() as f64 };
        let edge = {
            let mut w: Vec<f32> = walls.iter().map(|&v| v as f32).collect();
            f64::from(median(&mut w))
        };
        Layout {
            variant: variant.clone(),
            score: mean(&walls) - mean(&plain),
            skew: 0.0,
            evidence: Evidence { open, open_light, across, down, edge },
        }
    }
}

/// Whether what is above `threshold` in a square of samples is one streak
/// running across it (a light grain line in the wood), not a label: the
/// lines one way or the other cross a single stroke each (as they do a
/// "1", but most letters and digits cross a line two or three times both
/// ways), and it reaches two opposite sides (a label is printed well inside
/// its cell, so even a lone "1" ends short of them).
pub(crate) fn is_streak(square: &[f32], threshold: f32) -> bool {
    let n = STROKE_GRID;
    let lit = |a: usize, b: usize, way: usize| if way == 0 { square[a * n + b] } else { square[b * n + a] } > threshold;
    let mut mean = [0.0f32; 2];
    let mut spans = [false; 2];
    for way in 0..2 {
        let (mut runs, mut lines) = (0usize, 0usize);
        let (mut first, mut last) = (false, false);
        for a in 0..n {
            let mut count = 0;
            let mut inside = false;
            for b in 0..n {
                let on = lit(a, b, way);
                if on && !inside {
                    count += 1;
                }
                inside = on;
            }
            if count > 0 {
                runs += count;
                lines += 1;
                first |= a == 0;
                last |= a == n - 1;
            }
        }
        mean[way] = if lines == 0 { 0.0 } else { runs as f32 / lines as f32 };
        spans[way] = first && last;
    }
    mean[0].min(mean[1]) < STREAK_STROKES && (spans[0] || spans[1])
}

/// A union-find over cells.
fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

impl Layout {
    fn read(self, outline: [Point; 4]) -> Result<Reading, ReadError> {
        let variant = &self.variant;
        let (w, h) = (variant.width(), variant.height());
        let ev = &self.evidence;
        // Labels darker than the wood, as most boards have; else lighter.
        let date = self.date(&ev.open).or_else(|err| self.date(&ev.open_light).map_err(|_| err))?;
        let open = variant.open_cells(&date);
        let covered = |i: usize| !open[i] && variant.cell(i / w, i % w) != Cell::Blocked;
        let threshold = ev.seen_gap();
        // Pieces: covered cells joined where no gap parts them.
        let mut parent: Vec<usize> = (0..w * h).collect();
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                if !covered(i) {
                    continue;
                }
                if c + 1 < w && covered(i + 1) && ev.across[i] < threshold {
                    let (a, b) = (find(&mut parent, i), find(&mut parent, i + 1));
                    parent[a] = b;
                }
                if r + 1 < h && covered(i + w) && ev.down[i] < threshold {
                    let (a, b) = (find(&mut parent, i), find(&mut parent, i + w));
                    parent[a] = b;
                }
            }
        }
        let mut groups: Vec<(usize, Vec<(usize, usize)>)> = Vec::new();
        for i in (0..w * h).filter(|&i| covered(i)) {
            let root = find(&mut parent, i);
            match groups.iter_mut().find(|g| g.0 == root) {
                Some(g) => g.1.push((i / w, i % w)),
                None => groups.push((root, vec![(i / w, i % w)])),
            }
        }
        let mut cells: Vec<Option<usize>> = vec![None; w * h];
        let mut used = vec![false; variant.pieces().len()];
        let mut all_matched = true;
        for (_, group) in &groups {
            let r0 = group.iter().map(|p| p.0).min().unwrap_or(0);
            let c0 = group.iter().map(|p| p.1).min().unwrap_or(0);
            let mut shape: Vec<(usize, usize)> = group.iter().map(|&(r, c)| (r - r0, c - c0)).collect();
            shape.sort_unstable();
            let piece = (0..variant.pieces().len()).find(|&k| !used[k] && variant.shapes(k).contains(&shape));
            match piece {
                Some(k) => {
                    used[k] = true;
                    for &(r, c) in group {
                        cells[r * w + c] = Some(k);
                    }
                }
                None => all_matched = false,
            }
        }
        let rows: Vec<String> = (0..h)
            .map(|r| {
                (0..w)
                    .map(|c| {
                        let i = r * w + c;
                        match (cells[i], variant.cell(r, c)) {
                            (_, Cell::Blocked) => '-',
                            (Some(k), _) => variant.pieces()[k].letter,
                            (None, _) if covered(i) => '?',
                            (None, _) => '.',
                        }
                    })
                    .collect()
            })
            .collect();
        if all_matched
            && let Ok(tiling) = Tiling::parse_rows(variant, &rows.join("\n"))
            && verify(variant, &date, &tiling).is_ok()
        {
            return Ok(Reading { variant: variant.clone(), date, tiling, corrected: None, outline });
        }
        // The nearest of the date's tilings to the gaps seen.
        let pieces_error =
            || ReadError::Pieces { board: variant.name().to_string(), date: date.to_string(), rows: rows.join("\n") };
        let report = calendar::solve(variant, &date, 1_000_000, Method::Bitboard).map_err(|_| pieces_error())?;
        match nearest(variant, ev, &covered, &report.solutions) {
            Some((tiling, changed)) => Ok(Reading {
                variant: variant.clone(),
                date,
                tiling: tiling.clone(),
                corrected: Some(changed),
                outline,
            }),
            None => Err(pieces_error()),
        }
    }

    /// The date the open cells show (`open`: how open each cell looks):
    /// the most open-looking month, day (and weekday), which must stand out
    /// from every other cell.
    fn date(&self, open: &[f64]) -> Result<Date, ReadError> {
        let variant = &self.variant;
        let (w, h) = (variant.width(), variant.height());
        let ev = &self.evidence;
        let board: Vec<usize> = (0..w * h).filter(|&i| variant.cell(i / w, i % w) != Cell::Blocked).collect();
        // A cell joined without a gap to two of its neighbours is part of a
        // piece, whatever marks it shows (a thumb, a knot in the wood): an
        // open cell has a wall on every side but the one it may share with
        // another open cell.
        let on_board = |r: usize, c: usize| variant.cell(r, c) != Cell::Blocked;
        let sealed: Vec<bool> = (0..w * h)
            .map(|i| {
                let (r, c) = (i / w, i % w);
                let mut sides: Vec<f64> = [
                    (c + 1 < w && on_board(r, c + 1)).then(|| ev.across[i]),
                    (c > 0 && on_board(r, c - 1)).then(|| ev.across[i - 1]),
                    (r + 1 < h && on_board(r + 1, c)).then(|| ev.down[i]),
                    (r > 0 && on_board(r - 1, c)).then(|| ev.down[i - w]),
                ]
                .into_iter()
                .flatten()
                .collect();
                sides.sort_by(f64::total_cmp);
                sides.len() >= 2 && sides[1] < 0.25 * ev.edge
            })
            .collect();
        let candidates: Vec<usize> = board.iter().copied().filter(|&i| !sealed[i]).collect();
        let best = |pick: &dyn Fn(Cell) -> Option<u8>| -> Option<(usize, u8)> {
            candidates
                .iter()
                .filter_map(|&i| pick(variant.cell(i / w, i % w)).map(|v| (i, v)))
                .max_by(|a, b| open[a.0].total_cmp(&open[b.0]))
        };
        let month = best(&|c| if let Cell::Month(m) = c { Some(m) } else { None });
        let day = best(&|c| if let Cell::Day(d) = c { Some(d) } else { None });
        let weekday = if variant.has_weekdays() {
            best(&|c| if let Cell::Weekday(d) = c { Some(d) } else { None })
        } else {
            None
        };
        let chosen: Vec<usize> = [month, day, weekday].iter().flatten().map(|p| p.0).collect();
        let needed = if variant.has_weekdays() { 3 } else { 2 };
        let mut rest: Vec<f32> = board.iter().filter(|i| !chosen.contains(i)).map(|&i| open[i] as f32).collect();
        let base = f64::from(median(&mut rest));
        let weakest = chosen.iter().map(|&i| open[i]).fold(f64::MAX, f64::min);
        let strongest_rest =
            candidates.iter().filter(|i| !chosen.contains(i)).map(|&i| open[i]).fold(f64::MIN, f64::max);
        // Open cells: well above the covered ones, and no other cell close.
        let cut = base + 0.5 * (weakest - base);
        let seen: Vec<usize> = candidates.iter().copied().filter(|&i| open[i] > cut.max(base + 0.15)).collect();
        let what = if variant.has_weekdays() { "a month, a day and a weekday" } else { "a month and a day" };
        if chosen.len() != needed || weakest < base + 0.15 || strongest_rest > cut || seen.len() != needed {
            let names: Vec<String> = seen.iter().map(|&i| cell_name(variant.cell(i / w, i % w))).collect();
            let seen = match names.len() {
                0 => "no open cell seen".to_string(),
                1 => format!("1 open cell seen ({})", names[0]),
                n => format!("{n} open cells seen ({})", names.join(", ")),
            };
            return Err(ReadError::OpenCells { board: variant.name().to_string(), seen, needed, what });
        }
        let (Some(month), Some(day)) = (month, day) else {
            return Err(ReadError::OpenCells {
                board: variant.name().to_string(),
                seen: "no month or day cell".to_string(),
                needed,
                what,
            });
        };
        Ok(Date { month: month.1, day: day.1, weekday: weekday.map(|w| w.1) })
    }
}

/// The tiling among `tilings` (all of one date's) whose piece borders are
/// the sides that look most like gaps, and how many sides it differs by
/// from what was seen; none when no tiling stands out.
///
/// A side's gap depth is judged against this photo's other sides, not a
/// fixed scale: a board's grain, its light or the camera raise or lower
/// every side's depth together. The sides between covered cells are the
/// same whichever tiling covers them, and so is the number of them that are
/// piece borders (the pieces' perimeters are fixed, and so are the sides
/// they share with the frame and the open cells); so a tiling is as near
/// as its borders are deep, on a log scale (a faint gap against no gap
/// counts as much as a deep one against a faint one). The nearest is taken
/// when it is clearly nearer than the next, its borders part from its
/// interiors, and no side inside a piece looks a gap beyond what the
/// photo's own spread of depths makes doubtful: were the photo's tiling not
/// among them (its date misread), the nearest would put a piece across a
/// gap plainly seen.
pub(crate) fn nearest<'a>(
    variant: &Variant,
    ev: &Evidence,
    covered: &dyn Fn(usize) -> bool,
    tilings: &'a [Tiling],
) -> Option<(&'a Tiling, usize)> {
    let (w, h) = (variant.width(), variant.height());
    let mut sides: Vec<(usize, usize, f64)> = Vec::new();
    for r in 0..h {
        for c in 0..w {
            let i = r * w + c;
            if !covered(i) {
                continue;
            }
            if c + 1 < w && covered(i + 1) {
                sides.push((i, i + 1, ev.across[i]));
            }
            if r + 1 < h && covered(i + w) {
                sides.push((i, i + w, ev.down[i]));
            }
        }
    }
    let n = sides.len();
    if n < 2 {
        return None;
    }
    // The log of each depth, lifted by a quarter of the median so that the
    // faintest sides' noise does not count for much.
    let mut depths: Vec<f32> = sides.iter().map(|s| s.2.max(0.0) as f32).collect();
    let lift = (0.25 * f64::from(median(&mut depths))).max(1e-3);
    let value: Vec<f64> = sides.iter().map(|s| (s.2.max(0.0) + lift).ln()).collect();
    let mean = value.iter().sum::<f64>() / n as f64;
    let spread = (value.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / n as f64).sqrt();
    if spread <= 0.0 {
        return None;
    }
    let borders = |t: &Tiling| -> Vec<bool> {
        sides.iter().map(|&(i, j, _)| t.piece_at(variant, i / w, i % w) != t.piece_at(variant, j / w, j % w)).collect()
    };
    let mut ranked: Vec<(f64, &Tiling)> = tilings
        .iter()
        .map(|t| {
            let border = borders(t);
            ((0..n).filter(|&s| border[s]).map(|s| value[s]).sum::<f64>(), t)
        })
        .collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    let &(score, tiling) = ranked.first()?;
    if ranked.get(1).is_some_and(|next| score - next.0 < MIN_MARGIN * spread) {
        return None;
    }
    // Its borders and its interiors as two classes, each by its median and
    // spread (robust to the sides it has wrong).
    let border = borders(tiling);
    let class = |want: bool| -> (f64, f64) {
        let mut v: Vec<f32> = (0..n).filter(|&s| border[s] == want).map(|s| value[s] as f32).collect();
        if v.is_empty() {
            return (0.0, spread);
        }
        let middle = f64::from(median(&mut v));
        let mut off: Vec<f32> = v.iter().map(|&x| (f64::from(x) - middle).abs() as f32).collect();
        (middle, (1.4826 * f64::from(median(&mut off))).max(0.05 * spread))
    };
    let ((gap, gap_spread), (plain, plain_spread)) = (class(true), class(false));
    let separation = (gap - plain) / ((gap_spread.powi(2) + plain_spread.powi(2)) / 2.0).sqrt();
    // How much likelier each interior side's depth is among the borders
    // (a log of the ratio). Only a gap seen inside a piece tells against a
    // tiling: a border not seen is two pieces pushed tight together, which
    // photos often show.
    let log_density = |x: f64, (m, s): (f64, f64)| -0.5 * ((x - m) / s).powi(2) - s.ln();
    let doubt = (0..n)
        .filter(|&s| !border[s])
        .map(|s| log_density(value[s], (gap, gap_spread)) - log_density(value[s], (plain, plain_spread)))
        .fold(f64::MIN, f64::max);
    if separation < MIN_SEPARATION || doubt > MAX_DOUBT {
        return None;
    }
    // What was seen: the pieces cut where a side looked a gap.
    let threshold = ev.seen_gap();
    let changed = (0..n).filter(|&s| border[s] != (sides[s].2 >= threshold)).count();
    Some((tiling, changed))
}

fn cell_name(cell: Cell) -> String {
    match cell {
        Cell::Month(m) => calendar::MONTHS[m as usize - 1].to_string(),
        Cell::Day(d) => d.to_string(),
        Cell::Weekday(w) => calendar::WEEKDAYS[w as usize].to_string(),
        Cell::Blocked | Cell::Plain => "a plain cell".to_string(),
    }
}

/// A photo made small, to show beside a reading.
pub struct Thumbnail {
    /// A JPEG.
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// The photo's pixels per thumbnail pixel.
    pub scale: f64,
}

/// The photo at most `side` pixels a side (never larger than it is).
pub fn thumbnail(bytes: &[u8], side: u32) -> Result<Thumbnail, ReadError> {
    let image = image::load_from_memory(bytes).map_err(|e| ReadError::Decode(e.to_string()))?;
    let small = if image.width().max(image.height()) > side { image.thumbnail(side, side) } else { image.clone() };
    let small = small.to_rgb8();
    let mut jpeg = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, 80)
        .encode_image(&small)
        .map_err(|e| ReadError::Decode(e.to_string()))?;
    let scale = f64::from(image.width()) / f64::from(small.width().max(1));
    Ok(Thumbnail { jpeg, width: small.width(), height: small.height(), scale })
}
