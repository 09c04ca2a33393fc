import { readFileSync } from 'node:fs';
import path from 'node:path';
import { englishCatalogue } from '../../../src/i18n/sources';

/**
 * Finds English of ours in a text shown on a German page (the language sweep, i18n-sweep.spec.ts):
 * - a word that our English texts use and our German texts never do ('nodes', 'strongest',
 *   'connections'): a text that skipped the catalogue, or a plain function that formats in English;
 * - an English month or weekday name (a date formatted in English);
 * - a number grouped the English way ('2,147': German groups as '2.147');
 * - an internal key shown as it is (`fromEvent`, `sign_in_failed`): the reader sees words, not keys.
 * The data a test creates is in German, so anything English on the page is ours.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const german: Record<string, string> = JSON.parse(readFileSync(path.join(root, 'src/i18n/catalogues/de.json'), 'utf8'));

/** An ICU message's words: placeholders, argument types and plural keywords are not words of the text. */
function wordsOf(message: string): string[] {
  const text = message
    .replace(/\{\s*\w+\s*(,\s*\w+\s*)?(,)?/g, ' ') // {name, {count, plural, {n, number}
    .replace(/(^|[\s}])(=\d+|zero|one|two|few|many|other)\s*\{/g, ' ');
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => w.length >= 2);
}

const germanWords = new Set(Object.values(german).flatMap(wordsOf));
/** Keys our German texts name on purpose (a file's column names: `node_type`), not leaks. */
const germanTokens = new Set(Object.values(german).flatMap((m) => m.toLowerCase().match(/\w+/g) ?? []));
const MONTHS_AND_DAYS = [
  // Only what German spells otherwise ('Jan.', 'Nov.', 'August' are German too).
  'january', 'february', 'march', 'may', 'june', 'july', 'october', 'december', 'mar', 'jun', 'jul', 'oct', 'dec',
  'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun',
];
/** Words of our English texts that no German text of ours uses. */
export const ENGLISH_ONLY = new Set([...Object.values(englishCatalogue()).flatMap(wordsOf), ...MONTHS_AND_DAYS].filter((w) => !germanWords.has(w)));

export interface Leak {
  text: string;
  why: string;
}

/** Why a shown text is English of ours, or null. `allowed` are words of the test's own data. */
export function englishIn(shown: string, allowed: ReadonlySet<string> = new Set()): Leak | null {
  // Ids and addresses are not language: a UUID's hex ('…-be12-…'), a short id's ('4d1817be') or a URL would read as words.
  // Permission ids (`nodes.read`) are identifiers the role screens show as such.
  const text = shown
    .replace(/\b[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}\b/gi, ' ')
    .replace(/\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{6,}\b/gi, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\b[a-z]+(?:\.[a-z]+)+\b/g, ' ');
  const grouped = text.match(/\b\d{1,3}(?:,\d{3})+\b/);
  if (grouped) return { text: shown, why: `English number grouping "${grouped[0]}"` };
  const key = text.match(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b|\b[a-z]+(?:_[a-z0-9]+)+\b/);
  if (key && !allowed.has(key[0].toLowerCase()) && !germanTokens.has(key[0].toLowerCase())) return { text: shown, why: `internal key "${key[0]}"` };
  const words = (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => ENGLISH_ONLY.has(w) && !allowed.has(w));
  if (words.length > 0) return { text: shown, why: `English word${words.length > 1 ? 's' : ''} ${words.map((w) => `"${w}"`).join(', ')}` };
  return null;
}
