-- Indexes for the FHIR terminology operations over stored code systems.
-- The hierarchy is walked downwards (is-a and descendent-of filters, $subsumes, the children of
-- $lookup) by asking which concepts name a code among their parents: without this index each step
-- of that walk reads every concept of the code system.
-- fastupdate off: each step of a walk is one index probe, and a pending list (read whole by every
-- probe until it is flushed) would make a walk over a freshly written code system take seconds.
CREATE INDEX fhir_concepts_parents ON fhir_concepts USING gin (parent_codes) WITH (fastupdate = off);
-- $expand's text filter matches word starts in the lower-cased display (LIKE 'w%' / '% w%'): a
-- trigram index answers those without reading the whole code system.
CREATE INDEX fhir_concepts_display_trgm ON fhir_concepts USING gin (lower(display) gin_trgm_ops) WITH (fastupdate = off);
