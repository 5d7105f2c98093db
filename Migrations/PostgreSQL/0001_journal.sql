-- The journal: every notice, in the order it was committed.
-- Sequence numbers come from journal_head, whose one row every append locks
-- until it commits: commit order is then sequence order, with no gap, and a
-- follower reading seq > cursor never sees a row appear behind it. (A
-- bigserial would let a transaction that took its number early commit late.)
CREATE TABLE journal_head (
    id       smallint PRIMARY KEY CHECK (id = 1),
    last_seq bigint   NOT NULL
);
INSERT INTO journal_head (id, last_seq) VALUES (1, 0);

CREATE TABLE notices (
    seq       bigint PRIMARY KEY,
    id        uuid   NOT NULL UNIQUE,    -- kept by export/import
    name      text   NOT NULL,
    sender    text,
    payload   text   NOT NULL,           -- the JSON text as posted: jsonb would reorder keys
    posted_at bigint NOT NULL            -- milliseconds since 1970-01-01 UTC
);

-- tail --name and replay filtered by name.
CREATE INDEX notices_by_name ON notices (name, seq);

-- Durable subscribers: the last sequence each one has handled.
CREATE TABLE subscribers (
    name       text   PRIMARY KEY,
    cursor     bigint NOT NULL DEFAULT 0,
    updated_at bigint NOT NULL
);
