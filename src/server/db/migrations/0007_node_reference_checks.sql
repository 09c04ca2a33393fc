-- What nodes reference (node_type_id, created_by, updated_by): the same guarantees as the
-- foreign keys they replace — every id names an existing row, locked (FOR KEY SHARE) against
-- deletion until the writer commits; a type in use cannot be deleted (23503, as before); a
-- deleted user's ids become NULL — checked once per statement instead of once per row.
-- A foreign key runs a lookup with a row lock per inserted node and column: a 100k-row bulk
-- upload's INSERTs spent ~1.7 s of their ~5.4 s in them (bench/import/insert-cost.ts).

ALTER TABLE nodes DROP CONSTRAINT IF EXISTS nodes_node_type_id_fkey;
ALTER TABLE nodes DROP CONSTRAINT IF EXISTS nodes_created_by_fkey;
ALTER TABLE nodes DROP CONSTRAINT IF EXISTS nodes_updated_by_fkey;

-- Lock first, then count: a row deleted by a transaction we waited for is not returned.
CREATE FUNCTION nodes_check_references(type_ids uuid[], user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  locked integer;
BEGIN
  SELECT count(DISTINCT id) INTO wanted FROM unnest(type_ids) id WHERE id IS NOT NULL;
  IF wanted > 0 THEN
    SELECT count(*) INTO locked FROM (SELECT 1 FROM node_types WHERE id = ANY (type_ids) FOR KEY SHARE) t;
    IF locked < wanted THEN
      RAISE EXCEPTION 'insert or update on table "nodes" references a node type that does not exist'
        USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
  SELECT count(DISTINCT id) INTO wanted FROM unnest(user_ids) id WHERE id IS NOT NULL;
  IF wanted > 0 THEN
    SELECT count(*) INTO locked FROM (SELECT 1 FROM users WHERE id = ANY (user_ids) FOR KEY SHARE) u;
    IF locked < wanted THEN
      RAISE EXCEPTION 'insert or update on table "nodes" references a user that does not exist'
        USING ERRCODE = 'foreign_key_violation';
    END IF;
  END IF;
END $$;

CREATE FUNCTION nodes_inserted_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nodes_check_references(
    ARRAY(SELECT DISTINCT node_type_id FROM new_rows),
    ARRAY(SELECT created_by FROM new_rows UNION SELECT updated_by FROM new_rows));
  RETURN NULL;
END $$;

-- Like a foreign key, only references that changed are checked: the degree updates that every
-- relation write makes (migration 0004) touch no reference and check nothing.
CREATE FUNCTION nodes_updated_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nodes_check_references(
    ARRAY(SELECT DISTINCT n.node_type_id FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE n.node_type_id <> o.node_type_id),
    ARRAY(SELECT n.created_by FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.created_by IS DISTINCT FROM o.created_by
          UNION
          SELECT n.updated_by FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.updated_by IS DISTINCT FROM o.updated_by));
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger.
CREATE TRIGGER nodes_references_on_insert AFTER INSERT ON nodes
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_inserted_check_references();
CREATE TRIGGER nodes_references_on_update AFTER UPDATE ON nodes
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION nodes_updated_check_references();

-- A type in use stays (the old foreign key's NO ACTION). BEFORE ROW DELETE triggers run with
-- the type's row locked, so a node being inserted with it concurrently either commits first
-- (and is seen here) or finds the type gone (and fails the check above).
CREATE FUNCTION node_types_keep_in_use() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM nodes WHERE node_type_id = OLD.id) THEN
    RAISE EXCEPTION 'node type "%" is still used by nodes', OLD.name
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER node_types_keep_in_use BEFORE DELETE ON node_types
  FOR EACH ROW EXECUTE FUNCTION node_types_keep_in_use();

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
