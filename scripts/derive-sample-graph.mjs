#!/usr/bin/env node
// Derives src/server/seed/sample-graph.json — the sample medical graph a new embedded database
// loads on first start — from the public datasets in ../shared/datasets (see docs/SAMPLE-DATA.md).
// The datasets stay outside the repository; only this small derived file is committed.
//
//   node scripts/derive-sample-graph.mjs [datasetsDir]
//
// Deterministic: no clock, no randomness, every choice ends in a total order, so the same
// inputs always give a byte-identical file.
import fs from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..');
const dataDir = path.resolve(process.argv[2] ?? path.resolve(repoRoot, '../shared/datasets'));
const outFile = path.join(repoRoot, 'src/server/seed/sample-graph.json');

// Selection knobs (see "choose" below); tuned to ~400 nodes and ~1,300 relations.
const SYMPTOMS_PER_DISEASE = 10;
const DRUGS_PER_DISEASE = 2;
const MIN_SHARED_INDICATIONS = 4;

const FSN_TYPE = '900000000000003001';
const CONCEPT_ROW = {
  active: true,
  effectiveTime: '20200731',
  moduleId: '900000000000207008',
  languageCode: 'en',
  typeId: FSN_TYPE,
  caseSignificanceId: '900000000000448009',
};

// ---------- reading ----------

/** Tab-separated with a header; some files have CRLF line ends. */
function readTsv(file) {
  const [header, ...lines] = fs.readFileSync(path.join(dataDir, file), 'utf8').split(/\r?\n/).filter(Boolean);
  const keys = header.split('\t');
  return lines.map((line) => {
    const cells = line.split('\t');
    return Object.fromEntries(keys.map((k, i) => [k, cells[i] ?? '']));
  });
}

const byStr = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const lower = (s) => s.toLowerCase();

const hsdn = readTsv('hsdn-symptoms-DO.tsv');
const indications = readTsv('indications.tsv');
const xrefs = readTsv('doid-xrefs.tsv');
const termNames = readTsv('doid-term-names.tsv');
const valueSet = JSON.parse(fs.readFileSync(path.join(dataDir, 'snomed-gps-valueset.json'), 'utf8'));

/** GPS concept id → fully specified name, e.g. "Fever (finding)". */
const gps = new Map(valueSet.compose.include.flatMap((inc) => inc.concept ?? []).map((c) => [c.code, c.display]));
const semanticTag = (fsn) => /\(([^()]+)\)$/.exec(fsn)?.[1] ?? '';
const fsnTerm = (fsn) => fsn.replace(/\s*\([^()]+\)$/, '');
// Diseases and symptoms are clinical findings; an xref to a body structure or a morphology is a mis-map.
const CLINICAL_TAGS = ['disorder', 'finding'];

const doName = new Map();
const doSynonyms = new Map();
for (const r of termNames) {
  if (r.type === 'name') doName.set(r.doid, r.name);
  // One row in doid-term-names.tsv has broken quoting (type '"'); only well-formed rows count.
  else if (r.type === 'exact-synonym') (doSynonyms.get(r.doid) ?? doSynonyms.set(r.doid, []).get(r.doid)).push(r.name);
}

// ---------- symptom → disease links (HSDN) ----------

// HSDN takes MeSH "Signs and Symptoms" wholesale; these headings are measurements or a post-surgical
// state, not symptoms, and "Body Weight" would otherwise be the sample's second-biggest hub.
const NOT_SYMPTOMS = new Set(['Body Weight', 'Birth Weight', 'Fetal Weight', 'Pseudophakia']);

// Several MeSH diseases can map to one DO disease (e.g. Myocardial Ischemia, Coronary Disease and
// Coronary Artery Disease all → DOID:3393), so a symptom–disease pair can occur up to 3 times.
// Keep the row with the highest tf-idf: summing co-occurrence counts would count an article once
// per MeSH heading it mentions.
const links = new Map();
for (const r of hsdn) {
  // MeSH D009765 Obesity is both the symptom and the disease: 50,200 "co-occurrences" with itself,
  // a tautology that would also pin the top of the weight scale.
  if (NOT_SYMPTOMS.has(r.symptom_name) || r.symptom_id === r.disease_id) continue;
  const link = { symptomId: r.symptom_id, symptom: r.symptom_name, doid: r.doid_code, meshDisease: r.disease_name, cooccurs: Number(r.cooccurs), tfidf: Number(r.tfidf_score) };
  const key = `${link.symptomId}|${link.doid}`;
  const prev = links.get(key);
  if (!prev || link.tfidf > prev.tfidf || (link.tfidf === prev.tfidf && byStr(link.meshDisease, prev.meshDisease) < 0)) links.set(key, link);
}
const symptomLinksOf = new Map();
for (const l of links.values()) (symptomLinksOf.get(l.doid) ?? symptomLinksOf.set(l.doid, []).get(l.doid)).push(l);
for (const list of symptomLinksOf.values()) list.sort((a, b) => b.tfidf - a.tfidf || byStr(a.symptom, b.symptom));

// ---------- drug → disease indications (PharmacotherapyDB) ----------

// NOT rows are skipped: in PharmacotherapyDB "NOT" is a non-indication — a pair some source listed
// that the curating physicians rejected (treats a comorbidity or side effect, or is simply wrong). It
// is not a contraindication, and an edge in a knowledge graph reads as an association.
const usable = indications.filter((r) => r.category === 'DM' || r.category === 'SYM');
const indicationsOf = new Map();
for (const r of usable) (indicationsOf.get(r.doid_id) ?? indicationsOf.set(r.doid_id, []).get(r.doid_id)).push(r);
// Strongest first: disease-modifying, then more sources, more curators, then name.
const indicationOrder = (a, b) =>
  (a.category === 'DM' ? 0 : 1) - (b.category === 'DM' ? 0 : 1) ||
  Number(b.n_resources) - Number(a.n_resources) ||
  Number(b.n_curators) - Number(a.n_curators) ||
  byStr(a.drug, b.drug);

// ---------- choose ----------

// Diseases that have both symptoms and treatments, so each one links both ways; most indications
// first (that order also decides who keeps a SNOMED code two diseases share).
const diseases = [...symptomLinksOf.keys()]
  .filter((doid) => indicationsOf.has(doid) && doName.has(doid))
  .sort((a, b) => indicationsOf.get(b).length - indicationsOf.get(a).length || symptomLinksOf.get(b).length - symptomLinksOf.get(a).length || byStr(a, b));
const diseaseSet = new Set(diseases);

// Each disease's strongest symptoms by tf-idf (specific to the disease, unlike raw co-occurrence).
const symptomLinks = diseases.flatMap((d) => symptomLinksOf.get(d).slice(0, SYMPTOMS_PER_DISEASE));

// Drugs: each disease's strongest few, plus drugs indicated for several sample diseases (the hubs
// that make the graph interesting); then every DM/SYM indication between chosen drugs and diseases.
const drugIds = new Set();
for (const d of diseases) for (const r of [...indicationsOf.get(d)].sort(indicationOrder).slice(0, DRUGS_PER_DISEASE)) drugIds.add(r.drugbank_id);
const sharedCount = new Map();
for (const r of usable) if (diseaseSet.has(r.doid_id)) sharedCount.set(r.drugbank_id, (sharedCount.get(r.drugbank_id) ?? 0) + 1);
for (const [id, n] of sharedCount) if (n >= MIN_SHARED_INDICATIONS) drugIds.add(id);
const drugLinks = usable.filter((r) => diseaseSet.has(r.doid_id) && drugIds.has(r.drugbank_id));

// ---------- SNOMED codes ----------

const usedCodes = new Set();

const STOP = new Set(['of', 'the', 'and', 'or', 'nos', 's']);
/** Word set for comparing names: "kidney cancer" and "Malignant neoplasm of kidney" both → {malignant, tumor, kidney}. */
function tokens(text) {
  return new Set(
    fsnTerm(lower(text))
      .replace(/tumour|neoplasm/g, 'tumor')
      .replace(/\bcancer\b/g, 'malignant tumor')
      .split(/[^a-z0-9]+/)
      .filter((t) => t && !STOP.has(t)),
  );
}
function jaccard(a, b) {
  let both = 0;
  for (const t of a) if (b.has(t)) both++;
  return both / (a.size + b.size - both || 1);
}
const sameWords = (a, b) => a.size === b.size && jaccard(a, b) === 1;

// Reviewed choices where the name match below fails. Each code is one of the disease's own
// SNOMEDCT xrefs and in the GPS; SNOMED's FSN just words the disease differently. null = no code.
const CODE_OVERRIDES = {
  'DOID:3393': '53741008', // coronary artery disease = Coronary arteriosclerosis (not "Myocardial ischemia")
  'DOID:418': '89155008', // systemic scleroderma = Systemic sclerosis
  'DOID:10763': '38341003', // hypertension = Hypertensive disorder, systemic arterial
  'DOID:635': '62479008', // AIDS = Acquired immune deficiency syndrome
  'DOID:13189': '90560007', // gout = Inflammatory disorder due to increased blood urate level (SNOMED's "Gout")
  'DOID:5408': '2089002', // Paget's disease of bone = Osteitis deformans
  'DOID:13378': '75053002', // Kawasaki disease = Acute febrile mucocutaneous lymph node syndrome
  'DOID:9008': '33339001', // psoriatic arthritis = Psoriasis with arthropathy
  'DOID:12930': '399020009', // dilated cardiomyopathy = Congestive cardiomyopathy
  'DOID:2043': '66071002', // hepatitis B = Viral hepatitis type B
  'DOID:12236': '31712002', // primary biliary cirrhosis = Primary biliary cholangitis (renamed)
  // Every GPS xref names a part (head, body or tail of pancreas), and DO lists them as exact synonyms.
  'DOID:1793': null, // pancreatic cancer
};

// A disease lists many SNOMEDCT xrefs, and many are wrong or narrower (DOID:3393 coronary artery
// disease → "Myocardial ischemia"; DOID:10534 stomach cancer has 21, down to "Malignant tumor of
// lesser curve of stomach"), and DO's "exact synonyms" repeat some of them. So the GPS
// disorder/finding whose words best match the DO name wins (word-set Jaccard, +0.25 if it is also
// an exact synonym), only if it scores ≥ 0.6 and a cancer maps to a malignant term ("Germ cell
// tumor" includes benign ones); ties go to the shorter term, then the smaller id.
// No code beats a misleading one. Xrefs outside the GPS are never used: we cannot see their term or
// whether they are still active, so we could not vouch for them.
const MIN_CODE_SCORE = 0.6;
function diseaseCode(doid) {
  const xrefCodes = new Set(xrefs.filter((x) => x.doid_code === doid && x.resource.startsWith('SNOMEDCT')).map((x) => x.resource_id));
  const override = CODE_OVERRIDES[doid];
  if (override === null) return null;
  if (override) {
    if (!xrefCodes.has(override) || !gps.has(override)) throw new Error(`Override ${doid} → ${override} is not a GPS xref`);
    return usedCodes.has(override) ? null : override;
  }
  const name = tokens(doName.get(doid));
  const synonyms = (doSynonyms.get(doid) ?? []).map(tokens);
  const candidates = [...xrefCodes]
    .filter((code) => gps.has(code) && CLINICAL_TAGS.includes(semanticTag(gps.get(code))) && !usedCodes.has(code))
    .map((code) => {
      const term = tokens(gps.get(code));
      const score = jaccard(name, term) + (synonyms.some((s) => sameWords(s, term)) ? 0.25 : 0);
      return { code, score, length: fsnTerm(gps.get(code)).length };
    })
    .filter((c) => c.score >= MIN_CODE_SCORE && (!name.has('malignant') || tokens(gps.get(c.code)).has('malignant')))
    .sort((a, b) => b.score - a.score || a.length - b.length || a.code.length - b.code.length || byStr(a.code, b.code));
  return candidates[0]?.code ?? null;
}

// Symptoms carry MeSH ids and nothing maps MeSH to SNOMED here, so a symptom gets a code only when a
// GPS finding/disorder has exactly its name ("Fever" = "Fever (finding)"); findings win over disorders.
const gpsByTerm = new Map();
for (const [code, fsn] of [...gps].sort((a, b) => byStr(a[0], b[0]))) {
  const tag = semanticTag(fsn);
  if (!CLINICAL_TAGS.includes(tag)) continue;
  const key = lower(fsnTerm(fsn));
  const prev = gpsByTerm.get(key);
  if (!prev || (tag === 'finding' && semanticTag(gps.get(prev)) !== 'finding')) gpsByTerm.set(key, code);
}
function symptomCode(name) {
  const code = gpsByTerm.get(lower(name));
  return code && !usedCodes.has(code) ? code : null;
}

// ---------- nodes ----------

const nodes = [];
const indexOf = new Map();
function addNode(key, type, name, snomedCode, url, description) {
  if (indexOf.has(key)) return;
  const clash = nodes.find((n) => n.type === type && lower(n.name) === lower(name));
  if (clash) throw new Error(`Two ${type} nodes named "${name}" (${clash.key}, ${key})`);
  if (snomedCode) usedCodes.add(snomedCode);
  indexOf.set(key, nodes.length);
  nodes.push({ key, type, name, snomedCode, url, description });
}

// Diseases first, in rank order, so they have first claim on SNOMED codes.
for (const doid of diseases) {
  addNode(doid, 'Disease', doName.get(doid), diseaseCode(doid), `https://disease-ontology.org/?id=${doid}`, `Disease Ontology ${doid}`);
}
const symptomNames = new Map(symptomLinks.map((l) => [l.symptomId, l.symptom]));
for (const [id, name] of [...symptomNames].sort((a, b) => byStr(lower(a[1]), lower(b[1])))) {
  addNode(`MESH:${id}`, 'Symptom', name, symptomCode(name), `https://meshb.nlm.nih.gov/record/ui?ui=${id}`, `MeSH ${id} (HSDN symptom)`);
}
const drugNames = new Map(drugLinks.map((r) => [r.drugbank_id, r.drug]));
for (const [id, name] of [...drugNames].sort((a, b) => byStr(lower(a[1]), lower(b[1])))) {
  addNode(id, 'Drug', name, null, `https://go.drugbank.com/drugs/${id}`, `DrugBank ${id}`);
}

// ---------- relations ----------

// HSDN tf-idf spans 0.07 to 41,794 and is heavy-tailed, so a linear scale would put nearly every
// link at weight 1. Weights are log-scaled min–max over the links in this sample:
//   weight = 1 + round(99 × (ln s − ln min) / (ln max − ln min)),  s = the link's tf-idf,
// so the sample's weakest link is 1, its strongest 100, and equal ratios are equal steps.
const logs = symptomLinks.map((l) => Math.log(l.tfidf));
const lo = Math.min(...logs);
const hi = Math.max(...logs);
const tfidfWeight = (s) => 1 + Math.round((99 * (Math.log(s) - lo)) / (hi - lo || 1));

// Each type has one relation name (the edge label), kept here rather than on every row.
const relationTypes = [
  // Rules: every derived relation fits them (sample-graph.test.ts checks).
  { name: 'symptom of', relationName: 'symptom of', sourceNodeTypes: ['Symptom'], targetNodeTypes: ['Disease'], symmetric: false, defaultWeight: 50 },
  { name: 'treats (disease-modifying)', relationName: 'treats', sourceNodeTypes: ['Drug'], targetNodeTypes: ['Disease'], symmetric: false, defaultWeight: 50 },
  { name: 'treats (symptomatic)', relationName: 'relieves symptoms of', sourceNodeTypes: ['Drug'], targetNodeTypes: ['Disease'], symmetric: false, defaultWeight: 50 },
];
const relations = [];
for (const l of symptomLinks) {
  const articles = l.cooccurs === 1 ? '1 PubMed article' : `${l.cooccurs} PubMed articles`;
  relations.push([indexOf.get(`MESH:${l.symptomId}`), indexOf.get(l.doid), 0, tfidfWeight(l.tfidf), `Co-occurs in ${articles}; tf-idf ${l.tfidf.toFixed(1)} (HSDN)`]);
}
// Indication weight = 25 × the number of source resources that list it (1–4 → 25–100): agreement
// between independent sources is the evidence PharmacotherapyDB records.
for (const r of drugLinks) {
  const dm = r.category === 'DM';
  const n = Number(r.n_resources);
  relations.push([
    indexOf.get(r.drugbank_id),
    indexOf.get(r.doid_id),
    dm ? 1 : 2,
    Math.min(100, 25 * n),
    `${dm ? 'Disease-modifying' : 'Symptomatic'} indication listed by ${n} source${n === 1 ? '' : 's'} (PharmacotherapyDB)`,
  ]);
}
relations.sort((a, b) => a[2] - b[2] || a[0] - b[0] || a[1] - b[1]);

// ---------- SNOMED catalogue rows ----------

// The GPS has concept ids and FSNs but no description ids, so each row gets a synthetic id: the
// concept id followed by partition "99" and a Verhoeff check digit. SCTIDs end in a 2-digit
// partition (01/11 = description) and a check digit; 99 is no partition, so a synthetic id can never
// equal a real RF2 description id (an RF2 import adds its rows beside these), yet stays numeric.
const D = [[0,1,2,3,4,5,6,7,8,9],[1,2,3,4,0,6,7,8,9,5],[2,3,4,0,1,7,8,9,5,6],[3,4,0,1,2,8,9,5,6,7],[4,0,1,2,3,9,5,6,7,8],[5,9,8,7,6,0,4,3,2,1],[6,5,9,8,7,1,0,4,3,2],[7,6,5,9,8,2,1,0,4,3],[8,7,6,5,9,3,2,1,0,4],[9,8,7,6,5,4,3,2,1,0]];
const P = [[0,1,2,3,4,5,6,7,8,9],[1,5,7,6,2,8,3,0,9,4],[5,8,0,3,7,9,6,1,4,2],[8,9,1,6,0,4,3,5,2,7],[9,4,5,3,1,2,6,8,7,0],[4,2,8,6,5,7,3,9,0,1],[2,7,9,3,8,0,6,4,1,5],[7,0,4,6,9,1,3,2,5,8]];
const INV = [0, 4, 3, 2, 1, 5, 6, 7, 8, 9];
function verhoeff(digits) {
  let c = 0;
  [...digits].reverse().forEach((d, i) => (c = D[c][P[(i + 1) % 8][Number(d)]]));
  return String(INV[c]);
}
// Self-test: every real GPS id must pass, or the table above is wrong.
for (const code of gps.keys()) if (verhoeff(code.slice(0, -1)) !== code.slice(-1)) throw new Error(`Verhoeff check fails on ${code}`);
const syntheticDescriptionId = (conceptId) => `${conceptId}99${verhoeff(`${conceptId}99`)}`;

const concepts = nodes
  .filter((n) => n.snomedCode && gps.has(n.snomedCode))
  .map((n) => [syntheticDescriptionId(n.snomedCode), n.snomedCode, gps.get(n.snomedCode)])
  .sort((a, b) => byStr(a[1], b[1]));
for (const [id] of concepts) if (id.length > 18) throw new Error(`Synthetic id ${id} does not fit an SCTID (18 digits)`);

// ---------- checks and output ----------

const codes = nodes.map((n) => n.snomedCode).filter(Boolean);
if (new Set(codes).size !== codes.length) throw new Error('A SNOMED code is on two nodes');
for (const r of relations) if (r[0] === undefined || r[1] === undefined || r[0] === r[1] || !(r[3] >= 1 && r[3] <= 100)) throw new Error(`Bad relation ${JSON.stringify(r)}`);

// Connected components, reported so a knob change that splits the graph is noticed.
const parent = nodes.map((_, i) => i);
const find = (i) => (parent[i] === i ? i : (parent[i] = find(parent[i])));
for (const [s, t] of relations) parent[find(s)] = find(t);
const components = new Set(nodes.map((_, i) => find(i))).size;

const graph = {
  attribution:
    'Derived sample. Diseases: Disease Ontology (CC BY 3.0, disease-ontology.org). Symptom links: HSDN, Zhou et al. 2014 via dhimmel/hsdn (CC0). ' +
    'Indications: PharmacotherapyDB via dhimmel/indications (CC0), as used in Hetionet (CC0). SNOMED CT terms: SNOMED International Global Patient Set ' +
    '2020-07-31 via HL7 (CC BY 4.0); SNOMED CT is © and ® SNOMED International. See docs/SAMPLE-DATA.md.',
  generatedBy: 'scripts/derive-sample-graph.mjs',
  nodeTypes: ['Disease', 'Symptom', 'Drug'],
  relationTypes,
  nodeColumns: ['type', 'name', 'snomedCode', 'url', 'description'],
  nodes: nodes.map((n) => [n.type, n.name, n.snomedCode, n.url, n.description]),
  relationColumns: ['sourceIndex', 'targetIndex', 'relationTypeIndex', 'weight', 'description'],
  relations,
  conceptIdScheme: 'id = conceptId + "99" + Verhoeff check digit (synthetic: partition 99 does not exist in SNOMED CT)',
  conceptDefaults: CONCEPT_ROW,
  conceptColumns: ['id', 'conceptId', 'term'],
  concepts,
};

// One row per line: small diffs when the knobs change, still plain JSON.
const body = Object.entries(graph)
  .map(([k, v]) => {
    const value = Array.isArray(v) && Array.isArray(v[0]) ? `[\n${v.map((row) => `    ${JSON.stringify(row)}`).join(',\n')}\n  ]` : JSON.stringify(v);
    return `  ${JSON.stringify(k)}: ${value}`;
  })
  .join(',\n');
fs.writeFileSync(outFile, `{\n${body}\n}\n`);

const count = (t) => nodes.filter((n) => n.type === t).length;
console.log(
  `${path.relative(repoRoot, outFile)}: ${nodes.length} nodes (${count('Disease')} diseases, ${count('Symptom')} symptoms, ${count('Drug')} drugs), ` +
    `${relations.length} relations (${symptomLinks.length} symptom, ${drugLinks.length} indication), ${concepts.length} SNOMED rows, ` +
    `${codes.length} coded nodes, ${components} connected component(s), ${fs.statSync(outFile).size} bytes`,
);
