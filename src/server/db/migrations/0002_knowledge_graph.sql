-- The knowledge graph: typed nodes, typed weighted directed relations, attachments,
-- the SNOMED concept catalogue and import jobs. Types are referenced by key, so renaming
-- a type keeps every node and relation attached.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE node_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (btrim(name) <> ''),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX node_types_name_ci ON node_types (lower(name));

CREATE TABLE relation_types (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (btrim(name) <> ''),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX relation_types_name_ci ON relation_types (lower(name));

CREATE TABLE nodes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL CHECK (btrim(name) <> ''),
  node_type_id uuid NOT NULL REFERENCES node_types (id),
  snomed_code text,
  url text,
  description text,
  note text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX nodes_name_type_ci ON nodes (lower(name), node_type_id);
CREATE UNIQUE INDEX nodes_snomed_code ON nodes (snomed_code) WHERE snomed_code IS NOT NULL AND snomed_code <> '';
CREATE INDEX nodes_type ON nodes (node_type_id);
CREATE INDEX nodes_created_at ON nodes (created_at DESC);
CREATE INDEX nodes_name_trgm ON nodes USING gin (name gin_trgm_ops);
CREATE INDEX nodes_description_trgm ON nodes USING gin (description gin_trgm_ops);
CREATE INDEX nodes_snomed_trgm ON nodes USING gin (snomed_code gin_trgm_ops);

CREATE TABLE relations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  source_node_id uuid NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
  target_node_id uuid NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
  relation_type_id uuid NOT NULL REFERENCES relation_types (id),
  relation_name text NOT NULL,
  weight integer NOT NULL DEFAULT 50 CHECK (weight BETWEEN 1 AND 100),
  url text,
  description text CHECK (char_length(description) <= 500),
  note text CHECK (char_length(note) <= 250),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (source_node_id <> target_node_id)
);
CREATE INDEX relations_source ON relations (source_node_id);
CREATE INDEX relations_target ON relations (target_node_id);
CREATE INDEX relations_type ON relations (relation_type_id);
CREATE INDEX relations_name_trgm ON relations USING gin (relation_name gin_trgm_ops);

CREATE TABLE attachments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  node_id uuid NOT NULL REFERENCES nodes (id) ON DELETE CASCADE,
  filename text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL,
  blob_key text NOT NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX attachments_node ON attachments (node_id);

-- One row per RF2 description; id is the description id of the source file.
CREATE TABLE snomed_concepts (
  id text PRIMARY KEY,
  concept_id text NOT NULL,
  term text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  effective_time text,
  module_id text,
  language_code text NOT NULL DEFAULT 'en',
  type_id text,
  case_significance_id text
);
CREATE INDEX snomed_concept_id ON snomed_concepts (concept_id);
CREATE INDEX snomed_term_trgm ON snomed_concepts USING gin (term gin_trgm_ops);

CREATE TABLE import_jobs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('nodes', 'snomed')),
  status text NOT NULL CHECK (status IN ('processing', 'inserting', 'completed', 'error')),
  progress integer NOT NULL DEFAULT 0,
  message text NOT NULL DEFAULT '',
  filename text,
  summary jsonb,
  error_report_key text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
