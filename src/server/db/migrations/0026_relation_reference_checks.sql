-- What relations reference besides their end nodes (relation_type_id, created_by, updated_by):
-- the same guarantees as the foreign keys they replace, checked once per statement instead of
-- once per row — as migration 0007 did for nodes. Every id names an existing row, locked (FOR KEY
-- SHARE) against deletion until the writer commits; a relation type in use cannot be deleted
-- (23503, which the type admin turns into its 409); a deleted user's ids become NULL.
-- The three foreign keys cost ~0.7 s of the ~5.5 s a 100k-relation import spends in its INSERT
-- batches: a locked lookup of the same few rows per relation and column
-- (bench/import/relation-cost.ts, bench/results/import-notes.md). The end nodes keep their foreign
-- keys: their ON DELETE CASCADE removes a deleted node's relations.

ALTER TABLE relations DROP CONSTRAINT IF EXISTS relations_relation_type_id_fkey;
ALTER TABLE relations DROP CONSTRAINT IF EXISTS relations_created_by_fkey;
ALTER TABLE relations DROP CONSTRAINT IF EXISTS relations_updated_by_fkey;

-- Lock first, then count: a row deleted by a transaction we waited for is not returned. One
-- function for each referenced table (0007 wrote the same steps out for node types and users).
CREATE FUNCTION lock_referenced_rows(referenced regclass, ids uuid[], what text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  wanted integer;
  locked integer;
BEGIN
  SELECT count(DISTINCT id) INTO wanted FROM unnest(ids) id WHERE id IS NOT NULL;
  IF wanted = 0 THEN
    RETURN;
  END IF;
  EXECUTE format('SELECT count(*) FROM (SELECT 1 FROM %s WHERE id = ANY ($1) FOR KEY SHARE) t', referenced)
    INTO locked USING ids;
  IF locked < wanted THEN
    RAISE EXCEPTION 'insert or update on table "relations" references a % that does not exist', what
      USING ERRCODE = 'foreign_key_violation';
  END IF;
END $$;

CREATE FUNCTION relations_check_references(type_ids uuid[], user_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM lock_referenced_rows('relation_types', type_ids, 'relation type');
  PERFORM lock_referenced_rows('users', user_ids, 'user');
END $$;

CREATE FUNCTION relations_inserted_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM relations_check_references(
    ARRAY(SELECT DISTINCT relation_type_id FROM new_rows),
    ARRAY(SELECT created_by FROM new_rows UNION SELECT updated_by FROM new_rows));
  RETURN NULL;
END $$;

-- Like a foreign key, only references that changed are checked.
CREATE FUNCTION relations_updated_check_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM relations_check_references(
    ARRAY(SELECT DISTINCT n.relation_type_id FROM new_rows n JOIN old_rows o ON o.id = n.id
           WHERE n.relation_type_id <> o.relation_type_id),
    ARRAY(SELECT n.created_by FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.created_by IS DISTINCT FROM o.created_by
          UNION
          SELECT n.updated_by FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE n.updated_by IS DISTINCT FROM o.updated_by));
  RETURN NULL;
END $$;

-- Transition tables allow one event per trigger.
CREATE TRIGGER relations_references_on_insert AFTER INSERT ON relations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION relations_inserted_check_references();
CREATE TRIGGER relations_references_on_update AFTER UPDATE ON relations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION relations_updated_check_references();

-- A type in use stays (the old foreign key's NO ACTION). BEFORE ROW DELETE triggers run with
-- the type's row locked, so a relation being inserted with it concurrently either commits first
-- (and is seen here) or finds the type gone (and fails the check above).
CREATE FUNCTION relation_types_keep_in_use() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM relations WHERE relation_type_id = OLD.id) THEN
    RAISE EXCEPTION 'relation type "%" is still used by relations', OLD.name
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END $$;

CREATE TRIGGER relation_types_keep_in_use BEFORE DELETE ON relation_types
  FOR EACH ROW EXECUTE FUNCTION relation_types_keep_in_use();

-- ON DELETE SET NULL, as the foreign keys did it. One UPDATE for both columns: a row left
-- naming the deleted user in the other column would fail the check above.
CREATE FUNCTION users_clear_relation_references() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE relations
     SET created_by = NULLIF(created_by, OLD.id),
         updated_by = NULLIF(updated_by, OLD.id)
   WHERE created_by = OLD.id OR updated_by = OLD.id;
  RETURN NULL;
END $$;

CREATE TRIGGER users_clear_relation_references AFTER DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION users_clear_relation_references();
