import type { ParseLimits } from './types';

/**
 * The bounds of a bulk upload's spreadsheet (nodes and relations alike): rows, columns, cell length
 * and what a zip container may expand to. Here, beside the parsers, so the parsers' own tests and
 * every importer read the same numbers without importing an importer.
 */
export const UPLOAD_PARSE_LIMITS: ParseLimits = {
  maxRows: 500_000,
  maxColumns: 100,
  maxCellChars: 32_768,
  zip: { maxEntryBytes: 512 * 1024 * 1024, maxTotalBytes: 1024 * 1024 * 1024, maxRatio: 250 },
};
