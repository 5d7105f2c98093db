-- Erasure of one key (HubJournal.erase): the numbers of the notices erased are
-- recorded as runs among those retention by name removed, marked erased = 1, so
-- that a check of the journal says how many were erased on purpose. Runs written
-- before are retention's. A column with a constant default is a change to the
-- table's definition only: no row is rewritten.
ALTER TABLE removed_sequences ADD COLUMN erased INTEGER NOT NULL DEFAULT 0 CHECK (erased IN (0, 1));
