//! Pictures: each kind's board as SVG (one file per kind, beside the text
//! drawings of `render::*`), and PNG rendered from that SVG with resvg.
//!
//! Every drawing is a plain SVG 1.1 document with no external references
//! (fonts by family name only), so it can be inlined in an HTML page, opened
//! from disk, or rasterised. Parts a page may hide or show carry classes:
//! `solution` on what the solution adds, so the HTML archive can reveal it.

pub mod aquarium;
pub mod calendar;
pub mod drawing;
pub mod ring;
pub mod sudoku;

use std::fmt::Write;
#[cfg(feature = "png")]
use std::sync::OnceLock;

/// The font families asked for, first found wins (Debian's fonts-dejavu-core
/// gives DejaVu Sans; a browser falls back to its own sans-serif).
pub const FONT_FAMILY: &str = "DejaVu Sans, Verdana, Arial, sans-serif";

/// Text made safe for XML character data and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(ch),
        }
    }
    out
}

/// The opening tag of a drawing `width` x `height` user units, drawn at
/// that size in pixels.
fn open(class: &str, width: f64, height: f64, title: &str) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"{class}\" width=\"{width}\" height=\"{height}\" \
         viewBox=\"0 0 {width} {height}\" font-family=\"{FONT_FAMILY}\">"
    );
    if !title.is_empty() {
        let _ = write!(out, "<title>{}</title>", escape(title));
    }
    out
}

/// A PNG of an SVG drawing, at `scale` times its size, on white: opaque,
/// so that it reads the same in any viewer, dark or light. Text uses the
/// system's fonts.
#[cfg(feature = "png")]
pub fn to_png(svg: &str, scale: f32) -> Result<Vec<u8>, String> {
    let options = usvg_options();
    let tree = resvg::usvg::Tree::from_str(svg, options).map_err(|e| format!("the SVG does not parse: {e}"))?;
    let size = tree.size().to_int_size().scale_by(scale).ok_or("the picture has no size")?;
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or_else(|| format!("cannot make a {}x{} picture", size.width(), size.height()))?;
    pixmap.fill(resvg::tiny_skia::Color::WHITE);
    resvg::render(&tree, resvg::tiny_skia::Transform::from_scale(scale, scale), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| format!("cannot encode the PNG: {e}"))
}

/// Without the `png` feature there is no rasteriser: asking for a PNG is an
/// error that says how to get one (SVG still works).
#[cfg(not(feature = "png"))]
pub fn to_png(_svg: &str, _scale: f32) -> Result<Vec<u8>, String> {
    Err("this aquarchive was built without PNG support (the `png` feature); ask for SVG instead".to_string())
}

/// Parse options with the system fonts, loaded once per process (a scan of
/// the font directories takes tens of milliseconds).
#[cfg(feature = "png")]
fn usvg_options() -> &'static resvg::usvg::Options<'static> {
    static OPTIONS: OnceLock<resvg::usvg::Options<'static>> = OnceLock::new();
    OPTIONS.get_or_init(|| {
        let mut options = resvg::usvg::Options::default();
        let fonts = options.fontdb_mut();
        fonts.load_system_fonts();
        fonts.set_sans_serif_family("DejaVu Sans");
        options
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[cfg(feature = "png")]
    #[test]
    fn png_has_the_scaled_size() {
        let svg = format!("{}<rect width=\"10\" height=\"5\" fill=\"#00f\"/></svg>", open("t", 10.0, 5.0, ""));
        let png = to_png(&svg, 2.0).unwrap();
        assert_eq!(&png[1..4], b"PNG");
        // The IHDR chunk holds the width and height, big-endian, from byte 16.
        assert_eq!(u32::from_be_bytes(png[16..20].try_into().unwrap()), 20);
        assert_eq!(u32::from_be_bytes(png[20..24].try_into().unwrap()), 10);
    }
}
