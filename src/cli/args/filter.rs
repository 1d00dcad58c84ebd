//! Which stored puzzles `list`, `export` and `verify` work on.

use clap::builder::PossibleValuesParser;
use clap::{Args, ValueEnum};

use aquarchive::archive::Kind;
use aquarchive::archive::fetch::{AQUARIUM, SiteId, site_names};

use aquarchive::archive::{Archive, Filter, Status};
use aquarchive::archive::{grade, site_names};

use super::fetch::ClassNames;
use super::kind::kind_of;
use crate::cli::error::CliError;

/// Which stored puzzles a command works on; every filter given must match.
#[derive(Args, Debug, Clone, Default)]
pub struct FilterArgs {
    /// Only puzzles of this kind
    #[arg(long, value_name = "KIND", value_parser = kind_of(Kind::ALL.map(|kind| (kind, ""))))]
    pub kind: Option<Kind>,
    /// Only puzzles of this site's kinds (a site of the family: `aquarchive sites` lists them)
    #[arg(long, value_name = "SITE", value_parser = PossibleValuesParser::new(site_names()))]
    pub site: Option<String>,
    /// Only this size class, as the site of --site (else of --kind, else Aquarium) names it: a name like
    /// 15x15-hard or daily (every daily the site serves), the site's number, or a grid (15x15: the site's
    /// classes on it and the puzzles of no class on it)
    #[arg(long, value_name = "CLASS", value_parser = ClassNames, hide_possible_values = true)]
    pub size: Option<String>,
    /// Only puzzles with this status
    #[arg(long, value_enum)]
    pub status: Option<StatusArg>,
    /// Only puzzles stored at or after this UTC time (2026-11-30, or 2026-11-30T06:00)
    #[arg(long, value_name = "TIME")]
    pub since: Option<String>,
    /// Only puzzles stored up to this UTC time, inclusive at the precision given (2026-11-30 takes all that day)
    #[arg(long, value_name = "TIME")]
    pub until: Option<String>,
    /// Only puzzles graded at this level (`aquarchive grade --help` lists each kind's levels)
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(grade::level_names()))]
    pub grade: Option<String>,
    /// Only specials of this date, the site's date of the special (2026-11-20; --since and --until are the time stored)
    #[arg(long, value_name = "DATE")]
    pub date: Option<jiff::civil::Date>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StatusArg {
    /// Exactly one solution
    Ok,
    /// Breaks the rules of form (e.g. clue sums differ)
    Invalid,
    /// No solution
    Unsolvable,
    /// More than one solution
    Several,
    /// Kept as the site gave it: its kind is not solved yet
    NoSolver,
}

impl FilterArgs {
    /// Checks what can be checked before the archive is opened (the times
    /// given), so that a bad one is said first: mending the archive would
    /// not mend the command.
    pub fn check(&self) -> Result<(), CliError> {
        for (flag, time) in [("--since", &self.since), ("--until", &self.until)] {
            if let Some(time) = time {
                check_time(flag, time)?;
            }
        }
        Ok(())
    }

    /// Whether any filter is given: without one, every puzzle matches.
    pub fn any(&self) -> bool {
        let FilterArgs { kind, site, size, status, since, until, grade, date } = self;
        kind.is_some()
            || site.is_some()
            || size.is_some()
            || status.is_some()
            || since.is_some()
            || until.is_some()
            || grade.is_some()
            || date.is_some()
    }

    /// The library's filter: every option checked, a size class read by
    /// the site's names and numbers (the classes the archive's pages taught
    /// included).
    pub fn to_filter(&self, store: &Archive) -> Result<Filter, CliError> {
        self.check()?;
        let site = match &self.site {
            Some(name) => Some(SiteId::named(name).map_err(|e| CliError::Message(format!("--site {name}: {e}")))?),
            None => None,
        };
        let mut kinds = site.map(|site| site.site().kinds.to_vec()).unwrap_or_default();
        let sizes = match &self.size {
            None => None,
            Some(text) => {
                let named = site.or_else(|| self.kind.and_then(SiteId::of_kind));
                let sizes = site_names::sizes_on(store, named.unwrap_or(AQUARIUM), text)
                    .map_err(|e| CliError::Message(format!("--size {text}: {e}")))?;
                // A class where no site is named is Aquarium's, so it picks
                // Aquarium's puzzles: another site numbers its classes its own way.
                if named.is_none() && sizes.grid.is_none() {
                    kinds = AQUARIUM.site().kinds.to_vec();
                }
                Some(sizes)
            }
        };
        Ok(Filter {
            kind: self.kind,
            kinds,
            sizes,
            status: self.status.map(Status::from),
            since: self.since.clone(),
            until: self.until.clone(),
            grade: self.grade.clone(),
            special_date: self.date.map(|date| date.to_string()),
            ..Filter::default()
        })
    }
}

/// Which of the puzzles that match come first, and how many are taken.
#[derive(Args, Debug, Clone, Default)]
pub struct OrderArgs {
    /// The newest first (the last stored), where the oldest come first otherwise
    #[arg(long)]
    pub newest: bool,
    /// At most N puzzles, the first in the order listed (with --newest: the N last stored)
    #[arg(long, value_name = "N")]
    pub limit: Option<u64>,
}

impl OrderArgs {
    /// `filter` in this order, up to this limit.
    pub fn apply(&self, filter: Filter) -> Filter {
        Filter { newest_first: self.newest, limit: self.limit, ..filter }
    }
}

/// Times compare as text with the stored `YYYY-MM-DDTHH:MM:SS.sssZ`, so a
/// time must be a prefix of that shape (at least the date), and one that
/// some real time begins with: a day the calendar has, an hour below 24.
pub fn check_time(flag: &str, time: &str) -> Result<(), CliError> {
    let refuse = |why: Option<String>| {
        let why = why.map(|why| format!(" ({why})")).unwrap_or_default();
        CliError::Message(format!("{flag} {time}: not a UTC time like 2026-11-30 or 2026-11-30T06:00{why}"))
    };
    let shape = "dddd-dd-ddTdd:dd:dd";
    if !time.is_ascii() {
        return Err(refuse(None));
    }
    let (head, tail) = time.split_at(time.len().min(shape.len()));
    // After the seconds: a fraction, then the Z of UTC, each if given.
    let fraction = tail.strip_suffix('Z').unwrap_or(tail);
    let fits = head.len() >= 10
        && head.bytes().zip(shape.bytes()).all(|(c, s)| if s == b'd' { c.is_ascii_digit() } else { c == s })
        && (fraction.is_empty() || fraction.strip_prefix('.').is_some_and(|d| d.bytes().all(|c| c.is_ascii_digit())));
    if !fits {
        return Err(refuse(None));
    }
    // The earliest time that begins with what was given: a field cut short
    // ("T2") is completed with zeros ("T20"), and if that time does not
    // exist, no time begins that way.
    let earliest = format!("{head}{}", &"0000-00-00T00:00:00"[head.len()..]);
    let number = |range: std::ops::Range<usize>| earliest[range].parse::<i16>().expect("digits, by the shape");
    let (year, month, day) = (number(0..4), number(5..7), number(8..10));
    let (hour, minute, second) = (number(11..13), number(14..16), number(17..19));
    if !(1..=12).contains(&month) {
        return Err(refuse(Some(format!("there is no month {month}"))));
    }
    let days = jiff::civil::date(year, month as i8, 1).days_in_month();
    if day < 1 || day > i16::from(days) {
        return Err(refuse(Some(format!("{year:04}-{month:02} has days 01 to {days}"))));
    }
    if hour > 23 {
        return Err(refuse(Some("hours run 00 to 23".into())));
    }
    if minute > 59 {
        return Err(refuse(Some("minutes run 00 to 59".into())));
    }
    if second > 59 {
        return Err(refuse(Some("seconds run 00 to 59".into())));
    }
    Ok(())
}

impl From<StatusArg> for Status {
    fn from(status: StatusArg) -> Status {
        match status {
            StatusArg::Ok => Status::Ok,
            StatusArg::Invalid => Status::Invalid,
            StatusArg::Unsolvable => Status::Unsolvable,
            StatusArg::Several => Status::Several,
            StatusArg::NoSolver => Status::NoSolver,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::check_time;

    #[test]
    fn times_must_be_utc_prefixes() {
        for good in ["2026-11-30", "2026-11-30T06", "2026-11-30T06:00", "2026-11-30T06:00:01.5Z"] {
            assert!(check_time("--since", good).is_ok(), "{good}");
        }
        for bad in ["2026-11", "30-11-2026", "yesterday", "2026/11/30", "2026-11-30 06:00", "2026-11-30T06:00:01Z5"] {
            assert!(check_time("--since", bad).is_err(), "{bad}");
        }
        // The shape, but no such time.
        for bad in ["2026-13-01", "2026-00-10", "2026-02-29", "2026-11-31", "2026-11-30T25:00", "2026-11-30T3"] {
            assert!(check_time("--since", bad).is_err(), "{bad}");
        }
        for good in ["2028-02-29", "2026-11-30T2", "2026-11-30T23:59:59", "2026-11-30T06:0", "2026-11-30T06:00:01Z"] {
            assert!(check_time("--since", good).is_ok(), "{good}");
        }
    }
}
