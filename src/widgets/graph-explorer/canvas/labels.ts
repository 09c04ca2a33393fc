import { GRAPH_FIGURES, GRAPH_PALETTE } from '../../../contract/texts/graph';

const ELLIPSIS = '…';

/** `text` cut to `max` characters, the last one an ellipsis when anything was cut. */
export function truncate(text: string, max: number): string {
  const chars = [...text.trim()];
  return chars.length <= max ? chars.join('') : chars.slice(0, Math.max(0, max - 1)).join('') + ELLIPSIS;
}

/**
 * A node name for the global view: at most `lines` lines of at most `width` characters
 * (spec §9: 2 lines of 7). Words go whole onto a line when they fit; a longer word is split;
 * whatever does not fit ends the last line with an ellipsis.
 */
export function wrapLabel(text: string, width: number = GRAPH_FIGURES.globalNameLine, lines: number = GRAPH_FIGURES.globalNameLines): string[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: string[] = [];
  let line = '';
  for (let i = 0; i < words.length; ) {
    const candidate = line ? `${line} ${words[i]}` : words[i];
    const chars = [...candidate];
    if (chars.length <= width) {
      line = candidate;
      i += 1;
      continue;
    }
    if (out.length === lines - 1) {
      // The last line: fill it and end with an ellipsis.
      return [...out, chars.slice(0, width - 1).join('') + ELLIPSIS];
    }
    if (line) {
      out.push(line);
      line = '';
    } else {
      // A word longer than a line: split it.
      out.push(chars.slice(0, width).join(''));
      words[i] = chars.slice(width).join('');
    }
  }
  return line ? [...out, line] : out;
}

/** Focused view: name to 20 characters, type to 15 (spec §9). */
export const focusedNameLabel = (name: string) => truncate(name, GRAPH_FIGURES.focusedNameMax);
export const focusedTypeLabel = (type: string) => truncate(type, GRAPH_FIGURES.focusedTypeMax);
/** Edge labels to 15 characters (spec §9). */
export const edgeLabel = (text: string) => truncate(text, GRAPH_FIGURES.edgeLabelMax);

/**
 * Node type → colour: each type's stored colour (`stored`, from GET /nodetypes),
 * so adding a type recolours nothing. Only a type without one (a graph handed in as data, a type
 * missing from the list) falls back to the ten-colour palette by its position (the server orders
 * the list by name; missing types follow in their own name order).
 */
export function typeColors(typeOrder: readonly string[], present: Iterable<string> = [], stored: Readonly<Record<string, string>> = {}): Map<string, string> {
  const order = [...typeOrder];
  const extra = [...new Set(present)].filter((t) => !order.includes(t)).sort((a, b) => a.localeCompare(b));
  return new Map([...order, ...extra].map((t, i) => [t, stored[t] ?? GRAPH_PALETTE[i % GRAPH_PALETTE.length]]));
}
