-- Version 2: what a site page says of its puzzle beyond the puzzle itself
-- (written by `fetch` and `reparse`; re-derivable from the snapshot).
CREATE TABLE site_facts (
    puzzle          INTEGER PRIMARY KEY REFERENCES puzzles (id) ON DELETE CASCADE,
    -- A special's date as the page writes it ('2026-11-30', '2026-W48').
    special_date    TEXT,
    -- The page's `hashedSolution` (32 hex digits); its formula is not
    -- confirmed for Aquarium, so it is kept, not checked.
    hashed_solution TEXT
);
