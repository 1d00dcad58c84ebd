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
        // The archive is the one each test names, whatever the shell that
        // runs the tests has set.
        cmd.args(args).current_dir(self.path()).stdin(Stdio::null()).env_remove("AQUARCHIVE_DB");
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
        if rustix::process::geteuid().is_root() {
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

/// Sends SIGINT, as Ctrl-C in a terminal does, to process `pid`.
pub fn ctrl_c(pid: u32) {
    send(pid, libc::SIGINT);
}

/// Sends `signal` to process `pid`, a child of the test that it has not
/// waited for (so the id is still the child's).
pub fn send(pid: u32, signal: libc::c_int) {
    let pid = rustix::process::Pid::from_raw(pid as i32).expect("a child's id is positive");
    let signal = rustix::process::Signal::from_named_raw(signal).expect("a named signal");
    rustix::process::kill_process(pid, signal).expect("signal a child");
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

/// One number from a database, or None while there is no answer yet (no
/// file, no table): for watching a database that a running child creates.
pub fn query_if_there(db: &Path, sql: &str) -> Option<i64> {
    let conn = rusqlite::Connection::open_with_flags(db, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY).ok()?;
    conn.busy_timeout(std::time::Duration::from_secs(30)).ok()?;
    conn.query_row(sql, [], |r| r.get(0)).ok()
}

/// Waits until `sql` gives at least `least` in `db` while `child` runs, and
/// returns what it gives. Panics, saying `what` was awaited, when the child
/// ends first; and after ten minutes, so that a child stuck for good fails
/// the test instead of hanging it (what it waits for takes well under a
/// second).
pub fn wait_for_count(db: &Path, sql: &str, least: i64, child: &mut std::process::Child, what: &str) -> i64 {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
    // Not read before the child has committed into the archive's log: a
    // reader that opens it first (even just after the log and index files
    // appear, before the child has set the index up) sets up the index, the
    // child meanwhile finds the archive busy, and says so on a standard
    // error that may be a full pipe, where it would stay stuck for good.
    // What is waited for is committed, so the log has it first.
    let opened = || {
        let beside = |end: &str| {
            let mut name = db.as_os_str().to_owned();
            name.push(end);
            std::path::PathBuf::from(name)
        };
        beside("-shm").exists() && std::fs::metadata(beside("-wal")).is_ok_and(|m| m.len() > 0)
    };
    loop {
        let now = if opened() { query_if_there(db, sql).unwrap_or(0) } else { 0 };
        if now >= least {
            return now;
        }
        if let Some(status) = child.try_wait().expect("poll the child") {
            // Ended, it no longer writes: the archive can be read at last.
            let now = query_if_there(db, sql).unwrap_or(0);
            if now >= least {
                return now;
            }
            panic!("the child ended ({status}) before {what}: `{sql}` gives {now}, not {least} or more");
        }
        assert!(std::time::Instant::now() < deadline, "still no {what} after ten minutes: `{sql}` gives {now}");
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// A pipe filled to the brim before a child gets its write end as stdout
/// or stderr: the child stops at its first write there, and stays stopped
/// (nothing reads the pipe) until it is killed. The first line a command
/// writes after some step is so a point where it is certain to be held,
/// however fast or slow the machine.
pub struct FullPipe {
    /// Kept open: with no reader left the child's write would fail at
    /// once instead of waiting.
    _reader: std::io::PipeReader,
    writer: std::io::PipeWriter,
}

impl FullPipe {
    pub fn new() -> FullPipe {
        use std::io::Write;
        let (reader, mut writer) = std::io::pipe().expect("a pipe");
        // Filled without blocking, until not one more byte fits; then made
        // blocking again, as the child's writes must be.
        let flags = rustix::fs::fcntl_getfl(&writer).expect("fcntl F_GETFL");
        rustix::fs::fcntl_setfl(&writer, flags | rustix::fs::OFlags::NONBLOCK).expect("fcntl F_SETFL");
        let filler = [b'.'; 4096];
        for size in [filler.len(), 1] {
            loop {
                match writer.write(&filler[..size]) {
                    Ok(_) => {}
                    Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => break,
                    Err(e) => panic!("filling a pipe: {e}"),
                }
            }
        }
        rustix::fs::fcntl_setfl(&writer, flags).expect("fcntl F_SETFL");
        FullPipe { _reader: reader, writer }
    }

    /// The write end, for a child's stdout or stderr.
    pub fn stdio(&self) -> Stdio {
        self.writer.try_clone().expect("a second handle of the pipe").into()
    }
}

/// How a child ended: its exit code, or the signal that ended it.
pub fn ended(status: std::process::ExitStatus) -> String {
    use std::os::unix::process::ExitStatusExt;
    match (status.code(), status.signal()) {
        (Some(code), _) => format!("exit code {code}"),
        (None, Some(signal)) => format!("signal {signal}"),
        (None, None) => format!("{status}"),
    }
}

/// Whether a child was ended by SIGKILL (rather than finishing first).
pub fn killed(status: std::process::ExitStatus) -> bool {
    use std::os::unix::process::ExitStatusExt;
    status.signal() == Some(libc::SIGKILL)
}

/// A spawned run whose stderr the test reads line by line as it comes
/// (stdout is gathered on the side), to act at a point the run reports.
pub struct Watched {
    child: std::process::Child,
    stderr: std::io::BufReader<std::process::ChildStderr>,
    seen: String,
    stdout: Option<std::thread::JoinHandle<String>>,
    description: String,
}

impl Watched {
    pub fn spawn(mut command: Command, description: &str) -> Watched {
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("start the child");
        let mut out = child.stdout.take().expect("piped stdout");
        let stdout = std::thread::spawn(move || {
            let mut text = String::new();
            std::io::Read::read_to_string(&mut out, &mut text).ok();
            text
        });
        let stderr = std::io::BufReader::new(child.stderr.take().expect("piped stderr"));
        Watched { child, stderr, seen: String::new(), stdout: Some(stdout), description: description.to_string() }
    }

    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Reads stderr until a line holding `text`, and returns that line;
    /// panics with all the run said if stderr ends first.
    pub fn wait_for_line(&mut self, text: &str) -> String {
        use std::io::BufRead;
        loop {
            let mut line = String::new();
            let n = self.stderr.read_line(&mut line).expect("read the child's stderr");
            self.seen.push_str(&line);
            if n == 0 {
                let status = self.child.wait().expect("wait for the child");
                panic!(
                    "{}: ended ({}) without saying {text:?}; stderr:\n{}",
                    self.description,
                    ended(status),
                    self.seen
                );
            }
            if line.contains(text) {
                return line;
            }
        }
    }

    /// Waits for the end of the run and returns all it printed.
    pub fn finish(mut self) -> Run {
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.stderr, &mut rest).expect("read the child's stderr");
        let status = self.child.wait().expect("wait for the child");
        let stdout = self.stdout.take().expect("gathered once").join().expect("the stdout reader does not panic");
        Run { code: status.code().unwrap_or(-1), stdout, stderr: self.seen + &rest, description: self.description }
    }
}

/// Where tests leave pictures and screenshots for a person to look at:
/// `target/test-artefacts`, kept after the run (the temp dirs are not).
pub fn artefacts() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).parent().expect("target/tmp has a parent").join("test-artefacts");
    std::fs::create_dir_all(&dir).expect("make target/test-artefacts");
    dir
}
