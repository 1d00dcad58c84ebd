//! Which stored puzzles `list`, `export` and `verify` work on.

use clap::builder::PossibleValuesParser;
use clap::{Args, ValueEnum};

use aquarchive::kinds::Kind;

use aquarchive::archive::{grade, site_names};
use aquarchive::store::{Filter, Status};

use super::kind::kind_of;
use crate::cli::error::CliError;

/// Which stored puzzles a command works on; every filter given must match.
#[derive(Args, Debug, Clone, Default)]
pub struct FilterArgs {
    /// Only puzzles of this kind
    #[arg(long, value_name = "KIND", value_parser = kind_of(Kind::ALL.map(|kind| (kind, ""))))]
    pub kind: Option<Kind>,
    /// Only this size class: the site's number (0-11) or a name like 15x15-hard or special-daily
    #[arg(long, value_name = "CLASS")]
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
    /// Only Aquarium and Sudoku puzzles graded at this level
    #[arg(long, value_name = "LEVEL", value_parser = PossibleValuesParser::new(grade::level_names()))]
    pub grade: Option<String>,
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
}

impl FilterArgs {
    /// The library's filter: every option checked, a size class read by
    /// its name or number.
    pub fn to_filter(&self) -> Result<Filter, CliError> {
        let size_class = match &self.size {
            None => None,
            Some(text) => Some(site_names::parse_size_class(text).ok_or_else(|| {
                CliError::Message(format!(
                    "--size {text}: not a size class (use the site's number 0-11, or a name like 6x6-easy, 15x15-hard, special-daily)"
                ))
            })?),
        };
        for (flag, time) in [("--since", &self.since), ("--until", &self.until)] {
            if let Some(time) = time {
                check_time(flag, time)?;
            }
        }
        Ok(Filter {
            kind: self.kind,
            size_class,
            status: self.status.map(Status::from),
            since: self.since.clone(),
            until: self.until.clone(),
            grade: self.grade.clone(),
            ..Filter::default()
        })
    }
}

/// Times compare as text with the stored `YYYY-MM-DDTHH:MM:SS.sssZ`, so a
/// time must be a prefix of that shape (at least the date).
pub fn check_time(flag: &str, time: &str) -> Result<(), CliError> {
    let shape = "dddd-dd-ddTdd:dd:dd";
    let fits = time.len() >= 10
        && time.chars().enumerate().all(|(i, c)| match shape.as_bytes().get(i) {
            Some(b'd') => c.is_ascii_digit(),
            Some(&s) => c == s as char,
            None => c.is_ascii_digit() || c == '.' || c == 'Z',
        });
    if fits {
        Ok(())
    } else {
        Err(CliError::Message(format!("{flag} {time}: not a UTC time like 2026-11-30 or 2026-11-30T06:00")))
    }
}

impl From<StatusArg> for Status {
    fn from(status: StatusArg) -> Status {
        match status {
            StatusArg::Ok => Status::Ok,
            StatusArg::Invalid => Status::Invalid,
            StatusArg::Unsolvable => Status::Unsolvable,
            StatusArg::Several => Status::Several,
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
        for bad in ["2026-11", "30-11-2026", "yesterday", "2026/11/30", "2026-11-30 06:00"] {
            assert!(check_time("--since", bad).is_err(), "{bad}");
        }
    }
}
