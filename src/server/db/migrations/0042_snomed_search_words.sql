-- Concept search by words: one row per distinct word of each ACTIVE description, with the term's
-- length, so that "descriptions having a word that starts with X, shortest term first" is one range
-- of a btree read in display order and stopped after the page. The trigram index answers a frequent
-- word with every match (tens of thousands of rows read and sorted); this answers it with the page.
--
-- Derived from snomed_concepts alone and kept by the triggers below (set-based: once per statement,
-- over the statement's transition tables), so every writer — the RF2 and spreadsheet imports, the
-- API, a restore — fills it without knowing about it. Not in backups: a restore's rows refill it.
-- `word` is COLLATE "C" so that a prefix is a plain range of the btree on both databases.
CREATE FUNCTION snomed_search_words_of(term text) RETURNS SETOF text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(term), '[^[:alnum:]]+') w WHERE w <> ''
$$;

CREATE TABLE snomed_search_words (
  word text COLLATE "C" NOT NULL,
  term_length int NOT NULL,
  description_id text NOT NULL,
  concept_id text NOT NULL
);

CREATE FUNCTION snomed_search_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
  SELECT w, length(n.term), n.id, n.concept_id FROM new_rows n, snomed_search_words_of(n.term) w WHERE n.active;
  RETURN NULL;
END $$;

CREATE FUNCTION snomed_search_words_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM snomed_search_words s
   USING (SELECT w, length(o.term) AS len, o.id FROM old_rows o, snomed_search_words_of(o.term) w WHERE o.active) x
   WHERE s.word = x.w AND s.term_length = x.len AND s.description_id = x.id;
  RETURN NULL;
END $$;

-- An update re-indexes only the rows whose term, activity or concept changed (a second release
-- touches most rows' effective time alone).
CREATE FUNCTION snomed_search_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM snomed_search_words s
   USING (SELECT w, length(o.term) AS len, o.id
            FROM old_rows o JOIN new_rows n ON n.id = o.id, snomed_search_words_of(o.term) w
           WHERE o.active AND (n.term, n.active, n.concept_id) IS DISTINCT FROM (o.term, o.active, o.concept_id)) x
   WHERE s.word = x.w AND s.term_length = x.len AND s.description_id = x.id;
  -- A changed row id (not done by any writer) would leave its old words: re-key them here too.
  DELETE FROM snomed_search_words s
   USING (SELECT w, length(o.term) AS len, o.id FROM old_rows o, snomed_search_words_of(o.term) w
           WHERE o.active AND NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id)) x
   WHERE s.word = x.w AND s.term_length = x.len AND s.description_id = x.id;
  INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
  SELECT w, length(n.term), n.id, n.concept_id
    FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id, snomed_search_words_of(n.term) w
   WHERE n.active AND (o.id IS NULL OR (n.term, n.active, n.concept_id) IS DISTINCT FROM (o.term, o.active, o.concept_id));
  RETURN NULL;
END $$;

CREATE TRIGGER snomed_search_words_insert AFTER INSERT ON snomed_concepts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION snomed_search_words_insert();
CREATE TRIGGER snomed_search_words_update AFTER UPDATE ON snomed_concepts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION snomed_search_words_update();
CREATE TRIGGER snomed_search_words_delete AFTER DELETE ON snomed_concepts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION snomed_search_words_delete();

-- Existing installations: the words of the rows already there (before the index, which is then
-- built in one sorted pass rather than entry by entry).
INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
SELECT w, length(d.term), d.id, d.concept_id FROM snomed_concepts d, snomed_search_words_of(d.term) w WHERE d.active;

-- The page walk (word range, then term length, then description id) and, with the same key, the
-- triggers' deletes: a description's old words and length are known from its old row.
CREATE INDEX snomed_search_words_rank ON snomed_search_words (word, term_length, description_id) INCLUDE (concept_id);

ANALYZE snomed_search_words;
