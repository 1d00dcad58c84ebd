//! The site's size classes and URL patterns, all in one place (docs/site.md,
//! "URLs"). When the site changes its links, this is the file to change.

use std::fmt;
use std::str::FromStr;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use jiff::civil::Date;

use super::SiteError;
use super::family::{self, AQUARIUM, At, Period, SiteId, Special};
use aquarchive_kinds::Kind;

/// Aquarium's default address; `[site] base_url` in config.toml overrides it.
pub const DEFAULT_BASE_URL: &str = "https://www.puzzle-aquarium.com/";

/// Every site's address, `{site}` its name; `[site] url_pattern` in
/// config.toml overrides it.
pub const DEFAULT_URL_PATTERN: &str = "https://www.puzzle-{site}.com/";

/// A site's address under a pattern: `{site}` replaced by its name.
pub fn site_base(pattern: &str, site: SiteId) -> String {
    pattern.replace("{site}", site.name())
}

/// A size class: a site of the family and its `?size=N`. Aquarium's are
/// 0..=11 (the table below); a sister site's are named by the family's
/// table ([`super::family`]) and by its own size menu.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SizeClass {
    site: SiteId,
    param: u8,
}

/// Aquarium's classes: name, grid side (None: read it from the page) and
/// the tank count seen in real puzzles of the class (None: unknown) for
/// each `?size=N`.
const CLASSES: [(&str, Option<usize>, Option<usize>); 12] = [
    ("6x6-easy", Some(6), Some(6)),
    ("6x6-normal", Some(6), Some(9)),
    ("6x6-hard", Some(6), Some(18)),
    ("10x10-easy", Some(10), Some(14)),
    ("10x10-normal", Some(10), Some(20)),
    ("10x10-hard", Some(10), Some(33)),
    ("15x15-easy", Some(15), Some(22)),
    ("15x15-normal", Some(15), Some(32)),
    ("15x15-hard", Some(15), Some(45)),
    // docs/site.md: one source says 20x20, 25x25, 30x30; unsure, so the page says.
    ("daily", None, None),
    ("weekly", None, None),
    ("monthly", None, None),
];

impl SizeClass {
    pub const DAILY: SizeClass = SizeClass { site: AQUARIUM, param: 9 };
    pub const WEEKLY: SizeClass = SizeClass { site: AQUARIUM, param: 10 };
    pub const MONTHLY: SizeClass = SizeClass { site: AQUARIUM, param: 11 };

    /// Aquarium's classes.
    pub fn all() -> impl Iterator<Item = SizeClass> {
        (0..CLASSES.len() as u8).map(|param| SizeClass { site: AQUARIUM, param })
    }

    /// Aquarium's class of the site's `?size=N`.
    pub fn from_param(n: u8) -> Option<SizeClass> {
        ((n as usize) < CLASSES.len()).then_some(SizeClass { site: AQUARIUM, param: n })
    }

    /// The class `?size=N` of a site of the family. Aquarium's numbers are
    /// known; a sister site's are any its pages give.
    pub fn of(site: SiteId, n: u8) -> Option<SizeClass> {
        if site == AQUARIUM { SizeClass::from_param(n) } else { Some(SizeClass { site, param: n }) }
    }

    pub fn site(self) -> SiteId {
        self.site
    }

    /// The site's `?size=N`.
    pub fn param(self) -> u8 {
        self.param
    }

    /// The special this class is, with its index in the site's table: one
    /// of the table's numbers, or a path special whose page gave this
    /// number.
    pub fn special(self) -> Option<(u8, &'static Special)> {
        let specials = self.site.site().specials;
        let index = specials
            .iter()
            .position(|s| s.at == At::Size(self.param))
            .map(|i| i as u8)
            .or_else(|| family::learned_special(self.site, self.param))?;
        Some((index, &specials[index as usize]))
    }

    /// As the site names it: `6x6-easy` ... `15x15-hard`, `daily`, `weekly`,
    /// `monthly` for Aquarium; a sister site's from the family's table or
    /// its size menu (`7x7-easy`, `daily-binairo`), else `size-N`.
    pub fn name(self) -> &'static str {
        if self.site == AQUARIUM {
            return CLASSES[self.param as usize].0;
        }
        if let Some((_, special)) = self.special() {
            return special.name;
        }
        if let Some(known) = self.site.site().classes.iter().find(|k| k.param == self.param) {
            return known.name;
        }
        family::learned_class(self.site, self.param).map_or_else(|| family::unnamed(self.param), |(name, _)| name)
    }

    /// The kind of the class's puzzles where the class tells it: a
    /// special's, a menu's, or the site's only kind.
    pub fn kind(self) -> Option<Kind> {
        if let Some((_, special)) = self.special() {
            return Some(special.kind);
        }
        if let Some((_, Some(kind))) = family::learned_class(self.site, self.param) {
            return Some(kind);
        }
        match self.site.site().kinds {
            [only] => Some(*only),
            // Sudoku's and jigsaw sudoku's other kind is a special's only.
            [own, Kind::SandwichSudoku] => Some(*own),
            _ => None,
        }
    }

    /// The grid side, when the class fixes it (its name starts `NxN-`).
    pub fn side(self) -> Option<usize> {
        if self.site == AQUARIUM {
            return CLASSES[self.param as usize].1;
        }
        let (size, _) = self.name().split_once('-')?;
        let (w, h) = size.split_once('x')?;
        (w == h).then(|| w.parse().ok()).flatten()
    }

    /// Daily, weekly, monthly: one puzzle per period, named by its date.
    pub fn is_special(self) -> bool {
        self.special().is_some()
    }

    /// How often the class's special comes out; None for a normal class.
    pub fn period(self) -> Option<Period> {
        self.special().map(|(_, special)| special.period)
    }

    /// The tank counts a puzzle of this class may have on a `width` x
    /// `height` grid. Real puzzles of a class all have the same count; a
    /// quarter either way is allowed, since the site may change its
    /// generator. Specials: at least one tank per row, at most one per two
    /// cells.
    pub fn tank_range(self, width: usize, height: usize) -> std::ops::RangeInclusive<usize> {
        let seen = if self.site == AQUARIUM { CLASSES[self.param as usize].2 } else { None };
        match seen {
            Some(seen) => {
                let slack = seen.div_ceil(4);
                seen - slack..=seen + slack
            }
            None => height.min(width)..=(width * height / 2).max(1),
        }
    }
}

impl fmt::Display for SizeClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for SizeClass {
    type Err = SiteError;

    /// One of Aquarium's class names (`10x10-hard`, `daily`; `_` or a space
    /// may stand for `-`) or its number (`5`).
    fn from_str(s: &str) -> Result<SizeClass, SiteError> {
        let wanted = s.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        if let Ok(n) = wanted.parse::<u8>() {
            return SizeClass::from_param(n).ok_or_else(|| SiteError::UnknownSize(s.to_string()));
        }
        SizeClass::all().find(|c| c.name() == wanted).ok_or_else(|| SiteError::UnknownSize(s.to_string()))
    }
}

/// A class as the user asks for it: a numbered class, or a special a site
/// serves at a path whose number only its page tells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Asked {
    Class(SizeClass),
    /// The site and the special's index in its table.
    Path(SiteId, u8),
}

impl Asked {
    pub fn site(self) -> SiteId {
        match self {
            Asked::Class(class) => class.site(),
            Asked::Path(site, _) => site,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Asked::Class(class) => class.name(),
            Asked::Path(site, index) => site.special(index).name,
        }
    }

    pub fn is_special(self) -> bool {
        match self {
            Asked::Class(class) => class.is_special(),
            Asked::Path(..) => true,
        }
    }

    /// The numbered class: a path special's once its page gave the number.
    pub fn class(self) -> Option<SizeClass> {
        match self {
            Asked::Class(class) => Some(class),
            Asked::Path(site, index) => family::special_number(site, index).map(|param| SizeClass { site, param }),
        }
    }

    /// Every class a site's word names: a class's name (`7x7-easy`,
    /// `daily-binairo`), its number, or `daily`, `weekly`, `monthly` for
    /// every special of that period the site serves. `_` or a space may
    /// stand for `-`.
    pub fn on(site: SiteId, text: &str) -> Result<Vec<Asked>, SiteError> {
        let wanted = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        let unknown =
            || SiteError::UnknownClass { site: site.name(), class: text.to_string(), known: class_words(site) };
        if site == AQUARIUM {
            return wanted
                .parse::<SizeClass>()
                .map(|c| vec![Asked::Class(c)])
                .map_err(|_| SiteError::UnknownSize(text.to_string()));
        }
        let specials = site.site().specials;
        let by_special = |index: usize| {
            let special = &specials[index];
            match special.at {
                At::Size(param) => Asked::Class(SizeClass { site, param }),
                At::Path(_) => Asked::Path(site, index as u8),
            }
        };
        if let Some(period) = Period::ALL.into_iter().find(|p| p.name() == wanted) {
            let all: Vec<Asked> =
                (0..specials.len()).filter(|&i| specials[i].period == period).map(by_special).collect();
            return if all.is_empty() { Err(unknown()) } else { Ok(all) };
        }
        if let Some(index) = specials.iter().position(|s| s.name == wanted) {
            return Ok(vec![by_special(index)]);
        }
        if let Ok(n) = wanted.parse::<u8>() {
            return Ok(vec![Asked::Class(SizeClass { site, param: n })]);
        }
        family::normal_classes(site)
            .into_iter()
            .find(|&(_, name)| name == wanted)
            .map(|(param, _)| vec![Asked::Class(SizeClass { site, param })])
            .ok_or_else(unknown)
    }
}

impl From<SizeClass> for Asked {
    fn from(class: SizeClass) -> Asked {
        Asked::Class(class)
    }
}

impl fmt::Display for Asked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The words a site's classes are asked for by, for a message: its
/// specials' names and the normal classes known.
pub fn class_words(site: SiteId) -> String {
    let mut words: Vec<&str> = family::normal_classes(site).into_iter().map(|(_, name)| name).collect();
    if site == AQUARIUM {
        words = CLASSES.iter().map(|c| c.0).collect();
    } else {
        for period in Period::ALL {
            if site.site().specials.iter().any(|s| s.period == period) {
                words.push(period.name());
            }
        }
        words.extend(
            site.site().specials.iter().map(|s| s.name).filter(|n| !Period::ALL.iter().any(|p| p.name() == *n)),
        );
    }
    if words.is_empty() {
        return "none known yet; the site's number N of ?size=N".into();
    }
    format!("{}, or the site's number N of ?size=N", words.join(", "))
}

/// A puzzle ID. The site writes it with commas (`2,401,181`); it is unique
/// only within a size class.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PuzzleId(pub u64);

impl FromStr for PuzzleId {
    type Err = SiteError;

    /// Digits, with or without the site's thousands commas.
    fn from_str(s: &str) -> Result<PuzzleId, SiteError> {
        let digits: String = s.trim().chars().filter(|&c| c != ',').collect();
        if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
            return Err(SiteError::BadId(s.to_string()));
        }
        digits.parse().map(PuzzleId).map_err(|_| SiteError::BadId(s.to_string()))
    }
}

impl fmt::Display for PuzzleId {
    /// With the site's commas: `681,742`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&aquarchive_shared::thousands(self.0))
    }
}

/// The `?e=` value: standard base64 of `"<N>:<ID with commas>"`, as the
/// site's own `btoa(Game.plSize + ":" + puzzleID)`.
pub fn encode_e(class: SizeClass, id: PuzzleId) -> String {
    STANDARD.encode(format!("{}:{}", class.param(), id))
}

/// The link that opens one puzzle, as the site writes it: `BASE?e=` and
/// [`encode_e`]'s value as it is. Base64 of digits, commas and a colon
/// never holds `+` or `/` (no six bits of those bytes make 62 or 63), and
/// its `=` padding is plain in a query value, so nothing needs escaping.
pub fn puzzle_link(base: &str, class: SizeClass, id: PuzzleId) -> String {
    format!("{base}?e={}", encode_e(class, id))
}

/// Reads a `?e=` value back into its class and ID.
pub fn decode_e(e: &str) -> Result<(SizeClass, PuzzleId), SiteError> {
    let bad = || SiteError::BadLink(e.to_string());
    let bytes = STANDARD.decode(e.trim()).map_err(|_| bad())?;
    let text = String::from_utf8(bytes).map_err(|_| bad())?;
    let (size, id) = text.split_once(':').ok_or_else(bad)?;
    let class = size.parse::<u8>().ok().and_then(SizeClass::from_param).ok_or_else(bad)?;
    Ok((class, id.parse().map_err(|_| bad())?))
}

/// What to ask the site for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Request {
    /// A new random puzzle of a class; for specials, the current one.
    New(SizeClass),
    /// One given puzzle (the site's `?e=` link).
    Puzzle(SizeClass, PuzzleId),
    /// The special of a class and date, as the special's page offers it in
    /// its date list: the answer form posted with that date.
    Special(SizeClass, Date),
    /// The current special a site serves at a path (`/daily-binairo`): the
    /// site and the special's index in its table.
    Path(SiteId, u8),
}

impl Request {
    /// The current page of what the user asked for.
    pub fn current(asked: Asked) -> Request {
        match asked {
            Asked::Class(class) => Request::New(class),
            Asked::Path(site, index) => Request::Path(site, index),
        }
    }

    /// What was asked for: the class, or the path special.
    pub fn asked(self) -> Asked {
        match self {
            Request::New(class) | Request::Puzzle(class, _) | Request::Special(class, _) => Asked::Class(class),
            Request::Path(site, index) => Asked::Path(site, index),
        }
    }

    /// The numbered class asked for, when the request names one.
    pub fn class(self) -> Option<SizeClass> {
        match self {
            Request::New(class) | Request::Puzzle(class, _) | Request::Special(class, _) => Some(class),
            Request::Path(..) => None,
        }
    }

    pub fn site(self) -> SiteId {
        self.asked().site()
    }

    /// The request as sent: a URL to get, or a form to post.
    pub fn call(self, urls: &SiteUrls) -> Call {
        match self {
            Request::New(class) => Call::Get(urls.new_puzzle(class)),
            Request::Puzzle(class, id) => Call::Get(urls.puzzle(class, id)),
            Request::Special(class, date) => Call::Post { url: urls.base.clone(), form: special_form(class, date) },
            Request::Path(site, index) => Call::Get(urls.path(site.special(index))),
        }
    }
}

/// The fields of the special page's answer form that ask for the special
/// of a date (docs/site.md, "Past specials"): the hidden `size`, the
/// `<select name="date">`, and the submit button named `specific`.
fn special_form(class: SizeClass, date: Date) -> String {
    format!("size={}&date={}&specific=1", class.param(), date.strftime("%Y-%m-%d"))
}

/// One request as sent to the site.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Call {
    Get(String),
    /// A form posted to `url`, its fields URL-encoded.
    Post {
        url: String,
        form: String,
    },
}

impl Call {
    /// The URL the request goes to.
    pub fn url(&self) -> &str {
        match self {
            Call::Get(url) | Call::Post { url, .. } => url,
        }
    }

    /// How the fetch log writes the request: a GET's URL, or a POST as
    /// `POST <url> <form>`, which [`read_request`] reads back.
    pub fn logged(&self) -> String {
        match self {
            Call::Get(url) => url.clone(),
            Call::Post { url, form } => format!("POST {url} {form}"),
        }
    }
}

/// What a logged request (see [`Call::logged`]) asked for: a new puzzle
/// of a class (`?size=N`), one given puzzle (`?e=` or the older
/// `?specific=1&specid=ID&size=N`), a special by its date (the form's
/// POST), or a special at its path. The site is the one the URL names
/// ([`SiteId::of_url`]), else Aquarium. `None` for anything else.
pub fn read_request(logged: &str) -> Option<Request> {
    let site = SiteId::of_url(logged).unwrap_or(AQUARIUM);
    let class_of = |n: &str| n.parse::<u8>().ok().and_then(|n| SizeClass::of(site, n));
    if let Some(post) = logged.strip_prefix("POST ") {
        let (_, form) = post.split_once(' ')?;
        let class = class_of(field(form, "size")?)?;
        let date = field(form, "date")?.parse::<Date>().ok()?;
        return class.is_special().then_some(Request::Special(class, date));
    }
    let Some((_, query)) = logged.split_once('?') else {
        let last = logged.trim_end_matches('/').rsplit('/').next()?;
        let index = site.site().specials.iter().position(|s| matches!(s.at, At::Path(path) if path == last))?;
        return Some(Request::Path(site, index as u8));
    };
    if let Some(e) = field(query, "e") {
        return decode_e(&percent_decode_query(e)).ok().map(|(class, id)| Request::Puzzle(class, id));
    }
    let class = class_of(field(query, "size")?)?;
    match field(query, "specid") {
        Some(id) => Some(Request::Puzzle(class, id.parse().ok()?)),
        None => Some(Request::New(class)),
    }
}

/// The value of `name` in `a=1&b=2`.
fn field<'a>(fields: &'a str, name: &str) -> Option<&'a str> {
    fields.split('&').find_map(|pair| pair.split_once('=').filter(|(key, _)| *key == name).map(|(_, value)| value))
}

/// The period of a special class that holds `day`: the day itself for a
/// daily, the week (Monday to Sunday) for a weekly, the month for a
/// monthly; for another class, the day. Of `offered` dates (the special
/// page's date list), the one that names that period.
pub fn offered_for(class: SizeClass, day: Date, offered: &[Date]) -> Option<Date> {
    offered.iter().copied().find(|&date| match class.period() {
        Some(Period::Weekly) => date <= day && day.since(date).is_ok_and(|span| span.get_days() < 7),
        Some(Period::Monthly) => (date.year(), date.month()) == (day.year(), day.month()),
        _ => date == day,
    })
}

/// The URLs of the site, relative to its base address.
#[derive(Clone, Debug)]
pub struct SiteUrls {
    base: String,
}

impl SiteUrls {
    /// `base` is the site's root (`https://www.puzzle-aquarium.com/`); a
    /// missing final `/` is added.
    pub fn new(base: &str) -> SiteUrls {
        let mut base = base.trim().to_string();
        if !base.ends_with('/') {
            base.push('/');
        }
        SiteUrls { base }
    }

    pub fn base(&self) -> &str {
        &self.base
    }

    /// A new puzzle of the class (the current one, for specials).
    pub fn new_puzzle(&self, class: SizeClass) -> String {
        format!("{}?size={}", self.base, class.param())
    }

    /// A special the site serves at a path: `BASE` and the path.
    pub fn path(&self, special: &Special) -> String {
        match special.at {
            At::Size(n) => format!("{}?size={n}", self.base),
            At::Path(path) => format!("{}{path}", self.base),
        }
    }

    /// One given puzzle, by the site's `?e=` link.
    pub fn puzzle(&self, class: SizeClass, id: PuzzleId) -> String {
        puzzle_link(&self.base, class, id)
    }

    /// One given puzzle, by the older `?specific=1` form.
    #[cfg(test)]
    fn specific(&self, class: SizeClass, id: PuzzleId) -> String {
        format!("{}?specific=1&specid={}&size={}", self.base, id.0, class.param())
    }
}

/// A query value with base64's `+`, `/` and `=` escaped read back (as
/// earlier versions wrote the `?e=` link they fetched, and as a browser may).
fn percent_decode_query(value: &str) -> String {
    value.replace("%2B", "+").replace("%2F", "/").replace("%3D", "=")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_value_never_needs_escaping() {
        // Every three bytes of what `encode_e` encodes: no `+` or `/`.
        let bytes = b",0123456789:";
        for &a in bytes {
            for &b in bytes {
                for &c in bytes {
                    let code = STANDARD.encode([a, b, c]);
                    assert!(!code.contains(['+', '/']), "{code}");
                }
            }
        }
    }

    #[test]
    fn urls_read_back_as_what_they_ask_for() {
        let urls = SiteUrls::new("http://127.0.0.1:8080");
        let id = PuzzleId(6_226_616);
        let date: Date = "2025-12-01".parse().unwrap();
        for class in SizeClass::all() {
            for request in [Request::New(class), Request::Puzzle(class, id), Request::Special(class, date)] {
                let read = read_request(&request.call(&urls).logged());
                let expected = match request {
                    Request::Special(class, _) if !class.is_special() => None,
                    _ => Some(request),
                };
                assert_eq!(read, expected, "{request:?}");
            }
            assert_eq!(read_request(&urls.specific(class, id)), Some(Request::Puzzle(class, id)));
        }
        for other in [
            "http://x/",
            "http://x/?size=99",
            "http://x/?e=%%%",
            "http://x/?specific=1&specid=x&size=0",
            "POST http://x/ size=9&date=2025-13-01&specific=1",
            "POST http://x/ size=9&specific=1",
            "POST http://x/",
        ] {
            assert_eq!(read_request(other), None, "{other}");
        }
    }

    #[test]
    fn e_links_match_the_site_both_ways() {
        // docs/site.md: `MDozLDM1MywzNDI=` is `0:3,353,342`.
        let id: PuzzleId = "3,353,342".parse().unwrap();
        assert_eq!(encode_e(SizeClass::from_param(0).unwrap(), id), "MDozLDM1MywzNDI=");
        assert_eq!(decode_e("MDozLDM1MywzNDI=").unwrap(), (SizeClass::from_param(0).unwrap(), PuzzleId(3_353_342)));
        // The fixture index's value for 10x10 easy 6,226,616.
        assert_eq!(encode_e(SizeClass::from_param(3).unwrap(), PuzzleId(6_226_616)), "Mzo2LDIyNiw2MTY=");
        assert!(decode_e("not base64!").is_err());
        assert!(decode_e(&STANDARD.encode("12:5")).is_err(), "no class 12");
        assert!(decode_e(&STANDARD.encode("3-5")).is_err());
    }

    #[test]
    fn ids_read_with_or_without_commas_and_print_with_them() {
        assert_eq!("681742".parse::<PuzzleId>().unwrap(), PuzzleId(681_742));
        assert_eq!(" 2,401,181 ".parse::<PuzzleId>().unwrap().to_string(), "2,401,181");
        assert_eq!(PuzzleId(12).to_string(), "12");
        assert_eq!(PuzzleId(1_000).to_string(), "1,000");
        for bad in ["", ",", "12a", "-3", "99999999999999999999999"] {
            assert!(bad.parse::<PuzzleId>().is_err(), "{bad}");
        }
    }

    #[test]
    fn classes_by_name_or_number() {
        assert_eq!("6x6-easy".parse::<SizeClass>().unwrap().param(), 0);
        assert_eq!("15X15_hard".parse::<SizeClass>().unwrap().param(), 8);
        assert_eq!("daily".parse::<SizeClass>().unwrap(), SizeClass::DAILY);
        assert_eq!("11".parse::<SizeClass>().unwrap(), SizeClass::MONTHLY);
        assert!("12".parse::<SizeClass>().is_err());
        assert!("7x7-easy".parse::<SizeClass>().is_err());
        for class in SizeClass::all() {
            assert_eq!(class.name().parse::<SizeClass>().unwrap(), class);
        }
        assert!(SizeClass::DAILY.is_special() && !SizeClass::from_param(8).unwrap().is_special());
        assert!(SizeClass::from_param(2).unwrap().tank_range(6, 6).contains(&18));
        assert!(!SizeClass::from_param(0).unwrap().tank_range(6, 6).contains(&18));
    }

    #[test]
    fn a_special_of_a_date_is_asked_for_as_its_pages_form_posts_it() {
        let urls = SiteUrls::new("http://127.0.0.1:8080");
        let call = Request::Special(SizeClass::DAILY, "2025-12-01".parse().unwrap()).call(&urls);
        assert_eq!(
            call,
            Call::Post { url: "http://127.0.0.1:8080/".into(), form: "size=9&date=2025-12-01&specific=1".into() }
        );
        assert_eq!(call.logged(), "POST http://127.0.0.1:8080/ size=9&date=2025-12-01&specific=1");
        assert_eq!(call.url(), "http://127.0.0.1:8080/");
    }

    #[test]
    fn any_day_of_a_period_names_its_special() {
        let day = |s: &str| s.parse::<Date>().unwrap();
        let dailies = [day("2025-12-08"), day("2025-12-07"), day("2025-12-06")];
        assert_eq!(offered_for(SizeClass::DAILY, day("2025-12-07"), &dailies), Some(day("2025-12-07")));
        assert_eq!(offered_for(SizeClass::DAILY, day("2025-12-05"), &dailies), None);
        // Mondays: 2025-12-08 and 2025-12-01.
        let weeklies = [day("2025-12-08"), day("2025-12-01")];
        assert_eq!(offered_for(SizeClass::WEEKLY, day("2025-12-07"), &weeklies), Some(day("2025-12-01")));
        assert_eq!(offered_for(SizeClass::WEEKLY, day("2025-12-08"), &weeklies), Some(day("2025-12-08")));
        assert_eq!(offered_for(SizeClass::WEEKLY, day("2025-12-15"), &weeklies), None);
        assert_eq!(offered_for(SizeClass::WEEKLY, day("2025-11-30"), &weeklies), None);
        let monthlies = [day("2025-12-01"), day("2025-11-01")];
        assert_eq!(offered_for(SizeClass::MONTHLY, day("2025-11-30"), &monthlies), Some(day("2025-11-01")));
        assert_eq!(offered_for(SizeClass::MONTHLY, day("2025-10-31"), &monthlies), None);
    }

    #[test]
    fn urls() {
        let urls = SiteUrls::new("http://127.0.0.1:8080");
        assert_eq!(urls.new_puzzle(SizeClass::DAILY), "http://127.0.0.1:8080/?size=9");
        assert_eq!(
            urls.puzzle(SizeClass::from_param(0).unwrap(), PuzzleId(3_353_342)),
            "http://127.0.0.1:8080/?e=MDozLDM1MywzNDI="
        );
        // The escaped form earlier versions fetched reads back the same.
        let escaped = "http://127.0.0.1:8080/?e=MDozLDM1MywzNDI%3D";
        assert_eq!(
            read_request(escaped),
            Some(Request::Puzzle(SizeClass::from_param(0).unwrap(), PuzzleId(3_353_342)))
        );
        assert_eq!(
            urls.specific(SizeClass::from_param(0).unwrap(), PuzzleId(681_742)),
            "http://127.0.0.1:8080/?specific=1&specid=681742&size=0"
        );
    }
}
