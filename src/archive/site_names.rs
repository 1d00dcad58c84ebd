//! How the site names a puzzle: size class (`?size=N`), puzzle ID, the
//! `?e=` link, and the file names of the fixtures (`15x15_hard_5642858.txt`),
//! which carry both, so a file exported under such a name imports back
//! with its site ID.

use crate::kinds::Kind;
use crate::site::family::SiteId;
use crate::site::url::{PuzzleId, SizeClass, puzzle_link};
use crate::store::Sizes;

// The size classes themselves (numbers, names, sides) live in
// `site::url`, the one place that knows the site's naming.

fn class(size_class: i64) -> Option<SizeClass> {
    u8::try_from(size_class).ok().and_then(SizeClass::from_param)
}

/// A human name for a size class of the site of `kind`: `15x15 hard`,
/// `special daily`.
pub fn size_class_name(kind: Kind, size_class: i64) -> String {
    let of_site = SiteId::of_kind(kind).and_then(|site| SizeClass::of(site, u8::try_from(size_class).ok()?));
    match of_site {
        Some(c) if c.is_special() => format!("special {}", c.name()),
        Some(c) => c.name().replace('-', " "),
        None => format!("size {size_class}"),
    }
}

/// Reads a size class as a user writes it: the site's number (`8`) or a
/// name (`15x15-hard`, `15x15 hard`, `special-daily`).
pub fn parse_size_class(text: &str) -> Option<i64> {
    let text = text.trim().to_lowercase().replace(['_', ' '], "-");
    let text = text.strip_prefix("special-").unwrap_or(&text);
    text.parse::<SizeClass>().ok().map(|c| i64::from(c.param()))
}

/// The sizes a user's words pick, as `list` prints classes: one class
/// ([`parse_size_class`]), or a grid (`15x15`): its classes (easy, normal
/// and hard) and the puzzles of no class on it.
pub fn parse_sizes(text: &str) -> Option<Sizes> {
    if let Some(class) = parse_size_class(text) {
        return Some(Sizes { classes: vec![class], grid: None });
    }
    let grid = text.trim().to_lowercase();
    let (width, height) = grid.split_once('x')?;
    let side = |s: &str| s.parse::<i64>().ok().filter(|&n| n > 0);
    let classes = SizeClass::all()
        .filter(|c| !c.is_special() && c.name().split_once('-').is_some_and(|(size, _)| size == grid))
        .map(|c| i64::from(c.param()))
        .collect();
    Some(Sizes { classes, grid: Some((side(width)?, side(height)?)) })
}

/// A site ID as the site prints it: `5,642,858`.
pub fn site_id_text(site_id: i64) -> String {
    let text = PuzzleId(site_id.unsigned_abs()).to_string();
    if site_id < 0 { format!("-{text}") } else { text }
}

/// The link that opens one stored puzzle: the site's own ([`puzzle_link`]).
pub fn link(base_url: &str, size_class: i64, site_id: i64) -> String {
    match (class(size_class), u64::try_from(site_id)) {
        (Some(c), Ok(id)) => puzzle_link(base_url, c, PuzzleId(id)),
        // Not a puzzle the site could have: the same shape, for the record.
        _ => format!(
            "{base_url}?e={}",
            base64::Engine::encode(&base64::engine::general_purpose::STANDARD, format!("{size_class}:{site_id}"))
        ),
    }
}

/// The fixtures' file stem of a puzzle of size class 0..=8: `10x10_easy_6226616`.
pub fn file_stem(size_class: i64, site_id: i64) -> Option<String> {
    let c = class(size_class).filter(|c| !c.is_special())?;
    Some(format!("{}_{site_id}", c.name().replace('-', "_")))
}

/// Reads a fixtures' file stem back: (size class, site ID).
pub fn parse_file_stem(stem: &str) -> Option<(i64, i64)> {
    let (name, id) = stem.rsplit_once('_')?;
    let name = name.replace('_', "-");
    let c = SizeClass::all().find(|c| !c.is_special() && c.name() == name)?;
    let id: i64 = id.parse().ok().filter(|&id| id > 0)?;
    Some((i64::from(c.param()), id))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_match_the_site() {
        assert_eq!(link("https://x/", 0, 3_353_342), "https://x/?e=MDozLDM1MywzNDI=");
        // From the fixtures' index: 10x10 easy 6,226,616.
        assert_eq!(link("", 3, 6_226_616), "?e=Mzo2LDIyNiw2MTY=");
        assert_eq!(site_id_text(681_742), "681,742");
        assert_eq!(site_id_text(42), "42");
        assert_eq!(site_id_text(1_000), "1,000");
    }

    #[test]
    fn file_stems_go_both_ways() {
        assert_eq!(parse_file_stem("15x15_hard_5642858"), Some((8, 5_642_858)));
        assert_eq!(parse_file_stem("6x6_easy_11269657"), Some((0, 11_269_657)));
        assert_eq!(file_stem(8, 5_642_858).as_deref(), Some("15x15_hard_5642858"));
        for bad in ["15x10_hard_1", "15x15_tough_1", "15x15_hard_x", "puzzle", "7x7_easy_1", "6x6_easy_1_2"] {
            assert_eq!(parse_file_stem(bad), None, "{bad}");
        }
        assert_eq!(file_stem(9, 1), None);
        assert_eq!(size_class_name(Kind::Aquarium, 4), "10x10 normal");
        assert_eq!(size_class_name(Kind::Aquarium, 11), "special monthly");
        // A sister site's classes are its own: Light Up's daily is 13.
        assert_eq!(size_class_name(Kind::LightUp, 13), "special daily");
        assert_eq!(size_class_name(Kind::LightUp, 0), "7x7 easy");
        assert_eq!(size_class_name(Kind::Calendar, 3), "size 3");
        assert_eq!(parse_size_class("15x15-hard"), Some(8));
        assert_eq!(parse_size_class("6x6 easy"), Some(0));
        assert_eq!(parse_size_class("special_daily"), Some(9));
        assert_eq!(parse_size_class("4"), Some(4));
        assert_eq!(parse_size_class("12"), None);
        assert_eq!(parse_size_class("15x15"), None);
        let sizes = |classes: Vec<i64>, grid| Some(Sizes { classes, grid });
        assert_eq!(parse_sizes("15x15"), sizes(vec![6, 7, 8], Some((15, 15))));
        assert_eq!(parse_sizes(" 6X6 "), sizes(vec![0, 1, 2], Some((6, 6))));
        assert_eq!(parse_sizes("9x9"), sizes(vec![], Some((9, 9))));
        assert_eq!(parse_sizes("10x10-normal"), sizes(vec![4], None));
        assert_eq!(parse_sizes("daily"), sizes(vec![9], None));
        assert_eq!(parse_sizes("0x5"), None);
        assert_eq!(parse_sizes("huge"), None);
    }
}
