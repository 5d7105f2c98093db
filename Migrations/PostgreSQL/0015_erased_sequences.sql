-- Erasure of one key (HubJournal.erase): the numbers of the notices erased are
-- recorded as runs among those retention by name removed, marked erased, so that
-- a check of the journal says how many were erased on purpose. Runs written
-- before are retention's. A column with a constant default is a change to the
-- catalog only: no row is rewritten.
ALTER TABLE removed_sequences ADD COLUMN erased boolean NOT NULL DEFAULT false;
