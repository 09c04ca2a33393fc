-- Relation-type rules: which node types a relation type may start from and end at
-- (by node type id, so renaming a node type keeps its rules; no row = any type), whether it is
-- symmetric (one stored relation reading both ways, so A→B and B→A are duplicates) and the weight a
-- new relation of the type starts with. Rules are checked when a relation is written
-- (relations/rules.ts); relations made before a rule are kept and listed (?ruleViolations=true).
-- SYMMETRIC is a reserved word (BETWEEN SYMMETRIC): quote it wherever it stands unqualified.
ALTER TABLE relation_types ADD COLUMN "symmetric" boolean NOT NULL DEFAULT false;
ALTER TABLE relation_types ADD COLUMN default_weight integer NULL CHECK (default_weight BETWEEN 1 AND 100);

CREATE TABLE relation_type_source_node_types (
  relation_type_id uuid NOT NULL REFERENCES relation_types (id) ON DELETE CASCADE,
  node_type_id uuid NOT NULL REFERENCES node_types (id) ON DELETE CASCADE,
  PRIMARY KEY (relation_type_id, node_type_id)
);
CREATE TABLE relation_type_target_node_types (
  relation_type_id uuid NOT NULL REFERENCES relation_types (id) ON DELETE CASCADE,
  node_type_id uuid NOT NULL REFERENCES node_types (id) ON DELETE CASCADE,
  PRIMARY KEY (relation_type_id, node_type_id)
);
-- "Which relation types use this node type" (node type delete cascades, rule-breaking queries).
CREATE INDEX relation_type_source_node_types_node_type ON relation_type_source_node_types (node_type_id);
CREATE INDEX relation_type_target_node_types_node_type ON relation_type_target_node_types (node_type_id);

-- A second relation with the same source, target and type is refused (409). The write paths check
-- it, reversed pair included for symmetric types, under a transaction lock on the unordered pair
-- (relations/duplicates.ts); this unique index is the database's own guard for the same direction.
-- A database that already holds duplicates must still migrate: then the index is made without
-- UNIQUE (the application check still refuses new duplicates) and the next migration run after
-- the duplicates are removed does not retry it — an operator recreates it by hand (docs/architecture/knowledge.md, "Relation-type rules").
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM relations GROUP BY source_node_id, target_node_id, relation_type_id HAVING count(*) > 1) THEN
    RAISE NOTICE 'relations hold duplicates: relations_same_ends is not unique';
    CREATE INDEX relations_same_ends ON relations (source_node_id, target_node_id, relation_type_id);
  ELSE
    CREATE UNIQUE INDEX relations_same_ends ON relations (source_node_id, target_node_id, relation_type_id);
  END IF;
END $$;
