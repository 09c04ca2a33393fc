-- How many concepts lie under each concept with a large subtree (at least 1,000 descendants), kept
-- beside the is-a closure (0034) and rebuilt with it. "Is this concept under X" picks its plan by
-- the size of X's subtree (snomed/hierarchy.ts, underConceptSql); counting it in the closure on
-- every statement read up to 33,000 index entries (6 ms at the International size), a probe here
-- reads one. Derived, like the closure: not in backups, rebuilt after a restore.
CREATE TABLE snomed_subtree_sizes (
  concept_id text PRIMARY KEY,
  descendants integer NOT NULL
);

INSERT INTO snomed_subtree_sizes (concept_id, descendants)
SELECT ancestor_id, count(*)::int FROM snomed_closure GROUP BY ancestor_id HAVING count(*) >= 1000;
