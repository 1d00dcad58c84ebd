//! The publisher's family of sites in one table (docs/site.md, "The
//! family"): each site's name, the kinds it serves, its specials and where
//! they are asked for, and the normal classes known before any page is
//! read. Everything else about a site's classes is read from its own pages'
//! size menu (`<ul id="menuSizes">`), so a class the site adds needs no
//! release: see [`learn_menu`].
//!
//! A site is named as its address names it: `star-battle` is
//! `https://www.puzzle-star-battle.com/`, and `[site] url_pattern` puts the
//! name into any other address (`{site}`).

use std::collections::HashMap;
use std::fmt;
use std::sync::{LazyLock, RwLock};

use aquarchive_kinds::Kind;

use super::SiteError;

/// How often a special comes out; a special is named by its period's date
/// (the day, the week's Monday, the month's 1st).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Period {
    Daily,
    Weekly,
    Monthly,
}

impl Period {
    pub const ALL: [Period; 3] = [Period::Daily, Period::Weekly, Period::Monthly];

    /// `daily`, `weekly`, `monthly`: what the command line takes for every
    /// special of the period on a site.
    pub fn name(self) -> &'static str {
        match self {
            Period::Daily => "daily",
            Period::Weekly => "weekly",
            Period::Monthly => "monthly",
        }
    }
}

/// Where a site serves the current special of a class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum At {
    /// `?size=N`: the class's number is known before the page is read.
    Size(u8),
    /// A path (`/daily-binairo`) on the sites that serve two kinds or more:
    /// the class's number is read from the page's `Game.plSize`.
    Path(&'static str),
}

/// One special of a site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Special {
    /// The class's name on the command line (`daily`, `daily-binairo-plus`,
    /// `chess-melee-daily`, `daily-sandwich`).
    pub name: &'static str,
    pub kind: Kind,
    pub period: Period,
    pub at: At,
}

/// A normal class known before any page of the site is read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Known {
    pub param: u8,
    pub name: &'static str,
}

/// One site of the family.
#[derive(Debug, PartialEq, Eq)]
pub struct Site {
    /// `aquarium`, `star-battle`: the `{site}` of `url_pattern`, and the
    /// name `--site` takes.
    pub name: &'static str,
    /// The kinds of its normal classes and specials, its own first.
    pub kinds: &'static [Kind],
    pub specials: &'static [Special],
    /// Normal classes built in; the others are learned from the site's menu.
    pub classes: &'static [Known],
}

const fn sized(name: &'static str, kind: Kind, period: Period, n: u8) -> Special {
    Special { name, kind, period, at: At::Size(n) }
}

const fn pathed(name: &'static str, kind: Kind, period: Period) -> Special {
    // The path is `/` and the name (`/daily-binairo`, `/chess-melee-daily`).
    Special { name, kind, period, at: At::Path(name) }
}

/// A site whose specials are `?size=` daily, weekly and monthly.
macro_rules! three {
    ($kind:expr, $d:expr, $w:expr, $m:expr) => {
        &[
            sized("daily", $kind, Period::Daily, $d),
            sized("weekly", $kind, Period::Weekly, $w),
            sized("monthly", $kind, Period::Monthly, $m),
        ]
    };
}

/// The three specials of one kind at paths named as their classes
/// (`/daily-binairo`; `/chess-melee-daily` on the chess site).
macro_rules! paths {
    ($kind:expr, $d:literal, $w:literal, $m:literal) => {
        [pathed($d, $kind, Period::Daily), pathed($w, $kind, Period::Weekly), pathed($m, $kind, Period::Monthly)]
    };
}

const AQUARIUM_CLASSES: &[Known] = &[
    Known { param: 0, name: "6x6-easy" },
    Known { param: 1, name: "6x6-normal" },
    Known { param: 2, name: "6x6-hard" },
    Known { param: 3, name: "10x10-easy" },
    Known { param: 4, name: "10x10-normal" },
    Known { param: 5, name: "10x10-hard" },
    Known { param: 6, name: "15x15-easy" },
    Known { param: 7, name: "15x15-normal" },
    Known { param: 8, name: "15x15-hard" },
];

/// From the real page's menu (tests/fixtures/pages/real-2025/).
const LIGHT_UP_CLASSES: &[Known] = &[
    Known { param: 0, name: "7x7-easy" },
    Known { param: 1, name: "7x7-normal" },
    Known { param: 2, name: "7x7-hard" },
    Known { param: 3, name: "10x10-easy" },
    Known { param: 4, name: "10x10-normal" },
    Known { param: 5, name: "10x10-hard" },
    Known { param: 6, name: "14x14-easy" },
    Known { param: 7, name: "14x14-normal" },
    Known { param: 8, name: "14x14-hard" },
    Known { param: 9, name: "25x25-easy" },
    Known { param: 10, name: "25x25-normal" },
    Known { param: 11, name: "25x25-hard" },
];

const BINAIRO: [Special; 6] = {
    let [a, b, c] = paths!(Kind::Binairo, "daily-binairo", "weekly-binairo", "monthly-binairo");
    let [d, e, f] = paths!(Kind::BinairoPlus, "daily-binairo-plus", "weekly-binairo-plus", "monthly-binairo-plus");
    [a, b, c, d, e, f]
};
const FUTOSHIKI: [Special; 6] = {
    let [a, b, c] = paths!(Kind::Futoshiki, "daily-futoshiki", "weekly-futoshiki", "monthly-futoshiki");
    let [d, e, f] = paths!(Kind::Renzoku, "daily-renzoku", "weekly-renzoku", "monthly-renzoku");
    [a, b, c, d, e, f]
};
const MINESWEEPER: [Special; 6] = {
    let [a, b, c] = paths!(Kind::Minesweeper, "daily-minesweeper", "weekly-minesweeper", "monthly-minesweeper");
    let [d, e, f] = paths!(Kind::Mosaic, "daily-mosaic", "weekly-mosaic", "monthly-mosaic");
    [a, b, c, d, e, f]
};
const CHESS: [Special; 9] = {
    let [a, b, c] = paths!(Kind::ChessMelee, "chess-melee-daily", "chess-melee-weekly", "chess-melee-monthly");
    let [d, e, f] = paths!(Kind::SoloChess, "solo-chess-daily", "solo-chess-weekly", "solo-chess-monthly");
    let [g, h, i] = paths!(Kind::ChessRanger, "chess-ranger-daily", "chess-ranger-weekly", "chess-ranger-monthly");
    [a, b, c, d, e, f, g, h, i]
};

/// The family, Aquarium first, then by name. The special numbers come from
/// docs/site.md's table: they are in no one order across sites (Light Up's
/// weekly is 12, its daily 13), so they are written, never computed.
pub static FAMILY: [Site; 37] = [
    Site {
        name: "aquarium",
        kinds: &[Kind::Aquarium],
        specials: three!(Kind::Aquarium, 9, 10, 11),
        classes: AQUARIUM_CLASSES,
    },
    Site {
        name: "battleships",
        kinds: &[Kind::Battleships],
        specials: three!(Kind::Battleships, 8, 9, 10),
        classes: &[],
    },
    Site { name: "binairo", kinds: &[Kind::Binairo, Kind::BinairoPlus], specials: &BINAIRO, classes: &[] },
    Site { name: "bridges", kinds: &[Kind::Bridges], specials: three!(Kind::Bridges, 13, 12, 14), classes: &[] },
    Site {
        name: "chess",
        kinds: &[Kind::ChessMelee, Kind::SoloChess, Kind::ChessRanger],
        specials: &CHESS,
        classes: &[],
    },
    Site { name: "dominosa", kinds: &[Kind::Dominosa], specials: three!(Kind::Dominosa, 10, 5, 11), classes: &[] },
    Site { name: "futoshiki", kinds: &[Kind::Futoshiki, Kind::Renzoku], specials: &FUTOSHIKI, classes: &[] },
    Site { name: "galaxies", kinds: &[Kind::Galaxies], specials: three!(Kind::Galaxies, 8, 9, 10), classes: &[] },
    Site { name: "heyawake", kinds: &[Kind::Heyawake], specials: three!(Kind::Heyawake, 15, 16, 17), classes: &[] },
    Site { name: "hitori", kinds: &[Kind::Hitori], specials: three!(Kind::Hitori, 12, 13, 14), classes: &[] },
    Site {
        name: "jigsaw-sudoku",
        kinds: &[Kind::JigsawSudoku, Kind::SandwichSudoku],
        specials: &[
            sized("daily", Kind::JigsawSudoku, Period::Daily, 9),
            sized("weekly", Kind::JigsawSudoku, Period::Weekly, 10),
            sized("monthly", Kind::JigsawSudoku, Period::Monthly, 11),
            sized("daily-sandwich", Kind::SandwichSudoku, Period::Daily, 12),
        ],
        classes: &[],
    },
    Site { name: "kakurasu", kinds: &[Kind::Kakurasu], specials: three!(Kind::Kakurasu, 12, 13, 14), classes: &[] },
    Site { name: "kakuro", kinds: &[Kind::Kakuro], specials: three!(Kind::Kakuro, 15, 16, 17), classes: &[] },
    Site {
        name: "killer-sudoku",
        kinds: &[Kind::KillerSudoku],
        specials: three!(Kind::KillerSudoku, 9, 10, 11),
        classes: &[],
    },
    Site { name: "kurodoko", kinds: &[Kind::Kurodoko], specials: &[], classes: &[] },
    Site {
        name: "light-up",
        kinds: &[Kind::LightUp],
        specials: three!(Kind::LightUp, 13, 12, 14),
        classes: LIGHT_UP_CLASSES,
    },
    Site { name: "lits", kinds: &[Kind::Lits], specials: three!(Kind::Lits, 10, 11, 12), classes: &[] },
    Site { name: "loop", kinds: &[Kind::Loop], specials: three!(Kind::Loop, 13, 12, 14), classes: &[] },
    Site { name: "masyu", kinds: &[Kind::Masyu], specials: three!(Kind::Masyu, 13, 14, 15), classes: &[] },
    Site { name: "minesweeper", kinds: &[Kind::Minesweeper, Kind::Mosaic], specials: &MINESWEEPER, classes: &[] },
    Site { name: "nonograms", kinds: &[Kind::Nonograms], specials: three!(Kind::Nonograms, 6, 5, 7), classes: &[] },
    Site { name: "norinori", kinds: &[Kind::Norinori], specials: three!(Kind::Norinori, 10, 11, 12), classes: &[] },
    Site { name: "nurikabe", kinds: &[Kind::Nurikabe], specials: three!(Kind::Nurikabe, 11, 12, 13), classes: &[] },
    Site {
        name: "pipes",
        kinds: &[Kind::Pipes],
        specials: &[
            sized("daily", Kind::Pipes, Period::Daily, 7),
            sized("weekly", Kind::Pipes, Period::Weekly, 8),
            sized("monthly", Kind::Pipes, Period::Monthly, 9),
            sized("daily-wrap", Kind::Pipes, Period::Daily, 17),
            sized("weekly-wrap", Kind::Pipes, Period::Weekly, 18),
            sized("monthly-wrap", Kind::Pipes, Period::Monthly, 19),
        ],
        classes: &[],
    },
    Site { name: "shakashaka", kinds: &[Kind::Shakashaka], specials: three!(Kind::Shakashaka, 5, 6, 7), classes: &[] },
    Site { name: "shikaku", kinds: &[Kind::Shikaku], specials: three!(Kind::Shikaku, 7, 6, 8), classes: &[] },
    Site { name: "shingoki", kinds: &[Kind::Shingoki], specials: three!(Kind::Shingoki, 17, 18, 19), classes: &[] },
    Site {
        name: "skyscrapers",
        kinds: &[Kind::Skyscrapers],
        specials: three!(Kind::Skyscrapers, 9, 10, 11),
        classes: &[],
    },
    Site { name: "slant", kinds: &[Kind::Slant], specials: three!(Kind::Slant, 10, 11, 12), classes: &[] },
    Site {
        name: "star-battle",
        kinds: &[Kind::StarBattle],
        specials: three!(Kind::StarBattle, 9, 10, 11),
        classes: &[],
    },
    Site { name: "stitches", kinds: &[Kind::Stitches], specials: three!(Kind::Stitches, 16, 17, 18), classes: &[] },
    Site {
        name: "sudoku",
        kinds: &[Kind::Sudoku, Kind::SandwichSudoku],
        specials: &[
            sized("daily", Kind::Sudoku, Period::Daily, 9),
            sized("weekly", Kind::Sudoku, Period::Weekly, 10),
            sized("monthly", Kind::Sudoku, Period::Monthly, 11),
            sized("daily-sandwich", Kind::SandwichSudoku, Period::Daily, 8),
        ],
        classes: &[],
    },
    Site { name: "tapa", kinds: &[Kind::Tapa], specials: three!(Kind::Tapa, 8, 9, 10), classes: &[] },
    Site { name: "tents", kinds: &[Kind::Tents], specials: three!(Kind::Tents, 8, 9, 10), classes: &[] },
    Site {
        name: "thermometers",
        kinds: &[Kind::Thermometers],
        specials: &[
            sized("daily", Kind::Thermometers, Period::Daily, 8),
            sized("weekly", Kind::Thermometers, Period::Weekly, 10),
            sized("monthly", Kind::Thermometers, Period::Monthly, 12),
            sized("daily-curved", Kind::Thermometers, Period::Daily, 9),
            sized("weekly-curved", Kind::Thermometers, Period::Weekly, 11),
            sized("monthly-curved", Kind::Thermometers, Period::Monthly, 13),
        ],
        classes: &[],
    },
    Site { name: "words", kinds: &[Kind::Words], specials: &[], classes: &[] },
    Site { name: "yin-yang", kinds: &[Kind::YinYang], specials: three!(Kind::YinYang, 15, 16, 17), classes: &[] },
];

/// Aquarium's place in [`FAMILY`].
pub const AQUARIUM: SiteId = SiteId(0);

/// A site by its place in [`FAMILY`]: small and `Copy`, so that a class
/// can carry its site.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SiteId(u8);

impl SiteId {
    pub fn all() -> impl Iterator<Item = SiteId> {
        (0..FAMILY.len() as u8).map(SiteId)
    }

    pub fn site(self) -> &'static Site {
        &FAMILY[self.0 as usize]
    }

    pub fn name(self) -> &'static str {
        self.site().name
    }

    /// The site of a name as `--site` takes it (`star-battle`, `Star_Battle`,
    /// `puzzle-star-battle.com`).
    pub fn named(text: &str) -> Result<SiteId, SiteError> {
        let wanted = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let wanted = wanted.strip_prefix("www.").unwrap_or(&wanted);
        let wanted = wanted.strip_prefix("puzzle-").unwrap_or(wanted);
        let wanted = wanted.strip_suffix(".com").unwrap_or(wanted);
        SiteId::all().find(|id| id.name() == wanted).ok_or_else(|| SiteError::UnknownSite(text.to_string()))
    }

    /// The site that serves `kind`: the one whose own kind it is, else the
    /// first that serves it (the sandwich sudoku, a special of two sites,
    /// is jigsaw sudoku's by that).
    pub fn of_kind(kind: Kind) -> Option<SiteId> {
        SiteId::all()
            .find(|id| id.site().kinds.first() == Some(&kind))
            .or_else(|| SiteId::all().find(|id| id.site().kinds.contains(&kind)))
    }

    /// The site a URL is of: a host `puzzle-NAME.` or a path segment
    /// `/NAME/` (a mirror that keeps the family under one host); the
    /// longest name that fits, so `jigsaw-sudoku` is not `sudoku`.
    pub fn of_url(url: &str) -> Option<SiteId> {
        let url = url.to_ascii_lowercase();
        SiteId::all()
            .filter(|id| url.contains(&format!("puzzle-{}.", id.name())) || url.contains(&format!("/{}/", id.name())))
            .max_by_key(|id| id.name().len())
    }

    /// The special of the site at this index.
    pub fn special(self, index: u8) -> &'static Special {
        &self.site().specials[index as usize]
    }
}

impl fmt::Display for SiteId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Every site's name, for a message or a completion.
pub fn site_names() -> Vec<&'static str> {
    FAMILY.iter().map(|site| site.name).collect()
}

/// Every class name the table itself knows, of any site, each once, sorted:
/// the specials' and the built-in normal classes' (not those learned from a
/// site's menu, which a completion script written once cannot know).
pub fn class_names() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = FAMILY
        .iter()
        .flat_map(|site| site.specials.iter().map(|s| s.name).chain(site.classes.iter().map(|k| k.name)))
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// What the site's pages have taught this process about classes the table
/// does not hold: a normal class's name and kind from a size menu, a path
/// special's number from its page's `Game.plSize`. Kept here so that a
/// [`super::url::SizeClass`], a site and a number, can name itself
/// wherever it is shown; the archive also keeps the pages, so a later run
/// learns the same again from them.
#[derive(Clone, Debug, Default)]
struct Learned {
    /// (site, number) -> (name, kind the menu gives).
    classes: HashMap<(SiteId, u8), (&'static str, Option<Kind>)>,
    /// (site, number) -> the index of the path special with that number.
    specials: HashMap<(SiteId, u8), u8>,
}

static LEARNED: LazyLock<RwLock<Learned>> = LazyLock::new(Default::default);

/// A name learned once is kept for the process: names are few (a site's
/// menu lists about fifteen), so leaking each once costs nothing and lets a
/// class name itself as `&'static str` like the built-in ones.
fn keep_name(name: &str) -> &'static str {
    static NAMES: LazyLock<RwLock<Vec<&'static str>>> = LazyLock::new(Default::default);
    if let Some(&known) = NAMES.read().expect("names lock").iter().find(|&&n| n == name) {
        return known;
    }
    let mut names = NAMES.write().expect("names lock");
    if let Some(&known) = names.iter().find(|&&n| n == name) {
        return known;
    }
    let kept: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.push(kept);
    kept
}

/// One entry of a size menu: the class's number, its name
/// (language-independent: the `User.achievements[KIND][NAME]` key) and the
/// kind the key names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MenuClass {
    pub param: u8,
    pub name: String,
    pub kind: Option<Kind>,
}

/// Learns a site's normal classes from its menu (see
/// [`super::raw::menu_classes`]). A class of a kind other than the site's
/// own is named with its kind first (`binairo-plus-6x6-easy`), so that the
/// two kinds' classes of one size keep apart. Specials are the table's and
/// are not learned here. Returns the classes as they are named now.
pub fn learn_menu(site: SiteId, menu: &[MenuClass]) -> Vec<(u8, &'static str)> {
    let mut learned = LEARNED.write().expect("learned lock");
    let mut named = Vec::new();
    for class in menu {
        let is_special = site.site().specials.iter().any(|s| s.at == At::Size(class.param))
            || Period::ALL.iter().any(|p| p.name() == class.name);
        if is_special {
            continue;
        }
        let name = match class.kind {
            Some(kind) if kind.name() != site.name() && !class.name.starts_with(kind.name()) => {
                format!("{}-{}", kind.name(), class.name)
            }
            _ => class.name.clone(),
        };
        let name = keep_name(&name);
        learned.classes.insert((site, class.param), (name, class.kind));
        named.push((class.param, name));
    }
    named
}

/// Learns that the path special `index` of `site` has the number `param`
/// (its page's `Game.plSize`).
pub fn learn_special(site: SiteId, index: u8, param: u8) {
    LEARNED.write().expect("learned lock").specials.insert((site, param), index);
}

/// The learned name and kind of a normal class.
pub(super) fn learned_class(site: SiteId, param: u8) -> Option<(&'static str, Option<Kind>)> {
    LEARNED.read().expect("learned lock").classes.get(&(site, param)).copied()
}

/// The path special learned to have this number.
pub(super) fn learned_special(site: SiteId, param: u8) -> Option<u8> {
    LEARNED.read().expect("learned lock").specials.get(&(site, param)).copied()
}

/// The number a path special was learned to have.
pub fn special_number(site: SiteId, index: u8) -> Option<u8> {
    let learned = LEARNED.read().expect("learned lock");
    learned.specials.iter().find(|&(&(s, _), &i)| s == site && i == index).map(|(&(_, param), _)| param)
}

/// A name for a class no table or menu names: `size-N`.
pub(super) fn unnamed(param: u8) -> &'static str {
    keep_name(&format!("size-{param}"))
}

/// Every normal class of a site known now: the built-in ones, then those
/// learned, by number.
pub fn normal_classes(site: SiteId) -> Vec<(u8, &'static str)> {
    let mut classes: Vec<(u8, &'static str)> = site.site().classes.iter().map(|k| (k.param, k.name)).collect();
    let learned = LEARNED.read().expect("learned lock");
    for (&(s, param), &(name, _)) in &learned.classes {
        if s == site && !classes.iter().any(|&(p, _)| p == param) {
            classes.push((param, name));
        }
    }
    classes.sort();
    classes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_holds_every_site_once_and_every_kind_of_the_family() {
        assert_eq!(FAMILY.len(), 37);
        let mut names = site_names();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), 37);
        let classes = class_names();
        for name in ["daily", "monthly", "6x6-easy", "daily-binairo-plus", "chess-melee-daily"] {
            assert_eq!(classes.iter().filter(|&&c| c == name).count(), 1, "{name}");
        }
        for kind in Kind::ALL.into_iter().filter(|k| k.is_family()) {
            assert!(SiteId::of_kind(kind).is_some(), "{kind} has no site");
        }
        // Three sites serve two kinds, the chess site three.
        let many: Vec<&str> = FAMILY
            .iter()
            .filter(|s| s.kinds.len() > 1 && s.name != "sudoku" && s.name != "jigsaw-sudoku")
            .map(|s| s.name)
            .collect();
        assert_eq!(many, ["binairo", "chess", "futoshiki", "minesweeper"]);
        for site in &FAMILY {
            let mut special_names: Vec<&str> = site.specials.iter().map(|s| s.name).collect();
            special_names.sort();
            special_names.dedup();
            assert_eq!(special_names.len(), site.specials.len(), "{}", site.name);
            for special in site.specials {
                assert!(site.kinds.contains(&special.kind), "{}: {}", site.name, special.name);
                if let At::Size(n) = special.at {
                    assert!(!site.classes.iter().any(|k| k.param == n), "{}: {n} is a special", site.name);
                }
            }
        }
    }

    #[test]
    fn sites_by_name_and_by_url() {
        assert_eq!(SiteId::named("star-battle").unwrap().name(), "star-battle");
        assert_eq!(SiteId::named("Star_Battle").unwrap().name(), "star-battle");
        assert_eq!(SiteId::named("www.puzzle-light-up.com").unwrap().name(), "light-up");
        let err = SiteId::named("starbattle").unwrap_err().to_string();
        assert!(err.contains("aquarium, battleships") && err.contains("yin-yang"), "{err}");
        assert_eq!(SiteId::of_url("https://www.puzzle-jigsaw-sudoku.com/?size=9").unwrap().name(), "jigsaw-sudoku");
        assert_eq!(SiteId::of_url("https://fr.puzzle-sudoku.com/").unwrap().name(), "sudoku");
        assert_eq!(SiteId::of_url("http://127.0.0.1:80/killer-sudoku/?size=1").unwrap().name(), "killer-sudoku");
        assert_eq!(SiteId::of_url("http://127.0.0.1/"), None);
        assert_eq!(SiteId::of_kind(Kind::SandwichSudoku).unwrap().name(), "jigsaw-sudoku");
        assert_eq!(SiteId::of_kind(Kind::Mosaic).unwrap().name(), "minesweeper");
    }
}
