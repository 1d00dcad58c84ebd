//! The Python peers the benches time beside aquarchive: a script of the
//! repository, run once by the Python of the virtualenv that
//! `scripts/peer-solvers/install` makes, printing one JSON object a line.

use std::ffi::OsStr;
use std::path::Path;
use std::process::Command;

use crate::args::relative_to_repository;
use crate::error::BenchError;

/// The script that installs the peers, as the messages name it.
pub const INSTALL: &str = "scripts/peer-solvers/install";

/// Runs `python script args...` and returns the JSON object of each line it
/// printed. An interpreter that is not there, a script that fails (as it
/// does when the package is missing) or a line that is not JSON is an error
/// of one line that says what to do.
pub fn run_script(python: &Path, script: &Path, args: &[&OsStr]) -> Result<Vec<serde_json::Value>, BenchError> {
    let shown = relative_to_repository(&script.display().to_string()).to_string();
    let python_shown = relative_to_repository(&python.display().to_string()).to_string();
    let output = Command::new(python).arg(script).args(args).output().map_err(|source| {
        if source.kind() == std::io::ErrorKind::NotFound {
            BenchError::Message(format!(
                "{python_shown}: no such Python; install the peer solvers with {INSTALL} (a virtualenv in \
                 .peer-solvers), or give --python"
            ))
        } else {
            BenchError::Io { path: format!("{python_shown} {shown}"), source }
        }
    })?;
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        return Err(BenchError::Message(format!(
            "{shown} failed ({}): {}",
            output.status,
            stderr.trim().lines().last().unwrap_or_default()
        )));
    }
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|line| {
            serde_json::from_str::<serde_json::Value>(line)
                .ok()
                .filter(serde_json::Value::is_object)
                .ok_or_else(|| BenchError::Message(format!("{shown}: a line that is not a JSON object: {line}")))
        })
        .collect()
}
