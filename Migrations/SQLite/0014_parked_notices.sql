-- Notices a durable subscriber's handler threw for on every delivery, set
-- aside while the subscriber went on: the last error's text, how many
-- deliveries it had, when it was parked (milliseconds since 1970) and
-- whether a replay of it was asked for (1) and not yet handed over.
CREATE TABLE parked_notices (
    subscriber TEXT    NOT NULL,
    seq        INTEGER NOT NULL,
    error      TEXT    NOT NULL,
    deliveries INTEGER NOT NULL CHECK (deliveries > 0),
    parked_at  INTEGER NOT NULL,
    replay     INTEGER NOT NULL DEFAULT 0 CHECK (replay IN (0, 1)),
    PRIMARY KEY (subscriber, seq)
) WITHOUT ROWID;
