//! The engine's settings as the benchmark tool's arguments name them:
//! `--pairs` and `aquarium-settings`' `--settings`, parsed and named.

use aquarchive::engine::{Learning, Pairs, Restarts, Settings};

use crate::table::thousands;

/// One setting to compare, as `--settings` names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Compared {
    pub restarts: Restarts,
    /// `None`: the engine's default.
    pub pairs: Option<Pairs>,
    /// Learning from failed probes (`+learn`, `+learn:W`, `+learn:off`);
    /// `None`: the engine's default.
    pub learning: Option<Learning>,
}

impl Compared {
    pub fn settings(self) -> Settings {
        let defaults = Settings::default();
        Settings {
            restarts: self.restarts,
            pairs: self.pairs.unwrap_or(defaults.pairs),
            learning: self.learning.unwrap_or(defaults.learning),
            ..defaults
        }
    }

    pub fn name(self) -> String {
        let restarts = match self.restarts {
            Restarts::Off => "no restarts".to_string(),
            Restarts::Geometric(w) => format!("geometric {}", thousands(w)),
        };
        let name = match self.pairs {
            None => restarts,
            Some(Pairs::Off) => format!("{restarts}, no pairs"),
            Some(Pairs::AfterWork(0)) => format!("{restarts}, pairs always"),
            Some(Pairs::AfterWork(w)) => format!("{restarts}, pairs after {}", thousands(w)),
        };
        match self.learning {
            None => name,
            Some(Learning::Off) => format!("{name}, no learning"),
            Some(Learning::Always) => format!("{name}, learning"),
            Some(Learning::AfterWork(w)) => format!("{name}, learning after {}", thousands(w)),
        }
    }
}

/// `--settings`' items: `RESTARTS` or `RESTARTS/PAIRS`, where RESTARTS is
/// `off`, `geometric:W` or `default`, and PAIRS as [`parse_pairs`]; `+learn` at the end learns from failed
/// probes from the root, `+learn:W` once a run's work has reached W,
/// `+learn:off` never; without it, as the engine's default.
pub fn parse_compared(s: &str) -> Result<Compared, String> {
    let (plain, learning) = match s.split_once("+learn") {
        None => (s, None),
        Some((plain, "")) => (plain, Some(Learning::Always)),
        Some((plain, ":off")) => (plain, Some(Learning::Off)),
        Some((plain, after)) => match after.strip_prefix(':').map(str::parse::<u64>) {
            Some(Ok(w)) => (plain, Some(Learning::AfterWork(w))),
            _ => {
                return Err(format!(
                    "`{s}`: expected +learn, +learn:W (W a number of nodes plus probes) or +learn:off"
                ));
            }
        },
    };
    let (restarts, pairs) = match plain.split_once('/') {
        Some((r, p)) => (r, Some(p)),
        None => (plain, None),
    };
    let unit = |w: &str| match w.parse::<u64>() {
        Ok(w) if w > 0 => Ok(w),
        _ => Err(format!("`{s}`: a restart budget is a positive number of nodes plus probes")),
    };
    let restarts = match restarts.split_once(':') {
        None if restarts == "off" => Restarts::Off,
        None if restarts == "default" => Settings::default().restarts,
        Some(("geometric", w)) => Restarts::Geometric(unit(w)?),
        _ => return Err(format!("`{s}`: expected off, default or geometric:W, then /PAIRS if wanted")),
    };
    let pairs = pairs.map(parse_pairs).transpose().map_err(|e| format!("`{s}`: {e}"))?;
    Ok(Compared { restarts, pairs, learning })
}

/// `--pairs`: `off`, `always` (from the root, the same as 0) or a number
/// of nodes plus probes.
pub fn parse_pairs(s: &str) -> Result<Pairs, String> {
    match s {
        "off" => Ok(Pairs::Off),
        "always" => Ok(Pairs::AfterWork(0)),
        _ => s.parse().map(Pairs::AfterWork).map_err(|_| format!("`{s}`: expected off, always or a number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_parse_as_the_help_says() {
        assert_eq!(parse_compared("off"), Ok(Compared { restarts: Restarts::Off, pairs: None, learning: None }));
        assert_eq!(
            parse_compared("geometric:3000/always"),
            Ok(Compared { restarts: Restarts::Geometric(3000), pairs: Some(Pairs::AfterWork(0)), learning: None })
        );
        assert_eq!(
            parse_compared("geometric:10000/2000+learn"),
            Ok(Compared {
                restarts: Restarts::Geometric(10000),
                pairs: Some(Pairs::AfterWork(2000)),
                learning: Some(Learning::Always)
            })
        );
        assert_eq!(parse_compared("default+learn:50000").map(|c| c.learning), Ok(Some(Learning::AfterWork(50000))));
        assert_eq!(parse_compared("default+learn:off").map(|c| c.learning), Ok(Some(Learning::Off)));
        assert!(parse_compared("default+learn:").is_err());
        assert!(parse_compared("default+learned").is_err());
        assert_eq!(parse_compared("default").map(|c| c.restarts), Ok(Settings::default().restarts));
        assert!(parse_compared("geometric:0").is_err());
        assert!(parse_compared("geometric").is_err());
        assert!(parse_compared("off/sometimes").is_err());
        assert!(parse_compared("luby:10000").is_err());
    }
}
