import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it } from 'vitest';
import { englishCatalogue, isIcuText, textNamespaces, textSources } from './sources';
import { LOCALES } from './locales';

/**
 * The catalogues against the English source ("missing keys are caught by a test"):
 * every id the code declares (defineTexts in a texts module) is in en; every en id is in de, fr
 * and es with the same placeholders; no catalogue has ids the code does not declare; every texts
 * module is listed in sources.ts; every message compiles.
 */
const dir = path.resolve('src/i18n/catalogues');
const read = (locale: string): Record<string, string> => JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8'));
const en = englishCatalogue();
const FULL = ['de', 'fr', 'es'] as const;

/** The argument names of a message (plural/select branches looked into). */
function placeholders(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (!Array.isArray(tokens)) return;
    for (const token of tokens) {
      if (!Array.isArray(token)) continue;
      names.add(token[0] as string);
      const choices = token[2];
      if (choices && typeof choices === 'object') for (const [k, v] of Object.entries(choices)) if (k !== 'offset') walk(v);
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('message catalogues', () => {
  it('lists every texts module in sources.ts (so the en catalogue is whole)', () => {
    const declared = new Set<string>();
    for (const file of sourceFiles(path.resolve('src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(/defineTexts\(\s*'([^']+)'/g)) declared.add(m[1]);
      // Templated namespaces (type-admin: `${kind}Types`) are checked through their ids below.
    }
    const loaded = new Set(textNamespaces());
    expect([...declared].filter((n) => !loaded.has(n))).toEqual([]);
  });

  it('declares texts only in the domain modules of src/contract/texts', () => {
    const outside = sourceFiles(path.resolve('src'))
      .filter((file) => /defineTexts\(/.test(readFileSync(file, 'utf8')))
      .map((file) => path.relative(path.resolve('src'), file).split(path.sep).join('/'))
      .filter((file) => !/^contract\/texts\/([a-z-]+\/)?[a-z-]+\.ts$/.test(file));
    expect(outside).toEqual([]);
  });

  it('names ids by screen and purpose: namespace.key, no duplicates across namespaces', () => {
    for (const id of Object.keys(en)) expect(id).toMatch(/^[a-z][A-Za-z]*(\.[A-Za-z0-9_]+)+$/);
  });

  it.each(FULL)('%s has every en id, no others, with the same placeholders', (locale) => {
    const catalogue = read(locale);
    expect(Object.keys(en).filter((id) => !(id in catalogue)), 'missing').toEqual([]);
    expect(Object.keys(catalogue).filter((id) => !(id in en)), 'unknown').toEqual([]);
    const mismatched = Object.keys(en).filter((id) => placeholders(en[id]).join() !== placeholders(catalogue[id]).join());
    expect(mismatched, 'placeholders differ').toEqual([]);
  });

  it('declares every text with values as icu(…): a plain function would stay English in every language', () => {
    // A plain function in a texts module passes through untranslated (and formats its numbers in
    // English: '2,147 nodes' on a German page). The server's own messages with values (the
    // `*.messages.*` namespaces) are exempt: the server speaks English and the browser shows them as sent.
    const plain: string[] = [];
    const walk = (id: string, value: unknown): void => {
      if (typeof value === 'function') {
        if (!isIcuText(value) && !id.includes('.messages.')) plain.push(id);
      } else if (Array.isArray(value)) value.forEach((v, i) => walk(`${id}.${i}`, v));
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(`${id}.${k}`, v);
    };
    for (const [namespace, english] of textSources()) walk(namespace, english);
    expect(plain).toEqual([]);
  });

  it('the RTL stub only has known ids', () => {
    const stub = read('ar');
    expect(Object.keys(stub).filter((id) => !(id in en))).toEqual([]);
    expect(Object.keys(stub).length).toBeGreaterThan(5);
  });

  it('has a catalogue file for every locale but en, and each message compiles', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      for (const message of Object.values(read(locale))) expect(() => compileMessage(message)).not.toThrow();
    }
    for (const message of Object.values(en)) expect(() => compileMessage(message)).not.toThrow();
  });

  it('English messages derived from the texts functions read like the spec ({name} placeholders)', () => {
    expect(en['roleAdmin.deleteQuestion']).toBe('Are you sure you want to delete the role "{name}"? This action cannot be undone.');
    expect(en['nodeManager.title']).toBe('Knowledge Nodes');
    expect(en['nodeUpload.instructions.0']).toBe('Required column: nodename (or node_name or name).');
  });
});

describe('the runtime', () => {
  afterEach(async () => {
    const { requestLocale, setTextOverrides } = await import('./runtime');
    await setTextOverrides(owner, null);
    await requestLocale('en');
  });
  const owner = {};

  it('translates the texts modules in the active language and falls back to English', async () => {
    const { requestLocale, activeLocale } = await import('./runtime');
    const { ROLE_TEXTS } = await import('../contract/texts/admin/roles');
    const { NODE_UPLOAD_TEXTS } = await import('../contract/texts/imports');
    expect(ROLE_TEXTS.title).toBe('Role Management');
    await requestLocale('de-CH');
    expect(activeLocale()).toBe('de');
    expect(ROLE_TEXTS.title).toBe('Rollenverwaltung');
    expect(ROLE_TEXTS.deleteQuestion('Pflege')).toBe('Möchten Sie die Rolle „Pflege“ wirklich löschen? Dies kann nicht rückgängig gemacht werden.');
    expect(NODE_UPLOAD_TEXTS.instructions[2]).toBe('IDs werden vom System vergeben.');
    await requestLocale('ar');
    expect(ROLE_TEXTS.title).toBe('إدارة الأدوار');
    expect(ROLE_TEXTS.create).toBe('Create Role'); // not in the stub: English
    await requestLocale('en');
    expect(ROLE_TEXTS.deleteQuestion('Nurse')).toBe('Are you sure you want to delete the role "Nurse"? This action cannot be undone.');
  });

  it("the graph's header speaks the language and groups its numbers ('2.147 Knoten')", async () => {
    const { requestLocale } = await import('./runtime');
    const { GRAPH_MESSAGES } = await import('../contract/texts/graph');
    expect(GRAPH_MESSAGES.summary(2147, 1287, 1317, 30, 25)).toBe('2,147 nodes · 1,287 of 1,317 connections (hubs show their 25 strongest)');
    await requestLocale('de');
    expect(GRAPH_MESSAGES.summary(2147, 1287, 1317, 30, 25)).toBe('2.147 Knoten · 1.287 von 1.317 Verbindungen (Knotenpunkte zeigen ihre 25 stärksten)');
    expect(GRAPH_MESSAGES.summary(1, 1, 1, 0, 25)).toBe('1 Knoten · 1 Verbindung');
    expect(GRAPH_MESSAGES.truncated(1500, 2147)).toBe('(die 1.500 am stärksten vernetzten von 2.147 Knoten)');
  });

  it('the curation screens follow the language: analytics, relation import, rules, drift', async () => {
    const { requestLocale } = await import('./runtime');
    const { ANALYTICS_TEXTS } = await import('../contract/texts/admin/analytics');
    const { findingLabel } = await import('../contract/texts/admin/analytics');
    const { RELATION_UPLOAD_TEXTS } = await import('../contract/texts/imports');
    const { RELATION_RULE_MESSAGES } = await import('../contract/texts/relations');
    const { SNOMED_DRIFT_TEXTS } = await import('../contract/texts/snomed');
    await requestLocale('de');
    expect(ANALYTICS_TEXTS.title).toBe('Analysen');
    expect(ANALYTICS_TEXTS.chartSummary('Knoten', 'Jan. 2026', 'Nov. 2026', 1200, 3400)).toBe('Knoten von Jan. 2026 bis Nov. 2026: 1.200 bis 3.400.');
    expect(findingLabel('orphans')).toBe('Knoten ohne Relationen (verwaist)');
    expect(findingLabel('notYetLabelled')).toBe('notYetLabelled');
    // The dialog's texts joined with its buttons': both halves follow the language.
    expect(RELATION_UPLOAD_TEXTS.title).toBe('Relationen importieren');
    expect(RELATION_UPLOAD_TEXTS.upload).toBe('Relationen importieren');
    expect(RELATION_UPLOAD_TEXTS.instructions[6]).toBe('Maximale Dateigröße: 20 MB.');
    expect(RELATION_RULE_MESSAGES.noFittingNodes('behandelt', 'target', '"Medikament"')).toBe(
      'Kein Knoten passt: Der Relationstyp „behandelt“ erlaubt als Ziel nur die Knotentypen "Medikament"',
    );
    expect(RELATION_RULE_MESSAGES.typeChangeWarning(1)).toMatch(/^Durch die Typänderung würde 1 Relation /);
    expect(SNOMED_DRIFT_TEXTS.kinds.inactive).toBe('Das SNOMED-Konzept ist inaktiv');
    await requestLocale('en');
    expect(RELATION_UPLOAD_TEXTS.upload).toBe('Import relations');
    expect(RELATION_RULE_MESSAGES.typeChangeWarning(2)).toMatch(/^Changing the type would make 2 relations break their /);
  });

  it('texts overrides replace any id, plain or ICU, in every language', async () => {
    const { requestLocale, setTextOverrides } = await import('./runtime');
    const { ROLE_TEXTS } = await import('../contract/texts/admin/roles');
    await setTextOverrides(owner, { 'roleAdmin.title': 'Roles & rights', 'roleAdmin.affects': '{count, plural, one {# person} other {# people}} affected' });
    expect(ROLE_TEXTS.title).toBe('Roles & rights');
    expect(ROLE_TEXTS.affects(1)).toBe('1 person affected');
    expect(ROLE_TEXTS.affects(3)).toBe('3 people affected');
    await requestLocale('fr');
    expect(ROLE_TEXTS.title).toBe('Roles & rights');
    await setTextOverrides(owner, null);
    expect(ROLE_TEXTS.title).not.toBe('Roles & rights');
  });

  it('plurals and numbers follow the language', async () => {
    const { requestLocale, formatNumber } = await import('./runtime');
    const { AUDIT_LOG_TEXTS } = await import('../contract/texts/admin/audit');
    await requestLocale('de');
    expect(AUDIT_LOG_TEXTS.purgeDone(1)).toBe('1 Ereignis bereinigt');
    expect(AUDIT_LOG_TEXTS.purgeDone(1200)).toBe('1.200 Ereignisse bereinigt');
    expect(formatNumber(1234.5)).toBe('1.234,5');
  });

  it('translates English server messages it knows and leaves others alone', async () => {
    const { requestLocale } = await import('./runtime');
    const { localiseEnglish } = await import('../contract/texts');
    const { MESSAGES } = await import('../contract/texts/common');
    await requestLocale('de');
    expect(localiseEnglish('Invalid username/email or password')).toBe(MESSAGES.auth.invalidCredentials);
    expect(MESSAGES.auth.invalidCredentials).toBe('Ungültiger Benutzername/E-Mail oder ungültiges Passwort');
    expect(localiseEnglish('Something only the server says')).toBe('Something only the server says');
  });
});
