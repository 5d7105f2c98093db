-- Durable subscribers whose name a group of processes runs (`grouped`):
-- each notice goes to one member, leased to it until it is handled. A
-- group's cursor is the last notice handed out, not the last handled.
ALTER TABLE subscribers ADD COLUMN grouped boolean NOT NULL DEFAULT false;

-- The notices a group's members took and have not finished: which member
-- took each, when its lease runs out (milliseconds since 1970, the
-- server's clock) and another member may take it, and how many times it
-- was taken.
CREATE TABLE subscriber_leases (
    subscriber text    NOT NULL,
    seq        bigint  NOT NULL,
    member     text    NOT NULL,
    expires_at bigint  NOT NULL,
    takes      integer NOT NULL DEFAULT 1 CHECK (takes > 0),
    PRIMARY KEY (subscriber, seq)
);
