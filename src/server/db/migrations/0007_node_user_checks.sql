-- nodes.created_by / updated_by: the same guarantees as the foreign keys they replace
-- (every id names an existing user, locked against deletion until the writer commits; a
-- deleted user's ids become NULL), checked once per statement instead of once per row.
-- A foreign key runs two lookups with a row lock per inserted node (one per column): a
-- 100k-row bulk upload spent ~1.4 s of its ~5.4 s in them (bench/results/import-notes.md).

ALTER TABLE nodes DROP CONSTRAINT IF EXISTS nodes_created_by_fkey;
ALTER TABLE nodes DROP CONSTRAINT IF EXISTS nodes_updated_by_fkey;

CREATE FUNCTION nodes_check_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  locked integer;
BEGIN
  SELECT count(*) INTO wanted FROM (
    SELECT created_by AS id FROM new_rows WHERE created_by IS NOT NULL
    UNION SELECT updated_by FROM new_rows WHERE updated_by IS NOT NULL) ids;
  IF wanted = 0 THEN
    RETURN NULL;
  END IF;
  -- Lock first, then count: a user deleted by a transaction we waited for is not returned.
  SELECT count(*) INTO locked FROM (
    SELECT 1 FROM users
     WHERE id IN (SELECT created_by FROM new_rows UNION SELECT updated_by FROM new_rows)
       FOR KEY SHARE) u;
  IF locked < wanted THEN
    RAISE EXCEPTION 'insert or update on table "nodes" references a user that does not exist'
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger.
CREATE TRIGGER nodes_users_on_insert AFTER INSERT ON nodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_check_users();
CREATE TRIGGER nodes_users_on_update AFTER UPDATE ON nodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_check_users();

-- ON DELETE SET NULL, as the foreign keys did it. One UPDATE for both columns: a row left
-- naming the deleted user in the other column would fail the check above.
CREATE FUNCTION users_clear_node_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE nodes
     SET created_by = NULLIF(created_by, OLD.id),
         updated_by = NULLIF(updated_by, OLD.id)
   WHERE created_by = OLD.id OR updated_by = OLD.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_clear_node_references AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_clear_node_references();
