-- A bulk path for the word index during the SNOMED imports. Their batch transactions set
-- `kg.snomed_words_deferred` to 'on' (transaction-local), and then the triggers only note which
-- description rows need words (an unindexed heap: appends, no btree); the import's last step adds the
-- words of every noted row in one sorted statement and empties the list. Every other writer — the API,
-- a restore, another connection — leaves the setting unset and keeps the immediate path.
-- The list commits with each batch, so a batch committed before a crash is still noted at the resume.
-- Old words are still removed at once (they are only known from the statement's old rows), so a noted
-- row has no words. A writer on the immediate path that gives a noted row its words takes it off the
-- list (a scan of the list, only while an import has rows on it), so the catch-up adds words without
-- checking the index for each.
-- Derived and transient, like the word table: not in backups (a restore recounts every row's words).
CREATE TABLE snomed_search_words_pending (description_id text NOT NULL);

CREATE OR REPLACE FUNCTION snomed_search_words_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('kg.snomed_words_deferred', true) = 'on' THEN
    INSERT INTO snomed_search_words_pending (description_id) SELECT n.id FROM new_rows n WHERE n.active;
    RETURN NULL;
  END IF;
  INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
  SELECT w, length(n.term), n.id, n.concept_id FROM new_rows n, snomed_search_words_of(n.term) w WHERE n.active;
  IF EXISTS (SELECT 1 FROM snomed_search_words_pending) THEN
    DELETE FROM snomed_search_words_pending p USING new_rows n WHERE p.description_id = n.id;
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION snomed_search_words_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  IF current_setting('kg.snomed_words_deferred', true) = 'on' THEN
    INSERT INTO snomed_search_words_pending (description_id)
    SELECT n.id FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
     WHERE n.active AND (o.id IS NULL OR (n.term, n.active, n.concept_id) IS DISTINCT FROM (o.term, o.active, o.concept_id));
    RETURN NULL;
  END IF;
  INSERT INTO snomed_search_words (word, term_length, description_id, concept_id)
  SELECT w, length(n.term), n.id, n.concept_id
    FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id, snomed_search_words_of(n.term) w
   WHERE n.active AND (o.id IS NULL OR (n.term, n.active, n.concept_id) IS DISTINCT FROM (o.term, o.active, o.concept_id));
  -- Re-indexed here (or now inactive): a noted row needs nothing more from the catch-up. An update
  -- that changed none of these leaves a noted row on the list (it still lacks its words).
  IF EXISTS (SELECT 1 FROM snomed_search_words_pending) THEN
    DELETE FROM snomed_search_words_pending p
     USING new_rows n LEFT JOIN old_rows o ON o.id = n.id
     WHERE p.description_id = n.id AND (o.id IS NULL OR (n.term, n.active, n.concept_id) IS DISTINCT FROM (o.term, o.active, o.concept_id));
  END IF;
  RETURN NULL;
END $$;
