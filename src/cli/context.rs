//! What the archive commands share: the settings in force and the database
//! they name.

use std::path::PathBuf;

use aquarchive::archive::{Access, Archive};
use aquarchive::config::Config;

use super::args::GlobalArgs;
use super::error::CliError;

/// The environment variable that names the archive database where `--db`
/// does not.
pub const DB_VARIABLE: &str = "AQUARCHIVE_DB";

/// The settings in force and the database they name.
pub struct Context {
    pub config: Config,
}

impl Context {
    /// Reads the settings; the database is `--db`'s, else
    /// [`DB_VARIABLE`]'s, else config.toml's, so that a shell or a cron job
    /// that sets the variable finds one archive from any folder.
    pub fn load(global: &GlobalArgs) -> Result<Context, CliError> {
        let loaded = Config::load(global.config.as_deref())?;
        if let Some(not_ours) = &loaded.not_ours {
            say!("aquarchive: warning: {not_ours}");
        }
        let mut config = loaded.config;
        let from_environment = std::env::var_os(DB_VARIABLE).filter(|value| !value.is_empty()).map(PathBuf::from);
        if let Some(db) = global.db.clone().or(from_environment) {
            config.archive.database = db;
        }
        Ok(Context { config })
    }

    /// Opens the archive; what its drive could not promise in making it is
    /// said on standard error.
    pub fn open(&self, access: Access) -> Result<Archive, CliError> {
        let store = Archive::open(&self.config.archive.database, access)?;
        for warning in store.drive_warnings() {
            say!("aquarchive: warning: {warning}");
        }
        Ok(store)
    }

    /// Opens the archive to write, or begins a new one that is made only
    /// if the run keeps something ([`Archive::open_to_keep`]): what its
    /// drive could not promise is said once it is made ([`Context::warn_if_made`]).
    pub fn open_to_keep(&self) -> Result<Archive, CliError> {
        let store = Archive::open_to_keep(&self.config.archive.database)?;
        for warning in store.drive_warnings() {
            say!("aquarchive: warning: {warning}");
        }
        Ok(store)
    }

    /// Says what the drive could not promise in making `store`, when a run
    /// that began it unnamed ([`Context::open_to_keep`]) gave it its name.
    pub fn warn_if_made(&self, store: &Archive, was_unnamed: bool) {
        if was_unnamed && !store.is_unnamed() {
            for warning in store.drive_warnings() {
                say!("aquarchive: warning: {warning}");
            }
        }
    }
}
