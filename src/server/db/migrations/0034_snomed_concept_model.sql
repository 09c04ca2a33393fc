-- The RF2 concept model beside the description rows of snomed_concepts (which keep their table and
-- name): the concept file (activity, definition status), the relationships (the is-a hierarchy and
-- the attribute relationships), the language reference sets (which description is preferred or
-- acceptable in a dialect) and the historical associations (what replaced a retired concept).
-- Columns are the release files' own, snake_case; ids stay text (SCTIDs reach 18 digits, refset
-- member ids are UUIDs).
CREATE TABLE snomed_rf2_concepts (
  id text PRIMARY KEY,
  effective_time text,
  active boolean NOT NULL,
  module_id text,
  definition_status_id text
);

CREATE TABLE snomed_relationships (
  id text PRIMARY KEY,
  effective_time text,
  active boolean NOT NULL,
  module_id text,
  source_id text NOT NULL,
  destination_id text NOT NULL,
  relationship_group integer NOT NULL DEFAULT 0,
  type_id text NOT NULL,
  characteristic_type_id text,
  modifier_id text
);
-- Children and parents of a concept: only the active is-a rows (116680003), a third of the file.
CREATE INDEX snomed_isa_children ON snomed_relationships (destination_id, source_id) WHERE active AND type_id = '116680003';
CREATE INDEX snomed_isa_parents ON snomed_relationships (source_id, destination_id) WHERE active AND type_id = '116680003';

CREATE TABLE snomed_language_refset (
  id text PRIMARY KEY,
  effective_time text,
  active boolean NOT NULL,
  module_id text,
  refset_id text NOT NULL,
  referenced_component_id text NOT NULL,
  acceptability_id text NOT NULL
);
CREATE INDEX snomed_language_description ON snomed_language_refset (referenced_component_id, refset_id) WHERE active;

CREATE TABLE snomed_associations (
  id text PRIMARY KEY,
  effective_time text,
  active boolean NOT NULL,
  module_id text,
  refset_id text NOT NULL,
  referenced_component_id text NOT NULL,
  target_component_id text NOT NULL
);
CREATE INDEX snomed_associations_source ON snomed_associations (referenced_component_id) WHERE active;

-- "Descendants of": the transitive closure of the active is-a relationships (a concept is not
-- its own row; queries add it). Derived — rebuilt after each import that touches concepts or
-- relationships and after a restore, never in a backup. The primary key serves both "all
-- descendants of X" (a range of the index) and "is code C under X" (one probe).
CREATE TABLE snomed_closure (
  ancestor_id text NOT NULL,
  descendant_id text NOT NULL,
  PRIMARY KEY (ancestor_id, descendant_id)
);

-- A concept's preferred term in a dialect (its language reference set): the preferred synonym,
-- else an acceptable one, else any active synonym, else the FSN; for a concept without active
-- descriptions the same over all of them. Ties go to the lowest description id as a number.
-- Type ids: 900000000000003001 FSN, 900000000000550004 definition; acceptability
-- 900000000000548007 preferred, 900000000000549004 acceptable.
CREATE FUNCTION snomed_preferred_term(concept text, dialect_refset text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT d.term FROM snomed_concepts d
    LEFT JOIN snomed_language_refset l ON l.referenced_component_id = d.id AND l.refset_id = dialect_refset AND l.active
   WHERE d.concept_id = concept
   ORDER BY d.active DESC,
            CASE WHEN d.type_id = '900000000000550004' THEN 5
                 WHEN d.type_id = '900000000000003001' THEN 4
                 WHEN l.acceptability_id = '900000000000548007' THEN 0
                 WHEN l.acceptability_id = '900000000000549004' THEN 1
                 ELSE 2 END,
            length(d.id), d.id
   LIMIT 1
$$;

-- The fully specified name: the active FSN preferred in the dialect, else the first active FSN.
CREATE FUNCTION snomed_fsn(concept text, dialect_refset text) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT d.term FROM snomed_concepts d
    LEFT JOIN snomed_language_refset l ON l.referenced_component_id = d.id AND l.refset_id = dialect_refset AND l.active
   WHERE d.concept_id = concept AND d.type_id = '900000000000003001'
   ORDER BY d.active DESC, (l.acceptability_id = '900000000000548007') DESC NULLS LAST, length(d.id), d.id
   LIMIT 1
$$;
