//! A page in a real headless Chromium, as the tests of the HTML export use
//! it: the library's [`Browser`] (started as a browser fetch starts it),
//! with what a person does to a page (clicks, drags, a window's size, a
//! screenshot) sent as input events over the DevTools protocol. What
//! Firefox does too is [`Browse`]'s; what only DevTools does, here.

use std::time::{Duration, Instant};

use aquarchive_site::browser::Browser;
use serde_json::{Value, json};

use crate::browse::{Browse, middle_js};
use crate::site::{browser_settings_unsandboxed_as_root, require_chromium};

/// The longest any one step takes on a loaded machine.
const STEP: Duration = Duration::from_secs(30);

pub struct Tab {
    pub browser: Browser,
}

impl Tab {
    /// A page in a new Chromium, without its sandbox as root (see
    /// [`crate::site::unsandboxed_as_root`]).
    pub fn start() -> Tab {
        require_chromium();
        Tab { browser: Browser::start(&browser_settings_unsandboxed_as_root()).unwrap() }
    }

    fn step() -> Instant {
        Instant::now() + STEP
    }

    fn middle_of(&self, css: &str, scroll: bool) -> (f64, f64) {
        serde_json::from_value(self.run(&middle_js(css, scroll))).unwrap_or_else(|_| panic!("no `{css}` in the page"))
    }

    /// A mouse event at `(x, y)`; `held`: the left button is down after it.
    fn mouse(&self, kind: &str, (x, y): (f64, f64), held: bool) {
        let mut event = json!({ "type": kind, "x": x, "y": y, "buttons": u8::from(held) });
        if kind != "mouseMoved" {
            event["button"] = "left".into();
            event["clickCount"] = 1.into();
        }
        self.browser.command("Input.dispatchMouseEvent", event, Self::step()).unwrap();
    }

    /// Taps the window at `(x, y)` with a finger (a touch screen's, see
    /// [`Tab::emulate`]).
    pub fn tap_at(&self, x: f64, y: f64) {
        for (kind, points) in [("touchStart", json!([{ "x": x, "y": y }])), ("touchEnd", json!([]))] {
            let event = json!({ "type": kind, "touchPoints": points });
            self.browser.command("Input.dispatchTouchEvent", event, Self::step()).unwrap();
        }
    }

    /// Presses and lets go of the key `key` (a character, or a name as
    /// `KeyboardEvent.key` has it: "ArrowUp", "Enter", "Tab", ...), with
    /// the modifiers `modifiers` (1 Alt, 2 Ctrl, 4 Meta, 8 Shift) held.
    pub fn key(&self, key: &str, modifiers: u8) {
        let (code, vk, text) = match key {
            "ArrowLeft" => ("ArrowLeft", 37, ""),
            "ArrowUp" => ("ArrowUp", 38, ""),
            "ArrowRight" => ("ArrowRight", 39, ""),
            "ArrowDown" => ("ArrowDown", 40, ""),
            "Enter" => ("Enter", 13, "\r"),
            "Tab" => ("Tab", 9, ""),
            "Backspace" => ("Backspace", 8, ""),
            "Delete" => ("Delete", 46, ""),
            " " => ("Space", 32, " "),
            _ => ("", 0, key),
        };
        let vk = if vk == 0 { i64::from(key.to_ascii_uppercase().chars().next().map_or(0, |c| c as u32)) } else { vk };
        let code = if code.is_empty() {
            match key.chars().next() {
                Some(c) if c.is_ascii_digit() => format!("Digit{c}"),
                Some(c) => format!("Key{}", c.to_ascii_uppercase()),
                None => String::new(),
            }
        } else {
            code.to_string()
        };
        // A key with Ctrl, Alt or Meta held types nothing.
        let text = if modifiers & 7 != 0 { "" } else { text };
        let down = if text.is_empty() { "rawKeyDown" } else { "keyDown" };
        for kind in [down, "keyUp"] {
            let event = json!({
                "type": kind, "key": key, "code": code, "windowsVirtualKeyCode": vk, "nativeVirtualKeyCode": vk,
                "modifiers": modifiers, "text": if kind == "keyUp" { "" } else { text },
            });
            self.browser.command("Input.dispatchKeyEvent", event, Self::step()).unwrap();
        }
    }

    /// Lays pages out as for a system in dark mode (`true`) or light.
    pub fn dark(&self, dark: bool) {
        let scheme =
            json!({ "features": [{ "name": "prefers-color-scheme", "value": if dark { "dark" } else { "light" } }] });
        self.browser.command("Emulation.setEmulatedMedia", scheme, Self::step()).unwrap();
    }

    /// Presses on the first of the elements `css` selects in turn, moves
    /// over the others and lets go: with a finger (`touch`) or the
    /// mouse's left button.
    pub fn drag(&self, css: &[String], touch: bool) {
        // Where the elements are, unscrolled: a drag moves to them as they are.
        let points: Vec<(f64, f64)> = css.iter().map(|css| self.middle_of(css, false)).collect();
        if touch {
            let touch = |kind: &str, points: Vec<Value>| {
                let event = json!({ "type": kind, "touchPoints": points });
                self.browser.command("Input.dispatchTouchEvent", event, Self::step()).unwrap();
            };
            for (k, &(x, y)) in points.iter().enumerate() {
                touch(if k == 0 { "touchStart" } else { "touchMove" }, vec![json!({ "x": x, "y": y })]);
                std::thread::sleep(Duration::from_millis(60));
            }
            touch("touchEnd", vec![]);
        } else {
            for (k, &at) in points.iter().enumerate() {
                self.mouse("mouseMoved", at, k > 0);
                if k == 0 {
                    self.mouse("mousePressed", at, true);
                }
                std::thread::sleep(Duration::from_millis(60));
            }
            self.mouse("mouseReleased", *points.last().expect("a cell to drag over"), false);
        }
    }

    /// Lays pages out as a device with a `width` x `height` window does,
    /// as DevTools' device mode does: a phone's (`touch`: a touch screen,
    /// the page at the device's width, as its viewport tag asks) or a
    /// laptop's, with a mouse.
    pub fn emulate(&self, width: u32, height: u32, touch: bool) {
        let metrics = json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": touch });
        self.browser.command("Emulation.setDeviceMetricsOverride", metrics, Self::step()).unwrap();
        let points = json!({ "enabled": touch, "maxTouchPoints": 5 });
        self.browser.command("Emulation.setTouchEmulationEnabled", points, Self::step()).unwrap();
    }

    /// Hides the scroll bars (`true`), as a phone's, which take no room
    /// beside the page, or shows them as a desktop's.
    pub fn hide_scroll_bars(&self, hidden: bool) {
        self.browser.command("Emulation.setScrollbarsHidden", json!({ "hidden": hidden }), Self::step()).unwrap();
    }
}

impl Browse for Tab {
    fn goto(&self, url: &str) {
        self.browser.goto(url, Self::step()).unwrap_or_else(|e| panic!("{url}: {e}"));
    }

    fn reload(&self) {
        self.browser.reload(Self::step()).unwrap();
    }

    fn evaluate(&self, js: &str) -> Result<Value, String> {
        self.browser.execute(js, &[], Self::step()).map_err(|e| e.to_string())
    }

    fn click(&self, css: &str) {
        let at = self.middle_of(css, true);
        self.mouse("mouseMoved", at, false);
        self.mouse("mousePressed", at, true);
        self.mouse("mouseReleased", at, false);
    }

    fn drag(&self, css: &[String]) {
        Tab::drag(self, css, false);
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.key(key, 0);
        }
    }

    fn resize(&self, width: u32, height: u32) {
        let window = self.browser.command("Browser.getWindowForTarget", json!({}), Self::step()).unwrap();
        let bounds = json!({ "windowId": window["windowId"], "bounds": { "width": width, "height": height } });
        self.browser.command("Browser.setWindowBounds", bounds, Self::step()).unwrap();
    }

    fn screenshot(&self) -> Vec<u8> {
        use base64::Engine;
        let shot = self.browser.command("Page.captureScreenshot", json!({ "format": "png" }), Self::step()).unwrap();
        base64::engine::general_purpose::STANDARD.decode(shot["data"].as_str().expect("the picture's data")).unwrap()
    }
}
