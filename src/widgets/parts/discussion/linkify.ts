/**
 * A comment's text as plain pieces and links: only http(s) URLs become links, everything else stays
 * text (React escapes it), so a comment can never inject markup or a javascript: link.
 */
export type Piece = { text: string; href?: undefined } | { text: string; href: string };

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
/** Punctuation that ends a sentence after a link is not part of it ("see https://a.org/x."). */
const TRAILING = '.,;:!?)]}';
const count = (s: string, c: string) => s.split(c).length - 1;

/** The URL without the sentence's punctuation; a closing bracket matching one inside the URL stays (Wikipedia links). */
function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0 && TRAILING.includes(url[end - 1])) {
    const head = url.slice(0, end);
    if (url[end - 1] === ')' && count(head, '(') >= count(head, ')')) break;
    end -= 1;
  }
  return url.slice(0, end);
}

export function linkify(text: string): Piece[] {
  const out: Piece[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = trimUrl(match[0]);
    if (!isHttpUrl(url)) continue;
    if (start > last) out.push({ text: text.slice(last, start) });
    out.push({ text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

function isHttpUrl(candidate: string): boolean {
  try {
    const url = new URL(candidate);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}
