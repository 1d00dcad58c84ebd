//! The fourth stage: each cell (how open it looks, by its label) and each
//! cell side (how deep a gap it shows on the grid's picture, how sharp a
//! thin line in the photo's finer detail, and how far apart the colours
//! either side) measured, then put in board terms for each way the board
//! may be turned.

use aquarchive_kinds::calendar::{Cell, Variant};

use crate::geometry::Homography;
use crate::raster::{Plane, median};

use super::layout::{Evidence, Layout};

/// How much a cell's darkest tenth below its median counts towards it
/// looking open, against its darkness beside the board's (a label dark
/// over a fifth of the cell scores about the same either way).
const LABEL_WEIGHT: f32 = 3.0;
/// Pixels per cell where the cells are measured.
pub(super) const CELL_PX: usize = 32;
/// Samples a side where a cell's light marks are counted as strokes.
pub(crate) const STROKE_GRID: usize = 22;
/// Light marks running across a cell whose lines one way cross fewer
/// strokes than this on average are a streak in the wood.
const STREAK_STROKES: f32 = 1.2;
/// The half-width of the thin line a side is looked for as, in cells: a
/// gap between two pieces pushed tight together, a fortieth of a cell,
/// where lines printed or engraved on the board are several times wider.
const THIN_HALF: f64 = 0.02;
/// Steps of a thin line's place either side of the grid's line, each
/// `THIN_HALF / 2` apart: the grid is fitted to a pixel of the picture, a
/// thin line is narrower.
const THIN_STEPS: usize = 10;
/// How many of those steps from the thin line the lit rim of a piece's
/// face is looked for.
const RIM_STEPS: usize = 3;

/// The cells and cell sides of a grid measured on its straightened picture.
pub(super) struct Measured {
    nu: usize,
    nv: usize,
    /// Per canvas cell (i, j), j-major: how open it looks, by a dark
    /// label and by a light one.
    open: Vec<f64>,
    open_light: Vec<f64>,
    /// The same by a dark label's marks against the cell's own level
    /// alone: a piece of a dark colour is dark all over, with no marks.
    open_marks: Vec<f64>,
    /// The same by thin dark strokes alone: darker than the cell both
    /// sides of them, which a shadow's edge across the cell is not.
    open_strokes: Vec<f64>,
    /// Per canvas cell: the hue of its middle (each channel's share of
    /// the three, times 255), and its brightness.
    hue: Vec<[f32; 3]>,
    brightness: Vec<f32>,
    /// Vertical sides: at x = i (0..=nu), between rows j..j+1.
    vertical: Vec<f64>,
    /// Horizontal sides: at y = j (0..=nv), between columns i..i+1.
    horizontal: Vec<f64>,
    /// The light line along each side, as `vertical` and `horizontal`.
    vertical_light: Vec<f64>,
    horizontal_light: Vec<f64>,
    /// The thin dark line along each side, as `vertical` and `horizontal`.
    vertical_thin: Vec<f64>,
    horizontal_thin: Vec<f64>,
}

impl Measured {
    /// `picture`: the grid's picture, a cell's margin round it; `grey` and
    /// `rgb`, the photo's brightness and colours at the working size, which
    /// `to_work` maps the picture's pixels into.
    pub(super) fn new(
        picture: &Plane,
        grey: &Plane,
        rgb: &[Plane; 3],
        to_work: &Homography,
        nu: usize,
        nv: usize,
    ) -> Measured {
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
        // little way off on both sides, taken along its middle; and its
        // light line, the lightest near it against the same level (the
        // face of a wall the light falls on).
        let gap = |along: &dyn Fn(f64, f64) -> f32| -> (f64, f64) {
            let (mut depths, mut heights) = (Vec::with_capacity(12), Vec::with_capacity(12));
            for k in 0..12 {
                let t = 0.2 + 0.6 * k as f64 / 11.0;
                let sides: f32 = [-0.3, -0.24, -0.18, 0.18, 0.24, 0.3].iter().map(|&o| along(t, o)).sum::<f32>() / 6.0;
                let centre: Vec<f32> = (-4..=4).map(|o| along(t, o as f64 * 0.025)).collect();
                depths.push(sides - centre.iter().copied().fold(f32::MAX, f32::min));
                heights.push(centre.iter().copied().fold(f32::MIN, f32::max) - sides);
            }
            (f64::from(median(&mut depths) / bright), f64::from(median(&mut heights) / bright))
        };
        // A side's thin line: the deepest narrow valley near the line,
        // looked for in the photo itself, whose finer detail the picture
        // has lost (a hairline between two pieces pushed tight together is
        // a pixel or two of a phone photo's working size, and no darker
        // there than the wider lines printed on the board under
        // translucent pieces), with the lit rim of a piece's face beside
        // it, which a printed line does not have. Taken along its middle,
        // as the gap is.
        let fine = |i: f64, j: f64| {
            let (x, y) = to_work.apply(((i + 1.0) * p, (j + 1.0) * p));
            grey.sample(x - 0.5, y - 0.5)
        };
        let thin = |along: &dyn Fn(f64, f64) -> f32| -> f64 {
            let places = 2 * THIN_STEPS + 1;
            // Per place along the side, per place across it: how much
            // darker it is than the two `THIN_HALF` (two steps) either
            // side, from one row of samples two steps wider each way.
            let valleys: Vec<Vec<f32>> = (0..12)
                .map(|k| {
                    let t = 0.2 + 0.6 * k as f64 / 11.0;
                    let row: Vec<f32> = (0..places + 4)
                        .map(|s| along(t, (s as f64 - THIN_STEPS as f64 - 2.0) * THIN_HALF / 2.0))
                        .collect();
                    (0..places).map(|s| (row[s] + row[s + 4]) / 2.0 - row[s + 2]).collect()
                })
                .collect();
            // A straight line lies at one place across the whole side,
            // give or take a step; noise's deepest places do not.
            let best = (0..places)
                .max_by(|&a, &b| {
                    let sum = |s: usize| valleys.iter().map(|v| v[s]).sum::<f32>();
                    sum(a).total_cmp(&sum(b))
                })
                .unwrap_or(0);
            // The median along the side of the deepest (or, `sign` -1, the
            // lightest) within `reach` places of the line's.
            let deepest = |reach: usize, sign: f32| {
                let near = best.saturating_sub(reach)..(best + reach + 1).min(places);
                let mut along: Vec<f32> = valleys
                    .iter()
                    .map(|v| v[near.clone()].iter().map(|&x| sign * x).fold(f32::MIN, f32::max))
                    .collect();
                median(&mut along)
            };
            let (seam, rim) = (deepest(1, 1.0), deepest(RIM_STEPS, -1.0).max(0.0));
            f64::from((seam + rim) / bright)
        };
        let (mut vertical, mut vertical_light, mut vertical_thin) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..=nu {
            for j in 0..nv {
                let (dark, light) = gap(&|t, o| at(i as f64 + o, j as f64 + t));
                vertical.push(dark);
                vertical_light.push(light);
                vertical_thin.push(thin(&|t, o| fine(i as f64 + o, j as f64 + t)));
            }
        }
        let (mut horizontal, mut horizontal_light, mut horizontal_thin) = (Vec::new(), Vec::new(), Vec::new());
        for j in 0..=nv {
            for i in 0..nu {
                let (dark, light) = gap(&|t, o| at(i as f64 + t, j as f64 + o));
                horizontal.push(dark);
                horizontal_light.push(light);
                horizontal_thin.push(thin(&|t, o| fine(i as f64 + t, j as f64 + o)));
            }
        }
        let (mut open, mut open_marks, mut open_strokes) = (Vec::new(), Vec::new(), Vec::new());
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
                open_marks.push(f64::from(against_itself));
                open_strokes.push(f64::from(LABEL_WEIGHT * strokes(&|x, y| at(i as f64 + x, j as f64 + y)) / middle));
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
        let (hue, brightness) = hues(rgb, to_work, nu, nv);
        Measured {
            nu,
            nv,
            open,
            open_light,
            open_marks,
            open_strokes,
            hue,
            brightness,
            vertical,
            horizontal,
            vertical_light,
            horizontal_light,
            vertical_thin,
            horizontal_thin,
        }
    }

    /// The board turned `turn` quarter turns, in board terms, with the
    /// score of its frame.
    pub(super) fn layout(&self, variant: &Variant, turn: usize) -> Layout {
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
        // The side between two canvas cells next to each other, its gap
        // and its light line.
        let side_of = |a: (usize, usize), b: (usize, usize), vertical: &[f64], horizontal: &[f64]| -> f64 {
            if a.1 == b.1 {
                let i = a.0.max(b.0);
                vertical[i * nv + a.1]
            } else {
                let j = a.1.max(b.1);
                horizontal[j * nu + a.0]
            }
        };
        let side = |a, b| side_of(a, b, &self.vertical, &self.horizontal);
        let light = |a, b| side_of(a, b, &self.vertical_light, &self.horizontal_light);
        let thin = |a, b| side_of(a, b, &self.vertical_thin, &self.horizontal_thin);
        let colour = |a: (usize, usize), b: (usize, usize)| {
            let (a, b) = (a.1 * nu + a.0, b.1 * nu + b.0);
            colour_step((self.hue[a], self.brightness[a]), (self.hue[b], self.brightness[b]))
        };
        let on = |r: i64, c: i64| {
            r >= 0 && c >= 0 && r < bh as i64 && c < bw as i64 && variant.cell(r as usize, c as usize) != Cell::Blocked
        };
        let mut open = vec![0.0; bw * bh];
        let mut open_light = vec![0.0; bw * bh];
        let mut open_marks = vec![0.0; bw * bh];
        let mut open_strokes = vec![0.0; bw * bh];
        let mut hue = vec![[0.0f32; 3]; bw * bh];
        let mut across = vec![0.0; bw * bh];
        let mut down = vec![0.0; bw * bh];
        let mut across_light = vec![0.0; bw * bh];
        let mut down_light = vec![0.0; bw * bh];
        let mut across_thin = vec![0.0; bw * bh];
        let mut down_thin = vec![0.0; bw * bh];
        let mut across_colour = vec![0.0; bw * bh];
        let mut down_colour = vec![0.0; bw * bh];
        for r in 0..bh {
            for c in 0..bw {
                let (i, j) = place(r, c);
                open[r * bw + c] = self.open[j * nu + i];
                open_light[r * bw + c] = self.open_light[j * nu + i];
                open_marks[r * bw + c] = self.open_marks[j * nu + i];
                open_strokes[r * bw + c] = self.open_strokes[j * nu + i];
                hue[r * bw + c] = self.hue[j * nu + i];
                if c + 1 < bw {
                    across[r * bw + c] = side(place(r, c), place(r, c + 1));
                    across_light[r * bw + c] = light(place(r, c), place(r, c + 1));
                    across_thin[r * bw + c] = thin(place(r, c), place(r, c + 1));
                    across_colour[r * bw + c] = colour(place(r, c), place(r, c + 1));
                }
                if r + 1 < bh {
                    down[r * bw + c] = side(place(r, c), place(r + 1, c));
                    down_light[r * bw + c] = light(place(r, c), place(r + 1, c));
                    down_thin[r * bw + c] = thin(place(r, c), place(r + 1, c));
                    down_colour[r * bw + c] = colour(place(r, c), place(r + 1, c));
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
            evidence: Evidence {
                open,
                open_light,
                open_marks,
                open_strokes,
                open_colour: floor_like(variant, &hue),
                across,
                down,
                across_light,
                down_light,
                across_thin,
                down_thin,
                across_colour,
                down_colour,
                edge,
            },
        }
    }
}

/// Per cell (j-major): the hue of its middle, each channel's share of the
/// three (times 255): light falling off across the board dims a colour
/// without changing its hue. Sampled straight from the photo's colours
/// (`to_rgb` maps the grid's picture there): the median of a cell's
/// middle needs no picture of its own.
fn hues(rgb: &[Plane; 3], to_rgb: &Homography, nu: usize, nv: usize) -> (Vec<[f32; 3]>, Vec<f32>) {
    let p = CELL_PX as f64;
    (0..nu * nv)
        .map(|n| {
            let (i, j) = ((n % nu) as f64, (n / nu) as f64);
            let points: Vec<(f64, f64)> = (0..36)
                .map(|k| {
                    let (x, y) = (0.25 + 0.1 * (k % 6) as f64, 0.25 + 0.1 * (k / 6) as f64);
                    to_rgb.apply(((i + 1.0 + x) * p, (j + 1.0 + y) * p))
                })
                .collect();
            let level = rgb.each_ref().map(|plane| {
                let mut values: Vec<f32> = points.iter().map(|&(u, v)| plane.sample(u - 0.5, v - 0.5)).collect();
                median(&mut values)
            });
            let total = (level[0] + level[1] + level[2]).max(1.0);
            (level.map(|v| 255.0 * v / total), total)
        })
        .unzip()
}

/// How dark a cell's strokes are (`at` samples it, 0 to 1 each way):
/// the darkest tenth of its middle's samples, each by how much darker it
/// is than the lighter of its two neighbours a stroke's width away, across
/// or down, whichever is more. A label's strokes are darker than the cell
/// both sides of them; a shadow's edge across the cell is dark on one side
/// only and leaves nothing.
fn strokes(at: &dyn Fn(f64, f64) -> f32) -> f32 {
    const N: usize = 16;
    const STEP: f64 = 0.7 / (N - 1) as f64;
    let sample = |x: usize, y: usize| at(0.15 + STEP * x as f64, 0.15 + STEP * y as f64);
    let grid: Vec<f32> = (0..N * N).map(|k| sample(k % N, k / N)).collect();
    let g = |x: usize, y: usize| grid[y * N + x];
    let d = 2;
    let mut valleys = Vec::with_capacity(N * N);
    for y in d..N - d {
        for x in d..N - d {
            let v = g(x, y);
            let across = g(x - d, y).min(g(x + d, y)) - v;
            let down = g(x, y - d).min(g(x, y + d)) - v;
            valleys.push(across.max(down).max(0.0));
        }
    }
    let k = valleys.len() - 1 - valleys.len() / 10;
    *valleys.select_nth_unstable_by(k, f32::total_cmp).1
}

/// How far apart two cells' colours (hue, brightness) are: the distance
/// of their hues, as a share of the most they can differ, and the ratio of
/// their brightness on a log scale at half weight (two cells side by side
/// are lit alike, so one that is darker is of a darker colour).
fn colour_step((hue_a, bright_a): ([f32; 3], f32), (hue_b, bright_b): ([f32; 3], f32)) -> f64 {
    let hue = (0..3).map(|k| (hue_a[k] - hue_b[k]).powi(2)).sum::<f32>().sqrt() / 255.0;
    f64::from(hue + 0.5 * (bright_a.max(1.0) / bright_b.max(1.0)).ln().abs())
}

/// Per board cell: how much more its hue is the frame's than the pieces',
/// from 0 (the pieces' common hue) to 1 (the frame's). An open cell's
/// floor is the board, and where the pieces differ from the board in
/// colour (tinted acrylic in a wooden frame), it shows the frame's hue
/// wherever its label is. The pieces' hue is the median of the board's
/// cells (they cover all but two or three); the frame's, that of the
/// blocked cells, which are frame. A board with no blocked cells has no
/// frame to go by: every cell scores 0.
fn floor_like(variant: &Variant, hue: &[[f32; 3]]) -> Vec<f64> {
    let w = variant.width();
    let blocked = |i: usize| variant.cell(i / w, i % w) == Cell::Blocked;
    let median_hue = |take: &dyn Fn(usize) -> bool| -> Option<[f32; 3]> {
        let cells: Vec<usize> = (0..hue.len()).filter(|&i| take(i)).collect();
        (!cells.is_empty()).then(|| {
            std::array::from_fn(|k| {
                let mut values: Vec<f32> = cells.iter().map(|&i| hue[i][k]).collect();
                median(&mut values)
            })
        })
    };
    let (Some(pieces), Some(frame)) = (median_hue(&|i| !blocked(i)), median_hue(&blocked)) else {
        return vec![0.0; hue.len()];
    };
    let distance = |a: [f32; 3], b: [f32; 3]| (0..3).map(|k| (a[k] - b[k]).powi(2)).sum::<f32>().sqrt();
    hue.iter()
        .map(|&h| {
            let (to_pieces, to_frame) = (distance(h, pieces), distance(h, frame));
            f64::from(to_pieces / (to_pieces + to_frame).max(1e-3))
        })
        .collect()
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
