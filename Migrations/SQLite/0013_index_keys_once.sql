-- The index on names, and the one on conversations, hold each row's sequence
-- once. Every entry of a SQLite index ends with the row's key, which for
-- this table is seq itself; an index on (name_code, seq) therefore stored
-- seq twice. An index on name_code alone keeps the same order (equal codes
-- in key order) and answers `name_code = ? AND seq > ? ORDER BY seq` the
-- same way, with entries about four bytes shorter: about six bytes of each
-- notice, as the index grows, in the generated journal of
-- docs/Performance.md.
DROP INDEX notices_by_name;
CREATE INDEX notices_by_name ON notices (name_code);

DROP INDEX notices_by_conversation;
CREATE INDEX notices_by_conversation ON notices (conversation) WHERE conversation IS NOT NULL;
