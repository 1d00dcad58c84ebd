//! What the archive commands share: settings, the database, filters.

use aquarchive::archive::site_names;
use aquarchive::config::Config;
use aquarchive::store::{Access, Filter, Status, Store};

use super::args::{FilterArgs, GlobalArgs, StatusArg};
use super::error::CliError;

/// The settings in force and the database they name.
pub struct Context {
    pub config: Config,
}

impl Context {
    /// Reads the settings; `--db` wins over config.toml.
    pub fn load(global: &GlobalArgs) -> Result<Context, CliError> {
        let mut config = Config::load(global.config.as_deref())?;
        if let Some(db) = &global.db {
            config.archive.database = db.clone();
        }
        Ok(Context { config })
    }

    pub fn open(&self, access: Access) -> Result<Store, CliError> {
        Ok(Store::open(&self.config.archive.database, access)?)
    }
}

impl FilterArgs {
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
            status: self.status.map(StatusArg::to_status),
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

impl StatusArg {
    pub fn to_status(self) -> Status {
        match self {
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
