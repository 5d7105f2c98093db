-- Compact rows. A notice's kind, cause, payload version, posting time and
-- metadata are what an ordinary notice leaves at their defaults, and each
-- column costs a byte of every row's header even when NULL, since SQLite
-- keeps a type for every column. So the five are one column, extra: NULL
-- for an ordinary notice, or a JSON object of the fields that differ,
--   {"kind":"reply","cause":"<uuid>","version":2,"posted_at":<ms>,"metadata":{...}}
-- and the table shows each field as a virtual column of its name, which
-- takes no space. Conversations keep a column of their own, for their index.
--
-- The indexes on names and conversations hold each row's sequence once:
-- SQLite ends every index entry with the row's key, which here is seq, so
-- an index on (name_code, seq) held it twice. An index on name_code alone
-- keeps the same order and answers `name_code = ? AND seq > ? ORDER BY
-- seq` the same way.
--
-- Together, about nine bytes of each notice of the generated journal in
-- docs/Performance.md. The table is built again, and the rows copied in
-- sequence order, as for schema 12.
DROP VIEW named_notices;
ALTER TABLE notices RENAME TO notices_before_extra;

CREATE TABLE notices (
    seq          INTEGER PRIMARY KEY,
    id           BLOB    NOT NULL UNIQUE,   -- 16 bytes, kept by export/import
    name_code    INTEGER NOT NULL,          -- notice_names.code
    sender_code  INTEGER,                   -- notice_senders.code, or NULL
    payload      TEXT    NOT NULL,          -- compact JSON: json_extract(payload, '$.user')
    conversation BLOB,                      -- 16 bytes, or NULL
    extra        TEXT,                      -- NULL, or a JSON object of the fields below
    kind         TEXT    AS (CASE WHEN json_valid(extra) THEN json_extract(extra, '$.kind') END),
    cause        TEXT    AS (CASE WHEN json_valid(extra) THEN json_extract(extra, '$.cause') END),
    version      INTEGER AS (coalesce(CASE WHEN json_valid(extra) THEN json_extract(extra, '$.version') END, 1)),
    posted_at    INTEGER AS (CASE WHEN json_valid(extra) THEN json_extract(extra, '$.posted_at') END),
    metadata     TEXT    AS (CASE WHEN json_valid(extra) THEN json_extract(extra, '$.metadata') END),
    -- Written with = and OR, not IN, which builds a table per insert; an
    -- ordinary notice's row stops at the first test.
    CHECK (extra IS NULL
           OR (json_valid(extra)
               AND (kind IS NULL OR kind = 'request' OR kind = 'reply' OR kind = 'failure')
               AND version BETWEEN 1 AND 2147483647))
);

-- json_patch leaves out the members whose value is NULL. Rows edited behind
-- the journal's back are copied as they are, checks off, for verify to name.
PRAGMA ignore_check_constraints = ON;
INSERT INTO notices (seq, id, name_code, sender_code, payload, conversation, extra)
SELECT seq, id, name_code, sender_code, payload, conversation,
       CASE
           WHEN kind IS NULL AND cause IS NULL AND version IS 1 AND posted_at IS NULL AND metadata IS NULL THEN NULL
           ELSE json_patch('{}', json_object(
               'kind', kind,
               'cause', CASE
                   WHEN typeof(cause) = 'blob' AND length(cause) = 16
                   THEN lower(substr(hex(cause), 1, 8) || '-' || substr(hex(cause), 9, 4) || '-'
                              || substr(hex(cause), 13, 4) || '-' || substr(hex(cause), 17, 4) || '-'
                              || substr(hex(cause), 21, 12))
                   ELSE cause
               END,
               'version', CASE WHEN version IS NOT 1 THEN version END,
               'posted_at', posted_at,
               'metadata', CASE WHEN json_valid(metadata) THEN json(metadata) ELSE metadata END))
       END
  FROM notices_before_extra
 ORDER BY seq;
PRAGMA ignore_check_constraints = OFF;

DROP TABLE notices_before_extra;

-- tail --name and replay filtered by name.
CREATE INDEX notices_by_name ON notices (name_code);
-- tail --conversation.
CREATE INDEX notices_by_conversation ON notices (conversation) WHERE conversation IS NOT NULL;

CREATE VIEW named_notices AS
SELECT notices.seq, notices.id, names.name, senders.sender, notices.payload,
       coalesce(notices.posted_at,
           (instr('123456789ABCDEF', substr(hex(notices.id), 1, 1)) << 44)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 2, 1)) << 40)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 3, 1)) << 36)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 4, 1)) << 32)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 5, 1)) << 28)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 6, 1)) << 24)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 7, 1)) << 20)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 8, 1)) << 16)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 9, 1)) << 12)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 10, 1)) << 8)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 11, 1)) << 4)
           | (instr('123456789ABCDEF', substr(hex(notices.id), 12, 1)) << 0)) AS posted_at,
       notices.kind, notices.conversation, notices.cause, notices.version, notices.metadata
  FROM notices
  JOIN notice_names AS names ON names.code = notices.name_code
  LEFT JOIN notice_senders AS senders ON senders.code = notices.sender_code;
