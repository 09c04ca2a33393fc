-- The SNOMED catalogue lists rows by id as a number (ORDER BY length(id), id). With this index a
-- page is read in that order and the scan stops after the page: browsing a 1.6M-row catalogue no
-- longer sorts every row, and a search for a frequent word stops after its first matches instead
-- of fetching and sorting thousands (src/server/modules/snomed/repository.ts).
CREATE INDEX IF NOT EXISTS snomed_concepts_id_order ON snomed_concepts ((length(id)), id);
