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
            eprintln!("aquarchive: warning: {not_ours}");
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
        if let Some(warning) = store.drive_warning() {
            eprintln!("aquarchive: warning: {warning}");
        }
        Ok(store)
    }
}
