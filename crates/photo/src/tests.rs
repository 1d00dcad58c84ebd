use aquarchive_kinds::calendar::{self, MONTHS, Method, Tiling, Variant, verify};
use aquarchive_kinds::rng::Rng;

use crate::geometry::Homography;
use crate::raster::Plane;
use crate::read::layout::Evidence;
use crate::read::pieces::nearest;
use crate::synth::{self, Camera, Cover, Distortion, Scene};
use crate::{ReadError, read};

fn boards() -> [Variant; 2] {
    ["standard", "weekday"].map(|name| Variant::built_in(name).unwrap())
}

#[test]
fn a_homography_takes_each_corner_where_it_was_asked() {
    let from = [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)];
    let to = [(10.0, 20.0), (110.0, 30.0), (95.0, 140.0), (5.0, 120.0)];
    let h = Homography::from_points(&from, &to).unwrap();
    for (p, q) in from.iter().zip(&to) {
        let got = h.apply(*p);
        assert!((got.0 - q.0).abs() < 1e-9 && (got.1 - q.1).abs() < 1e-9, "{p:?} went to {got:?}, not {q:?}");
    }
    // Three corners on a line have no homography.
    assert!(Homography::from_points(&[(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (0.0, 5.0)], &to).is_none());
}

#[test]
fn the_same_seed_makes_the_same_photo() {
    let [standard, _] = boards();
    let a = synth::photo(&standard, 11, &Camera::PHONE);
    let b = synth::photo(&standard, 11, &Camera::PHONE);
    let c = synth::photo(&standard, 12, &Camera::PHONE);
    assert_eq!(a.jpeg, b.jpeg);
    assert_ne!(a.jpeg, c.jpeg);
    assert_eq!(verify(&standard, &a.date, &a.tiling), Ok(()));
}

#[test]
fn photos_on_both_boards_are_read_exactly_from_frontal_to_oblique() {
    let boards = boards();
    let cameras = [
        Camera::PHONE.with(Distortion::Perspective, 0).with(Distortion::Rotation, 0),
        Camera::PHONE,
        Camera::PHONE.with(Distortion::Perspective, 2).with(Distortion::Scale, 2).with(Distortion::Noise, 2),
    ];
    for (k, camera) in cameras.iter().enumerate() {
        for variant in &boards {
            let made = synth::photo(variant, 100 + k as u64, camera);
            let reading = read(&made.jpeg, &boards).unwrap_or_else(|e| panic!("{} photo {k}: {e}", variant.name()));
            assert_eq!(reading.variant.name(), variant.name(), "photo {k}");
            assert_eq!(reading.date, made.date, "{} photo {k}", variant.name());
            assert_eq!(reading.tiling.to_rows(variant), made.tiling.to_rows(variant), "{} photo {k}", variant.name());
            assert_eq!(reading.corrected, None);
            // The outline found is the board's, within a few pixels.
            let start = rotation(&reading.outline, &made.corners);
            for (found, corner) in reading.outline.iter().zip(made.corners.iter().cycle().skip(start)) {
                let off = (found.0 - corner.0).hypot(found.1 - corner.1);
                assert!(off < 6.0, "outline {:?} against {:?}", reading.outline, made.corners);
            }
        }
    }
}

/// How far round the made corners are from the found ones (the reader
/// starts at any corner).
fn rotation(found: &[(f64, f64); 4], made: &[(f64, f64); 4]) -> usize {
    (0..4)
        .min_by(|&a, &b| {
            let d = |k: usize| (found[0].0 - made[k].0).hypot(found[0].1 - made[k].1);
            d(a).total_cmp(&d(b))
        })
        .unwrap()
}

#[test]
fn a_photo_without_a_board_is_refused() {
    let table = synth::table(3, 640, 480, &Camera::PHONE);
    assert!(matches!(read(&table, &boards()), Err(ReadError::NoBoard(_))), "{:?}", read(&table, &boards()).err());
    assert!(matches!(read(b"not a photo", &boards()), Err(ReadError::Decode(_))));
}

#[test]
fn a_covered_date_cell_is_refused_with_what_was_seen() {
    let [standard, _] = boards();
    let mut rng = Rng::new(5);
    let (date, tiling) = synth::solved_date(&standard, &mut rng);
    let mut scene = Scene::solved(&standard, &tiling);
    // The day's cell covered, as if a piece reached over it.
    let open = standard.open_cells(&date);
    let day = (0..open.len()).rev().find(|&i| open[i]).unwrap();
    scene.cells[day] = Cover::Piece(0);
    let (jpeg, _) = synth::render(&scene, &mut rng, &Camera::PHONE);
    let err = read(&jpeg, &[standard]).unwrap_err();
    let ReadError::OpenCells { seen, but, .. } = &err else { panic!("{err}") };
    let month = MONTHS[usize::from(date.month) - 1];
    assert_eq!(seen, &format!("1 open cell seen ({month})"), "{err}");
    assert_eq!(but, "a date leaves a month and a day open (2 cells)", "{err}");
}

#[test]
fn two_pieces_seen_as_one_are_corrected_to_the_nearest_tiling() {
    let [standard, _] = boards();
    let mut rng = Rng::new(9);
    let (date, tiling) = synth::solved_date(&standard, &mut rng);
    let mut scene = Scene::solved(&standard, &tiling);
    // Piece 0 and a piece beside it drawn as one: the gap between them is not there.
    let w = standard.width();
    let beside = (0..scene.cells.len())
        .filter(|&i| scene.cells[i] == Cover::Piece(0))
        .flat_map(|i| [i + 1, i + w].into_iter().chain(i.checked_sub(1)).chain(i.checked_sub(w)))
        .filter_map(|j| scene.cells.get(j).copied())
        .find(|&c| matches!(c, Cover::Piece(k) if k != 0))
        .unwrap();
    for cell in &mut scene.cells {
        if *cell == beside {
            *cell = Cover::Piece(0);
        }
    }
    let (jpeg, _) = synth::render(&scene, &mut rng, &Camera::PHONE);
    let reading = read(&jpeg, std::slice::from_ref(&standard)).unwrap();
    assert_eq!(reading.date, date);
    assert_eq!(reading.tiling.to_rows(&standard), tiling.to_rows(&standard));
    assert!(reading.corrected.is_some_and(|n| n > 0), "{:?}", reading.corrected);
}

#[test]
fn notched_and_rounded_frames_and_things_across_the_frame_leave_the_reading_exact() {
    let boards = boards();
    let cameras = [
        Camera::PHONE.with(Distortion::Frame, 2),
        Camera::PHONE.with(Distortion::Frame, 3),
        Camera::PHONE.with(Distortion::Clutter, 1),
    ];
    for (k, camera) in cameras.iter().enumerate() {
        for variant in &boards {
            let made = synth::photo(variant, 200 + k as u64, camera);
            let reading = read(&made.jpeg, &boards).unwrap_or_else(|e| panic!("{} photo {k}: {e}", variant.name()));
            assert_eq!(reading.variant.name(), variant.name(), "photo {k}");
            assert_eq!((reading.date, reading.tiling.to_rows(variant)), (made.date, made.tiling.to_rows(variant)));
            // The corners found are where the frame's straight sides meet,
            // not where a notch or a rounded corner bends the outline.
            let start = rotation(&reading.outline, &made.corners);
            for (found, corner) in reading.outline.iter().zip(made.corners.iter().cycle().skip(start)) {
                let off = (found.0 - corner.0).hypot(found.1 - corner.1);
                assert!(off < 6.0, "photo {k}: outline {:?} against {:?}", reading.outline, made.corners);
            }
        }
    }
}

#[test]
fn a_large_photo_reads_as_the_same_photo_taken_smaller() {
    // A phone's full-size photo is read at a working size; what it shows
    // must not depend on that, and the outline must be in its own pixels.
    let [_, weekday] = boards();
    let made = synth::photo(&weekday, 5, &Camera::PHONE);
    let small = image::load_from_memory(&made.jpeg).unwrap().to_rgb8();
    let scale = 2.5;
    let (w, h) = ((f64::from(small.width()) * scale) as u32, (f64::from(small.height()) * scale) as u32);
    let large = image::imageops::resize(&small, w, h, image::imageops::FilterType::Triangle);
    let mut png = Vec::new();
    large.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    let boards = boards();
    let (a, b) = (read(&made.jpeg, &boards).unwrap(), read(&png, &boards).unwrap());
    assert_eq!((b.variant.name(), b.date, &b.tiling), ("weekday", made.date, &made.tiling));
    assert_eq!((a.date, &a.tiling), (b.date, &b.tiling));
    for (p, q) in a.outline.iter().zip(&b.outline) {
        let off = (p.0 * scale - q.0).hypot(p.1 * scale - q.1);
        assert!(off < 0.02 * f64::from(w), "corner {p:?} of the small photo is at {q:?} in the large one");
    }
}

#[test]
fn a_blur_is_the_gaussian_sum_with_the_edges_repeated() {
    // The blur adds whole rows for speed; each pixel must still be the
    // plain weighted sum over its neighbours, the edge pixels repeated.
    let mut rng = Rng::new(3);
    let mut plane = Plane::new(23, 17, 0.0);
    for v in plane.data.iter_mut() {
        *v = rng.below(256) as f32;
    }
    let sigma = 1.7;
    let blurred = plane.blur(sigma);
    let radius = (sigma * 3.0f64).ceil() as i64;
    let weight = |k: i64| (-(k * k) as f64 / (2.0 * sigma * sigma)).exp();
    let total: f64 = (-radius..=radius).map(weight).sum();
    let at = |x: i64, y: i64| f64::from(plane.get(x.clamp(0, 22) as usize, y.clamp(0, 16) as usize));
    for y in 0..17i64 {
        for x in 0..23i64 {
            let expected: f64 = (-radius..=radius)
                .flat_map(|j| (-radius..=radius).map(move |i| (i, j)))
                .map(|(i, j)| weight(i) * weight(j) * at(x + i, y + j))
                .sum::<f64>()
                / (total * total);
            let got = f64::from(blurred.get(x as usize, y as usize));
            assert!((got - expected).abs() < 1e-3, "({x}, {y}): {got} against {expected}");
        }
    }
}

/// A square of samples, light (1.0) where `lit` says, dark (0.0) elsewhere.
fn marks(lit: impl Fn(usize, usize) -> bool) -> Vec<f32> {
    let n = crate::read::measure::STROKE_GRID;
    (0..n * n).map(|k| if lit(k % n, k / n) { 1.0 } else { 0.0 }).collect()
}

#[test]
fn a_light_line_across_a_cell_is_a_streak_but_a_label_is_not() {
    let n = crate::read::measure::STROKE_GRID;
    let streak = |m: &[f32]| crate::read::measure::is_streak(m, 0.5);
    // A grain line running across, straight or slanting.
    assert!(streak(&marks(|_, y| y == n / 2 || y == n / 2 + 1)));
    assert!(streak(&marks(|x, y| x.abs_diff(y) <= 1)));
    // A lone "1": one stroke, but well inside the cell.
    assert!(!streak(&marks(|x, y| (x == n / 2 || x == n / 2 + 1) && (n / 4..3 * n / 4).contains(&y))));
    // A "0": two strokes a line both ways.
    assert!(!streak(&marks(|x, y| {
        let (dx, dy) = (x as f32 - n as f32 / 2.0, (y as f32 - n as f32 / 2.0) / 1.5);
        (dx * dx + dy * dy).sqrt().round() as usize == n / 4
    })));
    // An "11": two strokes, each well inside the cell.
    assert!(!streak(&marks(|x, y| (x == n / 3 || x == 2 * n / 3) && (n / 4..3 * n / 4).contains(&y))));
}

/// The evidence of a board where each side between two pieces of `tiling`
/// looks `border` deep and each side inside a piece `inside` deep, each
/// give or take `noise`; the frame's walls 1.
fn evidence(variant: &Variant, tiling: &Tiling, border: f64, inside: f64, noise: f64, rng: &mut Rng) -> Evidence {
    let (w, h) = (variant.width(), variant.height());
    let mut depth = |a: (usize, usize), b: (usize, usize)| {
        let base =
            if tiling.piece_at(variant, a.0, a.1) == tiling.piece_at(variant, b.0, b.1) { inside } else { border };
        base + noise * (rng.below(1001) as f64 / 500.0 - 1.0)
    };
    let (mut across, mut down) = (vec![0.0; w * h], vec![0.0; w * h]);
    for r in 0..h {
        for c in 0..w {
            if c + 1 < w {
                across[r * w + c] = depth((r, c), (r, c + 1));
            }
            if r + 1 < h {
                down[r * w + c] = depth((r, c), (r + 1, c));
            }
        }
    }
    Evidence {
        open: vec![0.0; w * h],
        open_light: vec![0.0; w * h],
        open_colour: vec![0.0; w * h],
        across,
        down,
        edge: 1.0,
    }
}

/// A generated solved date, which of the board's cells its tiling covers,
/// and every tiling of that date: what the nearest-tiling tests start from.
struct SolvedDate {
    date: calendar::Date,
    tiling: Tiling,
    covered: Vec<bool>,
    all: Vec<Tiling>,
}

fn solved_date_and_its_tilings(variant: &Variant, rng: &mut Rng) -> SolvedDate {
    let (date, tiling) = synth::solved_date(variant, rng);
    let open = variant.open_cells(&date);
    let w = variant.width();
    let covered = (0..open.len()).map(|i| !open[i] && variant.cell(i / w, i % w) != calendar::Cell::Blocked).collect();
    let all = calendar::solve(variant, &date, 1_000_000, Method::Bitboard).unwrap().solutions;
    SolvedDate { date, tiling, covered, all }
}

#[test]
fn grain_deepening_every_side_still_leaves_the_nearest_tiling_found() {
    // Every side looks as deep as a gap against the frame's walls, the
    // borders a little deeper than the rest, give or take two thirds of the
    // difference (the deepest interiors deeper than the faintest borders):
    // the photo's own sides still tell the tiling.
    for (seed, variant) in boards().iter().enumerate() {
        let mut rng = Rng::new(40 + seed as u64);
        let SolvedDate { date, tiling, covered, all } = solved_date_and_its_tilings(variant, &mut rng);
        let covered = |i: usize| covered[i];
        let ev = evidence(variant, &tiling, 0.9, 0.6, 0.2, &mut rng);
        let (found, changed) = nearest(variant, &ev, &covered, &all).expect("a tiling near enough");
        assert_eq!(found.to_rows(variant), tiling.to_rows(variant), "{} {date}", variant.name());
        // Every side inside a piece was seen as a gap, and is corrected.
        assert!(changed > 6, "{changed}");
    }
}

#[test]
fn without_the_photos_tiling_among_them_no_tiling_is_taken_for_it() {
    // As when the date is misread: the date's other tilings each put a
    // piece across a gap plainly seen.
    for (seed, variant) in boards().iter().enumerate() {
        let mut rng = Rng::new(60 + seed as u64);
        let SolvedDate { date, tiling, covered, all } = solved_date_and_its_tilings(variant, &mut rng);
        let covered = |i: usize| covered[i];
        let ev = evidence(variant, &tiling, 0.5, 0.05, 0.04, &mut rng);
        let (found, changed) = nearest(variant, &ev, &covered, &all).expect("the photo's own tiling");
        assert_eq!((found.to_rows(variant), changed), (tiling.to_rows(variant), 0));
        let others: Vec<Tiling> = all.into_iter().filter(|t| *t != tiling).collect();
        assert!(!others.is_empty());
        let taken = nearest(variant, &ev, &covered, &others).map(|(t, _)| t.to_rows(variant));
        assert_eq!(taken, None, "{} {date}", variant.name());
    }
}

#[test]
fn of_two_failed_looks_at_a_photo_the_one_that_got_further_is_told() {
    let no_board = ReadError::NoBoard("nothing stands out".to_string());
    let open = ReadError::OpenCells {
        board: "weekday".to_string(),
        seen: "8 open cells seen".to_string(),
        but: "a date leaves a month, a day and a weekday open (3 cells)".to_string(),
    };
    let pieces =
        ReadError::Pieces { board: "weekday".to_string(), date: "Apr 15 Fri".to_string(), rows: "?".to_string() };
    assert_eq!(open.clone().further(pieces.clone()), pieces);
    assert_eq!(pieces.clone().further(open.clone()), pieces);
    assert_eq!(no_board.clone().further(open.clone()), open);
    // On a tie the first look's reason stands.
    let other = ReadError::OpenCells {
        board: "weekday".to_string(),
        seen: "1 open cell seen".to_string(),
        but: "a date leaves a month, a day and a weekday open (3 cells)".to_string(),
    };
    assert_eq!(open.clone().further(other), open);
}
