-- FHIR terminology resources (CodeSystem, ValueSet, ConceptMap) served under /fhir. The resource is
-- kept whole as JSON (what a read returns); the search parameters are columns so a search never
-- opens the JSON. Several versions of one canonical url live side by side, each its own resource.
CREATE TABLE fhir_resources (
  resource_type text NOT NULL CHECK (resource_type IN ('CodeSystem', 'ValueSet', 'ConceptMap')),
  id text NOT NULL CHECK (id ~ '^[A-Za-z0-9.-]{1,64}$'),
  -- FHIR's meta.versionId and the ETag W/"n": moves on by one at every update.
  version_id integer NOT NULL DEFAULT 1,
  url text,
  version text,
  name text,
  title text,
  status text NOT NULL,
  last_updated timestamptz NOT NULL DEFAULT now(),
  resource jsonb NOT NULL,
  PRIMARY KEY (resource_type, id)
);
CREATE INDEX fhir_resources_url ON fhir_resources (resource_type, url, version);
CREATE INDEX fhir_resources_name ON fhir_resources (resource_type, lower(name));
CREATE INDEX fhir_resources_title ON fhir_resources (resource_type, lower(title));

-- A CodeSystem's concepts, one row each, so that operations ($lookup, $validate-code, $expand)
-- find a code by index instead of walking the resource's JSON: a code system may hold a million.
-- parent_codes: the codes it is nested under in the resource (and its `parent` properties).
CREATE TABLE fhir_concepts (
  resource_type text NOT NULL DEFAULT 'CodeSystem' CHECK (resource_type = 'CodeSystem'),
  code_system_id text NOT NULL,
  code text NOT NULL,
  -- Place in the resource (depth-first), so an expansion lists concepts as the resource does.
  seq integer NOT NULL,
  display text,
  definition text,
  parent_codes text[] NOT NULL DEFAULT '{}',
  properties jsonb NOT NULL DEFAULT '[]',
  designations jsonb NOT NULL DEFAULT '[]',
  PRIMARY KEY (code_system_id, code),
  FOREIGN KEY (resource_type, code_system_id) REFERENCES fhir_resources (resource_type, id) ON DELETE CASCADE
);
CREATE INDEX fhir_concepts_order ON fhir_concepts (code_system_id, seq);
