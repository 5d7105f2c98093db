-- Ids as 16 bytes: a notice's id, conversation and cause hold the UUID's
-- bytes, most significant first (a version-7 id's bytes sort by time), in
-- a BLOB, where they held its 36 characters of text. That takes about 40
-- bytes off every notice, half in the table and half in the index on ids.
-- SQLite cannot change a column's type, so the table is built again under
-- its own name and the rows copied in sequence order, as SQLite documents
-- for other schema changes; the copy costs about what writing the journal once does, and the
-- old table's pages stay free in the file for later notices (a journal with
-- incremental auto-vacuum gives them back at its next trim).
-- noticehub_uuid_bytes is defined by the migrator: canonical UUID text to
-- its 16 bytes, anything else kept as found, so that a row edited behind the
-- journal's back is still reported by verify rather than stopping the
-- migration.
ALTER TABLE notices RENAME TO notices_as_text;

CREATE TABLE notices (
    seq          INTEGER PRIMARY KEY,
    id           BLOB    NOT NULL UNIQUE,   -- 16 bytes, kept by export/import
    name         TEXT    NOT NULL,
    sender       TEXT,
    payload      TEXT    NOT NULL,          -- compact JSON: json_extract(payload, '$.user')
    posted_at    INTEGER NOT NULL,          -- milliseconds since 1970-01-01 UTC
    kind         TEXT CHECK (kind = 'request' OR kind = 'reply' OR kind = 'failure'),
    conversation BLOB,                      -- 16 bytes, or NULL
    cause        BLOB,                      -- 16 bytes, or NULL
    version      INTEGER NOT NULL DEFAULT 1 CHECK (version BETWEEN 1 AND 2147483647),
    metadata     TEXT
);

INSERT INTO notices
    (seq, id, name, sender, payload, posted_at, kind, conversation, cause, version, metadata)
SELECT seq, noticehub_uuid_bytes(id), name, sender, payload, posted_at, kind,
       noticehub_uuid_bytes(conversation), noticehub_uuid_bytes(cause), version, metadata
  FROM notices_as_text ORDER BY seq;

DROP TABLE notices_as_text;

-- tail --name and replay filtered by name.
CREATE INDEX notices_by_name ON notices (name, seq);
-- tail --conversation.
CREATE INDEX notices_by_conversation ON notices (conversation, seq) WHERE conversation IS NOT NULL;
