//! What the archive commands share: the settings in force and the database
//! they name.

use aquarchive::archive::{Access, Store};
use aquarchive::config::Config;

use super::args::GlobalArgs;
use super::error::CliError;

/// The settings in force and the database they name.
pub struct Context {
    pub config: Config,
}

impl Context {
    /// Reads the settings; `--db` wins over config.toml.
    pub fn load(global: &GlobalArgs) -> Result<Context, CliError> {
        let loaded = Config::load(global.config.as_deref())?;
        if let Some(not_ours) = &loaded.not_ours {
            say!("aquarchive: warning: {not_ours}");
        }
        let mut config = loaded.config;
        if let Some(db) = &global.db {
            config.archive.database = db.clone();
        }
        Ok(Context { config })
    }

    /// Opens the archive; what its drive could not promise in making it is
    /// said on standard error.
    pub fn open(&self, access: Access) -> Result<Store, CliError> {
        let store = Store::open(&self.config.archive.database, access)?;
        for warning in store.drive_warnings() {
            say!("aquarchive: warning: {warning}");
        }
        Ok(store)
    }

    /// Opens the archive to write, or begins a new one that is made only
    /// if the run keeps something ([`Store::open_to_keep`]): what its
    /// drive could not promise is said once it is made ([`Context::warn_if_made`]).
    pub fn open_to_keep(&self) -> Result<Store, CliError> {
        let store = Store::open_to_keep(&self.config.archive.database)?;
        for warning in store.drive_warnings() {
            say!("aquarchive: warning: {warning}");
        }
        Ok(store)
    }

    /// Says what the drive could not promise in making `store`, when a run
    /// that began it unnamed ([`Context::open_to_keep`]) gave it its name.
    pub fn warn_if_made(&self, store: &Store, was_unnamed: bool) {
        if was_unnamed && !store.is_unnamed() {
            for warning in store.drive_warnings() {
                say!("aquarchive: warning: {warning}");
            }
        }
    }
}
