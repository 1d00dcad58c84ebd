use aquarchive_kinds::calendar::{self, MONTHS, Method, Tiling, Variant, verify};
use aquarchive_kinds::rng::Rng;

use crate::geometry::Homography;
use crate::raster::Plane;
use crate::read::layout::Evidence;
use crate::read::pieces::{Tilings, likeliest_date, nearest};
use crate::{Point, ReadError, read};
use aquarchive_photo_synth::{self as synth, Camera, Cover, Distortion, Scene};

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

/// A PNG of `width` x `height` pixels as far as its header goes: the
/// signature, the header chunk, and an empty data chunk where its pixels
/// would begin.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = width.to_be_bytes().to_vec();
    header.extend(height.to_be_bytes());
    // 8 bits a channel, RGB, no interlacing.
    header.extend([8, 2, 0, 0, 0]);
    for (kind, data) in [(b"IHDR", header), (b"IDAT", Vec::new())] {
        let mut chunk = kind.to_vec();
        chunk.extend(&data);
        let mut crc = !0u32;
        for &byte in &chunk {
            crc ^= u32::from(byte);
            for _ in 0..8 {
                crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
            }
        }
        png.extend((data.len() as u32).to_be_bytes());
        png.extend(&chunk);
        png.extend((!crc).to_be_bytes());
    }
    png
}

#[test]
fn a_photo_whose_header_claims_more_than_the_decoding_limits_is_refused_by_its_size() {
    // 3.6 billion pixels (10 GB to decode) in 45 bytes; just over 64
    // megapixels; a side longer than 30,000 pixels.
    for (width, height) in [(60_000, 60_000), (8_001, 8_001), (40_000, 10)] {
        let png = png_header(width, height);
        let refused = read(&png, &boards()).unwrap_err();
        assert_eq!(refused, ReadError::TooLarge { width, height });
        let text = refused.to_string();
        assert!(text.contains(&format!("{width} x {height} pixels")), "{text}");
        assert!(text.contains("at most 64 megapixels, 30000 pixels a side"), "{text}");
        assert!(matches!(crate::thumbnail(&png, 100), Err(ReadError::TooLarge { .. })));
    }
    // Within the limits, a header without its pixels is a damaged file.
    assert!(matches!(read(&png_header(4_000, 3_000), &boards()), Err(ReadError::Decode(_))));
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
        open_marks: vec![0.0; w * h],
        open_strokes: vec![0.0; w * h],
        open_colour: vec![0.0; w * h],
        across,
        down,
        across_light: vec![0.0; w * h],
        down_light: vec![0.0; w * h],
        across_thin: vec![0.0; w * h],
        down_thin: vec![0.0; w * h],
        across_colour: vec![0.0; w * h],
        down_colour: vec![0.0; w * h],
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
fn where_the_gaps_tell_no_tiling_apart_the_thin_lines_do() {
    // Pieces pushed tight together over a board's printed cell lines: every
    // side's gap is as deep as the next, give or take noise, but only the
    // piece borders show a thin line.
    for (seed, variant) in boards().iter().enumerate() {
        let mut rng = Rng::new(80 + seed as u64);
        let SolvedDate { date, tiling, covered, all } = solved_date_and_its_tilings(variant, &mut rng);
        let covered = |i: usize| covered[i];
        let mut ev = evidence(variant, &tiling, 0.3, 0.3, 0.1, &mut rng);
        assert!(nearest(variant, &ev, &covered, &all).is_none(), "{} {date}: the gaps alone", variant.name());
        let lines = evidence(variant, &tiling, 0.5, 0.05, 0.04, &mut rng);
        (ev.across_thin, ev.down_thin) = (lines.across, lines.down);
        let (found, changed) = nearest(variant, &ev, &covered, &all).expect("the tiling the thin lines draw");
        assert_eq!((found.to_rows(variant), changed), (tiling.to_rows(variant), 0), "{} {date}", variant.name());
    }
}

#[test]
fn of_dates_short_of_one_open_cell_the_one_whose_tilings_the_sides_bear_out_is_taken_and_no_guess() {
    // The photo's month (and weekday) seen, its day not: the candidates are
    // its date and three with other days.
    for (seed, variant) in boards().iter().enumerate() {
        let mut rng = Rng::new(100 + seed as u64);
        let SolvedDate { date, tiling, .. } = solved_date_and_its_tilings(variant, &mut rng);
        let other_days: Vec<calendar::Date> = (1..=31u8)
            .filter(|&d| d != date.day)
            .map(|day| calendar::Date { day, ..date })
            .filter(|d| calendar::solve(variant, d, 1, Method::Bitboard).is_ok_and(|r| !r.solutions.is_empty()))
            .take(3)
            .collect();
        let mut dates = vec![date];
        dates.extend(&other_days);
        let what = format!("{} {date}", variant.name());
        // Its pieces' borders and its open cells' walls seen as gaps.
        let seen = evidence(variant, &tiling, 0.5, 0.05, 0.04, &mut rng);
        assert_eq!(likeliest_date(variant, &seen, &dates, &Tilings::default()), Some(date), "{what}");
        dates.reverse();
        assert_eq!(
            likeliest_date(variant, &seen, &dates, &Tilings::default()),
            Some(date),
            "{what}, the candidates the other way round"
        );
        // Were its date not among them, every other date's tilings would
        // put a piece across a gap plainly seen: none is taken.
        assert_eq!(likeliest_date(variant, &seen, &other_days, &Tilings::default()), None, "{what}: without its date");
        // Sides all alike tell no date.
        let flat = evidence(variant, &tiling, 0.3, 0.3, 0.1, &mut rng);
        assert_eq!(likeliest_date(variant, &flat, &dates, &Tilings::default()), None, "{what}: sides all alike");
    }
}

#[test]
fn thin_one_digit_days_lost_on_their_floor_are_read_by_the_tilings_the_sides_bear_out() {
    // Thin labels engraved faintly on a floor nearly as light as the
    // pieces: a one-digit day is a few thin strokes that no look at the
    // cells sees open, where its month (and weekday) are seen. Of these 20
    // photos 5 were refused before the date was chosen by the sides (3
    // one-digit days, 2 a thin "23"); 20 are read, 6 of them one-digit days.
    let camera = Camera::PHONE.with(Distortion::ThinLabels, 2);
    let seeds = 1..21;
    let (exact, wrong) = read_exactly_and_wrongly(&camera, seeds.clone());
    assert_eq!(wrong, Vec::<u64>::new(), "read wrongly");
    assert!(exact.len() >= 19, "only seeds {exact:?} of {seeds:?} read exactly");
    let boards = boards();
    let one_digit =
        exact.iter().filter(|&&seed| synth::photo(&boards[(seed % 2) as usize], seed, &camera).date.day < 10);
    assert!(one_digit.count() >= 5, "too few one-digit days among those read");
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

/// The distortions of the scene that real photos showed beyond a wooden
/// board on a plain table: every one after the camera's seven, the frame
/// and the clutter.
const NEW_LOOKS: &[Distortion] = Distortion::ALL.split_at(9).1;

/// A camera that adds nothing of its own to what the scene shows: no blur,
/// no noise, a fine JPEG.
fn sharp() -> Camera {
    Camera::PHONE.with(Distortion::Blur, 0).with(Distortion::Noise, 0).with(Distortion::Jpeg, 0)
}

/// Where a point of the board's plane (cells from the grid's top left
/// corner) is in a generated photo, from the corners it gives.
fn board_to_photo(variant: &Variant, camera: &Camera, made: &synth::Synthetic) -> Homography {
    let (w, h, m) = (variant.width() as f64, variant.height() as f64, synth::MARGIN);
    let bottom = h + m + camera.strip;
    let board = [(-m, -m), (w + m, -m), (w + m, bottom), (-m, bottom)];
    Homography::from_points(&board, &made.corners).unwrap()
}

/// A photo's brightness.
fn grey(jpeg: &[u8]) -> Plane {
    crate::raster::Photo::from_image(&image::load_from_memory(jpeg).unwrap().to_rgb8(), 1).grey
}

/// The mean brightness of a photo at points of the board's plane.
fn mean_at(plane: &Plane, to_photo: &Homography, points: &[(f64, f64)]) -> f64 {
    assert!(!points.is_empty());
    let sum: f64 = points
        .iter()
        .map(|&p| {
            // A pixel's centre is half a pixel from its corner.
            let (x, y) = to_photo.apply(p);
            f64::from(plane.sample(x - 0.5, y - 0.5))
        })
        .sum();
    sum / points.len() as f64
}

/// Points of a cell's label box, on the label's strokes and off them, each
/// well inside or well outside a stroke.
fn label_points(variant: &Variant, r: usize, c: usize) -> (Vec<Point>, Vec<Point>) {
    let text = synth::label(variant.cell(r, c));
    let (mut on, mut off) = (Vec::new(), Vec::new());
    for i in 0..=80 {
        for j in 0..=30 {
            let (fx, fy) = (0.1 + 0.01 * f64::from(i), 0.35 + 0.01 * f64::from(j));
            let near = [(0.0, 0.0), (0.015, 0.0), (-0.015, 0.0), (0.0, 0.015), (0.0, -0.015)]
                .map(|(dx, dy)| synth::on_label(&text, fx + dx, fy + dy));
            let point = (c as f64 + fx, r as f64 + fy);
            if near.iter().all(|&v| v) {
                on.push(point);
            } else if near.iter().all(|&v| !v) {
                off.push(point);
            }
        }
    }
    (on, off)
}

/// How much darker a cell's label strokes are than the rest of its label
/// box, as a share of the rest: 0 where no label shows.
fn label_contrast(plane: &Plane, to_photo: &Homography, variant: &Variant, r: usize, c: usize) -> f64 {
    let (on, off) = label_points(variant, r, c);
    1.0 - mean_at(plane, to_photo, &on) / mean_at(plane, to_photo, &off)
}

/// The board's labelled cells, each with whether the photo's tiling covers
/// it.
fn labelled_cells(variant: &Variant, made: &synth::Synthetic) -> Vec<(usize, usize, bool)> {
    let open = variant.open_cells(&made.date);
    let w = variant.width();
    (0..variant.height() * w)
        .filter(|&i| !synth::label(variant.cell(i / w, i % w)).is_empty())
        .map(|i| (i / w, i % w, !open[i]))
        .collect()
}

#[test]
fn each_new_look_at_strength_0_is_the_phones_camera_and_a_seed_makes_one_photo() {
    // Other seeds make other photos: see the_same_seed_makes_the_same_photo.
    let [standard, weekday] = boards();
    for (k, &distortion) in NEW_LOOKS.iter().enumerate() {
        assert_eq!(Camera::PHONE.with(distortion, 0), Camera::PHONE, "{}", distortion.name());
        // Small photos: what is compared is whole photos (the scale set
        // last, as a look may take its photo from closer).
        let small = Camera::PHONE.with(Distortion::Scale, 3);
        let camera = Camera::PHONE.with(distortion, 3).with(Distortion::Scale, 3);
        let variant = if k % 2 == 0 { &standard } else { &weekday };
        let seed = 20 + k as u64;
        let (a, b) = (synth::photo(variant, seed, &camera), synth::photo(variant, seed, &camera));
        assert_eq!(a.jpeg, b.jpeg, "{}", distortion.name());
        // The look changes the photo, not the date or tiling the seed gives.
        let plain = synth::photo(variant, seed, &small);
        assert_ne!(a.jpeg, plain.jpeg, "{}", distortion.name());
        assert_eq!((a.date, &a.tiling), (plain.date, &plain.tiling), "{}", distortion.name());
    }
}

#[test]
fn labels_show_through_acrylic_pieces_fainter_than_on_open_cells_but_not_through_wood() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(31, &standard), (32, &weekday)] {
        for level in [0, 2] {
            let camera = sharp().with(Distortion::Acrylic, level);
            let made = synth::photo(variant, seed, &camera);
            let (plane, to_photo) = (grey(&made.jpeg), board_to_photo(variant, &camera, &made));
            let (mut covered, mut open) = (Vec::new(), Vec::new());
            for (r, c, is_covered) in labelled_cells(variant, &made) {
                let contrast = label_contrast(&plane, &to_photo, variant, r, c);
                if is_covered { covered.push(contrast) } else { open.push(contrast) }
            }
            let range = |v: &[f64]| v.iter().fold((1.0f64, -1.0f64), |(lo, hi), &x| (lo.min(x), hi.max(x)));
            let ((least, most), (faintest_open, _)) = (range(&covered), range(&open));
            let mean = covered.iter().sum::<f64>() / covered.len() as f64;
            let what = format!("{} seed {seed} level {level}: covered {least:.3} to {most:.3}", variant.name());
            // Open cells show their labels plainly, whatever the pieces:
            // half as dark again as round them.
            assert!(faintest_open > 0.45, "{what}, open from {faintest_open:.3}");
            if level == 0 {
                // Wooden pieces hide the labels: only their grain varies.
                assert!(most < 0.06, "{what}");
            } else {
                // Through acrylic letting 55% through: each label a fifth
                // to a third darker than round it, fainter than any open
                // cell's.
                assert!(least > 0.15 && most < faintest_open, "{what}, open from {faintest_open:.3}");
                assert!((0.2..0.35).contains(&mean), "{what}, mean {mean:.3}");
            }
        }
    }
}

#[test]
fn a_printed_board_is_a_black_frame_round_white_pieces_and_a_white_base_with_dark_labels() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(41, &standard), (42, &weekday)] {
        let camera = sharp().with(Distortion::Printed, 2);
        let made = synth::photo(variant, seed, &camera);
        let (plane, to_photo) = (grey(&made.jpeg), board_to_photo(variant, &camera, &made));
        let (w, h) = (variant.width() as f64, variant.height() as f64);
        // The frame's middle, all round the board.
        let frame: Vec<(f64, f64)> = (0..20)
            .flat_map(|k| {
                let t = f64::from(k) / 20.0;
                [(-0.3, t * h), (w * t, -0.3), (w + 0.3, t * h), (w * t, h + 0.3)]
            })
            .collect();
        let frame = mean_at(&plane, &to_photo, &frame);
        let cells = labelled_cells(variant, &made);
        let centres = |covered: bool| -> Vec<(f64, f64)> {
            cells.iter().filter(|c| c.2 == covered).map(|&(r, c, _)| (c as f64 + 0.5, r as f64 + 0.2)).collect()
        };
        let (pieces, base) = (mean_at(&plane, &to_photo, &centres(true)), mean_at(&plane, &to_photo, &centres(false)));
        assert!(frame < 70.0 && pieces > 170.0 && base > 150.0, "{frame:.0} {pieces:.0} {base:.0}");
        for &(r, c, _) in cells.iter().filter(|c| !c.2) {
            let contrast = label_contrast(&plane, &to_photo, variant, r, c);
            assert!(contrast > 0.5, "{} seed {seed}: open ({r}, {c}) {contrast:.3}", variant.name());
        }
    }
}

#[test]
fn a_busy_backdrop_is_colourful_all_over_and_the_board_off_centre() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(51, &standard), (52, &weekday), (53, &standard)] {
        for level in [0, 3] {
            let camera = Camera::PHONE.with(Distortion::Scale, 2).with(Distortion::Backdrop, level);
            let made = synth::photo(variant, seed, &camera);
            let photo = image::load_from_memory(&made.jpeg).unwrap().to_rgb8();
            let (width, height) = (f64::from(photo.width()), f64::from(photo.height()));
            // Strong colours off the board, by sixth of the hue circle, in
            // each quarter of the photo.
            let mut hues = [[0usize; 6]; 4];
            let mut seen = [0usize; 4];
            for (x, y, p) in photo.enumerate_pixels().step_by(7) {
                let (x, y) = (f64::from(x), f64::from(y));
                if synth::in_quadrilateral(&made.corners, (x, y)) {
                    continue;
                }
                let quarter = usize::from(x > width / 2.0) + 2 * usize::from(y > height / 2.0);
                seen[quarter] += 1;
                let [r, g, b] = p.0.map(f64::from);
                let (hi, lo) = (r.max(g).max(b), r.min(g).min(b));
                if hi - lo > 60.0 {
                    let hue = if hi == r {
                        (g - b) / (hi - lo)
                    } else if hi == g {
                        2.0 + (b - r) / (hi - lo)
                    } else {
                        4.0 + (r - g) / (hi - lo)
                    };
                    hues[quarter][hue.rem_euclid(6.0) as usize] += 1;
                }
            }
            let colourful = (0..4).filter(|&q| hues[q].iter().filter(|&&n| n * 50 > seen[q]).count() >= 2).count();
            let hue_count = (0..6)
                .filter(|&k| (0..4).map(|q| hues[q][k]).sum::<usize>() * 100 > seen.iter().sum::<usize>())
                .count();
            let centre = made.corners.iter().fold((0.0, 0.0), |s, p| (s.0 + p.0 / 4.0, s.1 + p.1 / 4.0));
            let off = (centre.0 - width / 2.0).hypot(centre.1 - height / 2.0) / width.max(height);
            let what = format!(
                "{} seed {seed} level {level}: {colourful} colourful quarters, {hue_count} hues, off {off:.2}",
                variant.name()
            );
            if level == 0 {
                assert!(hue_count <= 1 && off < 0.08, "{what}");
            } else {
                assert!(colourful >= 3 && hue_count >= 4 && off > 0.1, "{what}");
            }
        }
    }
}

/// How much more a photo's map of the board stretches it one way than the
/// other at the grid's centre (1: not foreshortened), and the longest of
/// the board's sides against the side opposite it.
fn foreshortening(variant: &Variant, camera: &Camera, made: &synth::Synthetic) -> (f64, f64) {
    let to_photo = board_to_photo(variant, camera, made);
    let (cx, cy) = (variant.width() as f64 / 2.0, variant.height() as f64 / 2.0);
    let e = 0.01;
    let (o, a, b) = (to_photo.apply((cx, cy)), to_photo.apply((cx + e, cy)), to_photo.apply((cx, cy + e)));
    let [j11, j21, j12, j22] = [(a.0 - o.0) / e, (a.1 - o.1) / e, (b.0 - o.0) / e, (b.1 - o.1) / e];
    // The singular values of the map's 2 x 2 linear part.
    let (s, d) = (j11 * j11 + j12 * j12 + j21 * j21 + j22 * j22, (j11 * j22 - j12 * j21).abs());
    let root = (s * s - 4.0 * d * d).max(0.0).sqrt();
    let stretch = ((s + root) / (s - root)).sqrt();
    let side = |k: usize| {
        let (p, q) = (made.corners[k], made.corners[(k + 1) % 4]);
        (p.0 - q.0).hypot(p.1 - q.1)
    };
    let taper = (0..2).map(|k| side(k).max(side(k + 2)) / side(k).min(side(k + 2))).fold(1.0, f64::max);
    (stretch, taper)
}

#[test]
fn a_leaning_board_is_foreshortened_and_its_far_side_shorter() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(61, &standard), (62, &weekday), (63, &standard), (64, &weekday)] {
        // Small photos: only their corners are measured.
        let phone = Camera::PHONE.with(Distortion::Scale, 3);
        let (stretch, taper) = foreshortening(variant, &phone, &synth::photo(variant, seed, &phone));
        assert!(stretch < 1.1 && taper < 1.17, "{} seed {seed}: phone {stretch:.2} {taper:.2}", variant.name());
        let camera = phone.with(Distortion::Standing, 3);
        let made = synth::photo(variant, seed, &camera);
        let (stretch, taper) = foreshortening(variant, &camera, &made);
        // Leaning 60 degrees: half as deep one way as the other (cos 60),
        // and from close by, one side a fifth or more longer than the other.
        assert!(
            (1.85..2.2).contains(&stretch) && taper > 1.19,
            "{} seed {seed}: {stretch:.2} {taper:.2}",
            variant.name()
        );
    }
}

#[test]
fn an_engraved_strip_widens_the_frame_below_the_last_row_and_carries_dark_text() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(71, &standard), (72, &weekday)] {
        let camera = sharp().with(Distortion::Strip, 3);
        let made = synth::photo(variant, seed, &camera);
        let (plane, to_photo) = (grey(&made.jpeg), board_to_photo(variant, &camera, &made));
        let (w, h, m) = (variant.width() as f64, variant.height() as f64, synth::MARGIN);
        let band = |top: f64, bottom: f64| -> Vec<f32> {
            let mut values: Vec<f32> = (0..=100)
                .flat_map(|i| {
                    (0..=20).map(move |j| (w * f64::from(i) / 100.0, top + (bottom - top) * f64::from(j) / 20.0))
                })
                .map(|p| {
                    let (x, y) = to_photo.apply(p);
                    plane.sample(x - 0.5, y - 0.5)
                })
                .collect();
            values.sort_by(f32::total_cmp);
            values
        };
        let dark_share = |values: &[f32]| {
            let median = values[values.len() / 2];
            values.iter().filter(|&&v| v < 0.7 * median).count() as f64 / values.len() as f64
        };
        // The frame above the first row: wood alone. The strip below the
        // last row: as deep as asked, wood where there is no text.
        let (above, strip) = (band(-m + 0.1, -0.1), band(h + 0.1, h + m + camera.strip - 0.1));
        let (plain, lettered) = (dark_share(&above), dark_share(&strip));
        let medians = (above[above.len() / 2], strip[strip.len() / 2]);
        assert!(plain < 0.01 && lettered > 0.04, "{} seed {seed}: {plain:.3} {lettered:.3}", variant.name());
        assert!((medians.0 - medians.1).abs() < 0.15 * medians.0, "{} seed {seed}: {medians:?}", variant.name());
    }
}

#[test]
fn no_new_look_is_read_wrongly() {
    // The reader may refuse these photos, saying what it saw; a reading it
    // gives must be the photo's. One photo a strength, the boards taking
    // turns. A reader that refused them all would read none wrongly: nine
    // in ten must be read (34 of 36 are).
    let boards = boards();
    let mut wrong = Vec::new();
    let (mut right, mut photos) = (0, 0);
    for &distortion in NEW_LOOKS {
        for level in 1..Camera::LEVELS {
            let k = (level + 1) % 2;
            let (variant, seed) = (&boards[k], 80 + 10 * level as u64 + k as u64);
            let made = synth::photo(variant, seed, &Camera::PHONE.with(distortion, level));
            let what = format!("{} level {level} {} seed {seed}", distortion.name(), variant.name());
            photos += 1;
            match read(&made.jpeg, &boards) {
                Ok(reading) => {
                    let truth = (variant.name(), made.date, made.tiling.to_rows(variant));
                    let read = (reading.variant.name(), reading.date, reading.tiling.to_rows(&reading.variant));
                    if read == truth {
                        right += 1;
                    } else {
                        wrong.push(format!("{what}: read as {} {}", read.0, read.1));
                    }
                }
                Err(e) => eprintln!("{what}: refused: {}", e.to_string().lines().next().unwrap_or("")),
            }
        }
    }
    assert!(wrong.is_empty(), "read wrongly:\n{}", wrong.join("\n"));
    assert!(right * 10 >= photos * 9, "only {right} of {photos} photos read");
}

/// Asserts that every one of `seeds` is read exactly under `distortion` at
/// `level` (boards taking turns, as in [`read_exactly`]).
fn assert_every_seed_read(distortion: Distortion, level: usize, seeds: std::ops::Range<u64>) {
    let camera = Camera::PHONE.with(distortion, level);
    let read = read_exactly(&camera, seeds.clone());
    assert_eq!(
        read,
        seeds.clone().collect::<Vec<u64>>(),
        "{}, strength {level}: of seeds {seeds:?}",
        distortion.name()
    );
}

/// Of `seeds`, those whose photo (boards taking turns) is read exactly.
fn read_exactly(camera: &Camera, seeds: std::ops::Range<u64>) -> Vec<u64> {
    read_exactly_and_wrongly(camera, seeds).0
}

/// Of `seeds`, those whose photo (boards taking turns) is read exactly, and
/// those read as another board, date or tiling.
fn read_exactly_and_wrongly(camera: &Camera, seeds: std::ops::Range<u64>) -> (Vec<u64>, Vec<u64>) {
    let boards = boards();
    let (mut exact, mut wrong) = (Vec::new(), Vec::new());
    for seed in seeds {
        let variant = &boards[(seed % 2) as usize];
        let made = synth::photo(variant, seed, camera);
        if let Ok(reading) = read(&made.jpeg, &boards) {
            let right = reading.variant.name() == variant.name()
                && reading.date == made.date
                && reading.tiling.to_rows(variant) == made.tiling.to_rows(variant);
            if right { exact.push(seed) } else { wrong.push(seed) }
        }
    }
    (exact, wrong)
}

#[test]
fn a_black_frame_round_white_pieces_is_told_from_the_table_by_its_edge() {
    // No one colour is the board's, so neither the board's colour nor its
    // tint at the photo's centre finds it: the table's flood from the
    // photo's rim does.
    for level in 1..Camera::LEVELS {
        assert_every_seed_read(Distortion::Printed, level, 1..7);
    }
}

#[test]
fn acrylic_pieces_whose_labels_show_through_leave_the_date_told_by_the_floors_hue() {
    // At their strongest the labels under the pieces look as open as the
    // date's own: the open cells are the ones whose hue is the frame's.
    assert_every_seed_read(Distortion::Acrylic, 3, 2..7);
}

#[test]
fn a_board_on_a_desk_of_its_own_wood_is_outlined_by_its_straight_edges() {
    // The desk is the board's colour and grain: no region tells them apart,
    // only the line and shadow along the board's edge.
    // Some are still refused (the bench gives the share): two in three of
    // a dozen are a floor that a reader without the edges, which reads
    // none, does not reach.
    let camera = Camera::PHONE.with(Distortion::Lookalike, 3);
    let read = read_exactly(&camera, 1..13);
    assert!(read.len() >= 8, "read exactly only seeds {read:?} of 1 to 12");
}

#[test]
fn open_cells_lit_from_one_side_are_read_open_though_two_walls_show_no_seam() {
    // The walls facing the light show no dark seam and the pieces' edges
    // beside them are lit: each open cell is joined without a gap on two
    // of its four sides.
    assert_every_seed_read(Distortion::Sidelight, 3, 1..7);
}

#[test]
fn translucent_pieces_pushed_tight_are_read_by_their_hairline_gaps() {
    // Under the pieces the board's printed cell lines show as dark as the
    // hairlines between the pieces, only wider and softer: the gaps' depth
    // tells no tiling apart, the thin lines do. Read by the gaps alone, 2 of
    // these 6 are read; the rest are refused.
    let camera = Camera::PHONE.with(Distortion::Hairline, 3);
    let (exact, wrong) = read_exactly_and_wrongly(&camera, 1..7);
    assert!(wrong.is_empty(), "read wrongly: seeds {wrong:?}");
    assert!(exact.len() >= 5, "read exactly only seeds {exact:?} of 1 to 6");
}

#[test]
fn a_weekday_board_leaning_back_lies_the_way_its_frame_fits_though_its_outline_looks_turned() {
    // Leaning back, the board's 8 rows are foreshortened until its outline
    // is wider than tall, as the board turned a quarter would be. Read by
    // the outline's shape alone, both are refused.
    for (level, seed) in [(2, 3), (3, 11)] {
        assert_every_seed_read(Distortion::Standing, level, seed..seed + 1);
    }
}

#[test]
fn pieces_printed_in_many_colours_pushed_tight_are_told_apart_by_their_colours() {
    // No seam shows between the pieces, only the change of colour; where
    // two colours are about as light, nothing else tells the border. By
    // the gaps and thin lines alone, seeds 5 and 7 are refused.
    assert_every_seed_read(Distortion::Multicolour, 2, 1..9);
}

#[test]
fn a_photo_cut_to_the_board_is_read_as_the_whole_photo() {
    // No table shows, so nothing tells the board from it, and the photo's
    // edges cut through the frame. Looked for in the photo, these boards
    // are all refused.
    for level in [1, 3] {
        assert_every_seed_read(Distortion::Cropped, level, 1..7);
    }
}

#[test]
fn a_shadow_across_the_board_is_not_taken_for_a_label() {
    // Where the shadow's edge crosses a piece, the cell is darker on one
    // side than the other, as a cell with a label's print against its
    // surface is; only a label's strokes are darker than the cell on both
    // sides. Taken by the print's darkness, these photos see 4 to 15 open
    // cells, or no tiling, and are all refused.
    for level in [2, 3] {
        assert_every_seed_read(Distortion::Shadow, level, 1..9);
    }
}

#[test]
fn pieces_printed_in_dark_colours_are_not_taken_for_open_cells() {
    // A blue, purple or brown piece is darker than the board's typical
    // cell all over, as an open cell's floor in shadow is; only an open
    // cell shows a label's marks. Taken by darkness, these see up to 16
    // open cells.
    let weekday = &boards()[1];
    for (level, seed) in [(1, 20), (3, 9), (3, 15)] {
        let made = synth::photo(weekday, seed, &Camera::PHONE.with(Distortion::Multicolour, level));
        let reading = read(&made.jpeg, &boards()).unwrap_or_else(|e| panic!("strength {level} seed {seed}: {e}"));
        assert_eq!(
            (reading.variant.name(), reading.date, reading.tiling.to_rows(weekday)),
            (weekday.name(), made.date, made.tiling.to_rows(weekday)),
            "strength {level} seed {seed}"
        );
    }
}

#[test]
fn pieces_printed_in_many_colours_pushed_tight_meet_with_no_seam_only_a_change_of_colour() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(61, &standard), (62, &weekday)] {
        let camera = sharp().with(Distortion::Multicolour, 2);
        let made = synth::photo(variant, seed, &camera);
        let photo = crate::raster::Photo::from_image(&image::load_from_memory(&made.jpeg).unwrap().to_rgb8(), 1);
        let to_photo = board_to_photo(variant, &camera, &made);
        let colour = |r: usize, c: usize| {
            photo.rgb.each_ref().map(|plane| mean_at(plane, &to_photo, &[(c as f64 + 0.5, r as f64 + 0.8)]))
        };
        let piece = |r: usize, c: usize| made.tiling.piece_at(variant, r, c);
        let (w, h) = (variant.width(), variant.height());
        let mut borders = 0;
        for r in 0..h {
            for c in 0..w {
                for (r2, c2) in [(r, c + 1), (r + 1, c)] {
                    if r2 >= h || c2 >= w || piece(r, c).is_none() || piece(r2, c2).is_none() {
                        continue;
                    }
                    let (a, b) = (colour(r, c), colour(r2, c2));
                    let apart = (0..3).map(|k| (a[k] - b[k]).abs()).fold(0.0, f64::max);
                    let what = format!("{} seed {seed}: ({r}, {c}) and ({r2}, {c2})", variant.name());
                    if piece(r, c) == piece(r2, c2) {
                        assert!(apart < 12.0, "{what}, one piece: {a:.0?} against {b:.0?}");
                        continue;
                    }
                    borders += 1;
                    assert!(apart > 40.0, "{what}, two pieces: {a:.0?} against {b:.0?}");
                    // The side's middle is no darker than the darker piece.
                    let side = ((c + c2) as f64 / 2.0 + 0.5, (r + r2) as f64 / 2.0 + 0.5);
                    let (grey_side, grey_a, grey_b) = (
                        mean_at(&photo.grey, &to_photo, &[side]),
                        mean_at(&photo.grey, &to_photo, &[(c as f64 + 0.5, r as f64 + 0.5)]),
                        mean_at(&photo.grey, &to_photo, &[(c2 as f64 + 0.5, r2 as f64 + 0.5)]),
                    );
                    assert!(
                        grey_side > 0.9 * grey_a.min(grey_b),
                        "{what}: a seam {grey_side:.0} against {grey_a:.0}, {grey_b:.0}"
                    );
                }
            }
        }
        assert!(borders > 10, "{borders}");
    }
}

#[test]
fn an_open_corner_cell_whose_two_sides_on_the_board_face_the_light_is_read_open() {
    // Jun 27 Sat and Aug 19 Thu on the weekday board: Jun and Thu have
    // only two neighbours on the board, and both walls between show no
    // seam, only the light on their faces.
    let boards = boards();
    let camera = Camera::PHONE.with(Distortion::Sidelight, 3);
    for seed in [4, 8] {
        let made = synth::photo(&boards[1], seed, &camera);
        let reading = read(&made.jpeg, &boards).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert_eq!((reading.variant.name(), reading.date), (boards[1].name(), made.date), "seed {seed}");
        assert_eq!(reading.tiling.to_rows(&boards[1]), made.tiling.to_rows(&boards[1]), "seed {seed}");
    }
}

/// How much darker than its floor the darkest point across each wall of
/// an open cell is, as a share of the floor (left, right, top, bottom);
/// `None` for a side shared with another open cell.
fn wall_dips(plane: &Plane, to_photo: &Homography, open: &[bool], variant: &Variant, i: usize) -> [Option<f64>; 4] {
    let w = variant.width();
    let (r, c) = ((i / w) as f64, (i % w) as f64);
    // Beyond the walls' shadows, above and below the label.
    let floor: Vec<Point> =
        [(0.25, 0.22), (0.75, 0.22), (0.25, 0.78), (0.75, 0.78)].map(|(fx, fy)| (c + fx, r + fy)).to_vec();
    let floor = mean_at(plane, to_photo, &floor);
    let column = i % w;
    let beside = [
        column > 0 && open[i - 1],
        column + 1 < w && open[i + 1],
        i >= w && open[i - w],
        open.get(i + w) == Some(&true),
    ];
    [0, 1, 2, 3].map(|k| {
        if beside[k] {
            return None;
        }
        let darkest: Vec<f64> = [0.2, 0.25, 0.3, 0.7, 0.75, 0.8]
            .iter()
            .map(|&t| {
                (-8..=8)
                    .map(|step| {
                        // From inside the neighbour across the wall to inside the cell.
                        let d = f64::from(step) / 100.0;
                        let (fx, fy) = match k {
                            0 => (d, t),
                            1 => (1.0 - d, t),
                            2 => (t, d),
                            _ => (t, 1.0 - d),
                        };
                        mean_at(plane, to_photo, &[(c + fx, r + fy)])
                    })
                    .fold(f64::MAX, f64::min)
            })
            .collect();
        Some(1.0 - darkest.iter().sum::<f64>() / darkest.len() as f64 / floor)
    })
}

#[test]
fn light_from_one_side_takes_the_dark_seam_off_the_two_walls_of_each_open_cell_that_face_it() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(91, &standard), (92, &weekday), (93, &standard), (94, &weekday)] {
        for level in [0, 3] {
            let camera = sharp().with(Distortion::Scale, 0).with(Distortion::Sidelight, level);
            let made = synth::photo(variant, seed, &camera);
            let (plane, to_photo) = (grey(&made.jpeg), board_to_photo(variant, &camera, &made));
            let open = variant.open_cells(&made.date);
            let mut unseamed = Vec::new();
            for i in (0..open.len()).filter(|&i| open[i]) {
                let dips = wall_dips(&plane, &to_photo, &open, variant, i);
                let what = format!("{} seed {seed} level {level} cell {i}: {dips:.2?}", variant.name());
                for (k, dip) in dips.iter().enumerate() {
                    match dip {
                        Some(dip) if *dip < 0.1 => unseamed.push(k),
                        Some(dip) => assert!(*dip > 0.3, "{what}"),
                        None => {}
                    }
                }
                if level > 0 {
                    // One of left and right, one of top and bottom.
                    let lit: Vec<usize> = (0..4).filter(|&k| dips[k].is_some_and(|d| d < 0.1)).collect();
                    assert!(lit.iter().all(|&k| dips[k ^ 1].is_none_or(|d| d > 0.3)), "{what}");
                }
            }
            unseamed.sort_unstable();
            unseamed.dedup();
            let what = format!("{} seed {seed} level {level}: walls without a seam {unseamed:?}", variant.name());
            if level == 0 {
                assert!(unseamed.is_empty(), "{what}");
            } else {
                // The same two sides of every open cell, across each other's
                // corner.
                assert!(unseamed.len() == 2 && unseamed[0] < 2 && unseamed[1] >= 2, "{what}");
            }
        }
    }
}

/// The mean brightness across the sides of a photo's cells, from 0.15 of a
/// cell before each side to 0.15 after it in steps of 1/200 cell: of the
/// sides inside a piece, and of those between two pieces.
fn side_profiles(variant: &Variant, camera: &Camera, made: &synth::Synthetic) -> [Vec<f64>; 2] {
    let (plane, to_photo) = (grey(&made.jpeg), board_to_photo(variant, camera, made));
    let (w, h) = (variant.width(), variant.height());
    let piece = |r: usize, c: usize| made.tiling.piece_at(variant, r, c);
    let mut sums = [vec![0.0; 61], vec![0.0; 61]];
    let mut counts = [0usize; 2];
    for r in 0..h {
        for c in 0..w {
            // The side to the right and the side below, each with the point
            // of it a share of the way along and the way across it.
            let sides = [
                (c + 1 < w).then(|| (piece(r, c), piece(r, c + 1), (c as f64 + 1.0, r as f64), (0.0, 1.0), (1.0, 0.0))),
                (r + 1 < h).then(|| (piece(r, c), piece(r + 1, c), (c as f64, r as f64 + 1.0), (1.0, 0.0), (0.0, 1.0))),
            ];
            for (a, b, start, along, across) in sides.into_iter().flatten() {
                let (Some(a), Some(b)) = (a, b) else { continue };
                let k = usize::from(a != b);
                for t in [0.3, 0.4, 0.5, 0.6, 0.7] {
                    for (n, sum) in sums[k].iter_mut().enumerate() {
                        let o = (n as f64 - 30.0) / 200.0;
                        let p = (start.0 + t * along.0 + o * across.0, start.1 + t * along.1 + o * across.1);
                        *sum += mean_at(&plane, &to_photo, &[p]);
                    }
                    counts[k] += 1;
                }
            }
        }
    }
    [0, 1].map(|k| sums[k].iter().map(|s| s / counts[k] as f64).collect())
}

#[test]
fn acrylic_pieces_pushed_tight_leave_a_hairline_as_dark_as_the_printed_grid_but_sharper() {
    let [standard, weekday] = boards();
    for (seed, variant) in [(95, &standard), (96, &weekday)] {
        for level in [1, 3] {
            let camera = Camera::PHONE.with(Distortion::Hairline, level);
            let made = synth::photo(variant, seed, &camera);
            // Each kind of side's darkness within 0.05 cell of it, and its
            // width where it is half its darkest, against the piece round it.
            let [inside, border] = side_profiles(variant, &camera, &made).map(|p| {
                let piece = p[..4].iter().chain(&p[57..]).sum::<f64>() / 8.0;
                let near = 1.0 - p[20..=40].iter().sum::<f64>() / 21.0 / piece;
                let darkest = p.iter().copied().fold(f64::MAX, f64::min);
                let width = p.iter().filter(|&&v| v < (piece + darkest) / 2.0).count() as f64 / 200.0;
                (near, width)
            });
            let what =
                format!("{} seed {seed} level {level}: inside {inside:.3?}, border {border:.3?}", variant.name());
            if level == 1 {
                // A gap 1/20 cell wide, plainly darker than the faint grid.
                assert!(inside.0 < 0.7 * border.0, "{what}");
            } else {
                // A hairline 1/40 cell wide: as dark as the grid's lines
                // near it, but under three quarters as wide.
                assert!((inside.0 - border.0).abs() < 0.05, "{what}");
                assert!(border.1 < 0.75 * inside.1, "{what}");
            }
        }
    }
}

/// A photo of one board read as the other is refused naming the board it
/// shows, never read as the board asked for: cut short too, as the
/// `photo_mutated` fuzz target found one (fuzz regression: its input
/// `[128, 212]`, a small standard photo cut to 212/256 of its bytes, read
/// as the weekday board, went through every outline the weekday board
/// failed on before the check was made on each outline as it is tried).
#[test]
fn a_photo_read_as_the_board_it_does_not_show_is_refused_naming_the_one_it_does() {
    let [standard, weekday] = boards();
    let small = Camera::PHONE.with(Distortion::Scale, 3);
    let made = synth::photo(&standard, 1, &small);
    let cut = &made.jpeg[..made.jpeg.len() * 212 / 256];
    for (bytes, shown, asked) in [
        (&made.jpeg[..], &standard, &weekday),
        (cut, &standard, &weekday),
        (&synth::photo(&weekday, 22, &Camera::PHONE).jpeg[..], &weekday, &standard),
    ] {
        match read(bytes, std::slice::from_ref(asked)) {
            Err(ReadError::OtherBoard { seen, asked: named, .. }) => {
                assert_eq!((seen.as_str(), named.as_str()), (shown.name(), asked.name()));
            }
            other => panic!("read as the {} board: {other:?}", asked.name()),
        }
        let reading = read(bytes, std::slice::from_ref(shown)).expect("read as the board it shows");
        assert_eq!(&reading.variant, shown);
    }
}

/// A date inferred from the open cells seen and the photo's sides (a
/// one-digit day lost on its floor) stands only when the pieces then fit
/// one of its tilings as seen: a shadow across a standard photo of Apr 8
/// (seed 11) hid the 8 from the days weighed, and the nearest tiling of Apr
/// 16, corrected by 16 sides, was once given as its reading.
#[test]
fn an_inferred_date_needing_its_pieces_corrected_too_is_refused() {
    let [standard, _] = boards();
    let made = synth::photo(&standard, 11, &Camera::PHONE.with(Distortion::Shadow, 3));
    assert_eq!(made.date.to_string(), "Apr 8");
    match read(&made.jpeg, &boards()) {
        Ok(reading) => assert_eq!((reading.date, reading.tiling), (made.date, made.tiling), "read wrongly"),
        Err(e) => assert!(matches!(e, ReadError::OpenCells { .. }), "{e}"),
    }
}
