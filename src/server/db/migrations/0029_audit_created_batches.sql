-- The create events of a bulk import's rows, one stored row per batch ("one event per
-- created row, cheaply enough to keep bench/import within 10 %"). One audit_log row per created
-- node or relation, with its JSON changes and three index entries, made the node upload's batches
-- 20–28 % slower; this table keeps the same events as parallel arrays, one row per batch, and the
-- view audit_events below gives them back as one event per created record, with the changes and
-- detail the per-row rows had. Every reader (history, restore, the log, its export, analytics)
-- reads audit_events; writers other than the imports keep writing audit_log.
CREATE TABLE audit_created_batches (
  -- The events' sequence: a batch's events sort among the others by when they were written.
  id bigint PRIMARY KEY DEFAULT nextval('audit_log_id_seq'),
  at timestamptz NOT NULL DEFAULT now(),
  actor_id uuid,
  actor_name text,
  entity_type text NOT NULL CHECK (entity_type IN ('node', 'relation')),
  job_id text,
  -- One element per created record, in the order of its event within the batch.
  entity_ids uuid[] NOT NULL,
  -- Nodes: name, node type name, SNOMED code. Relations: relation name, type name.
  names text[] NOT NULL,
  type_names text[] NOT NULL,
  snomed_codes text[],
  -- Relations only: the state a restore returns to (relation-audit.ts) and the changes shown.
  source_ids uuid[],
  target_ids uuid[],
  type_ids uuid[],
  source_names text[],
  target_names text[],
  weights int[],
  urls text[],
  descriptions text[]
);
-- A record's history finds the batch that created it (the log's other filters are per batch).
CREATE INDEX audit_created_batches_ids ON audit_created_batches USING gin (entity_ids);
CREATE INDEX audit_created_batches_actor ON audit_created_batches (actor_id, id DESC);
CREATE INDEX audit_created_batches_at ON audit_created_batches (at);

-- Immutable like audit_log (0011): only the retention purge deletes, with kg.audit_purge set.
CREATE TRIGGER audit_created_batches_immutable BEFORE UPDATE OR DELETE ON audit_created_batches
  FOR EACH ROW EXECUTE FUNCTION audit_log_immutable();

-- Every event, one row each: audit_log's as they are (ord 0), and each batch's, one per created
-- record (ord 1…n), with the changes and detail INSERT_NODES_SQL and INSERT_RELATIONS_SQL wrote
-- per row before. `id` is the API's event id: audit_log's number, or "<batch>.<ord>" for a batch's
-- event; (seq, ord) orders them. `source` is a constant per branch, so a query that names it reads
-- only that table; `batch_ids` lets a record's history reach its batch through the GIN index
-- (history.ts): a condition on the unnested entity_id alone would unnest every batch.
-- `batch_text` is what a batch event's text search can match without its JSON being built: each
-- value as its JSON token (escaped as in `changes`) and the other searched columns, one apart from the
-- next (audit-log/repository.ts uses it for a term that cannot cross a token).
CREATE VIEW audit_events AS
SELECT id::text AS id, id AS seq, 0::bigint AS ord, 'log'::text AS source, NULL::uuid[] AS batch_ids, NULL::text AS batch_text,
       at, actor_id, actor_name, action, entity_type, entity_id, changes, detail
  FROM audit_log
UNION ALL
SELECT b.id::text || '.' || r.ord, b.id, r.ord, 'batch'::text, b.entity_ids,
       concat_ws(chr(1), b.actor_name, 'create', 'node', r.eid::text, to_json(r.name)::text, to_json(r.type_name)::text,
                 to_json(r.code)::text, to_json(b.job_id)::text),
       b.at, b.actor_id, b.actor_name, 'create'::text, 'node'::text, r.eid::text,
       jsonb_build_array(jsonb_build_object('field', 'name', 'before', NULL, 'after', r.name),
                         jsonb_build_object('field', 'nodeType', 'before', NULL, 'after', r.type_name))
         || CASE WHEN r.code IS NULL THEN '[]'::jsonb
                 ELSE jsonb_build_array(jsonb_build_object('field', 'snomedCode', 'before', NULL, 'after', r.code)) END,
       jsonb_build_object('jobId', b.job_id)
  FROM audit_created_batches b
 CROSS JOIN LATERAL unnest(b.entity_ids, b.names, b.type_names, b.snomed_codes) WITH ORDINALITY AS r(eid, name, type_name, code, ord)
 WHERE b.entity_type = 'node'
UNION ALL
SELECT b.id::text || '.' || r.ord, b.id, r.ord, 'batch'::text, b.entity_ids,
       concat_ws(chr(1), b.actor_name, 'create', 'relation', r.eid::text, to_json(r.name)::text, to_json(r.type_name)::text,
                 to_json(r.source_name)::text, to_json(r.target_name)::text, to_json(r.w)::text, to_json(r.url)::text,
                 to_json(r.descr)::text, to_json(b.job_id)::text),
       b.at, b.actor_id, b.actor_name, 'create'::text, 'relation'::text, r.eid::text,
       jsonb_build_array(jsonb_build_object('field', 'relationName', 'before', NULL, 'after', r.name),
                         jsonb_build_object('field', 'relationType', 'before', NULL, 'after', r.type_name),
                         jsonb_build_object('field', 'sourceNodeName', 'before', NULL, 'after', r.source_name),
                         jsonb_build_object('field', 'targetNodeName', 'before', NULL, 'after', r.target_name),
                         jsonb_build_object('field', 'weight', 'before', NULL, 'after', r.w))
         || CASE WHEN r.url IS NULL THEN '[]'::jsonb
                 ELSE jsonb_build_array(jsonb_build_object('field', 'url', 'before', NULL, 'after', r.url)) END
         || CASE WHEN r.descr IS NULL THEN '[]'::jsonb
                 ELSE jsonb_build_array(jsonb_build_object('field', 'description', 'before', NULL, 'after', r.descr)) END,
       jsonb_build_object(
         'state', jsonb_build_object(
           'sourceNodeId', r.s, 'targetNodeId', r.t, 'sourceNodeName', r.source_name, 'targetNodeName', r.target_name,
           'relationName', r.name, 'relationType', r.type_name, 'relationTypeId', r.ty, 'weight', r.w,
           'url', r.url, 'description', r.descr, 'note', NULL),
         'jobId', b.job_id)
  FROM audit_created_batches b
 CROSS JOIN LATERAL unnest(b.entity_ids, b.names, b.type_names, b.source_ids, b.target_ids, b.type_ids,
                           b.source_names, b.target_names, b.weights, b.urls, b.descriptions)
         WITH ORDINALITY AS r(eid, name, type_name, s, t, ty, source_name, target_name, w, url, descr, ord)
 WHERE b.entity_type = 'relation';

-- The log's pages without unnesting: one row per audit_log event and one per batch with its number
-- of events, with the columns the log's filters other than its text search use (the same names as
-- audit_events'). audit-log/repository.ts finds a page's keys here, then unnests only the batches
-- the page reaches; ordering audit_events itself would unnest and sort every batch.
CREATE VIEW audit_event_keys AS
SELECT id AS seq, 1::bigint AS events, at, actor_id, actor_name, action, entity_type
  FROM audit_log
UNION ALL
SELECT id, cardinality(entity_ids)::bigint, at, actor_id, actor_name, 'create'::text, entity_type
  FROM audit_created_batches;
