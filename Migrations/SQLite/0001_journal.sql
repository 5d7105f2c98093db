-- The journal: every notice, in the order it was appended.
-- seq is the rowid: appends are ordered by the write lock, so commit order is
-- sequence order and followers never see a gap close behind them.
CREATE TABLE notices (
    seq       INTEGER PRIMARY KEY,
    id        TEXT    NOT NULL UNIQUE,   -- lowercase UUID, kept by export/import
    name      TEXT    NOT NULL,
    sender    TEXT,
    payload   TEXT    NOT NULL,          -- compact JSON: json_extract(payload, '$.user')
    posted_at INTEGER NOT NULL           -- milliseconds since 1970-01-01 UTC
);

-- tail --name and replay filtered by name.
CREATE INDEX notices_by_name ON notices (name, seq);

-- Durable subscribers: the last sequence each one has handled.
CREATE TABLE subscribers (
    name       TEXT    PRIMARY KEY,
    cursor     INTEGER NOT NULL DEFAULT 0,
    updated_at INTEGER NOT NULL
) WITHOUT ROWID;
