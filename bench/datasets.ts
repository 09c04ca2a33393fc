/**
 * Where the benchmarks read the public data sets they are built from (Hetionet, the SNOMED CT Global
 * Patient Set). They are not part of the repository: BENCH_DATASETS_DIR names the folder that holds
 * them, and a file that is missing stops the benchmark with the name of the file and where to get it,
 * rather than an ENOENT from deep inside.
 */
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');

/** The folder of the data sets: BENCH_DATASETS_DIR, else `../shared/datasets`, where this team keeps them. */
export const DATASETS_DIR = path.resolve(process.env.BENCH_DATASETS_DIR ?? path.join(ROOT, '..', 'shared', 'datasets'));

const SOURCES: Record<string, string> = {
  'hetionet-v1.0-nodes.tsv': 'Hetionet v1.0 nodes (CC0), github.com/hetio/hetionet, hetnet/tsv',
  'hetionet-metaedges.tsv': 'Hetionet v1.0 metaedges (CC0), github.com/hetio/hetionet, describe/edges',
  'snomed-gps-valueset.json': 'SNOMED CT Global Patient Set as a FHIR ValueSet (CC BY 4.0), HL7 UTG',
};

/** The path of one data set, or an error that says which file is missing and where it comes from. */
export function datasetFile(name: string, override?: string): string {
  const file = override ?? path.join(DATASETS_DIR, name);
  if (!fs.existsSync(file)) {
    const source = SOURCES[name] ? ` (${SOURCES[name]})` : '';
    throw new Error(
      `The benchmark needs ${name}${source}, not found at ${file}. ` +
        'Set BENCH_DATASETS_DIR to the folder that holds it (README, "Benchmarks").',
    );
  }
  return file;
}
