-- Bulk-imported nodes in the order of their file. An upload's nodes now share the
-- job's creation time as created_at (node-import.ts), so "newest first" puts the newest import first;
-- import_seq is the row's position among the file's valid rows and breaks that tie. Nodes created one
-- by one keep 0. The list sorts created_at one way and import_seq the other (node repository), so the
-- ascending list is the descending one reversed and both walk this index, forwards or backwards.
ALTER TABLE nodes ADD COLUMN import_seq integer NOT NULL DEFAULT 0;
DROP INDEX IF EXISTS nodes_created_at;
CREATE INDEX nodes_created_order ON nodes (created_at, import_seq DESC, id);
