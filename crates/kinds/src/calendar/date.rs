//! Dates as the board shows them: a month, a day and perhaps a weekday.
//! Reading what a person types, checking it is a real date, and the
//! weekday of a real one (proleptic Gregorian calendar, no crate needed).

use std::fmt;

use thiserror::Error;

pub const MONTHS: [&str; 12] = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const MONTH_NAMES: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
pub const WEEKDAYS: [&str; 7] = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const WEEKDAY_NAMES: [&str; 7] = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/// The cells a date leaves open. Not necessarily a real date: the boards
/// have cells for Feb 31 too, and `--every-date` counts those.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// 1..=12.
    pub month: u8,
    /// 1..=31.
    pub day: u8,
    /// 0 = Sunday ..= 6 = Saturday.
    pub weekday: Option<u8>,
}

#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum DateError {
    #[error("`{0}` is not a date: write for example `Jan 5`, `1/5`, `Jan 5 Sun` or `2027-01-05`")]
    Unreadable(String),
    #[error("month {0} does not exist: months are 1 to 12 (or Jan to Dec)")]
    NoSuchMonth(u32),
    #[error("{month} has {days} days at most, so day {day} is not a date")]
    NoSuchDay { month: &'static str, days: u8, day: u32 },
    #[error("{month} {year} has {days} days, so day {day} is not a date")]
    NoSuchDayInYear { month: &'static str, year: i64, days: u8, day: u32 },
    #[error("{date} is a {actual}, not a {given}")]
    WrongWeekday { date: String, actual: &'static str, given: &'static str },
    #[error("this board has weekday cells: give a weekday (`{date} Sun`) or a whole date (`2027-01-05`)")]
    NeedWeekday { date: String },
}

/// The month a name stands for (`jan`, `January`, any case).
pub fn month_named(token: &str) -> Option<u8> {
    let t = token.to_ascii_lowercase();
    (0..12)
        .find(|&i| MONTHS[i].to_ascii_lowercase() == t || MONTH_NAMES[i].to_ascii_lowercase() == t)
        .map(|i| i as u8 + 1)
}

/// The weekday a name stands for, 0 = Sunday.
pub fn weekday_named(token: &str) -> Option<u8> {
    let t = token.to_ascii_lowercase();
    (0..7)
        .find(|&i| WEEKDAYS[i].to_ascii_lowercase() == t || WEEKDAY_NAMES[i].to_ascii_lowercase() == t)
        .map(|i| i as u8)
}

fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

/// Days in a month; in a leap year when `year` is `None` (Feb 29 is a date).
pub fn days_in_month(month: u8, year: Option<i64>) -> u8 {
    match month {
        2 if year.is_none_or(is_leap) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a real date (Howard Hinnant's days_from_civil).
pub fn days_from_civil(year: i64, month: u8, day: u8) -> i64 {
    let (m, d) = (i64::from(month), i64::from(day));
    let y = if m <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The real date `days` after 1970-01-01 (Hinnant's civil_from_days).
pub fn civil_from_days(days: i64) -> (i64, u8, u8) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
    (yoe + era * 400 + i64::from(month <= 2), month, day)
}

/// The weekday (0 = Sunday) of a real date. 1970-01-01 was a Thursday.
pub fn weekday_of(year: i64, month: u8, day: u8) -> u8 {
    (days_from_civil(year, month, day) + 4).rem_euclid(7) as u8
}

/// Today's date (UTC) with its weekday, and its year.
pub fn today() -> (Date, i64) {
    let secs = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let days = (secs / 86_400) as i64;
    let (year, month, day) = civil_from_days(days);
    (Date { month, day, weekday: Some((days + 4).rem_euclid(7) as u8) }, year)
}

impl Date {
    /// Whether some year has this month and day (Feb 29 counts).
    pub fn is_real(&self) -> bool {
        (1..=12).contains(&self.month) && self.day >= 1 && self.day <= days_in_month(self.month, None)
    }

    /// Reads a date as a person writes it: `Jan 5`, `5 January`, `1/5`
    /// (month first), `Jan 5 Sun`, `2027-01-05`, `Jan 5 2027`. With a year
    /// the weekday is worked out (and a given one checked); without one,
    /// `year` (when given) supplies it, else the date has only the weekday
    /// typed, if any. Feb 29 without a year is a date; Feb 30 never is.
    pub fn parse(text: &str, year: Option<i64>) -> Result<Date, DateError> {
        let unreadable = || DateError::Unreadable(text.trim().to_string());
        let mut month_name = None;
        let mut weekday = None;
        let mut numbers: Vec<&str> = Vec::new();
        for token in
            text.split(|c: char| c.is_whitespace() || matches!(c, ',' | '/' | '-' | '.')).filter(|t| !t.is_empty())
        {
            if let Some(m) = month_named(token) {
                if month_name.replace(m).is_some() {
                    return Err(unreadable());
                }
            } else if let Some(w) = weekday_named(token) {
                if weekday.replace(w).is_some() {
                    return Err(unreadable());
                }
            } else if token.len() <= 9 && token.bytes().all(|b| b.is_ascii_digit()) {
                numbers.push(token);
            } else {
                return Err(unreadable());
            }
        }
        let value = |t: &str| t.parse::<u32>().map_err(|_| unreadable());
        // A four-digit number is a year; the rest are month and day.
        let (years, rest): (Vec<&str>, Vec<&str>) = numbers.into_iter().partition(|t| t.len() == 4);
        let typed_year = match years.as_slice() {
            [] => None,
            [y] => Some(i64::from(value(y)?)),
            _ => return Err(unreadable()),
        };
        let (month, day) = match (month_name, rest.as_slice()) {
            (Some(m), [d]) => (u32::from(m), value(d)?),
            (None, [m, d]) => (value(m)?, value(d)?),
            _ => return Err(unreadable()),
        };
        if !(1..=12).contains(&month) {
            return Err(DateError::NoSuchMonth(month));
        }
        let month = month as u8;
        let name = MONTH_NAMES[month as usize - 1];
        match typed_year {
            Some(y) => {
                let days = days_in_month(month, Some(y));
                if day < 1 || day > u32::from(days) {
                    return Err(DateError::NoSuchDayInYear { month: name, year: y, days, day });
                }
            }
            None => {
                let days = days_in_month(month, None);
                if day < 1 || day > u32::from(days) {
                    return Err(DateError::NoSuchDay { month: name, days, day });
                }
            }
        }
        let day = day as u8;
        let date = Date { month, day, weekday };
        let Some(y) = typed_year.or(if weekday.is_none() { year } else { None }) else {
            return Ok(date);
        };
        if day > days_in_month(month, Some(y)) {
            // Feb 29 with the current year supplied but not leap.
            return Err(DateError::NoSuchDayInYear {
                month: name,
                year: y,
                days: days_in_month(month, Some(y)),
                day: u32::from(day),
            });
        }
        let actual = weekday_of(y, month, day);
        if let Some(given) = weekday.filter(|&g| g != actual) {
            return Err(DateError::WrongWeekday {
                date: format!("{y}-{month:02}-{day:02}"),
                actual: WEEKDAY_NAMES[actual as usize],
                given: WEEKDAY_NAMES[given as usize],
            });
        }
        Ok(Date { weekday: Some(actual), ..date })
    }
}

/// `Jan 5` or `Jan 5 Sun`.
impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let month = MONTHS.get((self.month as usize).wrapping_sub(1)).copied().unwrap_or("?");
        write!(f, "{month} {}", self.day)?;
        if let Some(w) = self.weekday {
            write!(f, " {}", WEEKDAYS.get(w as usize).copied().unwrap_or("?"))?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weekdays_and_days_round_trip() {
        assert_eq!(weekday_of(1970, 1, 1), 4);
        assert_eq!(weekday_of(2000, 2, 29), 2);
        assert_eq!(weekday_of(2026, 11, 30), 1);
        for days in [-800_000, -1, 0, 59, 11_016, 20_000, 2_932_896] {
            let (y, m, d) = civil_from_days(days);
            assert_eq!(days_from_civil(y, m, d), days, "{y}-{m}-{d}");
        }
    }

    #[test]
    fn reads_the_ways_people_write_dates() {
        let jan5 = Date { month: 1, day: 5, weekday: None };
        for text in ["Jan 5", "5 january", "1/5", "jan-5", "JAN 5"] {
            assert_eq!(Date::parse(text, None), Ok(jan5), "{text}");
        }
        assert_eq!(Date::parse("Jan 5 Sun", None), Ok(Date { weekday: Some(0), ..jan5 }));
        assert_eq!(Date::parse("2027-01-05", None), Ok(Date { weekday: Some(2), ..jan5 }));
        assert_eq!(Date::parse("Jan 5 2027", None), Ok(Date { weekday: Some(2), ..jan5 }));
        assert_eq!(Date::parse("Jan 5", Some(2027)), Ok(Date { weekday: Some(2), ..jan5 }));
        assert_eq!(Date::parse("Feb 29", None), Ok(Date { month: 2, day: 29, weekday: None }));
    }

    #[test]
    fn impossible_dates_are_clear_errors() {
        assert_eq!(Date::parse("Feb 30", None), Err(DateError::NoSuchDay { month: "February", days: 29, day: 30 }));
        assert_eq!(Date::parse("13/1", None), Err(DateError::NoSuchMonth(13)));
        assert_eq!(
            Date::parse("Apr 31", None).unwrap_err().to_string(),
            "April has 30 days at most, so day 31 is not a date"
        );
        assert!(matches!(Date::parse("2026-02-29", None), Err(DateError::NoSuchDayInYear { year: 2026, .. })));
        assert!(matches!(Date::parse("Feb 29", Some(2026)), Err(DateError::NoSuchDayInYear { .. })));
        assert!(matches!(Date::parse("2026-11-30 Sun", None), Err(DateError::WrongWeekday { actual: "Monday", .. })));
        for bad in ["", "Jan", "Jan Feb 3", "tomorrow", "1 2 3", "Jan 0", "Jan 99999999999"] {
            assert!(Date::parse(bad, None).is_err(), "{bad}");
        }
    }
}
