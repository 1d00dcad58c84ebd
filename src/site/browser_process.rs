//! The browser's processes: a WebDriver session on a headless Chromium,
//! with the chromedriver we start for it (on a free loopback port, with a
//! fresh Chromium profile that also holds Chromium's scratch files), or a
//! WebDriver server the user runs. What we start is stopped and removed
//! when the session is dropped, or by [`kill_running`] for a process about
//! to exit without unwinding, or by the next start when a run was killed.

use std::io::{BufRead, BufReader};
#[cfg(target_os = "linux")]
use std::os::unix::ffi::OsStrExt;
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

/// Why Chromium runs without its sandbox.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unsandboxed {
    /// The process runs as root, where Chromium cannot have its sandbox.
    RunningAsRoot,
    /// `fetch.browser_sandbox = "off"` says so.
    Setting,
}

impl std::fmt::Display for Unsandboxed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Unsandboxed::RunningAsRoot => "running as root",
            Unsandboxed::Setting => "fetch.browser_sandbox = \"off\"",
        })
    }
}

/// The sandbox flags Chromium gets under `setting` (nothing, or
/// `--no-sandbox`), and why the sandbox is dropped when it is.
pub fn sandbox_flags(setting: Sandbox, running_as_root: bool) -> (Vec<&'static str>, Option<Unsandboxed>) {
    let dropped = match setting {
        Sandbox::On => None,
        Sandbox::Off => Some(Unsandboxed::Setting),
        Sandbox::Auto => running_as_root.then_some(Unsandboxed::RunningAsRoot),
    };
    (dropped.map_or_else(Vec::new, |_| vec!["--no-sandbox"]), dropped)
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
/// from [`sandbox_flags`].
const CHROMIUM_ARGS: [&str; 7] = [
    "--headless",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
];

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
        // which may not be ours: `auto` still judges by ours.
        let root = running_as_root();
        let (sandbox, unsandboxed) = sandbox_flags(browser.sandbox, root);
        match unsandboxed {
            Some(reason) => tracing::warn!(%reason, "Chromium runs without its sandbox"),
            None => tracing::info!(setting = browser.sandbox.name(), "Chromium keeps its sandbox"),
        }
        let args: Vec<&str> = CHROMIUM_ARGS.iter().copied().chain(sandbox).collect();
        let mut options = serde_json::json!({ "args": args });
        if let Some(driver) = &driver {
            options["args"]
                .as_array_mut()
                .expect("an array")
                .push(format!("--user-data-dir={}", driver.profile.display()).into());
            if browser.chromium.exists() {
                options["binary"] = browser.chromium.display().to_string().into();
            }
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
                let why = if root && browser.sandbox == Sandbox::On {
                    " (Chromium refuses to run as root with its sandbox, and fetch.browser_sandbox = \"on\" keeps \
                     it: run as another user, or set fetch.browser_sandbox to \"auto\" or \"off\" to run it \
                     without)"
                } else {
                    ""
                };
                SiteError::Setup(format!("cannot open a browser session at {webdriver_url}: {e}{why}"))
            })?;
        tracing::info!(webdriver = %webdriver_url, "browser session open");
        Ok(Browser { runtime, client: Some(client), driver, unsandboxed })
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
    fn start(browser: &BrowserSettings) -> Result<Driver, SiteError> {
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

    fn start_once(browser: &BrowserSettings) -> Result<Driver, StartFailure> {
        let error = |why: String| SiteError::Setup(format!("{}: {why}", browser.chromedriver.display()));
        let setup = |why: String| StartFailure::Other(error(why));
        if !browser.chromedriver.exists() {
            return Err(setup(
                "not found; install it (Debian: apt-get install chromium chromium-driver) or set fetch.chromedriver or fetch.webdriver_url in config.toml".into(),
            ));
        }
        let temp = std::env::temp_dir();
        remove_stale_profiles(&temp);
        let profile = temp.join(format!("{PROFILE_PREFIX}{}-{}", std::process::id(), next_profile_number()));
        // Chromium's own scratch files go inside the profile too (TMPDIR), so
        // that removing the profile leaves nothing behind.
        let scratch = profile.join("tmp");
        std::fs::create_dir_all(&scratch).map_err(|e| setup(format!("cannot make {}: {e}", scratch.display())))?;
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
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = match command.spawn() {
            Ok(child) => child,
            Err(e) => {
                let _ = std::fs::remove_dir_all(&profile);
                return Err(setup(format!("cannot start: {e}")));
            }
        };
        let pid = child.id();
        // For the next start, should this process be killed before it stops
        // chromedriver: whose browsers to end before removing the profile.
        let _ = std::fs::write(profile.join(DRIVER_PID_FILE), pid.to_string());
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

/// Kills a chromedriver with the browsers it started, waits for it, and
/// removes its profile.
fn stop(mut started: Started) {
    kill(&mut started.child);
    let _ = started.child.wait();
    let _ = std::fs::remove_dir_all(&started.profile);
}

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

/// How the profiles of the chromedrivers we start are named in the temp
/// directory: the prefix, then our process id and a number.
const PROFILE_PREFIX: &str = "aquarchive-chromium-";

fn next_profile_number() -> u32 {
    static NEXT: AtomicU32 = AtomicU32::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// The file in a profile that holds the id of the chromedriver using it.
const DRIVER_PID_FILE: &str = "chromedriver.pid";

/// Removes the profiles left in `temp` by runs that ended without removing
/// them (a SIGKILL, a power cut): those whose process no longer runs. A
/// killed run's chromedriver and browsers run on (they lead their own
/// process group), so they are ended first.
fn remove_stale_profiles(temp: &Path) {
    let Ok(entries) = std::fs::read_dir(temp) else { return };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(profile_owner) else { continue };
        if !process_runs(pid) {
            end_orphaned_driver(&entry.path());
            match std::fs::remove_dir_all(entry.path()) {
                Ok(()) => tracing::info!(profile = %entry.path().display(), "removed a profile left by an ended run"),
                Err(e) => {
                    tracing::debug!(profile = %entry.path().display(), error = %e, "cannot remove a stale profile")
                }
            }
        }
    }
}

/// The process id in a profile's name, for names this module gives.
fn profile_owner(name: &str) -> Option<u32> {
    let (pid, number) = name.strip_prefix(PROFILE_PREFIX)?.split_once('-')?;
    number.parse::<u32>().ok()?;
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

/// Ends the chromedriver named in a stale profile, with its browsers, if it
/// still runs: a process group led by that id whose program is chromedriver
/// (so a reused id of another program is left alone).
#[cfg(target_os = "linux")]
fn end_orphaned_driver(profile: &Path) {
    let Some(pid) = std::fs::read_to_string(profile.join(DRIVER_PID_FILE))
        .ok()
        .and_then(|text| text.trim().parse::<libc::pid_t>().ok())
        .filter(|&pid| pid > 1)
    else {
        return;
    };
    let program = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
    let program = program.split(|&b| b == 0).next().unwrap_or_default();
    let is_chromedriver = Path::new(std::ffi::OsStr::from_bytes(program))
        .file_name()
        .is_some_and(|name| name.to_string_lossy().contains("chromedriver"));
    // SAFETY: getpgid and kill take plain ids; a wrong one fails with ESRCH.
    if is_chromedriver && unsafe { libc::getpgid(pid) } == pid {
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
        tracing::info!(pid, profile = %profile.display(), "ended the browsers of a run that was killed");
    }
}

#[cfg(not(target_os = "linux"))]
fn end_orphaned_driver(_profile: &Path) {
    // Without /proc there is no safe check that the id is still a
    // chromedriver: leave it, and remove only the files.
}

#[cfg(not(unix))]
fn process_runs(_pid: u32) -> bool {
    // No cheap check here: keep every profile rather than remove a live one.
    true
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
    fn a_free_loopback_port_is_free_on_both_sides() {
        use std::net::{Ipv4Addr, Ipv6Addr, TcpListener};
        let port = free_loopback_port().expect("a free loopback port");
        let _ipv4 = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).expect("free on IPv4");
        if let Err(e) = TcpListener::bind((Ipv6Addr::LOCALHOST, port)) {
            assert_ne!(e.kind(), std::io::ErrorKind::AddrInUse, "port {port} is taken on IPv6");
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
    #[test]
    fn only_profiles_of_ended_runs_are_removed() {
        let temp = tempfile::tempdir().unwrap();
        // A process that has ended: its id is free until the system reuses it.
        let mut ended = Command::new("true").spawn().unwrap();
        ended.wait().unwrap();
        let stale = temp.path().join(format!("{PROFILE_PREFIX}{}-0", ended.id()));
        let live = temp.path().join(format!("{PROFILE_PREFIX}{}-3", std::process::id()));
        let other = temp.path().join(format!("{PROFILE_PREFIX}notes"));
        for dir in [&stale, &live, &other] {
            std::fs::create_dir_all(dir.join("tmp")).unwrap();
        }
        remove_stale_profiles(temp.path());
        assert!(!stale.exists(), "the ended run's profile is left");
        assert!(live.exists(), "a running process's profile was removed");
        assert!(other.exists(), "a directory not named as ours was removed");
    }

    #[test]
    fn a_normal_user_keeps_the_sandbox_unless_the_setting_drops_it() {
        assert_eq!(sandbox_flags(Sandbox::Auto, false), (vec![], None));
        assert_eq!(sandbox_flags(Sandbox::On, false), (vec![], None));
        assert_eq!(sandbox_flags(Sandbox::Off, false), (vec!["--no-sandbox"], Some(Unsandboxed::Setting)));
    }

    #[test]
    fn root_drops_the_sandbox_unless_the_setting_keeps_it() {
        assert_eq!(sandbox_flags(Sandbox::Auto, true), (vec!["--no-sandbox"], Some(Unsandboxed::RunningAsRoot)));
        assert_eq!(sandbox_flags(Sandbox::On, true), (vec![], None));
        assert_eq!(sandbox_flags(Sandbox::Off, true), (vec!["--no-sandbox"], Some(Unsandboxed::Setting)));
    }

    #[test]
    fn the_fixed_flags_leave_the_sandbox_alone() {
        assert!(CHROMIUM_ARGS.iter().all(|flag| !flag.contains("sandbox")), "{CHROMIUM_ARGS:?}");
    }

    #[test]
    fn the_reasons_name_root_and_the_setting() {
        assert_eq!(Unsandboxed::RunningAsRoot.to_string(), "running as root");
        assert_eq!(Unsandboxed::Setting.to_string(), "fetch.browser_sandbox = \"off\"");
    }
}
