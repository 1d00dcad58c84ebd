//! How the site names a puzzle: size class (`?size=N`), puzzle ID, the
//! `?e=` link, and the file names of the fixtures (`15x15_hard_5642858.txt`),
//! which carry both, so a file exported under such a name imports back
//! with its site ID.

use base64::Engine;

/// Size classes 0..=8: three sides, three difficulties each.
const SIDES: [u32; 3] = [6, 10, 15];
const LEVELS: [&str; 3] = ["easy", "normal", "hard"];
/// Size classes 9..=11, whose side the page gives.
const SPECIALS: [&str; 3] = ["daily", "weekly", "monthly"];

/// A human name for a size class: `15x15 hard`, `special daily`.
pub fn size_class_name(size_class: i64) -> String {
    match usize::try_from(size_class) {
        Ok(n @ 0..=8) => format!("{0}x{0} {1}", SIDES[n / 3], LEVELS[n % 3]),
        Ok(n @ 9..=11) => format!("special {}", SPECIALS[n - 9]),
        _ => format!("size {size_class}"),
    }
}

/// Reads a size class as a user writes it: the site's number (`8`) or a
/// name (`15x15-hard`, `15x15 hard`, `special-daily`).
pub fn parse_size_class(text: &str) -> Option<i64> {
    let text = text.trim().to_lowercase().replace(['-', '_'], " ");
    if let Ok(n) = text.parse::<i64>() {
        return (0..=11).contains(&n).then_some(n);
    }
    (0..=11).find(|&n| size_class_name(n) == text)
}

/// A site ID as the site prints it: `5,642,858`.
pub fn site_id_text(site_id: i64) -> String {
    let digits = site_id.unsigned_abs().to_string();
    let mut out = String::new();
    for (k, ch) in digits.chars().enumerate() {
        if k > 0 && (digits.len() - k).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    if site_id < 0 { format!("-{out}") } else { out }
}

/// The link that opens one puzzle: `BASE?e=` base64 of `"<size>:<ID with commas>"`.
pub fn link(base_url: &str, size_class: i64, site_id: i64) -> String {
    let code = base64::engine::general_purpose::STANDARD.encode(format!("{size_class}:{}", site_id_text(site_id)));
    format!("{base_url}?e={code}")
}

/// The fixtures' file stem of a puzzle of size class 0..=8: `10x10_easy_6226616`.
pub fn file_stem(size_class: i64, site_id: i64) -> Option<String> {
    let n = usize::try_from(size_class).ok().filter(|&n| n < 9)?;
    Some(format!("{0}x{0}_{1}_{site_id}", SIDES[n / 3], LEVELS[n % 3]))
}

/// Reads a fixtures' file stem back: (size class, site ID).
pub fn parse_file_stem(stem: &str) -> Option<(i64, i64)> {
    let mut parts = stem.split('_');
    let (grid, level, id) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() {
        return None;
    }
    let (w, h) = grid.split_once('x')?;
    let side = SIDES.iter().position(|s| s.to_string() == w && w == h)?;
    let level = LEVELS.iter().position(|l| *l == level)?;
    let id: i64 = id.parse().ok().filter(|&id| id > 0)?;
    Some(((side * 3 + level) as i64, id))
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
        assert_eq!(size_class_name(4), "10x10 normal");
        assert_eq!(size_class_name(11), "special monthly");
        assert_eq!(parse_size_class("15x15-hard"), Some(8));
        assert_eq!(parse_size_class("6x6 easy"), Some(0));
        assert_eq!(parse_size_class("special_daily"), Some(9));
        assert_eq!(parse_size_class("4"), Some(4));
        assert_eq!(parse_size_class("12"), None);
        assert_eq!(parse_size_class("15x15"), None);
    }
}
