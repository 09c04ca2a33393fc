/**
 * A streaming, non-validating XML scanner for the parts of an .xlsx package: elements with their
 * attributes, character data (CDATA included, entities decoded) and end tags, fed in chunks.
 *
 * It replaces saxes here for speed: saxes reads one character at a time and builds an event object
 * and an attribute map for every tag; it was 46 % of the CPU a 100k-row workbook's read took (2.6 s
 * of 5.8 over four reads), on a server whose two cores the read shares with the database writing
 * the rows. This scanner finds each construct's end with indexOf and reads attributes only when a
 * handler asks for them: the whole read takes half the CPU it took (bench/results/import-notes.md).
 *
 * What it checks, so that a damaged part is still refused as corrupt: every end tag matches its
 * start tag, nothing is left open at the end, at most MAX_ELEMENT_DEPTH elements are open at once, entities are the five predefined ones or character
 * references, no text or second element stands outside the root, attributes are name="value"
 * or name='value', comments hold no `--`. What it does not do, as no workbook part needs it:
 * DTDs (a DOCTYPE is skipped; entities it declares are refused as unknown), namespace resolution
 * (handlers see local names, which is how the readers treat strict OOXML's other namespace URIs),
 * and the Unicode checks of names and characters. xml-scanner.test.ts compares it with saxes on
 * generated documents cut into chunks at every place.
 *
 * A malformed part throws a plain Error saying what is wrong; the reader (saxStream in
 * xlsx-parts.ts) turns it into the user's "not a valid Excel workbook" answer.
 */
const corrupt = (why: string) => new Error(why);

/** An unfinished construct longer than this is refused rather than carried from chunk to chunk. */
const MAX_CARRY = 8 * 1024 * 1024;
/**
 * Elements open at once. A worksheet nests about six deep; a hostile part of nothing but start
 * tags would otherwise grow the open-element stack (and every handler's) with the part's size.
 */
export const MAX_ELEMENT_DEPTH = 256;

/** One start tag, valid only during the `open` call that receives it (the scanner reuses it). */
export interface XmlTag {
  /** The local name (without a namespace prefix). */
  readonly name: string;
  readonly selfClosing: boolean;
  /** An attribute's value by local name (`r` finds `r` and `x:r`), entities decoded. */
  attr(name: string): string | undefined;
  /** A copy of every attribute, by qualified name (for a tag kept after the call). */
  attributes(): Record<string, string>;
}

export interface XmlEvents {
  open?(tag: XmlTag): void;
  /** Character data and CDATA content, entities decoded; a run may come in several pieces. */
  text?(text: string): void;
  /** The local name of an end tag (a self-closing tag gets one too, as in SAX). */
  close?(name: string): void;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const ENTITY = /&([^&;]*);|&/g;

/** Decodes the predefined entities and character references; anything else is a corrupt part. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(ENTITY, (whole, ref: string | undefined) => {
    if (ref === undefined) throw corrupt('an unescaped & in the XML');
    const named = PREDEFINED[ref];
    if (named !== undefined) return named;
    const code = ref[0] === '#' ? (ref[1] === 'x' ? /^#x[0-9a-fA-F]{1,6}$/.test(ref) && parseInt(ref.slice(2), 16) : /^#[0-9]{1,7}$/.test(ref) && parseInt(ref.slice(1), 10)) : false;
    if (code === false || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || code === 0) throw corrupt(`an unknown entity ${whole.slice(0, 20)} in the XML`);
    return String.fromCodePoint(code);
  });
}

/** XML's end-of-line handling: `\r\n` and a lone `\r` are read as `\n` (a literal CR is `&#13;`, or `_x000D_` in OOXML). */
const lineEnds = (s: string) => (s.includes('\r') ? s.replace(/\r\n?/g, '\n') : s);

/** An attribute value as XML reads it: line ends, then every tab, CR and LF, are a space; then the entities. */
const attributeValue = (raw: string) => decodeEntities(/[\t\n\r]/.test(raw) ? raw.replace(/\r\n|[\t\n\r]/g, ' ') : raw);

const localName = (qname: string) => qname.slice(qname.indexOf(':') + 1);

const isSpace = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;

/** Ends a name: whitespace, `>`, `/`, `=`, `<` (or the end of the text, NaN). */
const endsName = (c: number) => c === 32 || c === 62 || c === 47 || c === 10 || c === 9 || c === 13 || c === 61 || c === 60 || Number.isNaN(c);

class Tag implements XmlTag {
  name = '';
  selfClosing = false;
  /** Qualified names and raw values of the current tag, pairwise. */
  readonly raw: string[] = [];
  count = 0;
  attr(name: string): string | undefined {
    const raw = this.raw;
    for (let i = 0; i < this.count; i += 2) if (raw[i] === name) return attributeValue(raw[i + 1]);
    for (let i = 0; i < this.count; i += 2) if (localName(raw[i]) === name) return attributeValue(raw[i + 1]);
    return undefined;
  }
  attributes(): Record<string, string> {
    const out: Record<string, string> = {};
    for (let i = 0; i < this.count; i += 2) out[this.raw[i]] = attributeValue(this.raw[i + 1]);
    return out;
  }
}

export class XmlScanner {
  private carry = '';
  private readonly open: string[] = [];
  private rootDone = false;
  private started = false;
  private readonly tag = new Tag();

  constructor(private readonly events: XmlEvents) {}

  /** Scans what `chunk` completes; an unfinished construct waits for the next chunk. */
  write(chunk: string): void {
    let s = this.carry + chunk;
    if (!this.started && s.length > 0) {
      this.started = true;
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    this.carry = s.slice(this.scan(s));
    if (this.carry.length > MAX_CARRY) throw corrupt('a tag, comment or CDATA section larger than 8 MB');
  }

  /** The end of the input: anything unfinished or left open is a corrupt part. */
  close(): void {
    if (this.carry.length > 0) {
      const rest = this.carry;
      this.carry = '';
      if (this.scan(rest, true) < rest.length) throw corrupt('the XML ends inside a tag');
    }
    if (this.open.length > 0) throw corrupt(`<${this.open[this.open.length - 1]}> is not closed`);
    if (!this.rootDone) throw corrupt('the XML has no root element');
  }

  private emitText(s: string, from: number, to: number): void {
    if (from >= to) return;
    const text = s.slice(from, to);
    if (this.open.length === 0) {
      if (text.trim() !== '') throw corrupt('text outside the root element of the XML');
      return;
    }
    this.events.text?.(decodeEntities(lineEnds(text)));
  }

  /** Scans `s` and answers where the first unfinished construct starts (s.length when none); `last`: no more input follows. */
  private scan(s: string, last = false): number {
    const n = s.length;
    let i = 0;
    while (i < n) {
      const lt = s.indexOf('<', i);
      if (lt < 0) {
        // Text to the end: an entity, or a CR whose LF may follow, cut by the chunk's end waits for the rest.
        const amp = s.lastIndexOf('&');
        let keep = !last && amp >= i && n - amp <= 12 && s.indexOf(';', amp) < 0 ? amp : n;
        if (!last && keep === n && n > i && s.charCodeAt(n - 1) === 13) keep = n - 1;
        this.emitText(s, i, keep);
        return keep;
      }
      this.emitText(s, i, lt);
      if (lt + 1 >= n) return lt;
      const c = s.charCodeAt(lt + 1);
      let end: number;
      if (c === 47) end = this.endTag(s, lt);
      else if (c === 33) end = this.markup(s, lt);
      else if (c === 63) {
        const q = s.indexOf('?>', lt + 2);
        end = q < 0 ? -1 : q + 2;
      } else end = this.startTag(s, lt);
      if (end < 0) return lt;
      i = end;
    }
    return n;
  }

  /** `</name>`; answers the index after it, or -1 when the chunk ends first. */
  private endTag(s: string, lt: number): number {
    const gt = s.indexOf('>', lt + 2);
    if (gt < 0) return -1;
    const qname = s.slice(lt + 2, gt).trimEnd();
    const expected = this.open.pop();
    if (qname !== expected) throw corrupt(expected ? `</${qname.slice(0, 40)}> closes <${expected}>` : `</${qname.slice(0, 40)}> closes nothing`);
    if (this.open.length === 0) this.rootDone = true;
    this.events.close?.(localName(qname));
    return gt + 1;
  }

  /** `<!--…-->`, `<![CDATA[…]]>` or `<!DOCTYPE …>` (skipped, with its internal subset). */
  private markup(s: string, lt: number): number {
    if (s.startsWith('<!--', lt)) {
      const e = s.indexOf('-->', lt + 4);
      if (e < 0) return -1;
      // XML allows no `--` within a comment and no `-` at its end (`<!-- a --->`).
      if (s.indexOf('--', lt + 4) < e || (e > lt + 4 && s.charCodeAt(e - 1) === 45)) throw corrupt('"--" inside an XML comment');
      return e + 3;
    }
    if (s.startsWith('<![CDATA[', lt)) {
      const e = s.indexOf(']]>', lt + 9);
      if (e < 0) return -1;
      if (this.open.length === 0) throw corrupt('CDATA outside the root element of the XML');
      if (e > lt + 9) this.events.text?.(lineEnds(s.slice(lt + 9, e)));
      return e + 3;
    }
    if (s.length - lt < 9) return -1;
    if (!s.startsWith('<!DOCTYPE', lt)) throw corrupt('an unknown <! construct in the XML');
    if (this.open.length > 0 || this.rootDone) throw corrupt('a DOCTYPE after the root element of the XML');
    const bracket = s.indexOf('[', lt);
    const gt = s.indexOf('>', lt);
    if (gt < 0) return -1;
    if (bracket >= 0 && bracket < gt) {
      const close = s.indexOf(']', bracket);
      if (close < 0) return -1;
      const after = s.indexOf('>', close);
      return after < 0 ? -1 : after + 1;
    }
    return gt + 1;
  }

  /** `<name attr="v" …>` or `…/>`; answers the index after it, or -1 when the chunk ends first. */
  private startTag(s: string, lt: number): number {
    const n = s.length;
    let j = lt + 1;
    while (j < n && !endsName(s.charCodeAt(j))) j++;
    if (j >= n) return -1;
    if (j === lt + 1) throw corrupt('a < that starts no tag in the XML');
    const qname = s.slice(lt + 1, j);
    const tag = this.tag;
    tag.count = 0;
    for (;;) {
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return -1;
      const c = s.charCodeAt(j);
      if (c === 62 || c === 47) {
        if (c === 47) {
          if (j + 1 >= n) return -1;
          if (s.charCodeAt(j + 1) !== 62) throw corrupt(`a / inside <${qname.slice(0, 40)}>`);
        }
        tag.selfClosing = c === 47;
        this.element(qname);
        return c === 47 ? j + 2 : j + 1;
      }
      // name = "value"
      const nameStart = j;
      while (j < n && !endsName(s.charCodeAt(j))) j++;
      if (j === nameStart) throw corrupt(`a malformed attribute in <${qname.slice(0, 40)}>`);
      const name = s.slice(nameStart, j);
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return -1;
      if (s.charCodeAt(j) !== 61) throw corrupt(`the attribute ${name.slice(0, 40)} of <${qname.slice(0, 40)}> has no value`);
      j++;
      while (j < n && isSpace(s.charCodeAt(j))) j++;
      if (j >= n) return -1;
      const quote = s.charCodeAt(j);
      if (quote !== 34 && quote !== 39) throw corrupt(`the attribute ${name.slice(0, 40)} of <${qname.slice(0, 40)}> is not quoted`);
      const close = s.indexOf(quote === 34 ? '"' : "'", j + 1);
      if (close < 0) return -1;
      tag.raw[tag.count++] = name;
      tag.raw[tag.count++] = s.slice(j + 1, close);
      j = close + 1;
      if (j < n && !isSpace(s.charCodeAt(j)) && s.charCodeAt(j) !== 62 && s.charCodeAt(j) !== 47) throw corrupt(`no space between the attributes of <${qname.slice(0, 40)}>`);
    }
  }

  private element(qname: string): void {
    if (this.open.length === 0 && this.rootDone) throw corrupt('a second root element in the XML');
    const tag = this.tag;
    tag.name = localName(qname);
    if (!tag.selfClosing) {
      if (this.open.length >= MAX_ELEMENT_DEPTH) throw corrupt(`the XML nests more than ${MAX_ELEMENT_DEPTH} elements deep`);
      this.open.push(qname);
    }
    else if (this.open.length === 0) this.rootDone = true;
    this.events.open?.(tag);
    if (tag.selfClosing) this.events.close?.(tag.name);
  }
}
