-- Notices a durable subscriber's handler threw for on every delivery, set
-- aside while the subscriber went on: the last error's text, how many
-- deliveries it had, when it was parked (milliseconds since 1970) and
-- whether a replay of it was asked for and not yet handed over.
CREATE TABLE parked_notices (
    subscriber text    NOT NULL,
    seq        bigint  NOT NULL,
    error      text    NOT NULL,
    deliveries integer NOT NULL CHECK (deliveries > 0),
    parked_at  bigint  NOT NULL,
    replay     boolean NOT NULL DEFAULT false,
    PRIMARY KEY (subscriber, seq)
);
