//! What the HTML archive's checks do with a page, in words both browsers
//! take: Chromium over its DevTools pipe ([`crate::chromium::Tab`]) and
//! Firefox over WebDriver BiDi ([`crate::firefox::Tab`]). A check written
//! against [`Browse`] runs in either.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub trait Browse {
    /// Opens `url` and waits for it to load.
    fn goto(&self, url: &str);

    /// Loads the page again and waits for it to load.
    fn reload(&self);

    /// Runs `js` as a function's body in the page: what it returns (as
    /// JSON; undefined as null), or why it could not.
    fn evaluate(&self, js: &str) -> Result<Value, String>;

    /// Runs `js` as a function's body in the page: what it returns.
    fn run(&self, js: &str) -> Value {
        self.evaluate(js).unwrap_or_else(|e| panic!("{js}: {e}"))
    }

    /// Clicks the first element `css` selects, at its middle, with the
    /// mouse's left button.
    fn click(&self, css: &str);

    /// Presses the mouse's left button on the first of the elements `css`
    /// selects in turn, moves over the others and lets go.
    fn drag(&self, css: &[String]);

    /// Presses and lets go of each key in turn, by its DOM name
    /// (`KeyboardEvent.key`): a character, or `ArrowRight` and the like.
    fn keys(&self, keys: &[&str]);

    /// Sets the size of the window's page, as a phone's or a desktop's.
    fn resize(&self, width: u32, height: u32);

    /// What the window shows, as a PNG.
    fn screenshot(&self) -> Vec<u8>;

    /// Waits, `within` at most, for the page to have loaded (as a
    /// WebDriver command waits for a page a click opened) and to show an
    /// element `css` selects. A page being replaced has no document for a
    /// moment.
    fn wait_for_element(&self, css: &str, within: Duration) {
        let deadline = Instant::now() + within;
        let found =
            format!("return document.readyState === 'complete' && document.querySelector({}) !== null", json!(css));
        while self.evaluate(&found).ok() != Some(Value::Bool(true)) {
            assert!(Instant::now() < deadline, "no `{css}` within {within:?}");
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

/// A function's body that gives the middle of the first element `css`
/// selects, in the window, or null; `scroll`: scrolled into view first if
/// something else is there (the element is out of the window, under a
/// scroll bar, or cut off by a frame that scrolls), as a WebDriver click
/// does (its bottom to the window's, the least sideways).
pub fn middle_js(css: &str, scroll: bool) -> String {
    format!(
        "var e = document.querySelector({}); if (!e) return null; \
         var middle = function () {{ var r = e.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }}; \
         var m = middle(); var hit = document.elementFromPoint(m[0], m[1]); \
         if ({scroll} && !(hit && (hit === e || e.contains(hit)))) {{ \
           e.scrollIntoView({{block: 'end', inline: 'nearest'}}); m = middle(); }} \
         return m;",
        json!(css)
    )
}

/// A browser lent to a check that does not own it: one browser started
/// for several checks.
impl<B: Browse + ?Sized> Browse for &B {
    fn goto(&self, url: &str) {
        (**self).goto(url)
    }
    fn reload(&self) {
        (**self).reload()
    }
    fn evaluate(&self, js: &str) -> Result<Value, String> {
        (**self).evaluate(js)
    }
    fn click(&self, css: &str) {
        (**self).click(css)
    }
    fn drag(&self, css: &[String]) {
        (**self).drag(css)
    }
    fn keys(&self, keys: &[&str]) {
        (**self).keys(keys)
    }
    fn resize(&self, width: u32, height: u32) {
        (**self).resize(width, height)
    }
    fn screenshot(&self) -> Vec<u8> {
        (**self).screenshot()
    }
}
