-- The registry of installed projections: an app's own state, kept in its own
-- tables by an inline projection. (Version 2 of this schema once made the news
-- example's tables; those now belong to that projection, so the number is not
-- used again.)
CREATE TABLE projections (
    identity        TEXT    PRIMARY KEY,
    version         INTEGER NOT NULL,    -- of the logic that built the state
    schema_version  INTEGER NOT NULL,    -- the last of its migrations applied
    names           TEXT    NOT NULL,    -- the names and patterns it handles, one per line
    current_through INTEGER NOT NULL,    -- its state is current through this sequence
    generation      INTEGER NOT NULL,    -- raised by every install and rebuild: writers re-read the registry
    updated_at      INTEGER NOT NULL     -- milliseconds since 1970-01-01 UTC
) WITHOUT ROWID;
