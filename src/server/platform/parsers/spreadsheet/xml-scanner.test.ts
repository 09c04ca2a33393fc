import { SaxesParser } from 'saxes';
import { describe, expect, it } from 'vitest';
import { MAX_ELEMENT_DEPTH, XmlScanner } from './xml-scanner';

/**
 * Differential test of the hand-written XML scanner against saxes, the well-kept parser it
 * replaced (docs/architecture/platform.md, "Import parsers"): generated documents with everything the parts
 * of a workbook hold — prefixes, both quote styles, entities and character references in text
 * and attributes, CDATA, comments, processing instructions, a DOCTYPE, self-closing tags, `>` in
 * attribute values, whitespace, astral characters — read in chunks cut at every place, give the
 * same elements, attributes, texts and end tags; and the damaged documents saxes refuses, the
 * scanner refuses too.
 */

type Event = ['open', string, boolean, Record<string, string>] | ['text', string] | ['close', string];

const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** Adjacent texts joined; texts outside the root dropped (neither reader reports them to the sheet). */
function normalize(events: Event[]): Event[] {
  const out: Event[] = [];
  let depth = 0;
  for (const e of events) {
    if (e[0] === 'text') {
      if (depth === 0 || e[1] === '') continue;
      const last = out[out.length - 1];
      if (last?.[0] === 'text') last[1] += e[1];
      else out.push(['text', e[1]]);
      continue;
    }
    if (e[0] === 'open') depth++;
    else depth--;
    out.push(e);
  }
  return out;
}

function withSaxes(chunks: string[]): Event[] {
  const events: Event[] = [];
  const p = new SaxesParser({ position: false });
  p.on('opentag', (t) => events.push(['open', local(t.name), t.isSelfClosing, { ...(t.attributes as Record<string, string>) }]));
  p.on('text', (s) => events.push(['text', s]));
  p.on('cdata', (s) => events.push(['text', s]));
  p.on('closetag', (t) => events.push(['close', local(t.name)]));
  for (const c of chunks) p.write(c);
  p.close();
  return normalize(events);
}

function withScanner(chunks: string[]): Event[] {
  const events: Event[] = [];
  const s = new XmlScanner({
    open: (t) => events.push(['open', t.name, t.selfClosing, t.attributes()]),
    text: (x) => events.push(['text', x]),
    close: (name) => events.push(['close', name]),
  });
  for (const c of chunks) s.write(c);
  s.close();
  return normalize(events);
}

/** A deterministic generator (mulberry32), so a failure is reproducible from its seed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, pick: <T,>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)], int: (n: number) => Math.floor(next() * n) };
}

const NAMES = ['c', 'v', 'row', 'x:c', 'is', 't', 'r', 'rPh', 'si', 'sheetData', 'x14ac:dyDescent', 'a1', 'b.c', 'd-e', '_f'];
const TEXTS = ['12', ' 3.5 ', 'a &amp; b', '&lt;tag&gt;', '&quot;q&quot; &apos;a&apos;', '&#65;&#x42;&#x1F600;', 'é ü 𝄞 中文', '_x000D_', '\n  ', '\t', 'line\r\nbreak', ']', '>', 'a>b'];
const ATTR_VALUES = ['A1', '', 's', '1 2', 'x &amp; y', 'a>b', "it's", 'say "hi"', '&#x20AC;', '&lt;', 'ü'];

function element(r: ReturnType<typeof random>, depth: number): string {
  const name = r.pick(NAMES);
  const attrs: string[] = [];
  const used = new Set<string>();
  for (let i = r.int(4); i > 0; i--) {
    const an = r.pick(['r', 't', 's', 'x:r', 'xml:space', 'spans', 'ht']);
    if (used.has(an)) continue;
    used.add(an);
    const v = r.pick(ATTR_VALUES);
    const quoted = v.includes('"') ? `'${v}'` : v.includes("'") ? `"${v}"` : r.next() < 0.5 ? `"${v}"` : `'${v}'`;
    attrs.push(`${r.pick([' ', '\n', '  ', '\t'])}${an}${r.pick(['=', ' = ', '='])}${quoted}`);
  }
  const open = `<${name}${attrs.join('')}${r.pick(['', ' ', '\n'])}`;
  if (depth > 3 || r.next() < 0.2) return `${open}/>`;
  let body = '';
  for (let i = r.int(5); i > 0; i--) {
    const kind = r.int(10);
    if (kind < 4) body += r.pick(TEXTS);
    else if (kind < 7) body += element(r, depth + 1);
    else if (kind === 7) body += `<![CDATA[${r.pick(['<b>&amp;</b>', ']] >', '', 'x]y', 'a\nb'])}]]>`;
    else if (kind === 8) body += `<!--${r.pick([' note ', '', 'a - b', '<c>'])}-->`;
    else body += `<?pi ${r.pick(['data', '', 'a?b'])}?>`;
  }
  return `${open}>${body}</${name}${r.pick(['', ' ', '\n'])}>`;
}

function document(seed: number): string {
  const r = random(seed);
  const prolog = [r.next() < 0.2 ? '\uFEFF' : '', r.next() < 0.7 ? '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' : '', r.next() < 0.2 ? '<!-- before -->' : '', r.next() < 0.1 ? '<!DOCTYPE worksheet [ <!ELEMENT worksheet ANY> ]>' : ''].join('');
  return `${prolog}<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:x="urn:x">${element(r, 0)}${element(r, 0)}</worksheet>${r.next() < 0.3 ? '\n<!-- after -->\n' : ''}`;
}

/** Cut points that do not split a surrogate pair (the reader's StringDecoder never does). */
function cuts(s: string): number[] {
  const out: number[] = [];
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) out.push(i);
  }
  return out;
}

describe('xml scanner against saxes', () => {
  it('reads 300 generated documents as saxes does, whole and in chunks cut at every place', () => {
    let compared = 0;
    for (let seed = 1; seed <= 300; seed++) {
      const doc = document(seed);
      const expected = withSaxes([doc]);
      expect(withScanner([doc]), `seed ${seed}: ${doc}`).toEqual(expected);
      for (const at of cuts(doc)) {
        expect(withScanner([doc.slice(0, at), doc.slice(at)]), `seed ${seed} cut at ${at}`).toEqual(expected);
        compared++;
      }
      // And one character at a time.
      expect(withScanner(Array.from(doc)), `seed ${seed}, one character at a time`).toEqual(expected);
    }
    expect(compared).toBeGreaterThan(10_000);
  });

  it('reads a real worksheet as saxes does', () => {
    const sheet =
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\r\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" mc:Ignorable="x14ac" xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac"><dimension ref="A1:C3"/><sheetViews><sheetView tabSelected="1" workbookViewId="0"/></sheetViews><sheetFormatPr defaultRowHeight="15" x14ac:dyDescent="0.25"/><sheetData><row r="1" spans="1:3" x14ac:dyDescent="0.25"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><r><t xml:space="preserve">Rich </t></r><r><rPr><b/></rPr><t>text</t></r><rPh sb="0" eb="1"><t>ふりがな</t></rPh></is></c><c r="C1" s="1"><v>44197</v></c></row><row r="3"><c r="A3" t="e"><v>#N/A</v></c><c r="B3"><f>SUM(1,2)</f><v>3</v></c></row></sheetData><pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/></worksheet>';
    expect(withScanner([sheet])).toEqual(withSaxes([sheet]));
  });

  it.each([
    ['an end tag that closes another element', '<a><b></a></b>'],
    ['an element left open', '<a><b></b>'],
    ['an end tag with no element', '<a></a></b>'],
    ['an unescaped &', '<a>fish & chips</a>'],
    ['an unknown entity', '<a>&nbsp;</a>'],
    ['a character reference to nothing', '<a>&#0;</a>'],
    ['a character reference past Unicode', '<a>&#x110000;</a>'],
    ['text outside the root', '<a/>text'],
    ['a second root element', '<a/><b/>'],
    ['an unquoted attribute', '<a b=1/>'],
    ['an attribute without a value', '<a b/>'],
    ['attributes run together', '<a b="1"c="2"/>'],
    ['a truncated tag', '<a><b c="1"'],
    ['a truncated comment', '<a><!-- no end'],
    ['a double dash inside a comment', '<a><!-- a -- b --></a>'],
    ['a comment ending in a dash', '<a><!-- a ---></a>'],
    ['a truncated CDATA section', '<a><![CDATA[ no end'],
    ['no root element', '<?xml version="1.0"?>'],
    ['an empty document', ''],
    ['a stray < in text', '<a>1 < 2</a>'],
  ])('refuses %s, as saxes does', (_why, doc) => {
    expect(() => withSaxes([doc])).toThrow();
    expect(() => withScanner([doc])).toThrow();
    // Cut anywhere, still refused.
    for (const at of cuts(doc)) expect(() => withScanner([doc.slice(0, at), doc.slice(at)])).toThrow();
  });

  it('reads line ends as XML does, a CR at the very end too', () => {
    for (const doc of ['<a b="1\r\n2\t3\n4">x\r\ny\rz<![CDATA[p\r\nq]]>&#13;</a>\r', '<a>x</a>\r\n', '\r\n<a/>\r']) {
      const expected = withSaxes([doc]);
      expect(withScanner([doc])).toEqual(expected);
      for (const at of cuts(doc)) expect(withScanner([doc.slice(0, at), doc.slice(at)])).toEqual(expected);
    }
  });

  it('reads a long text run fed in small chunks without carrying it from chunk to chunk', () => {
    const text = 'x'.repeat(200_000) + '&amp;' + 'y'.repeat(200_000);
    const doc = `<a>${text}</a>`;
    const chunks: string[] = [];
    for (let i = 0; i < doc.length; i += 1000) chunks.push(doc.slice(i, i + 1000));
    expect(withScanner(chunks)).toEqual([['open', 'a', false, {}], ['text', 'x'.repeat(200_000) + '&' + 'y'.repeat(200_000)], ['close', 'a']]);
  });

  it('refuses elements nested past its depth bound as corrupt, before any handler sees them, fed whole or in chunks', () => {
    const deep = (n: number) => `${'<a>'.repeat(n)}${'</a>'.repeat(n)}`;
    expect(withScanner([deep(MAX_ELEMENT_DEPTH)])).toHaveLength(2 * MAX_ELEMENT_DEPTH);
    let opened = 0;
    const s = new XmlScanner({ open: () => void opened++ });
    const hostile = '<a>'.repeat(100_000);
    expect(() => {
      for (let i = 0; i < hostile.length; i += 4096) s.write(hostile.slice(i, i + 4096));
    }).toThrow(/nests more than 256 elements deep/);
    expect(opened).toBe(MAX_ELEMENT_DEPTH);
  });
});
