//! What the photo targets check of any bytes read as a photo.

use std::sync::OnceLock;

use aquarchive::kinds::calendar::{Variant, verify};
use aquarchive::photo;

/// The built-in boards, made once.
pub fn boards() -> &'static [Variant; 2] {
    static BOARDS: OnceLock<[Variant; 2]> = OnceLock::new();
    BOARDS.get_or_init(|| ["standard", "weekday"].map(|name| Variant::built_in(name).expect("a built-in board")))
}

/// The reader decodes `bytes` within its limits and reads them as one of
/// `asked` (some of the built-in boards), or says why not: it never panics,
/// and a reading it gives is a valid tiling of the date it gives, on a
/// board asked for, its outline's corners numbers. A thumbnail of them is
/// made as small as asked, or refused with a reason.
pub fn check(bytes: &[u8], asked: &[Variant]) {
    match photo::read(bytes, asked) {
        Ok(reading) => {
            assert!(asked.contains(&reading.variant), "read as {}, not asked for", reading.variant.name());
            verify(&reading.variant, &reading.date, &reading.tiling).expect("a reading's tiling passes the verifier");
            assert!(reading.outline.iter().all(|p| p.0.is_finite() && p.1.is_finite()), "{:?}", reading.outline);
        }
        Err(e) => assert!(!e.to_string().is_empty() && e.advice().is_none_or(|a| !a.is_empty())),
    }
    match photo::thumbnail(bytes, 64) {
        Ok(small) => assert!(small.width <= 64 && small.height <= 64 && !small.jpeg.is_empty()),
        Err(e) => assert!(!e.to_string().is_empty()),
    }
}
