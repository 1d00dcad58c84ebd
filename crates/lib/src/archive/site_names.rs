//! How the site names a puzzle: size class (`?size=N`), puzzle ID, the
//! `?e=` link, and the file names of the fixtures (`15x15_hard_5642858.txt`),
//! which carry both, so a file exported under such a name imports back
//! with its site ID.

use super::Archive;
use crate::config::SiteConfig;
use crate::kinds::Kind;
use crate::site::family::{AQUARIUM, Period, SiteId, learn_menu, normal_classes};
use crate::site::raw::menu_classes;
use crate::site::url::{Asked, PuzzleId, Request, SizeClass, class_words, puzzle_link, read_request};
use crate::store::{Sizes, Store};

use super::error::ArchiveError;

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

/// The period (`daily`, `weekly`, `monthly`) of a special's size class on
/// the site of `kind`; None for a normal class.
pub fn special_period(kind: Kind, size_class: i64) -> Option<&'static str> {
    let site = SiteId::of_kind(kind)?;
    SizeClass::of(site, u8::try_from(size_class).ok()?)?.period().map(Period::name)
}

/// The sizes a user's words pick on `site`, as `list --site SITE --size
/// WORDS` takes them: one of the site's classes as the site names it (or
/// as `fetch --site SITE` takes it: `daily` is every daily the site serves),
/// its number, or a grid (`15x15`: the site's classes on it, and the
/// puzzles of no class on it). The classes the archive's stored pages
/// taught are known first ([`learn_classes`]). Words that name none of
/// these are an error that names what the site knows.
pub fn sizes_on(archive: &Archive, site: SiteId, words: &str) -> Result<Sizes, ArchiveError> {
    let store = archive.store();
    if site != AQUARIUM {
        learn_classes(store, &[site])?;
    }
    let wanted = words.trim().to_ascii_lowercase().replace(['_', ' '], "-");
    // `special-daily`, as `list` prints a special's class.
    let class_words_given = [wanted.as_str(), wanted.strip_prefix("special-").unwrap_or(&wanted)];
    if let Some(asked) = class_words_given.iter().find_map(|word| Asked::on(site, word).ok()) {
        // A special served at a path whose number no stored page gave holds
        // no stored puzzle yet.
        let classes = asked.iter().filter_map(|a| a.class()).map(|c| i64::from(c.param())).collect();
        return Ok(Sizes { classes, grid: None });
    }
    let side = |s: &str| s.parse::<i64>().ok().filter(|&n| n > 0);
    if let Some((width, height)) = wanted.split_once('x')
        && let (Some(width), Some(height)) = (side(width), side(height))
    {
        let grid = format!("{width}x{height}");
        // `15x15-hard`; a class of a site's second kind, `binairo-plus-6x6-easy`.
        let classes = normal_classes(site)
            .into_iter()
            .filter(|(_, name)| name.split('-').any(|part| part == grid))
            .map(|(param, _)| i64::from(param))
            .collect();
        return Ok(Sizes { classes, grid: Some((width, height)) });
    }
    Err(ArchiveError::Input(format!(
        "not a size class of the {site} site (it knows {}) nor a grid like 15x15",
        class_words(site)
    )))
}

/// Learns what the archive's stored pages say of each site's classes: the
/// newest stored page of the site that has a size menu gives the normal
/// classes, and the newest page of each path special its number. No page is
/// asked of any site.
pub fn learn_classes(store: &Store, sites: &[SiteId]) -> Result<(), ArchiveError> {
    for &site in sites {
        for (url, bytes) in store.newest_pages_under(&site_prefixes(site), 30)? {
            learn_menu(site, &menu_classes(&bytes));
            if let Some(request @ Request::Path(..)) = read_request(&url) {
                let _ = crate::site::fetch::process(&bytes, request);
            }
        }
    }
    Ok(())
}

/// What a stored fetch's URL of a site looks like, under any address the
/// site was fetched at: its host `puzzle-NAME.` or a mirror's `/NAME/`.
fn site_prefixes(site: SiteId) -> Vec<String> {
    vec![format!("puzzle-{}.", site.name()), format!("/{}/", site.name())]
}

/// A site ID as the site prints it: `5,642,858`.
pub fn site_id_text(site_id: i64) -> String {
    let text = PuzzleId(site_id.unsigned_abs()).to_string();
    if site_id < 0 { format!("-{text}") } else { text }
}

/// The link that opens one stored puzzle of `kind` on its site, at the
/// address `sites` gives that site: the site's own ([`puzzle_link`]). None
/// for a kind that no site serves (the calendar, the ring).
pub fn link(sites: &SiteConfig, kind: Kind, size_class: i64, site_id: i64) -> Option<String> {
    let site = SiteId::of_kind(kind)?;
    let base_url = sites.site_url(site);
    let class = u8::try_from(size_class).ok().and_then(|n| SizeClass::of(site, n));
    Some(match (class, u64::try_from(site_id)) {
        (Some(c), Ok(id)) => puzzle_link(&base_url, c, PuzzleId(id)),
        // Not a puzzle the site could have: the same shape, for the record.
        _ => format!(
            "{base_url}?e={}",
            base64::Engine::encode(&base64::engine::general_purpose::STANDARD, format!("{size_class}:{site_id}"))
        ),
    })
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
    use base64::Engine;
    use base64::engine::general_purpose::STANDARD;

    use super::*;

    #[test]
    fn links_match_the_site() {
        let sites = SiteConfig { base_url: "https://x/".into(), ..SiteConfig::default() };
        assert_eq!(link(&sites, Kind::Aquarium, 0, 3_353_342).unwrap(), "https://x/?e=MDozLDM1MywzNDI=");
        // From the fixtures' index: 10x10 easy 6,226,616.
        assert_eq!(link(&sites, Kind::Aquarium, 3, 6_226_616).unwrap(), "https://x/?e=Mzo2LDIyNiw2MTY=");
        // A sister site's, at its own address, whatever its class numbers.
        let star = link(&sites, Kind::StarBattle, 17, 6_226_616).unwrap();
        assert_eq!(star, format!("https://www.puzzle-star-battle.com/?e={}", STANDARD.encode("17:6,226,616")));
        assert_eq!(link(&sites, Kind::Calendar, 0, 1), None);
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
    }

    #[test]
    fn sizes_are_read_by_the_sites_own_classes() {
        let dir = tempfile::tempdir().unwrap();
        let store = Archive::open(&dir.path().join("a.sqlite"), crate::store::Access::ReadWrite).unwrap();
        let sizes = |site: &str, words: &str| sizes_on(&store, SiteId::named(site).unwrap(), words).ok();
        let picked = |classes: Vec<i64>, grid| Some(Sizes { classes, grid });
        assert_eq!(sizes("aquarium", "15x15-hard"), picked(vec![8], None));
        assert_eq!(sizes("aquarium", "6x6 easy"), picked(vec![0], None));
        assert_eq!(sizes("aquarium", "special_daily"), picked(vec![9], None));
        assert_eq!(sizes("aquarium", "4"), picked(vec![4], None));
        assert_eq!(sizes("aquarium", "12"), None);
        assert_eq!(sizes("aquarium", "15x15"), picked(vec![6, 7, 8], Some((15, 15))));
        assert_eq!(sizes("aquarium", " 6X6 "), picked(vec![0, 1, 2], Some((6, 6))));
        assert_eq!(sizes("aquarium", "9x9"), picked(vec![], Some((9, 9))));
        assert_eq!(sizes("aquarium", "0x5"), None);
        // A sister site's daily is its own number: Light Up's is 13.
        assert_eq!(sizes("light-up", "daily"), picked(vec![13], None));
        assert_eq!(sizes("light-up", "special-weekly"), picked(vec![12], None));
        assert_eq!(sizes("light-up", "7x7-easy"), picked(vec![0], None));
        let err = sizes_on(&store, SiteId::named("star-battle").unwrap(), "huge").unwrap_err().to_string();
        assert!(err.starts_with("not a size class of the star-battle site (it knows daily, weekly, monthly"), "{err}");
    }
}
