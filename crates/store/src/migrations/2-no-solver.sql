-- Database version 1 to 2: the status 'no-solver', for a puzzle of a kind kept
-- as the site gave it until its solver lands, and the hash check 'pending' for
-- its page's hash. SQLite cannot change a CHECK in place, so each table is
-- made anew with its rows, as SQLite's own guide to other schema changes does
-- it. Foreign keys are off while an archive is upgraded (migrate.rs turns
-- them off, its opening on again after), so dropping the old table takes no solution, fact or grade with it;
-- the new one takes its name, and the rows that point to it find their
-- puzzles again under the same ids.
CREATE TABLE puzzles_new (
    id                INTEGER PRIMARY KEY,
    kind              TEXT NOT NULL,
    -- Where it came from: a file path (with its line), a URL, 'generated'.
    source            TEXT NOT NULL,
    -- The site's size class (`?size=N`) and puzzle ID (without commas), when known.
    size_class        INTEGER,
    site_id           INTEGER,
    width             INTEGER NOT NULL,
    height            INTEGER NOT NULL,
    -- The puzzle in its kind's canonical text format.
    text              TEXT NOT NULL,
    -- sha256 of `text`: the same puzzle reached by two paths.
    canonical_hash    TEXT NOT NULL,
    snapshot          TEXT REFERENCES snapshots (sha256),
    extractor_version INTEGER,
    -- 'no-solver': kept as the site gave it, its kind not solved yet.
    status            TEXT NOT NULL CHECK (status IN ('ok', 'invalid', 'unsolvable', 'several', 'no-solver')),
    -- Why a puzzle is invalid, in words.
    note              TEXT,
    created           TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    -- A special's date (daily, weekly, monthly) as the page writes it
    -- ('2026-11-30', '2026-W48'): a special's page has no puzzle ID, so its
    -- class and date are its identity.
    special_date      TEXT
);
INSERT INTO puzzles_new SELECT * FROM puzzles;
DROP TABLE puzzles;
ALTER TABLE puzzles_new RENAME TO puzzles;
CREATE UNIQUE INDEX puzzles_site_id ON puzzles (kind, size_class, site_id) WHERE site_id IS NOT NULL;
CREATE UNIQUE INDEX puzzles_canonical ON puzzles (kind, canonical_hash) WHERE site_id IS NULL AND special_date IS NULL;
CREATE UNIQUE INDEX puzzles_special ON puzzles (kind, size_class, special_date) WHERE special_date IS NOT NULL;
CREATE INDEX puzzles_hash ON puzzles (kind, canonical_hash);
CREATE INDEX puzzles_created ON puzzles (created);

CREATE TABLE site_facts_new (
    puzzle          INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
    -- The page's `hashedSolution` (32 hex digits).
    hashed_solution TEXT,
    -- The site's own answer check: 'match', a solution found hashes (md5 of
    -- task and answer) to `hashed_solution`; 'mismatch', none does (a garbled
    -- task, or no solution at all); 'absent', the page has no hash;
    -- 'pending', the puzzle's kind is not solved yet.
    hash_check      TEXT NOT NULL CHECK (hash_check IN ('match', 'mismatch', 'absent', 'pending'))
);
INSERT INTO site_facts_new SELECT * FROM site_facts;
DROP TABLE site_facts;
ALTER TABLE site_facts_new RENAME TO site_facts;
