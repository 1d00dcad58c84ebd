//! What the archive commands share: the settings in force and the database
//! they name.

use aquarchive::config::Config;
use aquarchive::store::{Access, Store};

use super::args::GlobalArgs;
use super::error::CliError;

/// The settings in force and the database they name.
pub struct Context {
    pub config: Config,
}

impl Context {
    /// Reads the settings; `--db` wins over config.toml.
    pub fn load(global: &GlobalArgs) -> Result<Context, CliError> {
        let mut config = Config::load(global.config.as_deref())?;
        if let Some(db) = &global.db {
            config.archive.database = db.clone();
        }
        Ok(Context { config })
    }

    pub fn open(&self, access: Access) -> Result<Store, CliError> {
        Ok(Store::open(&self.config.archive.database, access)?)
    }
}
