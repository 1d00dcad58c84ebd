//! The browser's processes: a headless Chromium we start, with a fresh
//! profile that also holds its scratch files, driven over the DevTools
//! protocol on a pipe that only this process holds ([`super::devtools`]).
//! The browser listens on no port: no other program, of this user or
//! another, can reach it. What we start is stopped and removed when the
//! [`Browser`] is dropped, or by [`kill_running`] for a process about to
//! exit without unwinding, or by the next start when a run was killed.
//!
//! On a machine shared with other users nothing of ours can be planted,
//! read or killed by them: the profile is a folder we make ourselves
//! (never one found there), mode 0700, in `$XDG_RUNTIME_DIR` or the temp
//! dir; the next start removes only such folders of our own user, and
//! kills only a Chromium it can prove a run of ours started (our user,
//! and the start time recorded beside its id, or its command line naming
//! the profile).

use std::collections::VecDeque;
use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStderr, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::SiteError;
use super::devtools::{DevTools, DevToolsError};
use super::sandbox::Sandbox;

/// Where the browser comes from.
#[derive(Clone, Debug)]
pub struct BrowserSettings {
    /// The Chromium binary started.
    pub chromium: PathBuf,
    /// How long to wait for the board's cells after the page loads.
    pub board_wait: Duration,
    /// Whether Chromium keeps its sandbox.
    pub sandbox: Sandbox,
}

impl Default for BrowserSettings {
    fn default() -> BrowserSettings {
        BrowserSettings {
            chromium: PathBuf::from("/usr/bin/chromium"),
            board_wait: Duration::from_secs(20),
            sandbox: Sandbox::Auto,
        }
    }
}

/// Why Chromium runs without its sandbox: only ever because
/// `fetch.browser_sandbox = "off"` says so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsandboxed {
    /// The setting says so and the process runs as root, where Chromium
    /// cannot have its sandbox: only another user keeps it.
    RunningAsRoot,
    /// The setting says so for a normal user, who could keep it.
    Setting,
}

impl std::fmt::Display for Unsandboxed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unsandboxed::RunningAsRoot => "fetch.browser_sandbox = \"off\", running as root",
            Unsandboxed::Setting => "fetch.browser_sandbox = \"off\"",
        })
    }
}

/// The sandbox flags Chromium gets under `setting` (nothing, or
/// `--no-sandbox` for `off` alone), and why the sandbox is dropped when it
/// is. `auto` keeps it as `on` does: as root a fetch then fails (see
/// [`Browser::start`]) rather than drop it unasked.
pub fn sandbox_flags(setting: Sandbox, running_as_root: bool) -> (Vec<&'static str>, Option<Unsandboxed>) {
    let dropped = match setting {
        Sandbox::On | Sandbox::Auto => None,
        Sandbox::Off if running_as_root => Some(Unsandboxed::RunningAsRoot),
        Sandbox::Off => Some(Unsandboxed::Setting),
    };
    (dropped.map_or_else(Vec::new, |_| vec!["--no-sandbox"]), dropped)
}

/// Why a browser fetch as root with the sandbox kept cannot run, and the fix.
fn root_keeps_sandbox(setting: Sandbox) -> String {
    format!(
        "Chromium cannot run as root with its sandbox, and fetch.browser_sandbox = \"{}\" keeps it: run as a normal \
         user, or set fetch.browser_sandbox = \"off\" in config.toml to run Chromium without its sandbox (which then \
         warns on every run)",
        setting.name()
    )
}

/// Whether this process runs as root (effective user id 0).
#[cfg(unix)]
pub fn running_as_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// Whether this process runs as root: never, where there is no such user.
#[cfg(not(unix))]
pub fn running_as_root() -> bool {
    false
}

/// The flags that make Chromium quiet and headless; the sandbox flags come
/// from [`sandbox_flags`]. `--disable-crashpad-for-testing` keeps Chromium
/// from starting its crash handler, `chrome_crashpad_handler`, which puts
/// itself in a session of its own (out of reach of the process group we
/// kill) and keeps its reports in `~/.config/chromium/Crash Reports`
/// (`--disable-crash-reporter` and `--disable-breakpad` stop neither).
/// `--password-store=basic` keeps it from asking the desktop's keyring.
/// The timers of a page no one looks at run as in a page in view: the
/// site's script draws the board unhurried by a headless window.
const CHROMIUM_ARGS: [&str; 10] = [
    "--headless",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-background-timer-throttling",
    "--disable-backgrounding-occluded-windows",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--password-store=basic",
];

/// The flag that has Chromium read the DevTools protocol on its fd 3 and
/// write it on fd 4, in place of a port: see [`super::devtools`].
const DEVTOOLS_PIPE_FLAG: &str = "--remote-debugging-pipe";

/// Chromium's arguments: the fixed flags, the sandbox's, the DevTools pipe
/// and the profile, then the first page; and why the sandbox is dropped,
/// when it is.
fn chromium_args(
    browser: &BrowserSettings,
    running_as_root: bool,
    profile: &Path,
) -> (Vec<String>, Option<Unsandboxed>) {
    let (sandbox, unsandboxed) = sandbox_flags(browser.sandbox, running_as_root);
    let mut args: Vec<String> = CHROMIUM_ARGS.iter().chain(&sandbox).map(|flag| flag.to_string()).collect();
    args.push(DEVTOOLS_PIPE_FLAG.into());
    args.push(format!("--user-data-dir={}", profile.display()));
    args.push("about:blank".into());
    (args, unsandboxed)
}

/// How long a started Chromium has to answer its first call.
const START_WAIT: Duration = Duration::from_secs(60);

/// A headless Chromium we started, with a page of its own to drive: the
/// fetcher uses it, and so can anything else that needs a real browser
/// (the tests of the HTML export do). Dropping it kills Chromium's
/// processes and removes its profile.
pub struct Browser {
    devtools: DevTools,
    /// The DevTools session attached to the page.
    session: String,
    /// Dropped after `devtools`: the pipe closes, then the processes end.
    _process: Chromium,
    unsandboxed: Option<Unsandboxed>,
}

impl Browser {
    /// Starts Chromium and opens a page in it.
    ///
    /// As root, where Chromium cannot keep its sandbox, it fails before
    /// starting anything unless `fetch.browser_sandbox` is `off`. On Linux
    /// the Chromium it starts is killed when the calling thread ends:
    /// drop the browser on the thread that started it.
    pub fn start(browser: &BrowserSettings) -> Result<Browser, SiteError> {
        Browser::check(browser)?;
        let root = running_as_root();
        let (process, devtools, said, unsandboxed) = Chromium::start(browser, root)?;
        let setup = |e: DevToolsError| {
            let e = match e {
                DevToolsError::Timeout => format!("no answer within {} s", START_WAIT.as_secs()),
                DevToolsError::Closed(_) => match said.last_words() {
                    words if words.is_empty() => "ended before it answered".to_string(),
                    words => format!("ended before it answered; it said: {words}"),
                },
                DevToolsError::Failed(why) => why,
            };
            SiteError::Setup(format!("{}: {e}", browser.chromium.display()))
        };
        let deadline = Instant::now() + START_WAIT;
        let version = devtools.call(None, "Browser.getVersion", json!({}), deadline).map_err(setup)?;
        let target = devtools.call(None, "Target.createTarget", json!({ "url": "about:blank" }), deadline);
        let target = target.map_err(setup)?["targetId"].clone();
        let attach = json!({ "targetId": target, "flatten": true });
        let attached = devtools.call(None, "Target.attachToTarget", attach, deadline).map_err(setup)?;
        let session = attached["sessionId"].as_str().unwrap_or_default().to_string();
        // Page events, among them each document's `load` (what `goto` waits for).
        devtools.call(Some(&session), "Page.enable", json!({}), deadline).map_err(setup)?;
        let lifecycle = json!({ "enabled": true });
        devtools.call(Some(&session), "Page.setLifecycleEventsEnabled", lifecycle, deadline).map_err(setup)?;
        match unsandboxed {
            Some(reason) => tracing::warn!(%reason, "Chromium runs without its sandbox"),
            None => tracing::info!(setting = browser.sandbox.name(), "Chromium keeps its sandbox"),
        }
        tracing::info!(version = %version["product"], "browser page open");
        Ok(Browser { devtools, session, _process: process, unsandboxed })
    }

    /// What would refuse [`Browser::start`] before it starts anything (no
    /// Chromium at its path, root keeping the sandbox, an `XDG_RUNTIME_DIR`
    /// open to others), checked without starting anything: so that a run
    /// can refuse before its first request, and start the browser only
    /// when a page needs it.
    pub fn check(browser: &BrowserSettings) -> Result<(), SiteError> {
        if !browser.chromium.exists() {
            return Err(SiteError::Setup(format!(
                "{}: not found; install it (Debian: apt-get install chromium) or set fetch.chromium in config.toml",
                browser.chromium.display()
            )));
        }
        if running_as_root() && browser.sandbox != Sandbox::Off {
            return Err(SiteError::Setup(root_keeps_sandbox(browser.sandbox)));
        }
        profiles_parent().map(drop).map_err(SiteError::Setup)
    }

    /// Why Chromium runs without its sandbox, or None when it keeps it.
    pub fn unsandboxed(&self) -> Option<Unsandboxed> {
        self.unsandboxed
    }

    /// Calls the DevTools protocol's `method` on the page, until `deadline`.
    pub fn command(&self, method: &str, params: Value, deadline: Instant) -> Result<Value, DevToolsError> {
        self.devtools.call(Some(&self.session), method, params, deadline)
    }

    /// Opens `url` in the page and waits for it to load (its `load`
    /// event), as a browser's address bar would. A page the browser cannot
    /// load at all (refused, no such host) is an error naming why; the
    /// browser shows its own error page then.
    pub fn goto(&self, url: &str, deadline: Instant) -> Result<(), DevToolsError> {
        self.navigate(url, deadline).map(drop)
    }

    /// As [`Browser::goto`], and which document was loaded: none for a
    /// move within the same document (to its #fragment), which loads
    /// nothing.
    pub(crate) fn navigate(&self, url: &str, deadline: Instant) -> Result<Option<Loaded>, DevToolsError> {
        self.devtools.forget_events();
        let went = self.command("Page.navigate", json!({ "url": url }), deadline)?;
        if let Some(error) = went.get("errorText").and_then(Value::as_str).filter(|e| !e.is_empty()) {
            return Err(DevToolsError::Failed(format!("cannot load {url}: {error}")));
        }
        let (Some(frame), Some(loader)) = (went["frameId"].as_str(), went["loaderId"].as_str()) else {
            return Ok(None);
        };
        let loaded = Loaded { frame: frame.to_string(), loader: loader.to_string() };
        self.devtools.wait_for_event(|event| self.is_load(event, &loaded.frame, |l| l == loaded.loader), deadline)?;
        Ok(Some(loaded))
    }

    /// Waits for the frame of `loaded` to load another document: the one a
    /// form sent from it asks for.
    pub(crate) fn wait_for_next_load(&self, loaded: &Loaded, deadline: Instant) -> Result<(), DevToolsError> {
        self.devtools.wait_for_event(|event| self.is_load(event, &loaded.frame, |l| l != loaded.loader), deadline)?;
        Ok(())
    }

    /// Whether `event` is the `load` of a document in `frame` of our page,
    /// by a loader that `loader` takes.
    fn is_load(&self, event: &Value, frame: &str, loader: impl Fn(&str) -> bool) -> bool {
        event["method"] == "Page.lifecycleEvent"
            && event["sessionId"] == self.session.as_str()
            && event["params"]["name"] == "load"
            && event["params"]["frameId"] == frame
            && event["params"]["loaderId"].as_str().is_some_and(loader)
    }

    /// Loads the page again and waits for it to load.
    pub fn reload(&self, deadline: Instant) -> Result<(), DevToolsError> {
        self.devtools.forget_events();
        self.command("Page.reload", json!({}), deadline)?;
        let loaded =
            |event: &Value| event["method"] == "Page.loadEventFired" && event["sessionId"] == self.session.as_str();
        self.devtools.wait_for_event(loaded, deadline).map(drop)
    }

    /// Runs `body` in the page as the body of a function called with
    /// `args` (`arguments[0]`, ...), and returns what it returns (a
    /// promise's value once settled; `null` for nothing), as JSON.
    pub fn execute(&self, body: &str, args: &[Value], deadline: Instant) -> Result<Value, DevToolsError> {
        let expression = format!("(function () {{\n{body}\n}}).apply(null, {})", Value::from(args.to_vec()));
        let params = json!({ "expression": expression, "returnByValue": true, "awaitPromise": true });
        let mut answer = self.command("Runtime.evaluate", params, deadline)?;
        if let Some(exception) = answer.get("exceptionDetails") {
            let description = exception["exception"]["description"].as_str();
            let text = description.or(exception["text"].as_str()).unwrap_or("an exception");
            return Err(DevToolsError::Failed(format!("the page's script threw {text}")));
        }
        Ok(answer["result"].get_mut("value").map(Value::take).unwrap_or(Value::Null))
    }
}

/// A document a frame loaded: the frame's and the loader's ids.
pub(crate) struct Loaded {
    frame: String,
    loader: String,
}

/// The last lines Chromium wrote to its standard error, read by a thread
/// of its own (see [`last_lines`]).
struct Said {
    lines: Arc<Mutex<VecDeque<String>>>,
    /// Told (or dropped) when the thread has read to the end.
    read: mpsc::Receiver<()>,
}

/// How many of Chromium's last lines are kept, to say why it ended.
const SAID_LINES: usize = 5;

/// How long an ended Chromium's last lines are waited for: its pipes close
/// at once, but the thread reading them may not have read them yet.
const LAST_WORDS_WAIT: Duration = Duration::from_secs(2);

impl Said {
    /// What Chromium said last, once it has ended (or after a short
    /// wait), joined by ` / `.
    fn last_words(&self) -> String {
        let _ = self.read.recv_timeout(LAST_WORDS_WAIT);
        let lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        lines.iter().map(String::as_str).collect::<Vec<_>>().join(" / ")
    }
}

/// A Chromium we started, with its profile. Its process and profile are
/// kept in [`RUNNING`] while it runs, so that [`kill_running`] reaches them
/// too; dropping it stops both.
struct Chromium {
    pid: u32,
    profile: PathBuf,
}

/// A started Chromium's process (on Unix the leader of its own process
/// group, with every process it starts but its crash handler) and profile.
struct Started {
    child: Child,
    profile: PathBuf,
}

/// The Chromiums running now, for [`kill_running`].
static RUNNING: Mutex<Vec<Started>> = Mutex::new(Vec::new());

impl Chromium {
    /// Starts Chromium on a new profile, with the DevTools pipe handed to
    /// it; the client of that pipe, the last lines it writes to its
    /// standard error, and why it runs without its sandbox, if it does.
    fn start(
        browser: &BrowserSettings,
        running_as_root: bool,
    ) -> Result<(Chromium, DevTools, Said, Option<Unsandboxed>), SiteError> {
        let setup = |why: String| SiteError::Setup(format!("{}: {why}", browser.chromium.display()));
        let parent = profiles_parent().map_err(SiteError::Setup)?;
        remove_stale_profiles(&parent);
        let profile = make_profile(&parent).map_err(SiteError::Setup)?;
        // Chromium's own scratch files go inside the profile too (TMPDIR), and
        // what it would put in the home folder (its crash handler's reports,
        // ~/.config/chromium/Crash Reports; dconf's ~/.cache/dconf): removing
        // the profile leaves nothing behind.
        let scratch = profile.join("tmp");
        if let Err(e) = std::fs::create_dir(&scratch) {
            let _ = std::fs::remove_dir_all(&profile);
            return Err(setup(format!("cannot make {}: {e}", scratch.display())));
        }
        let (args, unsandboxed) = chromium_args(browser, running_as_root, &profile);
        let mut command = Command::new(&browser.chromium);
        command
            .args(&args)
            .env("TMPDIR", &scratch)
            .env("XDG_CACHE_HOME", &scratch)
            .env("XDG_CONFIG_HOME", &scratch)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        #[cfg(target_os = "linux")]
        end_with_this_thread(&mut command);
        let pipes = (|| {
            let (browser_reads, to_browser) = std::io::pipe()?;
            let (from_browser, browser_writes) = std::io::pipe()?;
            Ok::<_, std::io::Error>((browser_reads, to_browser, from_browser, browser_writes))
        })();
        let (browser_reads, to_browser, from_browser, browser_writes) = match pipes {
            Ok(pipes) => pipes,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&profile);
                return Err(setup(format!("cannot make the DevTools pipe: {e}")));
            }
        };
        hand_over_devtools_pipe(&mut command, &browser_reads, &browser_writes);
        let spawned = command.spawn();
        // The child has its ends now: with ours closed, each side sees the
        // other end.
        drop((browser_reads, browser_writes));
        let mut child = match spawned {
            Ok(child) => child,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&profile);
                return Err(setup(format!("cannot start: {e}")));
            }
        };
        let pid = child.id();
        // For the next start, should this process be killed before it stops
        // Chromium: whose processes to end before removing the profile,
        // known by its start time too, so that its id reused by another
        // process is not taken for it.
        let recorded = match process_start(pid) {
            Some(start) => format!("{pid} {start}\n"),
            None => format!("{pid}\n"),
        };
        let _ = std::fs::write(profile.join(BROWSER_PID_FILE), recorded);
        let said = last_lines(child.stderr.take());
        RUNNING.lock().unwrap_or_else(|e| e.into_inner()).push(Started { child, profile: profile.clone() });
        tracing::info!(chromium = %browser.chromium.display(), pid, "Chromium started");
        // From here dropping `Chromium` stops the process and removes the profile.
        Ok((Chromium { pid, profile }, DevTools::new(to_browser, from_browser), said, unsandboxed))
    }
}

impl Drop for Chromium {
    fn drop(&mut self) {
        let started = {
            let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
            running.iter().position(|s| s.child.id() == self.pid).map(|i| running.swap_remove(i))
        };
        match started {
            Some(started) => stop(started),
            // Stopped already by `kill_running`; its profile may be left.
            None => {
                let _ = std::fs::remove_dir_all(&self.profile);
            }
        }
        tracing::info!(pid = self.pid, "Chromium stopped");
    }
}

/// Puts `reads` on the child's file descriptor 3 and `writes` on its 4,
/// where `--remote-debugging-pipe` looks for them; nothing else of ours
/// is inherited (the standard library opens every descriptor
/// close-on-exec).
#[cfg(unix)]
fn hand_over_devtools_pipe(command: &mut Command, reads: &std::io::PipeReader, writes: &std::io::PipeWriter) {
    use std::os::fd::AsRawFd;
    let (reads, writes) = (reads.as_raw_fd(), writes.as_raw_fd());
    // SAFETY: the hook runs in the child between fork and exec, and calls
    // only fcntl, dup2 and close, which are async-signal-safe; the two
    // descriptors are open until the parent drops them after the spawn.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(command, move || {
            // Copies above 2 and above both, first: either may be 3 or 4
            // itself, and putting one there must not close the other.
            let high_reads = libc::fcntl(reads, libc::F_DUPFD, 10);
            let high_writes = libc::fcntl(writes, libc::F_DUPFD, 10);
            if high_reads < 0 || high_writes < 0 {
                return Err(std::io::Error::last_os_error());
            }
            // dup2 leaves the copies on 3 and 4 open across exec.
            if libc::dup2(high_reads, 3) < 0 || libc::dup2(high_writes, 4) < 0 {
                return Err(std::io::Error::last_os_error());
            }
            libc::close(high_reads);
            libc::close(high_writes);
            Ok(())
        });
    }
}

#[cfg(not(unix))]
fn hand_over_devtools_pipe(_command: &mut Command, _reads: &std::io::PipeReader, _writes: &std::io::PipeWriter) {
    // No descriptors 3 and 4 to hand over here: Chromium finds no pipe and
    // ends, which `Browser::start` reports.
}

/// Reads Chromium's standard error on a thread of its own, to the end (so
/// that Chromium never blocks on a full pipe), keeping its last lines.
fn last_lines(stderr: Option<ChildStderr>) -> Said {
    let lines = Arc::new(Mutex::new(VecDeque::new()));
    let kept = Arc::clone(&lines);
    let (done, read) = mpsc::channel();
    std::thread::spawn(move || {
        for line in stderr.into_iter().flat_map(|stderr| BufReader::new(stderr).lines()) {
            let Ok(line) = line else { break };
            let mut kept = kept.lock().unwrap_or_else(|e| e.into_inner());
            if kept.len() == SAID_LINES {
                kept.pop_front();
            }
            kept.push_back(line);
        }
        let _ = done.send(());
    });
    Said { lines, read }
}

/// Kills a Chromium with the processes it started, its crash handler too,
/// waits for it, and removes its profile.
fn stop(mut started: Started) {
    kill(&mut started.child);
    let _ = started.child.wait();
    end_naming(&started.profile);
    let _ = std::fs::remove_dir_all(&started.profile);
}

/// Kills the processes of our user whose command line names `profile`,
/// which is ours alone (its name is random): Chromium's crash handler,
/// `chrome_crashpad_handler`, which keeps its reports there (through
/// `XDG_CONFIG_HOME`) and puts itself in a session of its own, out of
/// reach of the process group killed, so that it would outlive the fetch
/// and write in the profile after it is removed.
#[cfg(target_os = "linux")]
fn end_naming(profile: &Path) {
    let Some(profile) = profile.to_str().map(str::as_bytes).filter(|p| !p.is_empty()) else { return };
    let us = rustix::process::geteuid().as_raw();
    let Ok(entries) = std::fs::read_dir("/proc") else { return };
    for pid in entries.flatten().filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok()) {
        if pid == std::process::id() || process_user(pid) != Some(us) {
            continue;
        }
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let names = cmdline.split(|&b| b == 0).any(|arg| arg.windows(profile.len()).any(|w| w == profile));
        if let (true, Some(id)) = (names, pid_of(pid)) {
            let _ = rustix::process::kill_process(id, rustix::process::Signal::KILL);
            tracing::info!(pid, "ended a process of the browser's that left its process group");
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn end_naming(_profile: &Path) {}

#[cfg(unix)]
fn kill(child: &mut Child) {
    // Our child leads its own group: the negative id reaches it and the
    // processes it started, and nothing else.
    if let Some(group) = pid_of(child.id()) {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
}

#[cfg(not(unix))]
fn kill(child: &mut Child) {
    // No process groups here: Chromium's first process alone, whose
    // others end when they see it gone.
    let _ = child.kill();
}

/// Stops every Chromium this process started, with its processes and
/// profile: for a process about to exit without running destructors (a
/// Ctrl-C handler). A [`Browser`] dropped as usual needs no call.
pub fn kill_running() {
    let running = std::mem::take(&mut *RUNNING.lock().unwrap_or_else(|e| e.into_inner()));
    for started in running {
        stop(started);
    }
}

/// How the profiles of the Chromiums we start are named: the prefix,
/// then our process id, a dash and random letters and digits.
const PROFILE_PREFIX: &str = "aquarchive-chromium-";

/// The file in a profile that holds the id of the Chromium using it and
/// its start time (field 22 of /proc/PID/stat).
const BROWSER_PID_FILE: &str = "chromium.pid";

/// Where the profiles go: `$XDG_RUNTIME_DIR` when it is set (the user's
/// own folder, by the XDG rules; refused when it is not), else the
/// system's temp dir.
fn profiles_parent() -> Result<PathBuf, String> {
    let Some(runtime) = std::env::var_os("XDG_RUNTIME_DIR").filter(|dir| !dir.is_empty()) else {
        return Ok(std::env::temp_dir());
    };
    let runtime = PathBuf::from(runtime);
    match private_to_us(&runtime) {
        Ok(()) => Ok(runtime),
        Err(why) => Err(format!(
            "XDG_RUNTIME_DIR={}: {why}; the browser's profile goes there, where no other user may reach it: make \
             it your own with mode 0700 (chown $(id -u) DIR; chmod 700 DIR), or unset XDG_RUNTIME_DIR to use a \
             private folder in the temp dir",
            runtime.display()
        )),
    }
}

/// Whether `dir` is a folder (not a link to one) owned by this process's
/// user that no other user may enter or write: why not, if it is not.
#[cfg(unix)]
fn private_to_us(dir: &Path) -> Result<(), String> {
    use std::os::unix::fs::MetadataExt;
    let meta = std::fs::symlink_metadata(dir).map_err(|e| e.to_string())?;
    if !meta.is_dir() {
        return Err("not a folder".into());
    }
    let us = rustix::process::geteuid().as_raw();
    if meta.uid() != us {
        return Err(format!("owned by user id {}, not by this user ({us})", meta.uid()));
    }
    if meta.mode() & 0o077 != 0 {
        return Err(format!("open to other users (mode {:o})", meta.mode() & 0o7777));
    }
    Ok(())
}

#[cfg(not(unix))]
fn private_to_us(_dir: &Path) -> Result<(), String> {
    Ok(())
}

/// Makes a new profile folder in `parent`, mode 0700, under a name no one
/// can guess: made here and now (an exclusive mkdir), never one found.
fn make_profile(parent: &Path) -> Result<PathBuf, String> {
    let mut last = None;
    for _ in 0..8 {
        let profile = parent.join(format!("{PROFILE_PREFIX}{}-{}", std::process::id(), random_name()));
        match make_private_dir(&profile) {
            Ok(()) => return Ok(profile),
            Err(e) => last = Some((profile, e)),
        }
    }
    let (profile, e) = last.expect("eight tries");
    Err(format!("cannot make the browser's profile {}: {e}", profile.display()))
}

/// Makes `dir`, which must not exist (a folder found there, whoever made
/// it, is an error), readable, writable and enterable by us alone.
fn make_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)?;
    // The umask may have taken more; the folder is ours, so this is safe.
    #[cfg(unix)]
    std::fs::set_permissions(dir, std::os::unix::fs::PermissionsExt::from_mode(0o700))?;
    Ok(())
}

/// Eight letters and digits (41 bits) no other user can predict: from the
/// standard library's hash keys, which come from the system's random
/// source. Short, because Chromium's socket in its scratch folder
/// (`PROFILE/tmp/.org.chromium.Chromium.XXXXXX/SingletonSocket`) must fit
/// a Unix socket's 107 bytes.
fn random_name() -> String {
    use std::hash::{BuildHasher, Hasher};
    static NEXT: AtomicU32 = AtomicU32::new(0);
    let mut hasher = std::hash::RandomState::new().build_hasher();
    hasher.write_u32(std::process::id());
    hasher.write_u32(NEXT.fetch_add(1, Ordering::Relaxed));
    hasher
        .write_u128(std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default().as_nanos());
    let mut bits = hasher.finish();
    (0..8)
        .map(|_| {
            let digit = (bits % 36) as u32;
            bits /= 36;
            char::from_digit(digit, 36).expect("a digit below 36")
        })
        .collect()
}

/// Removes the profiles left in `parent` by runs that ended without
/// removing them (a SIGKILL, a power cut): those whose process no longer
/// runs, among folders of our user's alone with mode 0700 (what
/// [`make_profile`] makes). A killed run's Chromium processes may run on
/// (in a process group of their own), so they are ended first.
fn remove_stale_profiles(parent: &Path) {
    let Ok(entries) = std::fs::read_dir(parent) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(profile_owner) else { continue };
        let path = entry.path();
        if let Err(why) = ours_as_made(&path) {
            tracing::debug!(profile = %path.display(), why, "left alone: not a profile this user made");
            continue;
        }
        if !process_runs(pid) {
            end_orphaned_browser(&path);
            end_naming(&path);
            match std::fs::remove_dir_all(&path) {
                Ok(()) => tracing::info!(profile = %path.display(), "removed a profile left by an ended run"),
                Err(e) => tracing::debug!(profile = %path.display(), error = %e, "cannot remove a stale profile"),
            }
        }
    }
}

/// Whether `dir` is as [`make_profile`] makes them: private to us, and
/// exactly mode 0700.
fn ours_as_made(dir: &Path) -> Result<(), String> {
    private_to_us(dir)?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let mode = std::fs::symlink_metadata(dir).map_err(|e| e.to_string())?.mode() & 0o7777;
        if mode != 0o700 {
            return Err(format!("mode {mode:o}, not 700"));
        }
    }
    Ok(())
}

/// The process id in a profile's name, for names this module gives.
fn profile_owner(name: &str) -> Option<u32> {
    let (pid, random) = name.strip_prefix(PROFILE_PREFIX)?.split_once('-')?;
    if random.is_empty() || !random.bytes().all(|b| b.is_ascii_alphanumeric()) {
        return None;
    }
    pid.parse().ok()
}

/// A process id as the system calls take it: none for 0 (which means "this
/// group" to kill) or one beyond their range.
#[cfg(unix)]
fn pid_of(pid: u32) -> Option<rustix::process::Pid> {
    rustix::process::Pid::from_raw(i32::try_from(pid).ok()?)
}

#[cfg(unix)]
fn process_runs(pid: u32) -> bool {
    let Some(pid) = pid_of(pid) else { return false };
    // Signal 0 checks without sending: EPERM means it runs as someone else.
    match rustix::process::test_kill_process(pid) {
        Ok(()) => true,
        Err(e) => e == rustix::io::Errno::PERM,
    }
}

#[cfg(not(unix))]
fn process_runs(_pid: u32) -> bool {
    // No cheap check here: keep every profile rather than remove a live one.
    true
}

/// When process `pid` started, in clock ticks after boot (field 22 of
/// /proc/PID/stat): with its id, what tells it from a later process given
/// the same id.
#[cfg(target_os = "linux")]
fn process_start(pid: u32) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // The command name (field 2) is in parentheses and may hold spaces:
    // the fields after its last `)` are numbered from 3.
    stat.rsplit_once(')')?.1.split_whitespace().nth(22 - 3)?.parse().ok()
}

#[cfg(not(target_os = "linux"))]
fn process_start(_pid: u32) -> Option<u64> {
    None
}

/// The effective user id process `pid` runs as.
#[cfg(target_os = "linux")]
fn process_user(pid: u32) -> Option<u32> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    // Uid: real, effective, saved, file system.
    status.lines().find_map(|line| line.strip_prefix("Uid:"))?.split_whitespace().nth(1)?.parse().ok()
}

/// Ends the Chromium named in a stale profile and the processes it
/// started, if they still run and are provably those a run of ours
/// started: the process group led by the recorded id, when its leader runs
/// as our user and started when the profile's pid file says; or, once the
/// leader is gone (killed with the run, see [`end_with_this_thread`]), when
/// a process of our user in that group runs Chromium on this very profile
/// (its command line names the profile, whose name is random). Anything
/// else (an id reused by another process, a pid file without a start time)
/// is left alone.
#[cfg(target_os = "linux")]
fn end_orphaned_browser(profile: &Path) {
    let Ok(text) = std::fs::read_to_string(profile.join(BROWSER_PID_FILE)) else { return };
    let mut words = text.split_whitespace();
    let (Some(Ok(pid)), Some(Ok(start))) = (words.next().map(str::parse::<u32>), words.next().map(str::parse::<u64>))
    else {
        return;
    };
    // Process 1 and the kernel's are never a browser's group.
    let Some(group) = pid_of(pid).filter(|group| !group.is_init()) else { return };
    let us = rustix::process::geteuid().as_raw();
    let ours = |member: u32| process_user(member) == Some(us);
    let leader = ours(pid) && process_start(pid) == Some(start) && rustix::process::getpgid(Some(group)) == Ok(group);
    let browser = || {
        let flag = format!("--user-data-dir={}", profile.display());
        group_members(pid).into_iter().any(|member| {
            let cmdline = std::fs::read(format!("/proc/{member}/cmdline")).unwrap_or_default();
            ours(member) && cmdline.split(|&b| b == 0).any(|arg| arg == flag.as_bytes())
        })
    };
    if leader || browser() {
        // The group is proven ours above.
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        tracing::info!(pid, profile = %profile.display(), "ended the browsers of a run that was killed");
    }
}

/// The processes in process group `group` (field 5 of /proc/PID/stat).
#[cfg(target_os = "linux")]
fn group_members(group: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat")).ok().is_some_and(|stat| {
                stat.rsplit_once(')').and_then(|(_, fields)| fields.split_whitespace().nth(5 - 3)?.parse().ok())
                    == Some(group)
            })
        })
        .collect()
}

#[cfg(not(target_os = "linux"))]
fn end_orphaned_browser(_profile: &Path) {
    // Without /proc there is no safe check that the id is still our
    // Chromium: leave it, and remove only the files.
}

/// Has Chromium's first process killed when the thread that starts it
/// ends, however it ends (a SIGKILL or SIGTERM of this process too), so
/// that no browser runs on after the run that started it. The processes it
/// started end when they see it gone, or at the next start (see
/// [`remove_stale_profiles`]).
#[cfg(target_os = "linux")]
fn end_with_this_thread(command: &mut Command) {
    // SAFETY: prctl is async-signal-safe, as a pre_exec hook must be.
    unsafe {
        std::os::unix::process::CommandExt::pre_exec(command, || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::MetadataExt;
        std::fs::symlink_metadata(path).unwrap().mode() & 0o7777
    }

    #[cfg(unix)]
    fn set_mode(path: &Path, mode: u32) {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
    }

    /// The id of a process that has ended: free until the system reuses it.
    fn ended_pid() -> u32 {
        let mut ended = Command::new("true").spawn().unwrap();
        ended.wait().unwrap();
        ended.id()
    }

    #[cfg(unix)]
    #[test]
    fn a_profile_is_a_new_folder_of_mode_0700_and_an_existing_one_is_refused() {
        let parent = tempfile::tempdir().unwrap();
        let first = make_profile(parent.path()).unwrap();
        let second = make_profile(parent.path()).unwrap();
        assert_ne!(first, second);
        for profile in [&first, &second] {
            assert_eq!(profile.parent(), Some(parent.path()));
            assert_eq!(mode(profile), 0o700, "{}", profile.display());
            assert!(ours_as_made(profile).is_ok());
            let name = profile.file_name().unwrap().to_str().unwrap();
            assert_eq!(profile_owner(name), Some(std::process::id()), "{name}");
        }
        // A folder found under the name, whoever made it and however open,
        // is never taken for a new one.
        let planted = parent.path().join("planted");
        std::fs::create_dir(&planted).unwrap();
        set_mode(&planted, 0o777);
        let refused = make_private_dir(&planted).unwrap_err();
        assert_eq!(refused.kind(), std::io::ErrorKind::AlreadyExists);
        assert_eq!(mode(&planted), 0o777, "the planted folder is left as it was");
    }

    #[cfg(unix)]
    #[test]
    fn an_xdg_runtime_dir_open_to_others_is_refused_saying_why() {
        let dir = tempfile::tempdir().unwrap();
        set_mode(dir.path(), 0o700);
        assert_eq!(private_to_us(dir.path()), Ok(()));
        set_mode(dir.path(), 0o755);
        assert_eq!(private_to_us(dir.path()), Err("open to other users (mode 755)".into()));
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(dir.path(), &link).unwrap();
        assert_eq!(private_to_us(&link), Err("not a folder".into()));
    }

    #[cfg(unix)]
    #[test]
    fn only_profiles_of_ended_runs_made_as_ours_are_removed() {
        let temp = tempfile::tempdir().unwrap();
        let stale = temp.path().join(format!("{PROFILE_PREFIX}{}-00ab", ended_pid()));
        let open = temp.path().join(format!("{PROFILE_PREFIX}{}-00cd", ended_pid()));
        let live = temp.path().join(format!("{PROFILE_PREFIX}{}-3", std::process::id()));
        let other = temp.path().join(format!("{PROFILE_PREFIX}notes"));
        for (dir, mode) in [(&stale, 0o700), (&open, 0o755), (&live, 0o700), (&other, 0o700)] {
            std::fs::create_dir_all(dir.join("tmp")).unwrap();
            set_mode(dir, mode);
        }
        remove_stale_profiles(temp.path());
        assert!(!stale.exists(), "the ended run's profile is left");
        assert!(open.exists(), "a folder open to others, which we never make, was removed");
        assert!(live.exists(), "a running process's profile was removed");
        assert!(other.exists(), "a directory not named as ours was removed");
    }

    /// A `sleep` leading its own process group, as a Chromium we start
    /// does, and a stale profile whose pid file names it with `start`.
    #[cfg(target_os = "linux")]
    fn stale_profile_naming_a_sleep(parent: &Path, start: impl Fn(u64) -> u64) -> (Child, PathBuf) {
        let mut command = Command::new("sleep");
        command.arg("60");
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let sleep = command.spawn().unwrap();
        let started = process_start(sleep.id()).expect("a start time in /proc");
        let profile = parent.join(format!("{PROFILE_PREFIX}{}-1", ended_pid()));
        make_private_dir(&profile).unwrap();
        std::fs::write(profile.join(BROWSER_PID_FILE), format!("{} {}\n", sleep.id(), start(started))).unwrap();
        (sleep, profile)
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_process_whose_start_time_is_not_the_recorded_one_is_not_killed() {
        let parent = tempfile::tempdir().unwrap();
        let (mut sleep, profile) = stale_profile_naming_a_sleep(parent.path(), |started| started + 1);
        remove_stale_profiles(parent.path());
        assert!(!profile.exists(), "the stale profile is removed");
        std::thread::sleep(Duration::from_millis(200));
        assert!(sleep.try_wait().unwrap().is_none(), "the process with the recorded id but another start was killed");
        sleep.kill().unwrap();
        sleep.wait().unwrap();
        // Nor one named by its id alone, as earlier versions wrote it.
        let (mut sleep, profile) = stale_profile_naming_a_sleep(parent.path(), |started| started);
        std::fs::write(profile.join(BROWSER_PID_FILE), format!("{}\n", sleep.id())).unwrap();
        remove_stale_profiles(parent.path());
        std::thread::sleep(Duration::from_millis(200));
        assert!(sleep.try_wait().unwrap().is_none(), "a process named by its id alone was killed");
        sleep.kill().unwrap();
        sleep.wait().unwrap();
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn the_process_with_the_recorded_id_and_start_time_is_killed() {
        use std::os::unix::process::ExitStatusExt;
        let parent = tempfile::tempdir().unwrap();
        let (mut sleep, profile) = stale_profile_naming_a_sleep(parent.path(), |started| started);
        remove_stale_profiles(parent.path());
        assert!(!profile.exists(), "the stale profile is removed");
        assert_eq!(sleep.wait().unwrap().signal(), Some(libc::SIGKILL));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_group_running_chromium_on_the_profile_is_killed_once_its_leader_is_gone() {
        use std::os::unix::process::ExitStatusExt;
        let parent = tempfile::tempdir().unwrap();
        let profile = parent.path().join(format!("{PROFILE_PREFIX}{}-2", ended_pid()));
        make_private_dir(&profile).unwrap();
        // A shell leading its own group, named as a Chromium on this profile
        // would be ($0 is the flag), with a child in the group.
        let flag = format!("--user-data-dir={}", profile.display());
        let mut command = Command::new("sh");
        command.args(["-c", "sleep 60; :", &flag]);
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut browser = command.spawn().unwrap();
        // The start time recorded is not the leader's: only the profile proves it.
        let recorded = format!("{} {}\n", browser.id(), process_start(browser.id()).unwrap() + 1);
        std::fs::write(profile.join(BROWSER_PID_FILE), recorded).unwrap();
        let other = parent.path().join(format!("{PROFILE_PREFIX}{}-3", ended_pid()));
        make_private_dir(&other).unwrap();
        std::fs::write(other.join(BROWSER_PID_FILE), format!("{} 1\n", browser.id())).unwrap();
        // Another profile naming the same group is no proof.
        end_orphaned_browser(&other);
        std::thread::sleep(Duration::from_millis(200));
        assert!(browser.try_wait().unwrap().is_none(), "killed on another profile's word");
        remove_stale_profiles(parent.path());
        assert_eq!(browser.wait().unwrap().signal(), Some(libc::SIGKILL));
    }

    #[test]
    fn a_normal_user_keeps_the_sandbox_unless_the_setting_drops_it() {
        assert_eq!(sandbox_flags(Sandbox::Auto, false), (vec![], None));
        assert_eq!(sandbox_flags(Sandbox::On, false), (vec![], None));
        assert_eq!(sandbox_flags(Sandbox::Off, false), (vec!["--no-sandbox"], Some(Unsandboxed::Setting)));
    }

    #[test]
    fn root_keeps_the_sandbox_too_unless_the_setting_is_off() {
        assert_eq!(sandbox_flags(Sandbox::Auto, true), (vec![], None));
        assert_eq!(sandbox_flags(Sandbox::On, true), (vec![], None));
        assert_eq!(sandbox_flags(Sandbox::Off, true), (vec!["--no-sandbox"], Some(Unsandboxed::RunningAsRoot)));
    }

    #[test]
    fn chromium_gets_no_sandbox_flag_unless_the_setting_is_off_and_never_a_port() {
        let profile = Path::new("/run/user/1000/aquarchive-chromium-7-00ff");
        for root in [false, true] {
            for sandbox in [Sandbox::Auto, Sandbox::On, Sandbox::Off] {
                let browser = BrowserSettings { sandbox, ..BrowserSettings::default() };
                let (args, unsandboxed) = chromium_args(&browser, root, profile);
                let sandbox_args: Vec<&String> = args.iter().filter(|a| a.contains("sandbox")).collect();
                let dropped = sandbox == Sandbox::Off;
                assert_eq!(sandbox_args.len(), usize::from(dropped), "{sandbox:?}, {args:?}");
                assert!(sandbox_args.iter().all(|a| *a == "--no-sandbox"), "{args:?}");
                assert_eq!(unsandboxed.is_some(), dropped, "{sandbox:?}");
                for wanted in [
                    "--headless",
                    "--remote-debugging-pipe",
                    "--user-data-dir=/run/user/1000/aquarchive-chromium-7-00ff",
                ] {
                    assert!(args.iter().any(|a| a == wanted), "{wanted} not in {args:?}");
                }
                // The protocol goes over the pipe alone: no port is opened for it.
                assert!(!args.iter().any(|a| a.starts_with("--remote-debugging-port")), "{args:?}");
                assert_eq!(args.last().map(String::as_str), Some("about:blank"), "the first page comes last");
            }
        }
    }

    #[test]
    fn the_error_of_root_keeping_the_sandbox_names_the_setting_and_the_fix() {
        let fix = root_keeps_sandbox(Sandbox::Auto);
        assert!(fix.contains("fetch.browser_sandbox = \"auto\" keeps it"), "{fix}");
        assert!(fix.contains("run as a normal user, or set fetch.browser_sandbox = \"off\""), "{fix}");
        assert!(root_keeps_sandbox(Sandbox::On).contains("fetch.browser_sandbox = \"on\" keeps it"));
    }

    #[test]
    fn the_reasons_name_the_setting_and_root() {
        assert_eq!(Unsandboxed::RunningAsRoot.to_string(), "fetch.browser_sandbox = \"off\", running as root");
        assert_eq!(Unsandboxed::Setting.to_string(), "fetch.browser_sandbox = \"off\"");
    }
}
