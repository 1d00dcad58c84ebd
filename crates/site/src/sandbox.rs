//! The browser's sandbox setting, a setting even where the library is built
//! without the browser (config.toml reads it either way).

/// Whether Chromium keeps its sandbox (`fetch.browser_sandbox` in
/// config.toml). Chromium refuses to start as root with its sandbox, so
/// there it can only run without, and only when `off` says so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sandbox {
    /// Kept: as root a browser fetch fails, saying to run as a normal user
    /// or set `off`. (It once dropped the sandbox as root, unasked.)
    #[default]
    Auto,
    /// Always kept, as `auto` is.
    On,
    /// Always dropped, with a warning on every run.
    Off,
}

impl Sandbox {
    /// The word config.toml spells it with.
    pub fn name(self) -> &'static str {
        match self {
            Sandbox::Auto => "auto",
            Sandbox::On => "on",
            Sandbox::Off => "off",
        }
    }
}
