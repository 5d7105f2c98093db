-- How many times each durable subscriber's cursor was reset. A running
-- subscriber saves its cursor only while the count is the one it read, so
-- that a reset made while it delivers a batch is not overwritten: the
-- subscriber reads the reset cursor instead and goes on from there.
ALTER TABLE subscribers ADD COLUMN resets INTEGER NOT NULL DEFAULT 0;
