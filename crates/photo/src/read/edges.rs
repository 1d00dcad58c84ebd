//! The board's outline by its four straight edges, for a board that no
//! region tells from what lies about it: a frame the colour of the desk it
//! stands on, a dark frame whose shadow joins it to the table in small
//! steps, a room full of things. Edges are found as Canny's detector finds
//! them (the gradient of the colour channel that changes most, thinned to
//! its ridges, at the working size); straight
//! lines through them by a Hough transform in which each edge pixel votes
//! only along its own direction; and four lines that bound a convex
//! quadrilateral along most of its sides make an outline. Several are
//! given, the best seen first: what the later stages can read of each
//! decides among them, as a rectangle in the background (a picture frame,
//! a book) is no calendar board.

use crate::geometry::{Point, intersect};
use crate::raster::{Photo, Plane};

use super::outline::{EDGE_NEAR, shoelace};

/// The share of pixels, by the strength of their gradient, that may be
/// edges (before thinning).
const EDGE_SHARE: f64 = 0.12;
/// Straight lines kept from the transform, the most voted first.
const LINES: usize = 48;
/// Angle bins either side of an edge pixel's own direction it votes in
/// (a bin is a degree).
const VOTE_SPREAD: i64 = 2;
/// How far (degrees) an edge pixel's direction may be from a line's for it
/// to be seen along that line.
const SUPPORT_ANGLE: f64 = 8.0;
/// Opposite sides lie within this angle of each other (degrees: a board
/// seen in perspective), and the two pairs at least `ACROSS` apart.
const OPPOSITE: f64 = 30.0;
const ACROSS: f64 = 50.0;
/// The share of each side, and of the four together, along which an edge
/// must be seen: a notch, a hand or a stand may hide some of a side.
const SIDE_SEEN: f64 = 0.45;
const SEEN: f64 = 0.7;
/// The least share of the picture an outline covers.
const MIN_AREA: f64 = 0.04;
/// How many outlines are given.
const OUTLINES: usize = 3;

/// A straight line `x cos θ + y sin θ = ρ`, with where along it edges are
/// seen.
struct Line {
    theta: f64,
    rho: f64,
    /// How many of the points along the line (one a pixel apart, from
    /// `-reach`) up to each point are on an edge of its direction.
    seen: Vec<u32>,
    reach: f64,
}

impl Line {
    fn normal(&self) -> Point {
        (self.theta.cos(), self.theta.sin())
    }

    /// The line as two points on it, for [`intersect`].
    fn points(&self) -> (Point, Point) {
        let (c, s) = self.normal();
        let base = (self.rho * c, self.rho * s);
        (base, (base.0 - s, base.1 + c))
    }

    /// How far along the line a point on it is.
    fn along(&self, (x, y): Point) -> f64 {
        let (c, s) = self.normal();
        -s * x + c * y
    }

    /// The share of the stretch between two points on the line along
    /// which an edge is seen.
    fn seen_between(&self, a: Point, b: Point) -> f64 {
        let index = |p: Point| ((self.along(p) + self.reach).round().max(0.0) as usize).min(self.seen.len() - 1);
        let (i, j) = (index(a).min(index(b)), index(a).max(index(b)));
        if j == i {
            return 0.0;
        }
        f64::from(self.seen[j] - self.seen[i]) / (j - i) as f64
    }
}

/// Outlines of four straight edges in the photo (its pixels), clockwise as
/// shown, the best seen first; none when no four lines bound a board.
pub(super) fn outlines(photo: &Photo) -> Vec<[Point; 4]> {
    // At the working size itself: at a coarser one the edge between a
    // board and a table of like colour fades among the pieces' gaps.
    let rgb = photo.rgb.each_ref().map(|p| p.blur(1.0));
    let (w, h) = (rgb[0].width, rgb[0].height);
    if w < 16 || h < 16 {
        return Vec::new();
    }
    let direction = edges(&rgb);
    let lines = lines(&direction, w, h);
    quadrilaterals(&lines, w, h)
}

/// Per pixel, the direction of its gradient (radians, 0 to π) where it is
/// an edge, else `NAN`: among the strongest gradients, and stronger than
/// its two neighbours across the edge.
fn edges(rgb: &[Plane; 3]) -> Vec<f32> {
    let (w, h) = (rgb[0].width, rgb[0].height);
    let mut gradient = vec![(0.0f32, 0.0f32); w * h];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            // The channel that changes most: a board and a table of one
            // brightness still differ in hue.
            for plane in rgb {
                let p = |dx: usize, dy: usize| plane.get(x + dx - 1, y + dy - 1);
                let gx = p(2, 0) + 2.0 * p(2, 1) + p(2, 2) - p(0, 0) - 2.0 * p(0, 1) - p(0, 2);
                let gy = p(0, 2) + 2.0 * p(1, 2) + p(2, 2) - p(0, 0) - 2.0 * p(1, 0) - p(2, 0);
                let here = &mut gradient[y * w + x];
                if gx.hypot(gy) > here.0.hypot(here.1) {
                    *here = (gx, gy);
                }
            }
        }
    }
    let strength: Vec<f32> = gradient.iter().map(|&(gx, gy)| gx.hypot(gy)).collect();
    let mut sorted = strength.clone();
    let at = ((1.0 - EDGE_SHARE) * (sorted.len() - 1) as f64) as usize;
    let threshold = sorted.select_nth_unstable_by(at, f32::total_cmp).1.max(1.0);
    let mut direction = vec![f32::NAN; w * h];
    for y in 1..h - 1 {
        for x in 1..w - 1 {
            let i = y * w + x;
            if strength[i] < threshold {
                continue;
            }
            let (gx, gy) = gradient[i];
            let angle = gy.atan2(gx).rem_euclid(std::f32::consts::PI);
            // The neighbours across the edge, the gradient's direction
            // rounded to a multiple of 45 degrees.
            let (dx, dy): (i64, i64) = match ((angle / std::f32::consts::FRAC_PI_4).round() as i64) % 4 {
                0 => (1, 0),
                1 => (1, 1),
                2 => (0, 1),
                _ => (-1, 1),
            };
            let near = |sign: i64| strength[((y as i64 + sign * dy) as usize) * w + (x as i64 + sign * dx) as usize];
            if strength[i] >= near(1) && strength[i] > near(-1) {
                direction[i] = angle;
            }
        }
    }
    direction
}

/// The most voted straight lines through the edges, each a distinct line.
fn lines(direction: &[f32], w: usize, h: usize) -> Vec<Line> {
    let reach = (w as f64).hypot(h as f64).ceil();
    let rhos = 2 * reach as usize + 1;
    let mut votes = vec![0u32; 180 * rhos];
    let trig: Vec<(f64, f64)> =
        (0..180).map(|k| (f64::from(k).to_radians().cos(), f64::from(k).to_radians().sin())).collect();
    let rho_index =
        |x: usize, y: usize, k: usize| (x as f64 * trig[k].0 + y as f64 * trig[k].1 + reach).round() as usize;
    for (i, &angle) in direction.iter().enumerate() {
        if angle.is_nan() {
            continue;
        }
        let (x, y) = (i % w, i / w);
        let centre = f64::from(angle).to_degrees().round() as i64;
        for k in centre - VOTE_SPREAD..=centre + VOTE_SPREAD {
            let k = k.rem_euclid(180) as usize;
            votes[k * rhos + rho_index(x, y, k)] += 1;
        }
    }
    // Peaks, most voted first; a line near one kept already is the same
    // edge seen again.
    let least = (w.min(h) / 12) as u32;
    let mut peaks: Vec<(u32, usize, usize)> = Vec::new();
    for k in 0..180 {
        for r in 0..rhos {
            let v = votes[k * rhos + r];
            if v >= least {
                peaks.push((v, k, r));
            }
        }
    }
    peaks.sort_unstable_by_key(|peak| std::cmp::Reverse(peak.0));
    let mut kept: Vec<(usize, usize)> = Vec::new();
    for &(_, k, r) in &peaks {
        let near = kept.iter().any(|&(k2, r2)| {
            let dk = k.abs_diff(k2);
            // Across 0 and 180 degrees the same line has the opposite rho.
            (dk <= 3 && r.abs_diff(r2) <= 6) || (dk >= 177 && r.abs_diff(rhos - 1 - r2) <= 6)
        });
        if !near {
            kept.push((k, r));
            if kept.len() == LINES {
                break;
            }
        }
    }
    let tolerance = SUPPORT_ANGLE.to_radians();
    kept.into_iter()
        .map(|(k, r)| {
            let theta = f64::from(k as u32).to_radians();
            let rho = r as f64 - reach;
            let (c, s) = (theta.cos(), theta.sin());
            // Along the line a pixel at a time, an edge of its direction
            // within a pixel either side.
            let mut seen = Vec::with_capacity(rhos);
            let mut count = 0u32;
            for step in 0..rhos {
                let t = step as f64 - reach;
                let (x, y) = (rho * c - t * s, rho * s + t * c);
                let on_edge = (-1..=1).any(|off| {
                    let (px, py) = ((x + f64::from(off) * c).round(), (y + f64::from(off) * s).round());
                    if px < 0.0 || py < 0.0 || px >= w as f64 || py >= h as f64 {
                        return false;
                    }
                    let angle = f64::from(direction[py as usize * w + px as usize]);
                    let apart = (angle - theta).rem_euclid(std::f64::consts::PI);
                    !angle.is_nan() && apart.min(std::f64::consts::PI - apart) <= tolerance
                });
                count += u32::from(on_edge);
                seen.push(count);
            }
            Line { theta, rho, seen, reach }
        })
        .collect()
}

/// How far apart two lines' directions are (degrees, 0 to 90).
fn apart(a: &Line, b: &Line) -> f64 {
    let d = (a.theta - b.theta).to_degrees().rem_euclid(180.0);
    d.min(180.0 - d)
}

/// Convex quadrilaterals of four of `lines`, each side seen along most of
/// its length, the most seen first, no two alike.
fn quadrilaterals(lines: &[Line], w: usize, h: usize) -> Vec<[Point; 4]> {
    let least_gap = 0.15 * w.min(h) as f64;
    // Pairs of lines that may be opposite sides: near in direction, well
    // apart.
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for a in 0..lines.len() {
        for b in a + 1..lines.len() {
            if apart(&lines[a], &lines[b]) > OPPOSITE {
                continue;
            }
            let (p, _) = lines[b].points();
            let (c, s) = lines[a].normal();
            if (p.0 * c + p.1 * s - lines[a].rho).abs() >= least_gap {
                pairs.push((a, b));
            }
        }
    }
    let inside = |(x, y): Point| {
        x >= EDGE_NEAR && y >= EDGE_NEAR && x <= w as f64 - 1.0 - EDGE_NEAR && y <= h as f64 - 1.0 - EDGE_NEAR
    };
    let mut found: Vec<(f64, [Point; 4])> = Vec::new();
    for (n, &(a, b)) in pairs.iter().enumerate() {
        for &(c, e) in &pairs[n + 1..] {
            if [c, e].iter().any(|&k| apart(&lines[a], &lines[k]) < ACROSS || apart(&lines[b], &lines[k]) < ACROSS) {
                continue;
            }
            let meet = |i: usize, j: usize| intersect(lines[i].points(), lines[j].points());
            let (Some(p), Some(q), Some(r), Some(s)) = (meet(a, c), meet(c, b), meet(b, e), meet(e, a)) else {
                continue;
            };
            let mut corners = [p, q, r, s];
            if !corners.iter().all(|&p| inside(p)) || !convex(&corners) {
                continue;
            }
            let area = shoelace(&corners).abs();
            if area < MIN_AREA * (w * h) as f64 {
                continue;
            }
            // Each side: its line, and its two ends.
            let sides = [(c, p, q), (b, q, r), (e, r, s), (a, s, p)];
            let (mut seen, mut length, mut weakest) = (0.0, 0.0, f64::MAX);
            for (line, from, to) in sides {
                let long = (to.0 - from.0).hypot(to.1 - from.1);
                let share = lines[line].seen_between(from, to);
                weakest = weakest.min(share);
                seen += share * long;
                length += long;
            }
            if weakest < SIDE_SEEN || seen < SEEN * length {
                continue;
            }
            if shoelace(&corners) < 0.0 {
                corners.reverse();
            }
            found.push((seen, corners));
        }
    }
    found.sort_by(|x, y| y.0.total_cmp(&x.0));
    let alike = |x: &[Point; 4], y: &[Point; 4]| {
        let far = 0.03 * (w as f64).hypot(h as f64);
        x.iter().all(|p| y.iter().any(|q| (p.0 - q.0).hypot(p.1 - q.1) < far))
    };
    let mut outlines: Vec<[Point; 4]> = Vec::new();
    for (_, corners) in found {
        if !outlines.iter().any(|o| alike(o, &corners)) {
            outlines.push(corners);
            if outlines.len() == OUTLINES {
                break;
            }
        }
    }
    outlines
}

/// Whether four corners in order make a convex quadrilateral.
fn convex(corners: &[Point; 4]) -> bool {
    let turn = |k: usize| {
        let (a, b, c) = (corners[k], corners[(k + 1) % 4], corners[(k + 2) % 4]);
        (b.0 - a.0) * (c.1 - b.1) - (b.1 - a.1) * (c.0 - b.0)
    };
    let turns = [turn(0), turn(1), turn(2), turn(3)];
    turns.iter().all(|&t| t > 0.0) || turns.iter().all(|&t| t < 0.0)
}
