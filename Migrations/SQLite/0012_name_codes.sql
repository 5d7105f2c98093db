-- Names and senders as codes, and the time kept in the id: a journal holds
-- a few dozen names and senders millions of times, so each is stored once,
-- in notice_names or notice_senders, and every row holds its small integer
-- code (one byte for the first 127); the index on names then holds codes
-- too. A notice's posted_at is left NULL when it is the time its version-7
-- id already carries (the id's first 48 bits, milliseconds since 1970),
-- which is so for every notice the library posts in the millisecond its
-- id is made. The columns mostly NULL come last, where SQLite leaves them
-- out of a row's header. Together that takes about 45 bytes off a notice
-- of the generated journal in docs/Performance.md.
--
-- named_notices shows the rows as they read before, names, senders and
-- times as text, for queries at a shell. The table is built again, as for
-- schema 10, and the rows copied in sequence order.
CREATE TABLE notice_names (
    code INTEGER PRIMARY KEY,
    name TEXT    NOT NULL UNIQUE
);

CREATE TABLE notice_senders (
    code   INTEGER PRIMARY KEY,
    sender TEXT    NOT NULL UNIQUE
);

INSERT INTO notice_names (name) SELECT DISTINCT name FROM notices ORDER BY name;
INSERT INTO notice_senders (sender)
SELECT DISTINCT sender FROM notices WHERE sender IS NOT NULL ORDER BY sender;

ALTER TABLE notices RENAME TO notices_by_text;

CREATE TABLE notices (
    seq          INTEGER PRIMARY KEY,
    id           BLOB    NOT NULL UNIQUE,   -- 16 bytes, kept by export/import
    name_code    INTEGER NOT NULL,          -- notice_names.code
    sender_code  INTEGER,                   -- notice_senders.code, or NULL
    payload      TEXT    NOT NULL,          -- compact JSON: json_extract(payload, '$.user')
    version      INTEGER NOT NULL DEFAULT 1 CHECK (version BETWEEN 1 AND 2147483647),
    posted_at    INTEGER,                   -- milliseconds since 1970-01-01 UTC, NULL: the id's
    kind         TEXT CHECK (kind = 'request' OR kind = 'reply' OR kind = 'failure'),
    conversation BLOB,                      -- 16 bytes, or NULL
    cause        BLOB,                      -- 16 bytes, or NULL
    metadata     TEXT
);

-- The id's time: its first six bytes as an integer, from their hexadecimal
-- digits, since SQLite has no function that reads a blob as a number.
INSERT INTO notices
    (seq, id, name_code, sender_code, payload, version, posted_at, kind, conversation, cause, metadata)
SELECT old.seq, old.id, names.code, senders.code, old.payload, old.version,
       CASE
           WHEN typeof(old.id) = 'blob' AND length(old.id) = 16 AND substr(hex(old.id), 13, 1) = '7'
                AND old.posted_at IS (
                    (instr('123456789ABCDEF', substr(hex(old.id), 1, 1)) << 44)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 2, 1)) << 40)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 3, 1)) << 36)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 4, 1)) << 32)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 5, 1)) << 28)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 6, 1)) << 24)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 7, 1)) << 20)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 8, 1)) << 16)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 9, 1)) << 12)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 10, 1)) << 8)
                    | (instr('123456789ABCDEF', substr(hex(old.id), 11, 1)) << 4)
                    | instr('123456789ABCDEF', substr(hex(old.id), 12, 1)))
           THEN NULL
           ELSE old.posted_at
       END,
       old.kind, old.conversation, old.cause, old.metadata
  FROM notices_by_text AS old
 CROSS JOIN notice_names AS names ON names.name = old.name
  LEFT JOIN notice_senders AS senders ON senders.sender = old.sender
 ORDER BY old.seq;

DROP TABLE notices_by_text;

-- tail --name and replay filtered by name.
CREATE INDEX notices_by_name ON notices (name_code, seq);
-- tail --conversation.
CREATE INDEX notices_by_conversation ON notices (conversation, seq) WHERE conversation IS NOT NULL;

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
           | instr('123456789ABCDEF', substr(hex(notices.id), 12, 1))) AS posted_at,
       notices.kind, notices.conversation, notices.cause, notices.version, notices.metadata
  FROM notices
  JOIN notice_names AS names ON names.code = notices.name_code
  LEFT JOIN notice_senders AS senders ON senders.code = notices.sender_code;
