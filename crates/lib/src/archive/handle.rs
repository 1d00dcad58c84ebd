//! [`Archive`], the open archive as a front end holds it.
//!
//! The store's handle (`aquarchive_store::Store`) can do anything SQL can;
//! a front end gets this one instead, which hands the store to the
//! operations of this module's siblings and answers, itself, only the
//! questions a front end asks of the archive as a whole (where it is, what
//! it holds, its log). So what the command line may do with an archive is
//! what this library offers, and the compiler holds it: the command line
//! does not depend on the store's crate, and nothing here gives the store
//! out.

use std::path::Path;

use crate::store::{
    Access, BackupReport, Count, DriveWarning, FetchCounts, FetchQuery, Filter, LoggedFetch, Puzzle, Store, StoreError,
};

/// An open archive (one SQLite file), handed to the operations.
pub struct Archive {
    store: Store,
}

impl Archive {
    /// Opens the archive at `path`, made if `access` writes and there is
    /// none.
    pub fn open(path: &Path, access: Access) -> Result<Archive, StoreError> {
        Store::open(path, access).map(Archive::from)
    }

    /// Opens the archive at `path` to write, or begins a new one that is
    /// made only if the run keeps something.
    pub fn open_to_keep(path: &Path) -> Result<Archive, StoreError> {
        Store::open_to_keep(path).map(Archive::from)
    }

    pub fn path(&self) -> &Path {
        self.store.path()
    }

    /// Whether the archive is still to be made (see [`Archive::open_to_keep`]).
    pub fn is_unnamed(&self) -> bool {
        self.store.is_unnamed()
    }

    /// What the drive could not promise in making the archive.
    pub fn drive_warnings(&self) -> &[DriveWarning] {
        self.store.drive_warnings()
    }

    /// The puzzle with this ID, if the archive holds it.
    pub fn puzzle(&self, id: i64) -> Result<Option<Puzzle>, StoreError> {
        self.store.puzzle(id)
    }

    /// Each puzzle the filter picks, in its order.
    pub fn each<E: From<StoreError>>(
        &self,
        filter: &Filter,
        each: impl FnMut(Puzzle) -> Result<(), E>,
    ) -> Result<(), E> {
        self.store.each(filter, each)
    }

    /// How many puzzles of each kind and class the archive holds.
    pub fn counts(&self) -> Result<Vec<Count>, StoreError> {
        self.store.counts()
    }

    /// How many fetches the log holds, how many failed, and when.
    pub fn fetch_counts(&self) -> Result<FetchCounts, StoreError> {
        self.store.fetch_counts()
    }

    /// The fetch log, as `query` asks for it.
    pub fn fetch_log(&self, query: &FetchQuery) -> Result<Vec<LoggedFetch>, StoreError> {
        self.store.fetch_log(query)
    }

    /// A consistent copy of the whole archive at `target`, checked before
    /// it is kept.
    pub fn backup(&self, target: &Path, replace: bool) -> Result<BackupReport, StoreError> {
        self.store.backup(target, replace)
    }

    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    pub(crate) fn store_mut(&mut self) -> &mut Store {
        &mut self.store
    }
}

/// An archive a caller of the library opened as a store itself (a test, a
/// benchmark), to hand to the operations.
impl From<Store> for Archive {
    fn from(store: Store) -> Archive {
        Archive { store }
    }
}
