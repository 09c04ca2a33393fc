-- A concept's preferred term and FSN from one pass over its descriptions (and their language rows),
-- for lists that show both: the same choice as snomed_preferred_term and snomed_fsn (0034), whose
-- two calls read every description and language row of the concept twice, each call through the SQL
-- function executor. Used as `LEFT JOIN LATERAL snomed_concept_names(id, refset) n ON true`: a
-- set-returning SQL function of one SELECT, so PostgreSQL inlines it into the calling query (one
-- plan, no call per row). An unknown concept gives one row of NULLs (an aggregate over no rows).
CREATE FUNCTION snomed_concept_names(concept text, dialect_refset text)
RETURNS TABLE (preferred_term text, fsn text)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT (array_agg(d.term ORDER BY d.active DESC,
                                    CASE WHEN d.type_id = '900000000000550004' THEN 5
                                         WHEN d.type_id = '900000000000003001' THEN 4
                                         WHEN l.acceptability_id = '900000000000548007' THEN 0
                                         WHEN l.acceptability_id = '900000000000549004' THEN 1
                                         ELSE 2 END,
                                    length(d.id), d.id))[1],
         (array_agg(d.term ORDER BY d.active DESC, (l.acceptability_id = '900000000000548007') DESC NULLS LAST, length(d.id), d.id)
            FILTER (WHERE d.type_id = '900000000000003001'))[1]
    FROM snomed_concepts d
    LEFT JOIN snomed_language_refset l ON l.referenced_component_id = d.id AND l.refset_id = dialect_refset AND l.active
   WHERE d.concept_id = concept
$$;
