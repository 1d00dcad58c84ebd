//! A temp dir per test and a command runner whose failures show everything.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The fixtures shipped with the project (tests/fixtures).
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// A temporary directory that the binary runs in.
pub struct Dir {
    dir: tempfile::TempDir,
}

/// What a run of the binary printed.
pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
    description: String,
}

impl Dir {
    pub fn new() -> Dir {
        Dir { dir: tempfile::tempdir().expect("a temp dir") }
    }

    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    pub fn join(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.join(name);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("create parent dir");
        }
        std::fs::write(&path, contents).expect("write test file");
        path
    }

    pub fn command(&self, args: &[&str]) -> Command {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_aquarchive"));
        cmd.args(args).current_dir(self.path()).stdin(Stdio::null());
        cmd
    }

    /// Runs the binary with `args` and optional stdin.
    pub fn run_with_input(&self, args: &[&str], stdin: Option<&[u8]>) -> Run {
        let mut cmd = self.command(args);
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        if stdin.is_some() {
            cmd.stdin(Stdio::piped());
        }
        let mut child = cmd.spawn().expect("start aquarchive");
        if let Some(input) = stdin {
            use std::io::Write;
            child.stdin.take().expect("stdin").write_all(input).expect("write stdin");
        }
        let output = child.wait_with_output().expect("wait for aquarchive");
        Run::from(output, format!("aquarchive {} (in {})", args.join(" "), self.path().display()))
    }

    pub fn run(&self, args: &[&str]) -> Run {
        self.run_with_input(args, None)
    }

    /// Runs the binary as `nobody` when the tests run as root (who may write
    /// anywhere), else as the current user: either way as someone who cannot
    /// write what [`Dir::make_unwritable`] protected.
    pub fn run_unprivileged(&self, args: &[&str]) -> Run {
        use std::os::unix::fs::PermissionsExt;
        use std::os::unix::process::CommandExt;
        let mut cmd = self.command(args);
        cmd.stdout(Stdio::piped()).stderr(Stdio::piped());
        // SAFETY: geteuid has no preconditions.
        if unsafe { libc::geteuid() } == 0 {
            let (uid, gid) = nobody();
            cmd.uid(uid).gid(gid);
            // The temp dir is made private; the other user must be able to enter it.
            std::fs::set_permissions(self.path(), std::fs::Permissions::from_mode(0o755)).expect("open the temp dir");
        }
        let output = cmd.output().expect("run aquarchive");
        Run::from(output, format!("aquarchive {} (unprivileged, in {})", args.join(" "), self.path().display()))
    }

    /// Takes away write permission from a folder and the files in it.
    pub fn make_unwritable(&self, folder: &str) {
        use std::os::unix::fs::PermissionsExt;
        let folder = self.join(folder);
        for entry in std::fs::read_dir(&folder).expect("list the folder") {
            let path = entry.expect("a folder entry").path();
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o444)).expect("chmod a file");
        }
        std::fs::set_permissions(&folder, std::fs::Permissions::from_mode(0o555)).expect("chmod the folder");
    }
}

/// The user and group IDs of `nobody`.
pub fn nobody() -> (u32, u32) {
    // SAFETY: a static NUL-terminated name; the entry is read before any other call.
    let entry = unsafe { libc::getpwnam(c"nobody".as_ptr()) };
    assert!(!entry.is_null(), "no user `nobody` to run as");
    // SAFETY: checked not null above.
    unsafe { ((*entry).pw_uid, (*entry).pw_gid) }
}

impl Run {
    /// What a spawned run printed, once it has ended.
    pub fn wait(child: std::process::Child, description: &str) -> Run {
        let output = child.wait_with_output().expect("wait for aquarchive");
        Run::from(output, description.to_string())
    }

    fn from(output: Output, description: String) -> Run {
        Run {
            code: output.status.code().unwrap_or(-1),
            stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
            stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
            description,
        }
    }

    /// Panics, showing the whole run, unless the exit code is `code`.
    pub fn expect_code(self, code: i32) -> Run {
        assert_eq!(self.code, code, "{self}");
        self
    }

    pub fn ok(self) -> Run {
        self.expect_code(0)
    }

    /// The stdout lines parsed as JSON objects.
    pub fn json_lines(&self) -> Vec<serde_json::Value> {
        self.stdout
            .lines()
            .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}\n{self}")))
            .collect()
    }
}

impl std::fmt::Display for Run {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}\nexit code: {}\n--- stdout ---\n{}\n--- stderr ---\n{}",
            self.description, self.code, self.stdout, self.stderr
        )
    }
}

/// Appends one figure for docs/hardening.md to the file `$HARDENING_REPORT`
/// names (scripts/hardening sets it; a plain `cargo test` writes nothing):
/// area, what was tried, how much, and what came of it, tab-separated.
pub fn report(area: &str, what: &str, figure: &str, outcome: &str) {
    use std::io::Write;
    let Some(path) = std::env::var_os("HARDENING_REPORT") else { return };
    let line = format!("{area}\t{what}\t{figure}\t{outcome}\n");
    let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&path).expect("open the report");
    file.write_all(line.as_bytes()).expect("write the report");
}

/// Reads one number from a database the way an outside program would:
/// read-only, waiting for a writer in another process.
pub fn query(db: &Path, sql: &str) -> i64 {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .expect("open the database");
    conn.busy_timeout(std::time::Duration::from_secs(30)).unwrap();
    conn.query_row(sql, [], |r| r.get(0)).expect("query")
}
