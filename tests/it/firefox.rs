//! A page in a real headless Firefox (Debian's firefox-esr), driven over
//! WebDriver BiDi, which Firefox speaks itself on a WebSocket: no
//! geckodriver between. What a person does (clicks, drags, keys) goes as
//! pointer and key actions at the window's coordinates, as a mouse and a
//! keyboard give them; Firefox cannot be told to click an SVG group as an
//! element.

use std::cell::{Cell, RefCell};
use std::io::{BufRead, BufReader};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use tungstenite::{Message, WebSocket};

use crate::browse::{Browse, middle_js};

/// Where Debian's firefox-esr package puts it.
const FIREFOX: &str = "/usr/bin/firefox-esr";

/// The longest any one step takes on a loaded machine.
const STEP: Duration = Duration::from_secs(30);

/// The profile's preferences: nothing that reaches the network on its own
/// (updates, telemetry, safe-browsing lists, the captive-portal and
/// connectivity probes; the machines that run the tests may have none) and
/// no first-run or default-browser pages. The remote agent sets more of
/// these itself (`remote.prefs.recommended`); these hold before it starts.
const PREFS: &str = r#"
user_pref("app.update.auto", false);
user_pref("app.update.disabledForTesting", true);
user_pref("app.normandy.enabled", false);
user_pref("browser.aboutwelcome.enabled", false);
user_pref("browser.safebrowsing.downloads.enabled", false);
user_pref("browser.safebrowsing.malware.enabled", false);
user_pref("browser.safebrowsing.phishing.enabled", false);
user_pref("browser.safebrowsing.update.enabled", false);
user_pref("browser.search.update", false);
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("browser.startup.homepage_override.mstone", "ignore");
user_pref("browser.startup.page", 0);
user_pref("datareporting.healthreport.uploadEnabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
user_pref("extensions.update.enabled", false);
user_pref("network.captive-portal-service.enabled", false);
user_pref("network.connectivity-service.enabled", false);
user_pref("toolkit.telemetry.enabled", false);
user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);
"#;

/// Fails the test, saying how to install it, where there is no Firefox.
pub fn require_firefox() {
    assert!(
        Path::new(FIREFOX).exists(),
        "{FIREFOX} is missing: the Firefox tests of the HTML archive need Debian's firefox-esr \
         (apt-get install -y firefox-esr; .ci/run installs it)"
    );
}

pub struct Tab {
    /// First, so that it ends before its profile is removed.
    _firefox: Running,
    /// Borrowed for one command and its answer at a time: the checks are
    /// given `&self`, as Chromium's tab.
    socket: RefCell<WebSocket<TcpStream>>,
    /// The top-level browsing context: the window's page.
    context: String,
    next_id: Cell<u64>,
    _profile: tempfile::TempDir,
}

impl Tab {
    /// A new headless Firefox with a fresh profile, its BiDi session open
    /// on the window it starts with.
    pub fn start() -> Tab {
        require_firefox();
        let profile = tempfile::tempdir().unwrap();
        std::fs::write(profile.path().join("user.js"), PREFS).unwrap();
        // Port 0: Firefox takes a free port and says which on its standard
        // error. Its own process group, so that ending it ends its content
        // processes too.
        let firefox = std::os::unix::process::CommandExt::process_group(
            Command::new(FIREFOX)
                .args(["--headless", "--no-remote", "--remote-debugging-port", "0", "--profile"])
                .arg(profile.path())
                .arg("about:blank")
                .env("MOZ_HEADLESS", "1")
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::piped()),
            0,
        )
        .spawn()
        .unwrap_or_else(|e| panic!("{FIREFOX}: {e}"));
        let mut firefox = Running(firefox);
        let (told, address) = mpsc::channel();
        let stderr = BufReader::new(firefox.0.stderr.take().unwrap());
        // Read to the end, so Firefox never waits on a full pipe.
        std::thread::spawn(move || {
            for line in stderr.lines().map_while(Result::ok) {
                if let Some(at) = line.strip_prefix("WebDriver BiDi listening on ") {
                    let _ = told.send(at.trim().to_string());
                }
            }
        });
        let address =
            address.recv_timeout(STEP).unwrap_or_else(|_| panic!("{FIREFOX} never said where WebDriver BiDi listens"));
        let host = address.trim_start_matches("ws://").trim_end_matches('/');
        let stream = TcpStream::connect(host).unwrap_or_else(|e| panic!("{address}: {e}"));
        stream.set_read_timeout(Some(STEP)).unwrap();
        let (socket, _) = tungstenite::client(format!("{address}/session"), stream)
            .unwrap_or_else(|e| panic!("{address}/session: {e}"));
        let mut tab = Tab {
            _firefox: firefox,
            socket: RefCell::new(socket),
            context: String::new(),
            next_id: Cell::new(1),
            _profile: profile,
        };
        tab.command("session.new", json!({ "capabilities": {} }));
        let tree = tab.command("browsingContext.getTree", json!({ "maxDepth": 0 }));
        tab.context = tree["contexts"][0]["context"].as_str().expect("a window").to_string();
        tab
    }

    /// Sends a BiDi command and waits for its answer.
    pub fn command(&self, method: &str, params: Value) -> Value {
        self.try_command(method, params).unwrap_or_else(|e| panic!("{method}: {e}"))
    }

    /// Sends a BiDi command and waits for its answer, or the error Firefox
    /// gives (the events between are not asked for, and passed over).
    fn try_command(&self, method: &str, params: Value) -> Result<Value, String> {
        let mut socket = self.socket.borrow_mut();
        let id = self.next_id.get();
        self.next_id.set(id + 1);
        let text = json!({ "id": id, "method": method, "params": params }).to_string();
        socket.send(Message::text(text)).unwrap_or_else(|e| panic!("{method}: {e}"));
        let deadline = Instant::now() + STEP;
        loop {
            assert!(Instant::now() < deadline, "{method}: no answer within {STEP:?}");
            let message = socket.read().unwrap_or_else(|e| panic!("{method}: {e}"));
            let Message::Text(text) = message else { continue };
            let answer: Value = serde_json::from_str(&text).unwrap();
            if answer["id"] != id {
                continue;
            }
            if answer["type"] == "error" {
                return Err(format!("{} ({})", answer["error"], answer["message"]));
            }
            return Ok(answer["result"].clone());
        }
    }

    /// A pointer's or the keyboard's actions, done in turn.
    fn act(&self, source: Value) {
        self.command("input.performActions", json!({ "context": self.context, "actions": [source] }));
    }

    fn mouse(actions: Vec<Value>) -> Value {
        json!({ "type": "pointer", "id": "mouse", "parameters": { "pointerType": "mouse" }, "actions": actions })
    }

    fn move_to((x, y): (f64, f64)) -> Value {
        json!({ "type": "pointerMove", "x": x.round() as i64, "y": y.round() as i64 })
    }
}

/// A BiDi remote value as the JSON a page's `JSON.stringify` would give
/// (undefined as null), as Chromium's `returnByValue` does.
fn plain(remote: &Value) -> Value {
    let value = &remote["value"];
    match remote["type"].as_str() {
        Some("string" | "boolean") => value.clone(),
        Some("number") => match value.as_str() {
            // NaN, -0, Infinity: what JSON has no number for.
            Some("-0") => json!(0),
            Some(_) => Value::Null,
            None => value.clone(),
        },
        Some("array") => Value::Array(value.as_array().into_iter().flatten().map(plain).collect()),
        Some("object") => Value::Object(
            value
                .as_array()
                .into_iter()
                .flatten()
                .map(|pair| {
                    let key = pair[0].as_str().map(String::from).unwrap_or_else(|| plain(&pair[0]).to_string());
                    (key, plain(&pair[1]))
                })
                .collect(),
        ),
        _ => Value::Null,
    }
}

/// The key WebDriver's key actions give for a key's DOM name: one
/// character is itself, the named keys a code of their own.
fn webdriver_key(key: &str) -> &str {
    match key {
        "ArrowLeft" => "\u{E012}",
        "ArrowUp" => "\u{E013}",
        "ArrowRight" => "\u{E014}",
        "ArrowDown" => "\u{E015}",
        "Backspace" => "\u{E003}",
        "Delete" => "\u{E017}",
        other => {
            assert_eq!(other.chars().count(), 1, "no WebDriver key for {other}");
            other
        }
    }
}

impl Browse for Tab {
    fn goto(&self, url: &str) {
        self.command("browsingContext.navigate", json!({ "context": self.context, "url": url, "wait": "complete" }));
    }

    fn reload(&self) {
        self.command("browsingContext.reload", json!({ "context": self.context, "wait": "complete" }));
    }

    fn evaluate(&self, js: &str) -> Result<Value, String> {
        let call = json!({
            "functionDeclaration": format!("function () {{\n{js}\n}}"),
            "target": { "context": self.context },
            "awaitPromise": true,
            "resultOwnership": "none",
        });
        let answer = self.try_command("script.callFunction", call)?;
        if answer["type"] == "exception" {
            return Err(format!("the page's script threw {}", answer["exceptionDetails"]["text"]));
        }
        Ok(plain(&answer["result"]))
    }

    fn click(&self, css: &str) {
        let at = self.middle_of(css, true);
        let press = [json!({ "type": "pointerDown", "button": 0 }), json!({ "type": "pointerUp", "button": 0 })];
        self.act(Tab::mouse([Tab::move_to(at)].into_iter().chain(press).collect()));
    }

    fn drag(&self, css: &[String]) {
        // Where the elements are, unscrolled: a drag moves to them as they are.
        let points: Vec<(f64, f64)> = css.iter().map(|css| self.middle_of(css, false)).collect();
        let mut actions = vec![Tab::move_to(points[0]), json!({ "type": "pointerDown", "button": 0 })];
        for &at in &points[1..] {
            actions.push(json!({ "type": "pause", "duration": 30 }));
            actions.push(Tab::move_to(at));
        }
        actions.push(json!({ "type": "pointerUp", "button": 0 }));
        self.act(Tab::mouse(actions));
    }

    fn keys(&self, keys: &[&str]) {
        let actions: Vec<Value> = keys
            .iter()
            .flat_map(|k| {
                let value = webdriver_key(k);
                [json!({ "type": "keyDown", "value": value }), json!({ "type": "keyUp", "value": value })]
            })
            .collect();
        self.act(json!({ "type": "key", "id": "keyboard", "actions": actions }));
    }

    fn resize(&self, width: u32, height: u32) {
        let viewport = json!({ "width": width, "height": height });
        self.command("browsingContext.setViewport", json!({ "context": self.context, "viewport": viewport }));
    }

    fn screenshot(&self) -> Vec<u8> {
        use base64::Engine;
        let shot = self.command("browsingContext.captureScreenshot", json!({ "context": self.context }));
        base64::engine::general_purpose::STANDARD.decode(shot["data"].as_str().expect("the picture's data")).unwrap()
    }
}

impl Tab {
    fn middle_of(&self, css: &str, scroll: bool) -> (f64, f64) {
        serde_json::from_value(self.run(&middle_js(css, scroll))).unwrap_or_else(|_| panic!("no `{css}` in the page"))
    }
}

/// A started Firefox, ended when dropped (a start that fails half way
/// too), with its whole process group: the content processes as well.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let group = rustix::process::Pid::from_child(&self.0);
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        let _ = self.0.wait();
    }
}
