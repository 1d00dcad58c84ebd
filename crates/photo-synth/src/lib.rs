//! Synthetic photos of a solved board, to measure the reader where nobody
//! has a camera: a wooden board (grain, engraved labels, pieces of one
//! colour told apart by their gaps and shadows) seen through a camera
//! (perspective, rotation, scale, blur, noise, vignetting, JPEG). Real
//! boards and desks add what a plain rectangle on a cloth lacks: frames
//! notched beside the blocked cells or with rounded corners, and things
//! lying about the board or across its frame (keys, a hand). Other boards
//! are not wood: tinted clear acrylic pieces through which the printed
//! labels show, or a black 3D-printed frame with white pieces; some stand
//! up and are taken from the side, have a wide strip of engraved text, or
//! sit off the photo's centre among busy, colourful things, or on a desk
//! of their own wood; light from one side leaves the lit walls of an open
//! cell without a dark seam; acrylic pieces pushed tight leave only a
//! hairline between them, no darker than the printed cell grid showing
//! through them; pieces printed in several colours meet with no seam, only
//! a change of colour; some photos are cut to the board, through its
//! frame, and some have a soft shadow across part of the board; some
//! boards have thin labels engraved faintly on a floor as light as the
//! pieces, so that a one-digit day is a few thin strokes. The same
//! seed and camera give the same photo in
//! every version.

#![forbid(unsafe_code)]

use aquarchive_kinds::calendar::{self, Cell, Date, Method, Tiling, Variant, date::days_in_month};
use aquarchive_kinds::rng::Rng;

use aquarchive_photo::{Homography, Plane, Point};

/// The frame around the grid, in cells.
pub const MARGIN: f64 = 0.6;
/// Half the gap between two raised parts (pieces, frame), in cells.
const GAP: f64 = 0.035;
/// How far the shadow of a raised edge reaches into an open cell, in cells.
const SHADOW: f64 = 0.14;
/// How dark a gap round an acrylic piece is, as a share of the piece's
/// tint.
const ACRYLIC_GAP: f64 = 0.5;
/// How dark the hairline between two acrylic pieces pushed tight is, as a
/// share of their tint.
const HAIRLINE: f64 = 0.15;
/// How far the polished edge of an acrylic piece pushed tight catches the
/// light beside the hairline, in cells, and how much lighter it is there.
const LIT_EDGE: f64 = 0.03;
const LIT_EDGE_FACTOR: f64 = 1.2;
/// Half the width of a line of the printed cell grid, soft from its middle
/// to nothing, in cells.
const GRID_LINE: f64 = 0.08;

/// The camera's distortions, each measured on its own in the benchmark.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Distortion {
    Perspective,
    Rotation,
    Scale,
    Blur,
    Noise,
    Vignetting,
    Jpeg,
    Frame,
    Clutter,
    Acrylic,
    Printed,
    Backdrop,
    Standing,
    Strip,
    Lookalike,
    Sidelight,
    Hairline,
    Multicolour,
    Cropped,
    Shadow,
    ThinLabels,
}

impl Distortion {
    pub const ALL: [Distortion; 21] = [
        Distortion::Perspective,
        Distortion::Rotation,
        Distortion::Scale,
        Distortion::Blur,
        Distortion::Noise,
        Distortion::Vignetting,
        Distortion::Jpeg,
        Distortion::Frame,
        Distortion::Clutter,
        Distortion::Acrylic,
        Distortion::Printed,
        Distortion::Backdrop,
        Distortion::Standing,
        Distortion::Strip,
        Distortion::Lookalike,
        Distortion::Sidelight,
        Distortion::Hairline,
        Distortion::Multicolour,
        Distortion::Cropped,
        Distortion::Shadow,
        Distortion::ThinLabels,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Distortion::Perspective => "perspective",
            Distortion::Rotation => "rotation",
            Distortion::Scale => "scale",
            Distortion::Blur => "blur",
            Distortion::Noise => "noise",
            Distortion::Vignetting => "vignetting",
            Distortion::Jpeg => "jpeg",
            Distortion::Frame => "frame",
            Distortion::Clutter => "clutter",
            Distortion::Acrylic => "acrylic",
            Distortion::Printed => "printed",
            Distortion::Backdrop => "backdrop",
            Distortion::Standing => "standing",
            Distortion::Strip => "strip",
            Distortion::Lookalike => "lookalike",
            Distortion::Sidelight => "sidelight",
            Distortion::Hairline => "hairline",
            Distortion::Multicolour => "multicolour",
            Distortion::Cropped => "cropped",
            Distortion::Shadow => "shadow",
            Distortion::ThinLabels => "thin-labels",
        }
    }

    /// What strength `level` (0 to [`Camera::LEVELS`] - 1) means, for tables.
    pub fn describe(self, level: usize) -> String {
        let camera = Camera::PHONE.with(self, level);
        match self {
            Distortion::Perspective => format!("tilt {:.2}", camera.perspective),
            Distortion::Rotation => format!("up to {:.0} deg", camera.rotation),
            Distortion::Scale => format!("{:.0} px/cell", camera.cell_px),
            Distortion::Blur => format!("sigma {:.1} px", camera.blur),
            Distortion::Noise => format!("sigma {:.0}", camera.noise),
            Distortion::Vignetting => format!("{:.0}% darker", camera.vignetting * 100.0),
            Distortion::Jpeg => format!("quality {}", camera.jpeg_quality),
            Distortion::Frame => match (camera.notch, camera.rounding > 0.0) {
                (false, false) => "square".to_string(),
                (false, true) => format!("corners round {:.1} cell", camera.rounding),
                (true, false) => "notched".to_string(),
                (true, true) => format!("notched, round {:.1}", camera.rounding),
            },
            Distortion::Clutter => format!("{} things", camera.clutter),
            Distortion::Acrylic => match camera.material {
                Material::Acrylic { show } => format!("labels show {:.0}% through", show * 100.0),
                _ => "wood".to_string(),
            },
            Distortion::Printed => match (camera.material, camera.bevel > 0.0) {
                (Material::Printed { .. }, false) => "black frame, white pieces".to_string(),
                (Material::Printed { .. }, true) => format!("the same, edges round {:.2} cell", camera.bevel),
                _ => "wood".to_string(),
            },
            Distortion::Backdrop => match camera.backdrop {
                0 => "plain table".to_string(),
                n => format!("{n} things, off centre {:.1}", camera.off_centre),
            },
            Distortion::Standing if camera.lean > 0.0 => {
                format!("leaning {:.0} deg, {:.2} cell thick", camera.lean, camera.thickness)
            }
            Distortion::Standing => "flat".to_string(),
            Distortion::Strip => match (camera.strip > 0.0, camera.engraved) {
                (_, false) => "none".to_string(),
                (false, true) => "text in blocked cells".to_string(),
                (true, true) => format!("text, strip {:.1} cell", camera.strip),
            },
            Distortion::Lookalike if camera.lookalike > 0.0 => {
                format!("table {:.0}% the wood's colour", camera.lookalike * 100.0)
            }
            Distortion::Lookalike => "plain table".to_string(),
            Distortion::Sidelight if camera.sidelight > 0.0 => {
                format!("lit walls' seams {:.0}% gone", camera.sidelight * 100.0)
            }
            Distortion::Sidelight => "light from above".to_string(),
            Distortion::Hairline if camera.grid > 0.0 => {
                format!("gaps 1/{:.0} cell, grid lines {:.0}% dark", 1.0 / (2.0 * camera.joint), camera.grid * 100.0)
            }
            Distortion::Hairline => "wood".to_string(),
            Distortion::Multicolour => match camera.material {
                Material::Printed { colours } if camera.joint < GAP => format!("{colours} colours, no seams"),
                Material::Printed { colours } => format!("{colours} colours, gaps"),
                _ => "wood".to_string(),
            },
            Distortion::Cropped => match camera.crop {
                None => "table round the board".to_string(),
                Some(cut) if cut > 0.0 => format!("{:.0}% of the frame cut off", cut * 100.0),
                Some(_) => "cut at the frame's edge".to_string(),
            },
            Distortion::Shadow if camera.shadow > 0.0 => {
                format!("{:.0}% darker across part of the board", camera.shadow * 100.0)
            }
            Distortion::Shadow => "none".to_string(),
            Distortion::ThinLabels if camera.stroke < 1.0 => format!(
                "strokes {:.0}% as wide, {:.0}% as dark, floor {:.0}% of the wood's",
                camera.stroke * 100.0,
                (1.0 - camera.ink) / (1.0 - Camera::PHONE.ink) * 100.0,
                camera.floor * 100.0
            ),
            Distortion::ThinLabels => "engraved labels".to_string(),
        }
    }
}

/// How the photo is taken.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Camera {
    /// How far the board's far side shrinks (and its near side grows), as a
    /// share of the board's size: 0 is a photo from straight above.
    pub perspective: f64,
    /// The board is turned by up to this many degrees either way.
    pub rotation: f64,
    /// Photo pixels per board cell.
    pub cell_px: f64,
    /// Gaussian blur, in photo pixels.
    pub blur: f64,
    /// Gaussian noise on each channel (of 255).
    pub noise: f64,
    /// How much darker the corners are than the centre (0 to 1).
    pub vignetting: f64,
    pub jpeg_quality: u8,
    /// The radius of the frame's outer corners, in cells (0: square).
    pub rounding: f64,
    /// The frame cut back beside the blocked cells of the first rows' ends,
    /// as some boards are.
    pub notch: bool,
    /// Things lying about the board (keys, a thumb), about half of them
    /// across its frame; never over a cell.
    pub clutter: usize,
    /// What the frame, the pieces and the labels are made of.
    pub material: Material,
    /// The radius of the pieces' rounded top edges, in cells (0: square),
    /// as 3D-printed pieces have.
    pub bevel: f64,
    /// Busy, colourful things behind the board (posters, boxes, figures),
    /// anywhere in the photo: how many. The board stands in front of them.
    pub backdrop: usize,
    /// More table on one side than the other, as a share of the board's
    /// size: the board is this far off the photo's centre (0: about
    /// centred).
    pub off_centre: f64,
    /// The angle between the board and a plane square to the camera, in
    /// degrees: a board standing up and taken from the side, from close by,
    /// on top of `perspective` (0: none).
    pub lean: f64,
    /// How thick the board is, in cells: its sides show when it leans.
    pub thickness: f64,
    /// How much deeper the frame is below the last row than elsewhere, in
    /// cells: a strip for engraved text (0: none).
    pub strip: f64,
    /// Text engraved in the frame: in the last row's blocked cells, and in
    /// the strip when there is one.
    pub engraved: bool,
    /// How far the table's colour is mixed toward the board's wood, with
    /// the wood's grain (0: the table's own, 1: the wood's): a board on a
    /// desk of its own wood, told from it only by its edge and shadow.
    pub lookalike: f64,
    /// Light from one side, low: how much of their dark seam and shadow
    /// the walls of an open cell that face the light lose, and how far the
    /// piece's edge beside them is lit rather than a dark gap (0: none, 1:
    /// all).
    pub sidelight: f64,
    /// Half the gap between two raised parts that touch (pieces, the
    /// frame), in cells: pieces pushed tight leave a hairline, whose
    /// polished edges catch the light beside it.
    pub joint: f64,
    /// The board's printed cell grid seen through acrylic pieces: how much
    /// darker than the piece its soft lines are at their middle (0: no
    /// grid, 1: black).
    pub grid: f64,
    /// A photo cut to the board, as people crop one: its edges this share
    /// of the frame's width inside the board's outer edge (`None`: the
    /// table shows all round).
    pub crop: Option<f64>,
    /// The soft shadow of the phone or a hand across part of the board:
    /// how much darker it is there (0: none).
    pub shadow: f64,
    /// How wide a label's strokes are, as a share of a glyph's unit (1:
    /// blocks that touch; less: thin lines through their middles).
    pub stroke: f64,
    /// How dark a wooden or acrylic board's label is, as a share of its
    /// floor's brightness.
    pub ink: f64,
    /// An open cell's floor, as a share of the wood's brightness (the
    /// walls' shadows aside): below 1, the floor lies in the pieces' shade.
    pub floor: f64,
}

/// What a board is made of.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Material {
    /// Plywood or MDF: frame, base and pieces of one wood, the labels
    /// engraved.
    Wood,
    /// A wooden frame and base with the labels printed on it, and pieces of
    /// tinted clear acrylic through which the labels show: `show` is how
    /// much of a label's darkness on an open cell shows through a piece (0
    /// to 1).
    Acrylic { show: f64 },
    /// 3D-printed: a black frame, white pieces (or, `colours` above 0, the
    /// pieces in that many colours of filament, taken in turn), and the
    /// labels printed dark on a white base.
    Printed { colours: usize },
}

impl Camera {
    /// The number of strengths of each distortion.
    pub const LEVELS: usize = 4;

    /// What a phone held over a table gives: some tilt, any turn, mild blur
    /// and noise, a usual JPEG.
    pub const PHONE: Camera = Camera {
        perspective: 0.08,
        rotation: 180.0,
        cell_px: 40.0,
        blur: 0.8,
        noise: 4.0,
        vignetting: 0.2,
        jpeg_quality: 85,
        rounding: 0.0,
        notch: false,
        clutter: 0,
        material: Material::Wood,
        bevel: 0.0,
        backdrop: 0,
        off_centre: 0.0,
        lean: 0.0,
        thickness: 0.0,
        strip: 0.0,
        engraved: false,
        lookalike: 0.0,
        sidelight: 0.0,
        joint: GAP,
        grid: 0.0,
        crop: None,
        shadow: 0.0,
        stroke: 1.0,
        ink: 0.45,
        floor: 0.86,
    };

    /// This camera with one distortion at strength `level`, from none (0)
    /// to harsher than a phone gives (3).
    pub fn with(self, distortion: Distortion, level: usize) -> Camera {
        let level = level.min(Camera::LEVELS - 1);
        let mut camera = self;
        match distortion {
            Distortion::Perspective => camera.perspective = [0.0, 0.08, 0.16, 0.25][level],
            Distortion::Rotation => camera.rotation = [0.0, 10.0, 45.0, 180.0][level],
            Distortion::Scale => camera.cell_px = [60.0, 40.0, 25.0, 15.0][level],
            Distortion::Blur => camera.blur = [0.0, 1.0, 2.0, 3.0][level],
            Distortion::Noise => camera.noise = [0.0, 5.0, 12.0, 25.0][level],
            Distortion::Vignetting => camera.vignetting = [0.0, 0.2, 0.4, 0.6][level],
            Distortion::Jpeg => camera.jpeg_quality = [95, 75, 45, 20][level],
            Distortion::Frame => {
                camera.rounding = [0.0, 0.3, 0.0, 0.5][level];
                camera.notch = level >= 2;
            }
            Distortion::Clutter => camera.clutter = [0, 2, 4, 8][level],
            Distortion::Acrylic => {
                camera.material = match level {
                    0 => Material::Wood,
                    _ => Material::Acrylic { show: [0.0, 0.3, 0.55, 0.8][level] },
                }
            }
            Distortion::Printed => {
                camera.material = if level == 0 { Material::Wood } else { Material::Printed { colours: 0 } };
                camera.bevel = [0.0, 0.0, 0.08, 0.15][level];
            }
            Distortion::Backdrop => {
                camera.backdrop = [0, 6, 14, 30][level];
                camera.off_centre = [0.0, 0.3, 0.6, 1.0][level];
            }
            Distortion::Standing => {
                camera.lean = [0.0, 30.0, 45.0, 60.0][level];
                camera.thickness = [0.0, 0.25, 0.25, 0.25][level];
            }
            Distortion::Strip => {
                camera.engraved = level > 0;
                camera.strip = [0.0, 0.0, 1.0, 1.6][level];
            }
            Distortion::Lookalike => camera.lookalike = [0.0, 0.6, 0.85, 1.0][level],
            Distortion::Sidelight => camera.sidelight = [0.0, 0.5, 0.8, 1.0][level],
            Distortion::Hairline => {
                camera.material = if level == 0 { Material::Wood } else { Material::Acrylic { show: 0.55 } };
                camera.joint = [GAP, 0.025, 0.0175, 0.0125][level];
                camera.grid = [0.0, 0.35, 0.55, 0.7][level];
                // Taken close and sharp, as a phone's full-size photo
                // shrunk to the reader's working size (its long side at
                // most 1,200 px): a hairline 1/40 cell wide is 1.5 px.
                if level > 0 {
                    camera.cell_px = 60.0;
                    camera.blur = 0.4;
                }
            }
            Distortion::Multicolour => {
                if level > 0 {
                    camera.material = Material::Printed { colours: [0, 10, 10, 4][level] };
                }
                // Pushed tight, the pieces meet with no seam to see: only
                // their colours part them.
                camera.joint = [GAP, GAP, 0.0, 0.0][level];
            }
            Distortion::Shadow => camera.shadow = [0.0, 0.3, 0.45, 0.6][level],
            Distortion::ThinLabels => {
                camera.stroke = [1.0, 0.6, 0.5, 0.45][level];
                camera.ink = [0.45, 0.55, 0.55, 0.58][level];
                camera.floor = [0.86, 0.93, 0.95, 0.96][level];
                // Even light and mild perspective: the photo is clear, only
                // its labels are faint.
                if level > 0 {
                    camera.vignetting = 0.0;
                    camera.perspective = 0.05;
                }
            }
            Distortion::Cropped => {
                camera.crop = [None, Some(0.0), Some(0.4), Some(0.8)][level];
                // Cut to the board, a photo taken square on.
                if level > 0 {
                    camera.rotation = 2.0;
                    camera.perspective = 0.02;
                }
            }
        }
        camera
    }
}

/// What covers a cell in a scene: what a photo shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cover {
    /// Part of the frame: no cell of the board.
    Frame,
    /// Open: its label shows.
    Open,
    /// Covered by the piece with this number.
    Piece(u8),
}

/// A board as the photo shows it.
#[derive(Clone, Debug)]
pub struct Scene {
    pub variant: Variant,
    /// Row-major, one per cell.
    pub cells: Vec<Cover>,
}

impl Scene {
    /// The board with `tiling` on it.
    pub fn solved(variant: &Variant, tiling: &Tiling) -> Scene {
        let mut cells = Vec::new();
        for r in 0..variant.height() {
            for c in 0..variant.width() {
                cells.push(match (variant.cell(r, c), tiling.piece_at(variant, r, c)) {
                    (Cell::Blocked, _) => Cover::Frame,
                    (_, Some(k)) => Cover::Piece(k as u8),
                    (_, None) => Cover::Open,
                });
            }
        }
        Scene { variant: variant.clone(), cells }
    }

    /// The cover at a row and column, the frame off the grid.
    fn at(&self, r: i64, c: i64) -> Cover {
        let (w, h) = (self.variant.width() as i64, self.variant.height() as i64);
        if r < 0 || c < 0 || r >= h || c >= w { Cover::Frame } else { self.cells[(r * w + c) as usize] }
    }
}

/// A generated photo and what it shows.
pub struct Synthetic {
    /// The photo, a JPEG.
    pub jpeg: Vec<u8>,
    pub date: Date,
    pub tiling: Tiling,
    /// The board's outer corners in the photo, clockwise from the corner
    /// beside the first row's first cell.
    pub corners: [Point; 4],
}

/// A number in 0..1.
fn unit(rng: &mut Rng) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

fn between(rng: &mut Rng, lo: f64, hi: f64) -> f64 {
    lo + (hi - lo) * unit(rng)
}

/// A standard normal number (Box-Muller).
fn normal(rng: &mut Rng) -> f64 {
    let u = unit(rng).max(1e-12);
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * unit(rng)).cos()
}

/// A random real date the board shows (with a weekday when it has them)
/// and one of its tilings, the same for a seed.
pub fn solved_date(variant: &Variant, rng: &mut Rng) -> (Date, Tiling) {
    loop {
        let month = rng.between(1, 12) as u8;
        let day = rng.between(1, usize::from(days_in_month(month, None))) as u8;
        let weekday = variant.has_weekdays().then(|| rng.below(7) as u8);
        let date = Date { month, day, weekday };
        // Custom boards may leave a date without a tiling: draw again.
        if let Ok(report) = calendar::solve(variant, &date, 100_000, Method::Bitboard)
            && !report.solutions.is_empty()
        {
            let pick = rng.below(report.solutions.len());
            return (date, report.solutions[pick].clone());
        }
    }
}

/// A photo of a random date's random tiling on `variant`.
pub fn photo(variant: &Variant, seed: u64, camera: &Camera) -> Synthetic {
    let mut rng = Rng::new(seed);
    let (date, tiling) = solved_date(variant, &mut rng);
    let (jpeg, corners) = render(&Scene::solved(variant, &tiling), &mut rng, camera);
    Synthetic { jpeg, date, tiling, corners }
}

/// A photo of the table alone, `width` x `height` pixels: no board in it.
pub fn table(seed: u64, width: usize, height: usize, camera: &Camera) -> Vec<u8> {
    let mut rng = Rng::new(seed);
    let look = look(&mut rng, 1);
    let texture_seed = rng.next_u64();
    let mut out = image::RgbImage::new(width as u32, height as u32);
    for (px, py, pixel) in out.enumerate_pixels_mut() {
        let bump = hash_noise(texture_seed, px as usize / 2, py as usize / 2) * look.table_texture;
        let colour = look.table.map(|v| v + bump + camera.noise * normal(&mut rng));
        *pixel = image::Rgb(colour.map(|v| v.round().clamp(0.0, 255.0) as u8));
    }
    jpeg(&out, camera.jpeg_quality)
}

fn jpeg(image: &image::RgbImage, quality: u8) -> Vec<u8> {
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(image)
        .expect("encoding to memory does not fail");
    out
}

/// The colours and textures of one board and table.
struct Look {
    wood: [f64; 3],
    /// Each piece's shade and grain: a turn, a frequency and a phase.
    pieces: Vec<(f64, f64, f64, f64)>,
    frame_grain: (f64, f64, f64),
    table: [f64; 3],
    table_texture: f64,
    /// The light's slope across the photo: direction and strength.
    light: (f64, f64),
}

const TABLES: [[f64; 3]; 5] =
    [[70.0, 70.0, 76.0], [40.0, 62.0, 112.0], [226.0, 226.0, 220.0], [58.0, 92.0, 62.0], [128.0, 128.0, 134.0]];

fn look(rng: &mut Rng, pieces: usize) -> Look {
    let wood = [between(rng, 185.0, 215.0), between(rng, 140.0, 165.0), between(rng, 90.0, 115.0)];
    let grain =
        |rng: &mut Rng| (between(rng, 0.0, std::f64::consts::PI), between(rng, 4.0, 9.0), between(rng, 0.0, 6.3));
    Look {
        wood,
        pieces: (0..pieces)
            .map(|_| {
                let (turn, frequency, phase) = grain(rng);
                (between(rng, 0.97, 1.03), turn, frequency, phase)
            })
            .collect(),
        frame_grain: grain(rng),
        table: TABLES[rng.below(TABLES.len())],
        table_texture: between(rng, 3.0, 10.0),
        light: (between(rng, 0.0, std::f64::consts::TAU), between(rng, 0.0, 0.12)),
    }
}

fn grain(x: f64, y: f64, (turn, frequency, phase): (f64, f64, f64)) -> f64 {
    let along = x * turn.cos() + y * turn.sin();
    let across = -x * turn.sin() + y * turn.cos();
    1.0 + 0.035 * (std::f64::consts::TAU * (across * frequency + 0.15 * (along * 2.3 + phase).sin()) + phase).sin()
}

/// The 3 x 5 glyphs of the labels, row by row, 1 a stroke.
fn glyph(ch: char) -> [u8; 5] {
    match ch.to_ascii_uppercase() {
        'A' => [0b010, 0b101, 0b111, 0b101, 0b101],
        'B' => [0b110, 0b101, 0b110, 0b101, 0b110],
        'C' => [0b011, 0b100, 0b100, 0b100, 0b011],
        'D' => [0b110, 0b101, 0b101, 0b101, 0b110],
        'E' => [0b111, 0b100, 0b110, 0b100, 0b111],
        'F' => [0b111, 0b100, 0b110, 0b100, 0b100],
        'G' => [0b011, 0b100, 0b101, 0b101, 0b011],
        'H' => [0b101, 0b101, 0b111, 0b101, 0b101],
        'I' => [0b111, 0b010, 0b010, 0b010, 0b111],
        'J' => [0b001, 0b001, 0b001, 0b101, 0b010],
        'K' => [0b101, 0b101, 0b110, 0b101, 0b101],
        'L' => [0b100, 0b100, 0b100, 0b100, 0b111],
        'M' => [0b101, 0b111, 0b111, 0b101, 0b101],
        'N' => [0b110, 0b101, 0b101, 0b101, 0b101],
        'O' | '0' => [0b111, 0b101, 0b101, 0b101, 0b111],
        'P' => [0b110, 0b101, 0b110, 0b100, 0b100],
        'R' => [0b110, 0b101, 0b110, 0b101, 0b101],
        'S' => [0b011, 0b100, 0b010, 0b001, 0b110],
        'T' => [0b111, 0b010, 0b010, 0b010, 0b010],
        'U' => [0b101, 0b101, 0b101, 0b101, 0b111],
        'V' => [0b101, 0b101, 0b101, 0b101, 0b010],
        'W' => [0b101, 0b101, 0b111, 0b111, 0b101],
        'X' => [0b101, 0b101, 0b010, 0b101, 0b101],
        'Y' => [0b101, 0b101, 0b010, 0b010, 0b010],
        'Z' => [0b111, 0b001, 0b010, 0b100, 0b111],
        '-' => [0b000, 0b000, 0b111, 0b000, 0b000],
        '1' => [0b010, 0b110, 0b010, 0b010, 0b111],
        '2' => [0b110, 0b001, 0b010, 0b100, 0b111],
        '3' => [0b110, 0b001, 0b010, 0b001, 0b110],
        '4' => [0b101, 0b101, 0b111, 0b001, 0b001],
        '5' => [0b111, 0b100, 0b110, 0b001, 0b110],
        '6' => [0b011, 0b100, 0b111, 0b101, 0b111],
        '7' => [0b111, 0b001, 0b010, 0b010, 0b010],
        '8' => [0b111, 0b101, 0b111, 0b101, 0b111],
        '9' => [0b111, 0b101, 0b111, 0b001, 0b110],
        _ => [0; 5],
    }
}

pub fn label(cell: Cell) -> String {
    match cell {
        Cell::Month(m) => calendar::MONTHS[m as usize - 1].to_string(),
        Cell::Day(d) => d.to_string(),
        Cell::Weekday(w) => calendar::WEEKDAYS[w as usize].to_string(),
        Cell::Blocked | Cell::Plain => String::new(),
    }
}

/// Whether the point (`fx`, `fy`) of a cell (each 0..1) is on a stroke of
/// its engraved label.
pub fn on_label(text: &str, fx: f64, fy: f64) -> bool {
    on_label_stroke(text, fx, fy, 1.0)
}

/// The same for strokes `stroke` of a glyph's unit wide: lines through the
/// middles of the glyph's units, joining those next to each other (at 1,
/// the units themselves).
pub fn on_label_stroke(text: &str, fx: f64, fy: f64, stroke: f64) -> bool {
    let n = text.chars().count();
    if n == 0 {
        return false;
    }
    // Glyphs 3 units wide with 1 between; 5 units high, 0.3 of the cell.
    let unit = 0.3 / 5.0;
    let width = (4 * n - 1) as f64 * unit;
    let (x, y) = ((fx - (0.5 - width / 2.0)) / unit, (fy - 0.35) / unit);
    if x < 0.0 || y < 0.0 || x >= (4 * n) as f64 || y >= 5.0 {
        return false;
    }
    let (gx, gy) = (x as usize, y as usize);
    let (k, col) = (gx / 4, gx % 4);
    let Some(ch) = text.chars().nth(k) else { return false };
    if stroke >= 1.0 {
        return col < 3 && glyph(ch)[gy] & (0b100 >> col) != 0;
    }
    // In the glyph's units: a unit's middle is at (a + 0.5, b + 0.5).
    let rows = glyph(ch);
    let set = |a: i64, b: i64| (0..3).contains(&a) && (0..5).contains(&b) && rows[b as usize] & (0b100 >> a) != 0;
    let (u, v) = (x - (4 * k) as f64, y);
    let half = stroke / 2.0;
    let near = |t: f64, unit: i64| (t - (unit as f64 + 0.5)).abs() <= half;
    let (a, b) = (u.floor() as i64, v.floor() as i64);
    // Between the middles of two units side by side, or one above the other.
    let (left, up) = ((u - 0.5).floor() as i64, (v - 0.5).floor() as i64);
    (set(a, b) && near(u, a) && near(v, b))
        || (near(v, b) && set(left, b) && set(left + 1, b))
        || (near(u, a) && set(a, up) && set(a, up + 1))
}

/// A line of text engraved in the frame, centred in a box of the board's
/// plane (cells), as large as the box allows.
struct Inscription {
    left: f64,
    top: f64,
    right: f64,
    bottom: f64,
    text: &'static str,
}

impl Inscription {
    /// Whether (`x`, `y`) is on a stroke of the text.
    fn covers(&self, x: f64, y: f64) -> bool {
        let n = self.text.chars().count();
        if n == 0 || x < self.left || x > self.right || y < self.top || y > self.bottom {
            return false;
        }
        // Glyphs 3 units wide with 1 between, 5 high.
        let unit = ((self.bottom - self.top) / 5.0).min((self.right - self.left) / (4 * n - 1) as f64);
        let (width, height) = ((4 * n - 1) as f64 * unit, 5.0 * unit);
        let gx = (x - (self.left + self.right - width) / 2.0) / unit;
        let gy = (y - (self.top + self.bottom - height) / 2.0) / unit;
        if gx < 0.0 || gy < 0.0 || gx >= (4 * n) as f64 || gy >= 5.0 {
            return false;
        }
        let (gx, gy) = (gx as usize, gy as usize);
        let Some(ch) = self.text.chars().nth(gx / 4) else { return false };
        gx % 4 < 3 && glyph(ch)[gy] & (0b100 >> (gx % 4)) != 0
    }
}

/// What makers engrave on their frames.
const STRIP_TEXTS: [&str; 4] = ["A PUZZLE A DAY", "A-PUZZLE-A-DAY", "DAILY CALENDAR PUZZLE", "CALENDAR PUZZLE"];
const SECOND_LINES: [&str; 3] = ["ANT PUZZLE", "ONE A DAY", "MADE IN 2023"];
const CORNER_TEXTS: [&str; 4] = ["2022", "A-PUZZLE-A-DAY", "DAY BY DAY", "365"];

/// The text engraved in a board's frame: in the longest run of blocked
/// cells of the last row, and in the strip below it, in two
/// lines when the strip is deep enough.
fn inscriptions(rng: &mut Rng, variant: &Variant, strip: f64) -> Vec<Inscription> {
    let (w, h) = (variant.width(), variant.height());
    let mut out = Vec::new();
    let (mut best, mut run) = ((0, 0), 0);
    for c in 0..w {
        run = if variant.cell(h - 1, c) == Cell::Blocked { run + 1 } else { 0 };
        if run > best.1 - best.0 {
            best = (c + 1 - run, c + 1);
        }
    }
    let (hf, wf) = (h as f64, w as f64);
    if best.1 - best.0 >= 2 {
        let (from, to) = (best.0 as f64, best.1 as f64);
        let text = CORNER_TEXTS[rng.below(CORNER_TEXTS.len())];
        out.push(Inscription { left: from + 0.15, top: hf - 0.7, right: to - 0.15, bottom: hf - 0.3, text });
    }
    if strip > 0.0 {
        let depth = MARGIN + strip;
        let text = STRIP_TEXTS[rng.below(STRIP_TEXTS.len())];
        if strip >= 1.4 {
            let second = SECOND_LINES[rng.below(SECOND_LINES.len())];
            let line = depth * 0.22;
            let middle = hf + depth / 2.0;
            out.push(Inscription { left: 0.0, top: middle - 1.2 * line, right: wf, bottom: middle - 0.2 * line, text });
            let (top, bottom) = (middle + 0.2 * line, middle + 1.2 * line);
            out.push(Inscription { left: 0.0, top, right: wf, bottom, text: second });
        } else {
            let line = (depth * 0.35).min(0.5);
            let middle = hf + depth / 2.0;
            out.push(Inscription { left: 0.0, top: middle - line / 2.0, right: wf, bottom: middle + line / 2.0, text });
        }
    }
    out
}

/// What a board that is not all wood looks like, and the text engraved in
/// its frame: drawn only for a camera that asks for them, so that a wooden
/// board's photo stays what it was.
struct Trim {
    /// The acrylic's colour, or the printed pieces' and base's white.
    light: [f64; 3],
    /// The printed pieces' colours, taken in turn (none: `light`).
    filaments: Vec<[f64; 3]>,
    /// The printed frame's black.
    dark: [f64; 3],
    inscriptions: Vec<Inscription>,
}

/// Filaments a board's pieces are printed in: red, orange, yellow, green,
/// teal, blue, purple, pink, grey, brown (never the base's white or the
/// frame's black).
const FILAMENTS: [[f64; 3]; 10] = [
    [200.0, 40.0, 45.0],
    [235.0, 120.0, 30.0],
    [240.0, 200.0, 40.0],
    [60.0, 160.0, 70.0],
    [30.0, 150.0, 150.0],
    [40.0, 90.0, 190.0],
    [120.0, 60.0, 160.0],
    [230.0, 120.0, 170.0],
    [130.0, 130.0, 135.0],
    [120.0, 80.0, 50.0],
];

/// Tints of acrylic sheet: red, orange, blue, green, violet.
const TINTS: [[f64; 3]; 5] =
    [[232.0, 96.0, 104.0], [240.0, 150.0, 70.0], [90.0, 140.0, 225.0], [110.0, 195.0, 125.0], [170.0, 110.0, 205.0]];

fn trim(rng: &mut Rng, variant: &Variant, camera: &Camera) -> Trim {
    let mut trim = Trim { light: [0.0; 3], filaments: Vec::new(), dark: [0.0; 3], inscriptions: Vec::new() };
    match camera.material {
        Material::Wood => {}
        Material::Acrylic { .. } => trim.light = TINTS[rng.below(TINTS.len())],
        Material::Printed { colours } => {
            let white = between(rng, 218.0, 240.0);
            trim.light = [white, white, white - between(rng, 0.0, 8.0)];
            let black = between(rng, 22.0, 45.0);
            trim.dark = [black, black, black + between(rng, 0.0, 6.0)];
            if colours > 0 {
                let mut filaments = FILAMENTS.to_vec();
                for k in (1..filaments.len()).rev() {
                    filaments.swap(k, rng.below(k + 1));
                }
                filaments.truncate(colours);
                trim.filaments = filaments;
            }
        }
    }
    if camera.engraved {
        trim.inscriptions = inscriptions(rng, variant, camera.strip);
    }
    trim
}

/// The colour of the board's plane at (`x`, `y`), in cells from the grid's
/// top left corner; `None` off the board.
fn shade(
    scene: &Scene,
    labels: &[String],
    look: &Look,
    trim: &Trim,
    camera: &Camera,
    x: f64,
    y: f64,
) -> Option<[f64; 3]> {
    let (w, h) = (scene.variant.width() as f64, scene.variant.height() as f64);
    let bottom = h + MARGIN + camera.strip;
    if x < -MARGIN || y < -MARGIN || x > w + MARGIN || y > bottom {
        return None;
    }
    if camera.rounding > 0.0 {
        // Off the board beyond a rounded corner.
        let r = camera.rounding;
        let cx = x.clamp(-MARGIN + r, w + MARGIN - r);
        let cy = y.clamp(-MARGIN + r, bottom - r);
        if (x - cx).hypot(y - cy) > r {
            return None;
        }
    }
    if camera.notch
        && let Some((columns, rows)) = notch(&scene.variant)
        && x > w - columns as f64 + MARGIN
        && y < rows as f64 - MARGIN
    {
        return None;
    }
    let (c, r) = (x.floor() as i64, y.floor() as i64);
    let (fx, fy) = (x - c as f64, y - r as f64);
    let here = scene.at(r, c);
    // The sides of this cell: distance to each, and who is across it.
    let sides = [
        (fx, scene.at(r, c - 1)),
        (1.0 - fx, scene.at(r, c + 1)),
        (fy, scene.at(r - 1, c)),
        (1.0 - fy, scene.at(r + 1, c)),
    ];
    // Only asked of a cell of the grid.
    let on_own_label = || on_label_stroke(&labels[(r * w as i64 + c) as usize], fx, fy, camera.stroke);
    // Light from one side (the slope of the photo's light, taken in the
    // board's plane): whether each side of a cell faces it, and how much
    // of its seam and shadow a wall facing it loses (none without it).
    let (sin, cos) = look.light.0.sin_cos();
    let towards = [cos < 0.0, cos > 0.0, sin < 0.0, sin > 0.0];
    let lit = |faces_light: bool| if faces_light { camera.sidelight } else { 0.0 };
    // An open cell's brightness: its label, the walls' shadows and seams.
    // The cell's wall on a side toward the light faces away from it.
    let open = |ink: f64, shadow: f64| {
        let mut factor = camera.floor;
        if on_own_label() {
            factor *= ink;
        }
        for (k, &(d, across)) in sides.iter().enumerate() {
            if across != Cover::Open && d < SHADOW {
                factor *= 1.0 - shadow * (1.0 - lit(!towards[k])) * (1.0 - d / SHADOW);
            }
        }
        // Every wall leaves a dark seam, but one lit from the side.
        let seam = (0..4)
            .filter(|&k| sides[k].1 != Cover::Open && sides[k].0 < GAP * 0.6)
            .map(|k| 0.5 + 0.5 * lit(!towards[k]))
            .fold(1.0, f64::min);
        factor * seam
    };
    // How dark the gap round a raised part (piece, frame) is where the
    // point is in one (1: a dark gap; 0: its edge lit from the side).
    let gap = || -> Option<f64> {
        if sides.iter().any(|&(d, across)| d < camera.joint && across != here && across != Cover::Open) {
            return Some(1.0);
        }
        // Next to an open cell, the gap is on the raised side only.
        (0..4)
            .filter(|&k| sides[k].0 < GAP && sides[k].1 == Cover::Open && here != Cover::Frame)
            .map(|k| 1.0 - lit(towards[k]))
            .reduce(f64::max)
    };
    // A gap's shade, from `dark` to an edge in the light's glare.
    let gap_tone = |dark: f64, depth: f64| dark * depth + 1.1 * (1.0 - depth);
    let engraved = || trim.inscriptions.iter().any(|i| i.covers(x, y));
    let rounded = || if camera.bevel > 0.0 { bevel(&sides, here, camera.bevel) } else { 1.0 };
    let tone = |colour: [f64; 3], factor: f64| colour.map(|v| v * factor);
    let piece_shade = |k: u8| look.pieces[k as usize % look.pieces.len()];
    // A printed piece's filament.
    let printed =
        |k: u8| if trim.filaments.is_empty() { trim.light } else { trim.filaments[k as usize % trim.filaments.len()] };
    // The printed grid under an acrylic piece: a soft line along every
    // side of the cell, a piece's border or not.
    let printed_grid = || {
        let d = sides.iter().map(|s| s.0).fold(f64::MAX, f64::min);
        if camera.grid > 0.0 && d < GRID_LINE {
            let profile = 0.5 * (1.0 + (std::f64::consts::PI * d / GRID_LINE).cos());
            1.0 - camera.grid * profile
        } else {
            1.0
        }
    };
    // Whether a piece is pushed tight against another or the frame within
    // this distance: its edge beside the hairline catches the light.
    let tight = |within: f64| {
        camera.joint < GAP && sides.iter().any(|&(d, across)| d < within && across != here && across != Cover::Open)
    };
    let lit_edge = || if tight(camera.joint + LIT_EDGE) { LIT_EDGE_FACTOR } else { 1.0 };
    if matches!(here, Cover::Frame | Cover::Piece(_))
        && let Some(depth) = gap()
    {
        return Some(match (camera.material, here) {
            (Material::Wood, _) | (Material::Acrylic { .. }, Cover::Frame) => tone(look.wood, gap_tone(0.3, depth)),
            // Pushed tight, a hairline lets no light through from below.
            (Material::Acrylic { .. }, _) if tight(camera.joint) => tone(trim.light, HAIRLINE),
            (Material::Acrylic { .. }, _) => tone(trim.light, gap_tone(ACRYLIC_GAP, depth)),
            (Material::Printed { .. }, Cover::Piece(k)) => tone(printed(k), gap_tone(0.3, depth)),
            (Material::Printed { .. }, _) => tone(trim.light, gap_tone(0.3, depth)),
        });
    }
    match (camera.material, here) {
        (Material::Wood | Material::Acrylic { .. }, Cover::Open) => Some(tone(look.wood, open(camera.ink, 0.45))),
        (Material::Printed { .. }, Cover::Open) => Some(tone(trim.light, open(0.2, 0.55))),
        (Material::Wood, Cover::Piece(k)) => {
            let (shade, turn, frequency, phase) = piece_shade(k);
            Some(tone(look.wood, shade * grain(x, y, (turn, frequency, phase)) * rounded()))
        }
        (Material::Acrylic { show }, Cover::Piece(k)) => {
            // The label printed on the base, seen through the sheet.
            let through = if on_own_label() { 1.0 - show * 0.55 } else { 1.0 };
            Some(tone(trim.light, piece_shade(k).0 * through * printed_grid() * lit_edge() * rounded()))
        }
        (Material::Printed { .. }, Cover::Piece(k)) => Some(tone(printed(k), piece_shade(k).0 * rounded())),
        (Material::Wood | Material::Acrylic { .. }, _) => {
            let factor = grain(x, y, look.frame_grain);
            Some(tone(look.wood, if engraved() { factor * 0.45 } else { factor }))
        }
        (Material::Printed { .. }, _) => {
            // Printed layers ridge the frame; text is raised and catches light.
            let factor = grain(x, y, look.frame_grain);
            Some(tone(trim.dark, if engraved() { factor * 1.8 } else { factor }))
        }
    }
}

/// How a piece's rounded top edge of radius `radius` (cells) lights a point
/// near it: lighter on the sides facing the light (top, left), darker on the
/// others.
fn bevel(sides: &[(f64, Cover); 4], here: Cover, radius: f64) -> f64 {
    let mut factor = 1.0;
    for (k, &(d, across)) in sides.iter().enumerate() {
        if across != here && d < radius {
            let t = 1.0 - d / radius;
            factor *= if k % 2 == 0 { 1.0 + 0.12 * t * t } else { 1.0 - 0.45 * t * t };
        }
    }
    factor
}

/// The blocked cells at the end of the first rows that a notched frame is
/// cut back beside: how many columns of the first row, and how many rows
/// end in a blocked cell; `None` when the first row ends on the board.
fn notch(variant: &Variant) -> Option<(usize, usize)> {
    let w = variant.width();
    let columns = (0..w).rev().take_while(|&c| variant.cell(0, c) == Cell::Blocked).count();
    let rows = (0..variant.height()).take_while(|&r| variant.cell(r, w - 1) == Cell::Blocked).count();
    (columns > 0 && columns < w && rows > 0).then_some((columns, rows))
}

/// Something lying on the table or across the frame: a rounded rectangle in
/// the board's plane (cells), above the board.
struct Thing {
    centre: Point,
    /// Its long axis, a unit vector.
    axis: Point,
    half: (f64, f64),
    colour: [f64; 3],
}

impl Thing {
    fn covers(&self, (x, y): Point) -> bool {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        let along = (dx * self.axis.0 + dy * self.axis.1).abs();
        let across = (-dx * self.axis.1 + dy * self.axis.0).abs();
        // Corners rounded by the short half-side.
        let r = self.half.1.min(self.half.0);
        let (a, b) = ((along - (self.half.0 - r)).max(0.0), (across - (self.half.1 - r)).max(0.0));
        a.hypot(b) <= r
    }
}

/// Colours of things found on desks: keys, a thumb (near the wood's), a
/// red button, paper.
const THINGS: [[f64; 3]; 5] =
    [[35.0, 35.0, 40.0], [215.0, 160.0, 135.0], [200.0, 40.0, 45.0], [240.0, 240.0, 235.0], [60.0, 60.0, 66.0]];

/// `n` things round a `w` x `h` board, every other one reaching across the
/// frame's edge, at most `reach` of the frame's depth, never onto a cell.
fn clutter(rng: &mut Rng, n: usize, w: f64, h: f64) -> Vec<Thing> {
    (0..n)
        .map(|k| {
            let side = rng.below(4);
            let t = between(rng, 0.1, 0.9);
            // A point on the frame's outer edge and the outward direction.
            let (edge, out) = match side {
                0 => ((-MARGIN + t * (w + 2.0 * MARGIN), -MARGIN), (0.0, -1.0)),
                1 => ((w + MARGIN, -MARGIN + t * (h + 2.0 * MARGIN)), (1.0, 0.0)),
                2 => ((-MARGIN + t * (w + 2.0 * MARGIN), h + MARGIN), (0.0, 1.0)),
                _ => ((-MARGIN, -MARGIN + t * (h + 2.0 * MARGIN)), (-1.0, 0.0)),
            };
            let half = (between(rng, 0.4, 1.2), between(rng, 0.25, 0.5));
            let turn = between(rng, -0.6, 0.6);
            // Lying across the edge, long axis outward, or along it.
            let axis = if rng.below(2) == 0 { out } else { (-out.1, out.0) };
            let axis = (axis.0 * turn.cos() - axis.1 * turn.sin(), axis.0 * turn.sin() + axis.1 * turn.cos());
            // How far the thing's far point reaches past the edge, inward.
            let extent =
                (axis.0 * out.0 + axis.1 * out.1).abs() * half.0 + (-axis.1 * out.0 + axis.0 * out.1).abs() * half.1;
            let inward = if k % 2 == 0 { between(rng, 0.2, 0.8) * MARGIN } else { -between(rng, 0.3, 1.5) };
            let centre = (edge.0 + out.0 * (extent - inward), edge.1 + out.1 * (extent - inward));
            Thing { centre, axis, half, colour: THINGS[rng.below(THINGS.len())] }
        })
        .collect()
}

/// Something behind the board, in the photo's pixels: a poster, a box, a
/// figure, a bottle; a rectangle or an ellipse, turned, filled with a
/// pattern of two strong colours.
struct Prop {
    centre: Point,
    /// Its long axis, a unit vector.
    axis: Point,
    half: (f64, f64),
    round: bool,
    colours: [[f64; 3]; 2],
    pattern: Pattern,
}

#[derive(Clone, Copy)]
enum Pattern {
    Flat,
    /// Bands of the two colours, this many pixels wide, across the axis.
    Stripes(f64),
    /// A blend from one colour to the other along the axis.
    Gradient,
    /// Patches of the two colours, this many pixels across: a printed
    /// picture.
    Patches(u64, f64),
}

impl Prop {
    /// Where a point is in the prop's own frame, in shares of its halves.
    fn local(&self, (x, y): Point) -> (f64, f64) {
        let (dx, dy) = (x - self.centre.0, y - self.centre.1);
        ((dx * self.axis.0 + dy * self.axis.1) / self.half.0, (-dx * self.axis.1 + dy * self.axis.0) / self.half.1)
    }

    fn covers(&self, at: Point) -> bool {
        let (u, v) = self.local(at);
        if self.round { u * u + v * v <= 1.0 } else { u.abs() <= 1.0 && v.abs() <= 1.0 }
    }

    fn colour(&self, at: Point) -> [f64; 3] {
        let (u, _) = self.local(at);
        let [a, b] = self.colours;
        let mix = |t: f64| [0, 1, 2].map(|k| a[k] * (1.0 - t) + b[k] * t);
        match self.pattern {
            Pattern::Flat => a,
            Pattern::Stripes(width) => {
                if (u * self.half.0 / width).rem_euclid(2.0) < 1.0 {
                    a
                } else {
                    b
                }
            }
            Pattern::Gradient => mix((u + 1.0) / 2.0),
            Pattern::Patches(seed, size) => {
                let cell = |v: f64| (v / size).max(0.0) as usize;
                if hash_noise(seed, cell(at.0), cell(at.1)) > 0.0 { a } else { b }
            }
        }
    }
}

/// A strong colour: any hue, mostly saturated, mostly bright.
fn vivid(rng: &mut Rng) -> [f64; 3] {
    let (hue, saturation, value) = (between(rng, 0.0, 6.0), between(rng, 0.45, 1.0), between(rng, 120.0, 250.0));
    let f = hue - hue.floor();
    let (p, q, t) = (1.0 - saturation, 1.0 - saturation * f, 1.0 - saturation * (1.0 - f));
    let [r, g, b] = match hue as usize {
        0 => [1.0, t, p],
        1 => [q, 1.0, p],
        2 => [p, 1.0, t],
        3 => [p, q, 1.0],
        4 => [t, p, 1.0],
        _ => [1.0, p, q],
    };
    [r * value, g * value, b * value]
}

/// `n` props anywhere in a `width` x `height` photo, behind the board.
fn backdrop(rng: &mut Rng, n: usize, width: usize, height: usize) -> Vec<Prop> {
    let side = width.max(height) as f64;
    (0..n)
        .map(|_| {
            let centre = (between(rng, 0.0, width as f64), between(rng, 0.0, height as f64));
            let turn = between(rng, -0.5, 0.5);
            let half = (side * between(rng, 0.05, 0.3), side * between(rng, 0.04, 0.2));
            let round = rng.below(3) == 0;
            let colours = [vivid(rng), vivid(rng)];
            let pattern = match rng.below(4) {
                0 => Pattern::Flat,
                1 => Pattern::Stripes(between(rng, 3.0, 20.0)),
                2 => Pattern::Gradient,
                _ => Pattern::Patches(rng.next_u64(), between(rng, 4.0, 16.0)),
            };
            Prop { centre, axis: (turn.cos(), turn.sin()), half, round, colours, pattern }
        })
        .collect()
}

/// The photo of a scene (a JPEG) and the board's outer corners in it.
pub fn render(scene: &Scene, rng: &mut Rng, camera: &Camera) -> (Vec<u8>, [Point; 4]) {
    let variant = &scene.variant;
    let (w, h) = (variant.width() as f64, variant.height() as f64);
    let look = look(rng, variant.pieces().len() + 1);
    let labels: Vec<String> = (0..variant.height())
        .flat_map(|r| (0..variant.width()).map(move |c| (r, c)))
        .map(|(r, c)| label(variant.cell(r, c)))
        .collect();
    let bottom = h + MARGIN + camera.strip;
    let board = [(-MARGIN, -MARGIN), (w + MARGIN, -MARGIN), (w + MARGIN, bottom), (-MARGIN, bottom)];
    // Turn and scale about the board's centre, then tilt.
    let angle = between(rng, -camera.rotation, camera.rotation).to_radians();
    let (sin, cos) = angle.sin_cos();
    let (cx, cy) = (w / 2.0, h / 2.0);
    let turned: Vec<Point> = board
        .iter()
        .map(|&(x, y)| {
            let (dx, dy) = ((x - cx) * camera.cell_px, (y - cy) * camera.cell_px);
            (dx * cos - dy * sin, dx * sin + dy * cos)
        })
        .collect();
    let tilt = between(rng, 0.0, std::f64::consts::TAU);
    let (ts, tc) = tilt.sin_cos();
    let mut corners: Vec<Point> = turned
        .iter()
        .map(|&(x, y)| {
            let length = (x * x + y * y).sqrt();
            let towards = (x * tc + y * ts) / length;
            let grow = 1.0 - camera.perspective * towards;
            let jitter = camera.perspective * 0.25 * length;
            (x * grow + between(rng, -jitter, jitter), y * grow + between(rng, -jitter, jitter))
        })
        .collect();
    // The corners of the board's back face, where its sides show.
    let mut back: Vec<Point> = Vec::new();
    if camera.lean > 0.0 {
        // The board turned about an axis in its plane, square to the tilt,
        // its far side away from a camera three times its reach away:
        // (along the tilt, across it, depth from the board's centre).
        let reach = corners.iter().map(|p| p.0.hypot(p.1)).fold(0.0, f64::max);
        let distance = 3.0 * reach;
        let (lean_sin, lean_cos) = camera.lean.to_radians().sin_cos();
        let project = |along: f64, across: f64, depth: f64| {
            let near = distance / (distance + depth);
            let (a, b) = (along * near, across * near);
            (a * tc - b * ts, a * ts + b * tc)
        };
        let thickness = camera.thickness * camera.cell_px;
        for p in &mut corners {
            let (along, across) = (p.0 * tc + p.1 * ts, -p.0 * ts + p.1 * tc);
            if thickness > 0.0 {
                // Behind the front face along its normal, away from the camera.
                let depth = along * lean_sin + thickness * lean_cos;
                back.push(project(along * lean_cos - thickness * lean_sin, across, depth));
            }
            *p = project(along * lean_cos, across, along * lean_sin);
        }
    }
    let min_x = corners.iter().chain(&back).map(|p| p.0).fold(f64::MAX, f64::min);
    let max_x = corners.iter().chain(&back).map(|p| p.0).fold(f64::MIN, f64::max);
    let min_y = corners.iter().chain(&back).map(|p| p.1).fold(f64::MAX, f64::min);
    let max_y = corners.iter().chain(&back).map(|p| p.1).fold(f64::MIN, f64::max);
    let side = (max_x - min_x).max(max_y - min_y);
    let (mut left, mut top) = (side * between(rng, 0.08, 0.25), side * between(rng, 0.08, 0.25));
    let mut right = side * between(rng, 0.08, 0.25);
    let mut below = side * between(rng, 0.08, 0.25);
    if camera.off_centre > 0.0 {
        // More table on one side across and on one side down.
        let across = side * camera.off_centre * between(rng, 0.5, 1.0);
        *(if rng.below(2) == 0 { &mut left } else { &mut right }) += across;
        let down = side * camera.off_centre * between(rng, 0.3, 1.0);
        *(if rng.below(2) == 0 { &mut top } else { &mut below }) += down;
    }
    if let Some(cut) = camera.crop {
        // Inside the turned board's bounding box by that much of the frame.
        let inside = -cut * MARGIN * camera.cell_px;
        (left, top, right, below) = (inside, inside, inside, inside);
    }
    let width = ((max_x - min_x) + left + right).ceil() as usize;
    let height = ((max_y - min_y) + top + below).ceil() as usize;
    for p in corners.iter_mut().chain(&mut back) {
        *p = (p.0 - min_x + left, p.1 - min_y + top);
    }
    let corners = [corners[0], corners[1], corners[2], corners[3]];
    // The board's sides: between each edge of its front face and the same
    // edge of its back face.
    let sides: Vec<[Point; 4]> =
        (0..back.len()).map(|k| [corners[k], corners[(k + 1) % 4], back[(k + 1) % 4], back[k]]).collect();
    let to_board = Homography::from_points(&corners, &board).expect("the corners of a turned rectangle");
    let mut planes = [Plane::new(width, height, 0.0), Plane::new(width, height, 0.0), Plane::new(width, height, 0.0)];
    let texture_seed = rng.next_u64();
    let things = clutter(rng, camera.clutter, w, h);
    let trim = trim(rng, variant, camera);
    let props = backdrop(rng, camera.backdrop, width, height);
    for py in 0..height {
        for px in 0..width {
            let mut sum = [0.0; 3];
            // Four samples a pixel, against jagged edges.
            for (sx, sy) in [(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)] {
                let (x, y) = to_board.apply((px as f64 + sx, py as f64 + sy));
                let colour = match things.iter().find(|t| t.covers((x, y))) {
                    Some(thing) => thing.colour,
                    None => shade(scene, &labels, &look, &trim, camera, x, y).unwrap_or_else(|| {
                        let at = (px as f64 + sx, py as f64 + sy);
                        // A side shows where the board's edge is: not beside a
                        // notch or a rounded corner.
                        let edge = (x.clamp(-MARGIN, w + MARGIN), y.clamp(-MARGIN, h + MARGIN + camera.strip));
                        if sides.iter().any(|side| in_quadrilateral(side, at))
                            && !in_quadrilateral(&corners, at)
                            && shade(scene, &labels, &look, &trim, camera, edge.0, edge.1).is_some()
                        {
                            return match camera.material {
                                // Plywood's or acrylic's edge, darker than its face.
                                Material::Wood | Material::Acrylic { .. } => look.wood.map(|v| v * 0.55),
                                Material::Printed { .. } => trim.dark.map(|v| v * 1.3),
                            };
                        }
                        match props.iter().rev().find(|p| p.covers(at)) {
                            Some(prop) => prop.colour(at),
                            None => {
                                let bump = hash_noise(texture_seed, px / 2, py / 2) * look.table_texture;
                                let table = if camera.lookalike > 0.0 {
                                    desk(&look, camera, (x, y), (w + MARGIN, bottom))
                                } else {
                                    look.table
                                };
                                table.map(|v| v + bump)
                            }
                        }
                    }),
                };
                for k in 0..3 {
                    sum[k] += colour[k] / 4.0;
                }
            }
            for k in 0..3 {
                planes[k].set(px, py, sum[k] as f32);
            }
        }
    }
    let planes = planes.map(|p| p.blur(camera.blur));
    let mut out = image::RgbImage::new(width as u32, height as u32);
    let (mx, my) = (width as f64 / 2.0, height as f64 / 2.0);
    let reach = (mx * mx + my * my).sqrt();
    let (light_dir, light_strength) = look.light;
    // A shadow's edge: a line through the board's plane at a point of its
    // middle, the shadow on one side, its edge soft over `SHADOW_EDGE`.
    let shadow_edge = (camera.shadow > 0.0).then(|| {
        let through = (between(rng, 0.3, 0.7) * w, between(rng, 0.3, 0.7) * h);
        (through, between(rng, 0.0, std::f64::consts::TAU))
    });
    for py in 0..height {
        for px in 0..width {
            let (dx, dy) = (px as f64 - mx, py as f64 - my);
            let r2 = (dx * dx + dy * dy) / (reach * reach);
            let mut light = (1.0 - camera.vignetting * r2)
                * (1.0 + light_strength * (dx * light_dir.cos() + dy * light_dir.sin()) / reach);
            if let Some(((x0, y0), angle)) = shadow_edge {
                let (x, y) = to_board.apply((px as f64 + 0.5, py as f64 + 0.5));
                let beyond = ((x - x0) * angle.cos() + (y - y0) * angle.sin()) / SHADOW_EDGE;
                light *= 1.0 - camera.shadow * (0.5 + 0.5 * beyond.clamp(-1.0, 1.0));
            }
            let mut pixel = [0u8; 3];
            for k in 0..3 {
                let v = f64::from(planes[k].get(px, py)) * light + camera.noise * normal(rng);
                pixel[k] = v.round().clamp(0.0, 255.0) as u8;
            }
            out.put_pixel(px as u32, py as u32, image::Rgb(pixel));
        }
    }
    (jpeg(&out, camera.jpeg_quality), corners)
}

/// How wide the soft edge of a shadow across the board is, in cells (half
/// of it either side of its line).
const SHADOW_EDGE: f64 = 0.4;

/// How far the board's shadow reaches across the desk, in cells.
const BOARD_SHADOW: f64 = 0.15;
/// How wide the dark line where the board's edge meets the desk is, in
/// cells.
const CONTACT: f64 = 0.03;

/// The colour of a desk of the board's own wood at (`x`, `y`) of the
/// board's plane, off a board reaching to (`right`, `bottom`): the table's
/// colour mixed toward the wood's, with a grain of its own, a dark line
/// along the board's edge, and the board's shadow to its right and below.
fn desk(look: &Look, camera: &Camera, (x, y): Point, (right, bottom): Point) -> [f64; 3] {
    let t = camera.lookalike;
    let (turn, frequency, phase) = look.frame_grain;
    let grain = grain(x, y, (turn + 1.3, frequency * 0.6, phase + 2.0));
    let colour = [0, 1, 2].map(|k| (look.table[k] * (1.0 - t) + look.wood[k] * t) * (1.0 + (grain - 1.0) * t));
    let dx = (-MARGIN - x).max(x - right).max(0.0);
    let dy = (-MARGIN - y).max(y - bottom).max(0.0);
    let off = dx.hypot(dy);
    let mut factor = 1.0;
    if off < CONTACT {
        factor *= 0.7;
    }
    let shaded = (x > right || y > bottom) && x > -MARGIN + BOARD_SHADOW && y > -MARGIN + BOARD_SHADOW;
    if shaded && off < BOARD_SHADOW {
        factor *= 1.0 - 0.4 * (1.0 - off / BOARD_SHADOW);
    }
    colour.map(|v| v * factor)
}

/// Whether a point is inside a convex quadrilateral, either way round.
pub fn in_quadrilateral(corners: &[Point; 4], (x, y): Point) -> bool {
    let turns = [0, 1, 2, 3].map(|k| {
        let (a, b) = (corners[k], corners[(k + 1) % 4]);
        (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)
    });
    turns.iter().all(|&t| t >= 0.0) || turns.iter().all(|&t| t <= 0.0)
}

/// A value in -1..1 that depends only on the seed and the place.
fn hash_noise(seed: u64, x: usize, y: usize) -> f64 {
    let mut rng = Rng::for_item(seed, ((x as u64) << 32) ^ y as u64);
    unit(&mut rng) * 2.0 - 1.0
}
