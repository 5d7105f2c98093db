-- The state the journal starts from: each projection's tables as of the
-- notice before the journal's first retained one. A trim that has projections
-- to keep writes it, in the transaction that raises the first retained
-- sequence; an import of a journal's tail loads it. A rebuild starts from it
-- and replays the notices after `through`. One row per table row: `cells`
-- holds its values as a JSON array, in the order of the table's columns,
-- which the row at `position` 0 lists by name.
CREATE TABLE projection_snapshots (
    identity       text    NOT NULL,
    version        bigint  NOT NULL,
    schema_version bigint  NOT NULL,
    through        bigint  NOT NULL CHECK (through >= 0),
    table_name     text    NOT NULL,
    position       bigint  NOT NULL CHECK (position >= 0),
    cells          text    NOT NULL,
    PRIMARY KEY (identity, table_name, position)
);
