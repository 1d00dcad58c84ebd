//! The browser's sandbox setting, a setting even where the library is built
//! without the browser (config.toml reads it either way).

/// Whether Chromium keeps its sandbox (`fetch.browser_sandbox` in
/// config.toml). Chromium refuses to start as root with its sandbox, so
/// there it can only run without.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Sandbox {
    /// Kept, except when running as root.
    #[default]
    Auto,
    /// Always kept: as root Chromium then refuses to start.
    On,
    /// Always dropped.
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
