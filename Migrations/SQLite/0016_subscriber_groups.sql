-- Durable subscribers whose name a group of processes runs (`grouped` 1):
-- each notice goes to one member, leased to it until it is handled. A
-- group's cursor is the last notice handed out, not the last handled.
ALTER TABLE subscribers ADD COLUMN grouped INTEGER NOT NULL DEFAULT 0;

-- The notices a group's members took and have not finished: which member
-- took each, when its lease runs out (milliseconds since 1970) and another
-- member may take it, and how many times it was taken.
CREATE TABLE subscriber_leases (
    subscriber TEXT    NOT NULL,
    seq        INTEGER NOT NULL,
    member     TEXT    NOT NULL,
    expires_at INTEGER NOT NULL,
    takes      INTEGER NOT NULL DEFAULT 1 CHECK (takes > 0),
    PRIMARY KEY (subscriber, seq)
) WITHOUT ROWID;
