-- Conversations: what part a notice plays (NULL for an ordinary notice;
-- 'request', 'reply' or 'failure' for a request answered across processes and
-- its answers), the id of the conversation it belongs to and the id of the
-- notice that caused it.
ALTER TABLE notices ADD COLUMN kind TEXT CHECK (kind IN ('request', 'reply', 'failure'));
ALTER TABLE notices ADD COLUMN conversation TEXT;
ALTER TABLE notices ADD COLUMN cause TEXT;

-- tail --conversation.
CREATE INDEX notices_by_conversation ON notices (conversation, seq) WHERE conversation IS NOT NULL;

-- Responders answering requests from other processes. Each row is live while
-- its process holds the lock on byte `key` of the file <journal>-responders;
-- a requester counts the rows whose byte is locked, and deletes the others.
CREATE TABLE responders (
    key        INTEGER PRIMARY KEY,
    name       TEXT    NOT NULL,         -- the request name or pattern answered
    responder  TEXT    NOT NULL,         -- who answers: the replies' sender
    started_at INTEGER NOT NULL          -- milliseconds since 1970-01-01 UTC
);
