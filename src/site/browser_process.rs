//! The browser's processes: a WebDriver session on a headless Chromium,
//! with the chromedriver we start for it (on a free loopback port, with a
//! fresh Chromium profile that also holds Chromium's scratch files), or a
//! WebDriver server the user runs. What we start is stopped and removed
//! when the session is dropped, or by [`kill_running`] for a process about
//! to exit without unwinding, or by the next start when a run was killed.
//!
//! On a machine shared with other users nothing of ours can be planted,
//! read or killed by them: the profile is a folder we make ourselves
//! (never one found there), mode 0700, in `$XDG_RUNTIME_DIR` or the temp
//! dir; the next start removes only such folders of our own user, and
//! kills only a chromedriver it can prove a run of ours started (our user,
//! and the start time recorded beside its id).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdout, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Mutex, mpsc};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder};

use super::SiteError;
use super::sandbox::Sandbox;

/// Where the browser comes from.
#[derive(Clone, Debug)]
pub struct BrowserSettings {
    pub chromedriver: PathBuf,
    /// The browser binary chromedriver starts.
    pub chromium: PathBuf,
    /// An already running WebDriver server; when set, nothing is started.
    pub webdriver_url: Option<String>,
    /// How long to wait for the board's cells after the page loads.
    pub board_wait: Duration,
    /// Whether Chromium keeps its sandbox.
    pub sandbox: Sandbox,
}

impl Default for BrowserSettings {
    fn default() -> BrowserSettings {
        BrowserSettings {
            chromedriver: PathBuf::from("/usr/bin/chromedriver"),
            chromium: PathBuf::from("/usr/bin/chromium"),
            webdriver_url: None,
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
    // SAFETY: geteuid has no preconditions and cannot fail.
    unsafe { libc::geteuid() == 0 }
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
const CHROMIUM_ARGS: [&str; 7] = [
    "--headless",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
];

/// The `goog:chromeOptions` chromedriver starts Chromium with: its flags
/// (the fixed ones, the sandbox's, and the profile of a chromedriver we
/// started) and binary; and why the sandbox is dropped, when it is.
fn chromium_options(
    browser: &BrowserSettings,
    running_as_root: bool,
    profile: Option<&Path>,
) -> (serde_json::Value, Option<Unsandboxed>) {
    let (sandbox, unsandboxed) = sandbox_flags(browser.sandbox, running_as_root);
    let mut args: Vec<String> = CHROMIUM_ARGS.iter().chain(&sandbox).map(|flag| flag.to_string()).collect();
    let mut options = serde_json::Map::new();
    if let Some(profile) = profile {
        args.push(format!("--user-data-dir={}", profile.display()));
        if browser.chromium.exists() {
            options.insert("binary".into(), browser.chromium.display().to_string().into());
        }
    }
    options.insert("args".into(), args.into());
    (options.into(), unsandboxed)
}

/// A WebDriver session on a Chromium: chromedriver started by us (or a
/// server the user runs), the session, and the runtime that drives it. The
/// fetcher uses it, and so can anything else that needs a real browser
/// (the tests of the HTML export do).
pub struct Browser {
    runtime: tokio::runtime::Runtime,
    client: Option<Client>,
    driver: Option<Driver>,
    unsandboxed: Option<Unsandboxed>,
}

impl Browser {
    /// Starts (or connects to) the WebDriver server and opens a session.
    ///
    /// As root, where Chromium cannot keep its sandbox, it fails before
    /// starting chromedriver unless `fetch.browser_sandbox` is `off`. On Linux
    /// the chromedriver it starts is killed when the calling thread ends:
    /// drop the browser on the thread that started it.
    pub fn start(browser: &BrowserSettings) -> Result<Browser, SiteError> {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(|e| SiteError::Setup(format!("cannot start the async runtime: {e}")))?;
        let (driver, webdriver_url) = match &browser.webdriver_url {
            Some(url) => {
                tracing::info!(webdriver = %url, "using a running WebDriver server");
                (None, url.clone())
            }
            None => {
                let driver = Driver::start(browser)?;
                let url = format!("http://127.0.0.1:{}", driver.port);
                (Some(driver), url)
            }
        };
        // With a server the user runs, Chromium runs as that server's user,
        // which may not be ours: `off` still says "as root" by ours.
        let root = running_as_root();
        let (options, unsandboxed) = chromium_options(browser, root, driver.as_ref().map(|d| d.profile.as_path()));
        match unsandboxed {
            Some(reason) => tracing::warn!(%reason, "Chromium runs without its sandbox"),
            None => tracing::info!(setting = browser.sandbox.name(), "Chromium keeps its sandbox"),
        }
        let mut capabilities = serde_json::Map::new();
        capabilities.insert("goog:chromeOptions".into(), options);
        capabilities.insert("pageLoadStrategy".into(), "normal".into());
        let client = runtime
            .block_on(async {
                let mut builder = ClientBuilder::rustls()?;
                builder.capabilities(capabilities);
                let connect = builder.connect(&webdriver_url);
                tokio::time::timeout(Duration::from_secs(60), connect)
                    .await
                    .map_err(|_| std::io::Error::other("no session within 60 s"))?
                    .map_err(std::io::Error::other)
            })
            .map_err(|e| {
                let why = if root && browser.sandbox != Sandbox::Off {
                    format!(" ({})", root_keeps_sandbox(browser.sandbox))
                } else {
                    String::new()
                };
                SiteError::Setup(format!("cannot open a browser session at {webdriver_url}: {e}{why}"))
            })?;
        tracing::info!(webdriver = %webdriver_url, "browser session open");
        Ok(Browser { runtime, client: Some(client), driver, unsandboxed })
    }

    /// What would refuse [`Browser::start`] before it starts anything (no
    /// chromedriver at its path, root keeping the sandbox, an
    /// `XDG_RUNTIME_DIR` open to others), checked without starting
    /// anything: so that a run can refuse before its first request, and
    /// start the browser only when a page needs it. Nothing is checked of a
    /// WebDriver server the user runs.
    pub fn check(browser: &BrowserSettings) -> Result<(), SiteError> {
        match browser.webdriver_url {
            Some(_) => Ok(()),
            None => Driver::check(browser),
        }
    }

    /// Why Chromium runs without its sandbox, or None when it keeps it.
    pub fn unsandboxed(&self) -> Option<Unsandboxed> {
        self.unsandboxed
    }

    /// The port of the chromedriver we started (none when the user runs
    /// the WebDriver server), for checks of where it listens.
    pub fn driver_port(&self) -> Option<u16> {
        self.driver.as_ref().map(|driver| driver.port)
    }

    /// The session, to drive with [`Browser::block_on`].
    pub fn client(&self) -> &Client {
        self.client.as_ref().expect("a session until drop")
    }

    /// Runs a future of the session to its end.
    pub fn block_on<F: std::future::Future>(&self, future: F) -> F::Output {
        self.runtime.block_on(future)
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if let Some(client) = self.client.take() {
            // Ends the session, which makes chromedriver close Chromium.
            let _ =
                self.runtime.block_on(async { tokio::time::timeout(Duration::from_secs(10), client.close()).await });
            tracing::info!("browser session closed");
        }
        self.driver.take();
    }
}

/// A chromedriver we started, with the Chromium profile it uses. Its
/// process and profile are kept in [`RUNNING`] while it runs, so that
/// [`kill_running`] reaches them too; dropping it stops both.
struct Driver {
    pid: u32,
    port: u16,
    profile: PathBuf,
}

/// A started chromedriver's process (on Unix the leader of its own
/// process group, so that Chromium, its child, goes with it) and profile.
struct Started {
    child: Child,
    profile: PathBuf,
}

/// The chromedrivers running now, for [`kill_running`].
static RUNNING: Mutex<Vec<Started>> = Mutex::new(Vec::new());

/// Times chromedriver is started before its failure to bind stands (see
/// [`Driver::start`]).
const DRIVER_STARTS: u32 = 5;

/// Why one start of chromedriver failed.
enum StartFailure {
    /// It found the port it took on one side taken on the other.
    PortTaken(SiteError),
    Other(SiteError),
}

impl Driver {
    /// Starts chromedriver on a free loopback port. It binds the port on
    /// IPv4 and IPv6 alike, so the port is chosen free on both (see
    /// [`free_loopback_port`]); should another process take it before
    /// chromedriver binds it, chromedriver says so ("IPv4 port not
    /// available") and ends, and another start takes another port.
    ///
    /// As root, where Chromium cannot keep its sandbox, it starts nothing
    /// unless `fetch.browser_sandbox` is `off`, and says how to fix that.
    fn start(browser: &BrowserSettings) -> Result<Driver, SiteError> {
        Driver::check(browser)?;
        let mut start = 1;
        loop {
            match Driver::start_once(browser) {
                Err(StartFailure::PortTaken(error)) if start < DRIVER_STARTS => {
                    tracing::info!(%error, start, "chromedriver found its port taken; starting it again");
                    start += 1;
                }
                Err(StartFailure::PortTaken(error) | StartFailure::Other(error)) => return Err(error),
                Ok(driver) => return Ok(driver),
            }
        }
    }

    /// What refuses a start before anything is started: no chromedriver at
    /// its path, root keeping the sandbox, an `XDG_RUNTIME_DIR` not private
    /// to us.
    fn check(browser: &BrowserSettings) -> Result<(), SiteError> {
        if !browser.chromedriver.exists() {
            return Err(SiteError::Setup(format!(
                "{}: not found; install it (Debian: apt-get install chromium chromium-driver) or set \
                 fetch.chromedriver or fetch.webdriver_url in config.toml",
                browser.chromedriver.display()
            )));
        }
        if running_as_root() && browser.sandbox != Sandbox::Off {
            return Err(SiteError::Setup(root_keeps_sandbox(browser.sandbox)));
        }
        profiles_parent().map(drop).map_err(SiteError::Setup)
    }

    fn start_once(browser: &BrowserSettings) -> Result<Driver, StartFailure> {
        let error = |why: String| SiteError::Setup(format!("{}: {why}", browser.chromedriver.display()));
        let setup = |why: String| StartFailure::Other(error(why));
        let parent = profiles_parent().map_err(|e| StartFailure::Other(SiteError::Setup(e)))?;
        remove_stale_profiles(&parent);
        let profile = make_profile(&parent).map_err(|e| StartFailure::Other(SiteError::Setup(e)))?;
        // Chromium's own scratch files go inside the profile too (TMPDIR), and
        // what it would put in the home folder (its crash handler's reports,
        // ~/.config/chromium/Crash Reports; dconf's ~/.cache/dconf): removing
        // the profile leaves nothing behind.
        let scratch = profile.join("tmp");
        if let Err(e) = std::fs::create_dir(&scratch) {
            let _ = std::fs::remove_dir_all(&profile);
            return Err(setup(format!("cannot make {}: {e}", scratch.display())));
        }
        // Not port 0: chromedriver binds port 0 on IPv6 first, which picks a
        // port free there, and then the same port on IPv4, where another
        // listener may hold it (with 3,000 listeners on 127.0.0.1, 9 starts
        // in 40 failed so; none on a port chosen free on both). Either way
        // it says which port it listens on. Without --allowed-ips it
        // accepts local connections only.
        let port = free_loopback_port().unwrap_or(0);
        let mut command = Command::new(&browser.chromedriver);
        command
            .arg(format!("--port={port}"))
            .env("TMPDIR", &scratch)
            .env("XDG_CACHE_HOME", &scratch)
            .env("XDG_CONFIG_HOME", &scratch)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        #[cfg(target_os = "linux")]
        end_with_this_thread(&mut command);
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&profile);
                return Err(setup(format!("cannot start: {e}")));
            }
        };
        let pid = child.id();
        // For the next start, should this process be killed before it stops
        // chromedriver: whose browsers to end before removing the profile,
        // known by its start time too, so that its id reused by another
        // process is not taken for it.
        let recorded = match process_start(pid) {
            Some(start) => format!("{pid} {start}\n"),
            None => format!("{pid}\n"),
        };
        let _ = std::fs::write(profile.join(DRIVER_PID_FILE), recorded);
        let port = child.stdout.take().map(listening_port);
        RUNNING.lock().unwrap_or_else(|e| e.into_inner()).push(Started { child, profile: profile.clone() });
        // From here dropping `Driver` stops the process and removes the profile.
        let mut driver = Driver { pid, port: 0, profile };
        let waited = Duration::from_secs(20);
        driver.port = match port.map(|port| port.recv_timeout(waited)) {
            Some(Ok(Ok(port))) => port,
            Some(Ok(Err(said))) if said.is_empty() => return Err(setup("ended before it listened".into())),
            Some(Ok(Err(said))) => {
                let failure =
                    if said.contains("port not available") { StartFailure::PortTaken } else { StartFailure::Other };
                return Err(failure(error(format!("ended before it listened; it said: {said}"))));
            }
            _ => return Err(setup(format!("did not say which port it listens on within {} s", waited.as_secs()))),
        };
        tracing::info!(chromedriver = %browser.chromedriver.display(), pid, port = driver.port, "chromedriver started");
        Ok(driver)
    }
}

impl Drop for Driver {
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
        tracing::info!(pid = self.pid, "chromedriver stopped");
    }
}

/// A loopback port that nothing holds on IPv4 nor, where the machine has
/// it, on IPv6, for chromedriver to bind both; none when the system gives
/// no such port.
fn free_loopback_port() -> Option<u16> {
    use std::net::{Ipv4Addr, Ipv6Addr, TcpListener};
    for _ in 0..16 {
        // The system picks a port nothing on IPv4 loopback holds; the
        // listener keeps it while IPv6 is tried.
        let ipv4 = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).ok()?;
        let port = ipv4.local_addr().ok()?.port();
        match TcpListener::bind((Ipv6Addr::LOCALHOST, port)) {
            Err(e) if e.kind() == std::io::ErrorKind::AddrInUse => continue,
            // Bound, or no IPv6 loopback here (chromedriver then listens on
            // IPv4 alone).
            _ => return Some(port),
        }
    }
    None
}

/// Kills a chromedriver with the browsers it started, and Chromium's crash
/// handler, waits for it, and removes its profile.
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
    // SAFETY: geteuid has no preconditions and cannot fail.
    let us = unsafe { libc::geteuid() };
    let Ok(entries) = std::fs::read_dir("/proc") else { return };
    for pid in entries.flatten().filter_map(|entry| entry.file_name().to_str()?.parse::<u32>().ok()) {
        if pid == std::process::id() || process_user(pid) != Some(us) {
            continue;
        }
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        let names = cmdline.split(|&b| b == 0).any(|arg| arg.windows(profile.len()).any(|w| w == profile));
        if let (true, Ok(pid)) = (names, libc::pid_t::try_from(pid)) {
            // SAFETY: kill takes a plain id, of our user's process that names
            // our profile.
            unsafe {
                libc::kill(pid, libc::SIGKILL);
            }
            tracing::info!(pid, "ended a process of the browser's that left its process group");
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn end_naming(_profile: &Path) {}

#[cfg(unix)]
fn kill(child: &mut Child) {
    // Our child leads its own group: the negative id reaches it and the
    // Chromium processes it started, and nothing else.
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill(child: &mut Child) {
    // No process groups here: chromedriver alone, which ends its browser
    // when it can.
    let _ = child.kill();
}

/// Stops every chromedriver this process started, with its browsers and
/// profile: for a process about to exit without running destructors (a
/// Ctrl-C handler). A session dropped as usual needs no call.
pub fn kill_running() {
    let running = std::mem::take(&mut *RUNNING.lock().unwrap_or_else(|e| e.into_inner()));
    for started in running {
        stop(started);
    }
}

/// How the profiles of the chromedrivers we start are named: the prefix,
/// then our process id, a dash and random letters and digits.
const PROFILE_PREFIX: &str = "aquarchive-chromium-";

/// The file in a profile that holds the id of the chromedriver using it and
/// its start time (field 22 of /proc/PID/stat).
const DRIVER_PID_FILE: &str = "chromedriver.pid";

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
    // SAFETY: geteuid has no preconditions and cannot fail.
    let us = unsafe { libc::geteuid() };
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
/// [`make_profile`] makes). A killed run's chromedriver and browsers may run
/// on (they lead their own process group), so they are ended first.
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
            end_orphaned_driver(&path);
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

#[cfg(unix)]
fn process_runs(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else { return false };
    // Signal 0 checks without sending: EPERM means it runs as someone else.
    // SAFETY: kill with signal 0 sends nothing.
    let answered = unsafe { libc::kill(pid, 0) };
    answered == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
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

/// Ends the chromedriver named in a stale profile and its browsers, if
/// they still run and are provably those a run of ours started: the
/// process group led by the recorded id, when its leader runs as our user
/// and started when the profile's pid file says; or, once chromedriver is
/// gone (killed with the run, see [`end_with_this_thread`]), when a process
/// of our user in that group runs Chromium on this very profile (its
/// command line names the profile, whose name is random). Anything else (an
/// id reused by another process, a pid file without a start time) is left
/// alone.
#[cfg(target_os = "linux")]
fn end_orphaned_driver(profile: &Path) {
    let Ok(text) = std::fs::read_to_string(profile.join(DRIVER_PID_FILE)) else { return };
    let mut words = text.split_whitespace();
    let (Some(Ok(pid)), Some(Ok(start))) = (words.next().map(str::parse::<u32>), words.next().map(str::parse::<u64>))
    else {
        return;
    };
    let Ok(group) = libc::pid_t::try_from(pid) else { return };
    // SAFETY: geteuid has no preconditions and cannot fail.
    let us = unsafe { libc::geteuid() };
    if group <= 1 {
        return;
    }
    let ours = |member: u32| process_user(member) == Some(us);
    // SAFETY: getpgid takes a plain id; a wrong one fails with ESRCH.
    let driver = ours(pid) && process_start(pid) == Some(start) && unsafe { libc::getpgid(group) } == group;
    let browser = || {
        let flag = format!("--user-data-dir={}", profile.display());
        group_members(pid).into_iter().any(|member| {
            let cmdline = std::fs::read(format!("/proc/{member}/cmdline")).unwrap_or_default();
            ours(member) && cmdline.split(|&b| b == 0).any(|arg| arg == flag.as_bytes())
        })
    };
    if driver || browser() {
        // SAFETY: kill takes a plain id; the group is proven ours above.
        unsafe {
            libc::kill(-group, libc::SIGKILL);
        }
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
fn end_orphaned_driver(_profile: &Path) {
    // Without /proc there is no safe check that the id is still our
    // chromedriver: leave it, and remove only the files.
}

/// Has chromedriver killed when the thread that starts it ends, however it
/// ends (a SIGKILL or SIGTERM of this process too), so that no chromedriver
/// listens on after the run that started it. Its browsers end with it,
/// when they see it gone, or at the next start (see
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

/// Reads chromedriver's standard output on a thread of its own: the port
/// from its "started successfully on port N" line, or, when it ends first,
/// what it said. The thread reads on to the end so chromedriver never
/// blocks on a full pipe.
fn listening_port(stdout: ChildStdout) -> mpsc::Receiver<Result<u16, String>> {
    let (sender, receiver) = mpsc::channel();
    std::thread::spawn(move || {
        let mut said = Vec::new();
        let mut told = false;
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if told {
                continue;
            }
            match reported_port(&line) {
                Some(port) => {
                    told = true;
                    let _ = sender.send(Ok(port));
                }
                None => said.push(line),
            }
        }
        if !told {
            let _ = sender.send(Err(said.join(" / ")));
        }
    });
    receiver
}

/// The port in chromedriver's "ChromeDriver was started successfully on
/// port 41235." line.
fn reported_port(line: &str) -> Option<u16> {
    let (_, rest) = line.split_once("started successfully on port ")?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok().filter(|&port| port != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_free_loopback_port_is_free_on_ipv4_and_on_ipv6_where_the_machine_has_it() {
        use std::net::{Ipv4Addr, Ipv6Addr, TcpListener};
        let has_ipv6 = TcpListener::bind((Ipv6Addr::LOCALHOST, 0)).is_ok();
        for _ in 0..20 {
            let port = free_loopback_port().expect("a free loopback port");
            let ipv4 = TcpListener::bind((Ipv4Addr::LOCALHOST, port));
            let ipv6 = has_ipv6.then(|| TcpListener::bind((Ipv6Addr::LOCALHOST, port)));
            assert!(ipv4.is_ok(), "port {port} is taken on IPv4: {ipv4:?}");
            if let Some(ipv6) = ipv6 {
                assert!(ipv6.is_ok(), "port {port} is taken on IPv6: {ipv6:?}");
            }
        }
    }

    #[test]
    fn the_port_is_read_from_chromedrivers_start_line() {
        assert_eq!(reported_port("ChromeDriver was started successfully on port 41235."), Some(41235));
        assert_eq!(reported_port("ChromeDriver was started successfully on port 9515"), Some(9515));
        assert_eq!(reported_port("Starting ChromeDriver 148.0.7778.167 on port 0"), None);
        assert_eq!(reported_port("ChromeDriver was started successfully on port 0."), None);
        assert_eq!(reported_port("bind() failed: Address already in use (98)"), None);
    }

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

    /// A `sleep` leading its own process group, as a chromedriver we start
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
        std::fs::write(profile.join(DRIVER_PID_FILE), format!("{} {}\n", sleep.id(), start(started))).unwrap();
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
        std::fs::write(profile.join(DRIVER_PID_FILE), format!("{}\n", sleep.id())).unwrap();
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
        std::fs::write(profile.join(DRIVER_PID_FILE), recorded).unwrap();
        let other = parent.path().join(format!("{PROFILE_PREFIX}{}-3", ended_pid()));
        make_private_dir(&other).unwrap();
        std::fs::write(other.join(DRIVER_PID_FILE), format!("{} 1\n", browser.id())).unwrap();
        // Another profile naming the same group is no proof.
        end_orphaned_driver(&other);
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
    fn chromium_gets_no_sandbox_flag_unless_the_setting_is_off() {
        let profile = Path::new("/run/user/1000/aquarchive-chromium-7-00ff");
        for root in [false, true] {
            for sandbox in [Sandbox::Auto, Sandbox::On, Sandbox::Off] {
                let browser = BrowserSettings { sandbox, ..BrowserSettings::default() };
                let (options, unsandboxed) = chromium_options(&browser, root, Some(profile));
                let args: Vec<&str> = options["args"].as_array().unwrap().iter().map(|a| a.as_str().unwrap()).collect();
                let sandbox_args: Vec<&&str> = args.iter().filter(|a| a.contains("sandbox")).collect();
                let dropped = sandbox == Sandbox::Off;
                assert_eq!(sandbox_args, if dropped { vec![&"--no-sandbox"] } else { vec![] }, "{sandbox:?}, {args:?}");
                assert_eq!(unsandboxed.is_some(), dropped, "{sandbox:?}");
                assert!(args.contains(&"--headless"), "{args:?}");
                assert!(args.contains(&"--user-data-dir=/run/user/1000/aquarchive-chromium-7-00ff"), "{args:?}");
            }
        }
        // A server the user runs has its own profiles.
        let (options, _) = chromium_options(&BrowserSettings::default(), false, None);
        assert!(!options.to_string().contains("--user-data-dir"), "{options}");
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
