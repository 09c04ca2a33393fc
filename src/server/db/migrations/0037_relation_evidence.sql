-- Why a relation is believed: its sources (a PubMed id, a DOI, a web address or a citation in
-- words), each with an optional quote and grade, in the order the curator gave them. A table of
-- its own rather than a JSON column: a count of relations with and without evidence, and a
-- future filter by grade, read it with an index; the rows go with their relation.
CREATE TABLE relation_evidence (
  relation_id uuid NOT NULL REFERENCES relations(id) ON DELETE CASCADE,
  seq smallint NOT NULL CHECK (seq >= 0),
  source text NOT NULL CHECK (source <> ''),
  quote text,
  grade text CHECK (grade IN ('high', 'moderate', 'low', 'very low')),
  PRIMARY KEY (relation_id, seq)
);
