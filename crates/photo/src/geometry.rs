//! Plane projective geometry: the homography between a board's plane and a
//! photo, found from four point pairs.

/// A point in a plane.
pub type Point = (f64, f64);

/// A 3x3 projective map of the plane, row-major.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Homography(pub [f64; 9]);

impl Homography {
    /// The map taking each `from[i]` to `to[i]`, or `None` when three of
    /// the points are on one line.
    pub fn from_points(from: &[Point; 4], to: &[Point; 4]) -> Option<Homography> {
        // h33 = 1; two equations per pair in the other eight unknowns.
        let mut a = [[0.0f64; 9]; 8];
        for (k, (&(x, y), &(u, v))) in from.iter().zip(to).enumerate() {
            a[2 * k] = [x, y, 1.0, 0.0, 0.0, 0.0, -u * x, -u * y, u];
            a[2 * k + 1] = [0.0, 0.0, 0.0, x, y, 1.0, -v * x, -v * y, v];
        }
        let h = solve8(a)?;
        Some(Homography([h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], 1.0]))
    }

    pub fn apply(&self, (x, y): Point) -> Point {
        let m = &self.0;
        let w = m[6] * x + m[7] * y + m[8];
        ((m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w)
    }

    /// `self` after `first`: the map x -> self(first(x)).
    pub fn after(&self, first: &Homography) -> Homography {
        let (p, q) = (&self.0, &first.0);
        let mut out = [0.0; 9];
        for r in 0..3 {
            for c in 0..3 {
                out[r * 3 + c] = (0..3).map(|k| p[r * 3 + k] * q[k * 3 + c]).sum();
            }
        }
        Homography(out)
    }
}

/// Gaussian elimination with partial pivoting on an 8x8 system whose last
/// column is the right-hand side.
fn solve8(mut a: [[f64; 9]; 8]) -> Option<[f64; 8]> {
    for col in 0..8 {
        let pivot = (col..8).max_by(|&r, &s| a[r][col].abs().total_cmp(&a[s][col].abs()))?;
        if a[pivot][col].abs() < 1e-12 {
            return None;
        }
        a.swap(col, pivot);
        for row in 0..8 {
            if row != col {
                let factor = a[row][col] / a[col][col];
                if factor != 0.0 {
                    let pivot_row = a[col];
                    for (value, p) in a[row].iter_mut().zip(pivot_row).skip(col) {
                        *value -= factor * p;
                    }
                }
            }
        }
    }
    let mut out = [0.0; 8];
    for (k, value) in out.iter_mut().enumerate() {
        *value = a[k][8] / a[k][k];
    }
    Some(out)
}

/// Where two lines, each through two points, cross (`None` if parallel).
pub(crate) fn intersect(a: (Point, Point), b: (Point, Point)) -> Option<Point> {
    let ((x1, y1), (x2, y2)) = a;
    let ((x3, y3), (x4, y4)) = b;
    let d = (x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4);
    if d.abs() < 1e-9 {
        return None;
    }
    let s = ((x1 - x3) * (y3 - y4) - (y1 - y3) * (x3 - x4)) / d;
    Some((x1 + s * (x2 - x1), y1 + s * (y2 - y1)))
}

/// The convex hull, counter-clockwise in a y-up plane (so clockwise as a
/// photo shows it, y down), by the monotone chain.
pub(crate) fn convex_hull(mut points: Vec<(i64, i64)>) -> Vec<(i64, i64)> {
    points.sort_unstable();
    points.dedup();
    if points.len() < 3 {
        return points;
    }
    let cross = |o: (i64, i64), a: (i64, i64), b: (i64, i64)| (a.0 - o.0) * (b.1 - o.1) - (a.1 - o.1) * (b.0 - o.0);
    let mut hull: Vec<(i64, i64)> = Vec::with_capacity(points.len() * 2);
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &(i64, i64)>> =
            if pass == 0 { Box::new(points.iter()) } else { Box::new(points.iter().rev()) };
        for &p in iter {
            while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], p) <= 0 {
                hull.pop();
            }
            hull.push(p);
        }
        hull.pop();
    }
    hull
}
