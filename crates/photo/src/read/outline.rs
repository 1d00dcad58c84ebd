//! The first stage: the board's outline, its four outer corners in the
//! photo. The board is what stands out from the table round it, by its
//! colour or by its tint.

use crate::geometry::{Point, convex_hull, intersect};
use crate::raster::{Photo, Plane, median};

use super::reading::ReadError;

/// The longest side of the picture in which the board's outline is found.
const MASK_SIDE: usize = 400;
/// How much the photo's edges must differ from its centre, by colour and
/// by tint (of 255), for a board to stand out.
const MIN_CONTRAST: [f32; 2] = [30.0, 15.0];
/// The step between neighbouring pixels (of 255, the largest of the
/// channels') the table's flood may take, as a multiple of the photo's
/// median step, and its bounds.
const STEP_FACTOR: f32 = 4.0;
const MIN_STEP: f32 = 4.0;
const MAX_STEP: f32 = 24.0;
/// How near the photo's edge (in the pixels of the picture an outline is
/// found in) an outline's corner is at it.
pub(super) const EDGE_NEAR: f64 = 2.0;
/// The radius, in mask pixels, of the square that opens away thin lines
/// from what the table's flood leaves.
const OPENING: usize = 2;
/// How far the board's weakest colour channel must fall below the other
/// two at its centre (of 255) for its tint to tell it from the table.
const MIN_TINT: f32 = 8.0;

/// What tells the board from the table in [`outline`].
#[derive(Clone, Copy)]
pub(super) enum Likeness {
    /// The board's colour at the photo's centre.
    Colour,
    /// The board's tint: its weakest channel below the other two.
    Tint,
    /// Parted from the table by its edge: the table is what the photo's
    /// rim reaches in small steps. For a board off the photo's centre, on a
    /// table whose colour drifts with the light, or one whose frame and
    /// pieces differ, so that no one colour is the board's.
    Background,
}

/// The board's outer corners in the photo (its pixels), clockwise as
/// shown: the board is what is not the table, the table being the colour
/// unlike the board's centre that reaches the photo's edges.
pub(super) fn outline(photo: &Photo, likeness: Likeness) -> Result<[Point; 4], ReadError> {
    let side = photo.width().max(photo.height());
    let factor = side.div_ceil(MASK_SIDE);
    let rgb = photo.rgb.each_ref().map(|p| p.shrink(factor).blur(1.0));
    let (w, h) = (rgb[0].width, rgb[0].height);
    // The pixels the table may take: for a board told by its own colour or
    // tint, those unlike it; for one parted from the table by its edge, any
    // the flood below reaches.
    let unlike: Vec<bool> = match likeness {
        Likeness::Colour | Likeness::Tint => {
            let distance = unlikeness(&rgb, w, h, matches!(likeness, Likeness::Tint))?;
            // The table must differ from the board: the photo's rim, mostly
            // table, against its centre, mostly board.
            let mut rim: Vec<f32> = rim_indices(w, h).into_iter().map(|i| distance[i]).collect();
            let contrast = median(&mut rim);
            if contrast < MIN_CONTRAST[likeness as usize] {
                return Err(ReadError::NoBoard(format!(
                    "nothing stands out from the background: the photo's edges are the colour of its centre (a difference of {contrast:.0} of 255)"
                )));
            }
            let threshold = otsu(&distance);
            distance.iter().map(|&d| d > threshold).collect()
        }
        Likeness::Background => vec![true; w * h],
    };
    // The table told from the board by its edge: the flood from the rim
    // steps only between neighbours that differ less than a few times the
    // photo's typical step between neighbours (a cloth's texture, light
    // falling off gradually), so that it stops at the board's outline
    // however the table's colour drifts across the photo.
    let colour_step =
        |i: usize, j: usize| (0..3).map(|k| (rgb[k].data[i] - rgb[k].data[j]).abs()).fold(0.0f32, f32::max);
    let max_step = match likeness {
        Likeness::Colour | Likeness::Tint => f32::MAX,
        Likeness::Background => {
            let mut steps: Vec<f32> = (0..w * h)
                .filter(|&i| i % w + 1 < w && i / w + 1 < h)
                .flat_map(|i| [colour_step(i, i + 1), colour_step(i, i + w)])
                .collect();
            (STEP_FACTOR * median(&mut steps)).clamp(MIN_STEP, MAX_STEP)
        }
    };
    // The table: unlike pixels joined to the photo's edges.
    let rim = (0..w).flat_map(|x| [x, (h - 1) * w + x]).chain((0..h).flat_map(|y| [y * w, y * w + w - 1]));
    let mut table = vec![false; w * h];
    flood(w, h, rim, &mut table, |i| unlike[i], |i, j| colour_step(i, j) < max_step);
    // What the table's flood leaves includes the thin lines where it met
    // a sharp edge (a table's rim, a shadow's): opened away, so that they
    // do not join the board to what lies about it.
    if let Likeness::Background = likeness {
        table = open_away(&table, w, h, OPENING);
    }
    // The largest piece of what is left is the board.
    let mut taken = table.clone();
    let mut board_pixels: Vec<usize> = Vec::new();
    for start in (0..w * h).filter(|&i| !table[i]) {
        let piece = flood(w, h, [start], &mut taken, |_| true, |_, _| true);
        if piece.len() > board_pixels.len() {
            board_pixels = piece;
        }
    }
    let best_size = board_pixels.len();
    let mut board = vec![false; w * h];
    for &i in &board_pixels {
        board[i] = true;
    }
    if best_size * 20 < w * h {
        return Err(ReadError::NoBoard(format!(
            "nothing stands out from the background: the largest shape covers {:.1}% of the photo",
            100.0 * best_size as f64 / (w * h) as f64
        )));
    }
    let inside =
        |x: i64, y: i64| x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h && board[y as usize * w + x as usize];
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
    // A shape cut by the photo's edges at two corners or more is not a
    // board seen whole (nor is one beyond them): it is a table told wrong.
    let at_edge = corners
        .iter()
        .filter(|&&(x, y)| x.min(y) < EDGE_NEAR || x > w as f64 - 1.0 - EDGE_NEAR || y > h as f64 - 1.0 - EDGE_NEAR)
        .count();
    if at_edge >= 2 {
        return Err(ReadError::NoBoard(format!(
            "the largest shape runs to the photo's edges at {at_edge} of its corners: the board must be seen whole, with some table round it"
        )));
    }
    // Back to the photo's pixels (centres of the shrunk pixels).
    let scale = factor as f64;
    Ok(corners.map(|(x, y)| ((x + 0.5) * scale, (y + 0.5) * scale)))
}

/// The pixels of a `w` x `h` picture a flood fill from `starts` reaches,
/// four neighbours a pixel: a pixel is taken when `open` allows it and it
/// is not `taken` already (the fill marks each it takes there), and the
/// fill steps on from a pixel `i` to each neighbour `j` that `joins(i, j)`
/// allows.
fn flood(
    w: usize,
    h: usize,
    starts: impl IntoIterator<Item = usize>,
    taken: &mut [bool],
    open: impl Fn(usize) -> bool,
    joins: impl Fn(usize, usize) -> bool,
) -> Vec<usize> {
    let mut stack: Vec<usize> = starts.into_iter().collect();
    let mut reached = Vec::new();
    while let Some(i) = stack.pop() {
        if taken[i] || !open(i) {
            continue;
        }
        taken[i] = true;
        reached.push(i);
        let (x, y) = (i % w, i / w);
        let neighbours =
            [(x > 0, i.wrapping_sub(1)), (x + 1 < w, i + 1), (y > 0, i.wrapping_sub(w)), (y + 1 < h, i + w)];
        for (on_picture, j) in neighbours {
            if on_picture && !taken[j] && joins(i, j) {
                stack.push(j);
            }
        }
    }
    reached
}

/// How unlike the board each pixel is, by the board's colour (or its tint)
/// at the photo's centre.
fn unlikeness(rgb: &[Plane; 3], w: usize, h: usize, by_tint: bool) -> Result<Vec<f32>, ReadError> {
    // The board's colour: the median of the photo's centre.
    let reference: Vec<f32> = (0..3).map(|k| centre_median(w, h, |i| rgb[k].data[i])).collect();
    if !by_tint {
        return Ok((0..w * h)
            .map(|i| (0..3).map(|k| (rgb[k].data[i] - reference[k]).powi(2)).sum::<f32>().sqrt())
            .collect());
    }
    // The board's weakest channel, and how far it falls below the
    // lesser of the other two there: a pixel is unlike the board as
    // far as it falls short of that.
    let weakest = (0..3).min_by(|&a, &b| reference[a].total_cmp(&reference[b])).unwrap_or(0);
    let (a, b) = ((weakest + 1) % 3, (weakest + 2) % 3);
    let tint = |i: usize| rgb[a].data[i].min(rgb[b].data[i]) - rgb[weakest].data[i];
    let board = centre_median(w, h, tint);
    if board < MIN_TINT {
        return Err(ReadError::NoBoard(format!("the board's centre has no tint to tell it by ({board:.0} of 255)")));
    }
    Ok((0..w * h).map(|i| (board - tint(i)).max(0.0)).collect())
}

/// `table` with the rest (the pixels not table) opened by a square of
/// `radius`: shrunk and grown again, so that parts thinner than the square
/// go to the table.
fn open_away(table: &[bool], w: usize, h: usize, radius: usize) -> Vec<bool> {
    // Whether any pixel of a square round (x, y) is `want` in `mask`.
    let any = |mask: &[bool], want: bool, x: usize, y: usize| {
        (y.saturating_sub(radius)..(y + radius + 1).min(h))
            .any(|yy| (x.saturating_sub(radius)..(x + radius + 1).min(w)).any(|xx| mask[yy * w + xx] == want))
    };
    // Shrinking the rest grows the table, and the other way round.
    let grown: Vec<bool> = (0..w * h).map(|i| any(table, true, i % w, i / w)).collect();
    (0..w * h).map(|i| !any(&grown, false, i % w, i / w)).collect()
}

/// The pixels on the rim of a `w` by `h` picture.
fn rim_indices(w: usize, h: usize) -> Vec<usize> {
    (0..w * h).filter(|&i| i % w == 0 || i % w == w - 1 || i / w == 0 || i / w == h - 1).collect()
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

pub(super) fn shoelace(points: &[Point]) -> f64 {
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
