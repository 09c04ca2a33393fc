-- The index that finds a record's create event (audit_created_batches_ids, migration 0029) takes
-- its entries directly instead of through a GIN pending list (no request waits behind
-- an import). Every import batch adds one uuid per created record; with the pending list, the
-- embedded database's 1 MB limit overflowed every ~100 batches of the node upload, and that
-- batch's insert merged the whole list inside its own statement: 65-90 ms, every ~3 s of a
-- 200k-row upload, the slowest statements of the upload and most of a search's p99 while it ran
-- (bench/results/import-notes.md). Each uuid is its own key, so a merge saves nothing over
-- inserting the entries one batch at a time: the same work, spread evenly.
ALTER INDEX audit_created_batches_ids SET (fastupdate = off);
-- Entries already waiting in the list stay there until merged: merge them now.
SELECT gin_clean_pending_list('audit_created_batches_ids'::regclass);
