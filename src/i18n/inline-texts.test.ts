import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * "Missing keys are caught by a test" for the whole class: a text written
 * inline in a component never reaches the catalogues, so no language but English can show it.
 * This scans the widgets', the UI kit's and the host's .tsx files for JSX text and for string
 * literals in the attributes a user reads or hears (aria-label, title, placeholder, alt, label
 * props …), in text-holding object properties (column headers …), in shown calls (page title,
 * toasts) and in fallbacks (`?? 'Unknown'`) that hold English words, and names each one file:line. Texts belong in a texts module
 * (defineTexts) and are read from there.
 *
 * Only literal text is caught: `{T.title}`, `{count}` and computed class names pass. What is not
 * a word (symbols, numbers, a product name, a file extension) is on the explicit list below.
 */
const FOLDERS = ['src/widgets', 'src/ui', 'src/host'];

/** Attributes whose value a user reads or a screen reader says. */
const USER_FACING = new Set([
  'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'aria-placeholder',
  'title', 'placeholder', 'alt', 'label', 'ariaLabel', 'heading', 'description', 'message', 'hint',
  'emptyText', 'confirmLabel', 'cancelLabel', 'text', 'caption', 'subtitle', 'legend', 'tooltip',
]);

/** Literal texts that are not language: product names, units the user types, file types. */
const ALLOWED = new Set<string>([
  'SNOMED CT', // the terminology's name, the same in every language
  'xlsx', '.xlsx', 'csv', '.csv', 'KB', 'MB', 'ID', 'URL', 'UUID',
  'https://', // a URL field's placeholder: the scheme, not a word
]);

/** Object properties that hold a text a screen shows (table column headers, not-found texts …). */
const TEXT_PROPERTIES = new Set([...USER_FACING, 'header', 'back', 'backLabel', 'loading', 'noResults', 'idle', 'empty', 'busyLabel']);

/** Calls whose first argument is shown: the page title, a toast. */
const SHOWN_CALLS = new Set(['usePageTitle', 'show', 'notify', 'toast', 'setError', 'setMessage']);

/** A literal "says something" when it has a word of two or more letters (any script). */
const isWordy = (text: string): boolean => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return trimmed !== '' && !ALLOWED.has(trimmed) && /\p{L}{2,}/u.test(trimmed);
};

function files(folder: string): string[] {
  return readdirSync(path.resolve(folder), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.tsx') && !/\.test\.tsx$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The literal strings of an attribute value: "x", {'x'}, {`x ${y}`}, {c ? 'x' : 'y'}, {a ?? 'x'}. */
function literals(node: ts.Node | undefined): ts.Node[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node];
  if (ts.isTemplateExpression(node)) return [node.head, ...node.templateSpans.map((s) => s.literal)];
  if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.PlusToken].includes(node.operatorToken.kind))
    return [...literals(node.left), ...literals(node.right)];
  return [];
}

const textOf = (node: ts.Node): string =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node) ? node.text : (node as ts.JsxText).text;

/** Every inline English text of a .tsx source, as `file:line "text"`. */
export function inlineTexts(file: string, source = readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node) => {
    const text = textOf(node);
    if (!isWordy(text)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push(`${path.relative(process.cwd(), file)}:${line} "${text.replace(/\s+/g, ' ').trim()}"`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node);
    else if (ts.isJsxAttribute(node) && USER_FACING.has(node.name.getText(sf))) literals(node.initializer).forEach(report);
    else if (ts.isPropertyAssignment(node) && TEXT_PROPERTIES.has(node.name.getText(sf))) literals(node.initializer).forEach(report);
    else if (ts.isCallExpression(node) && SHOWN_CALLS.has(node.expression.getText(sf).split('.').pop()!)) literals(node.arguments[0]).forEach(report);
    // A fallback text: `name ?? 'Unknown Node'`, `description || 'No description'` (capitalised:
    // lower-case fallbacks are states and keys, `step ?? 'viewing'`).
    else if (ts.isBinaryExpression(node) && [ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.BarBarToken].includes(node.operatorToken.kind))
      literals(node.right).filter((l) => /^\s*\p{Lu}/u.test(textOf(l))).forEach(report);
    // A literal child expression: <p>{'Loading…'}</p> or <p>{busy ? 'Saving' : 'Save'}</p>.
    else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      literals(node.expression).forEach(report);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

// Each case parses a layer's every .tsx with the compiler: seconds on a busy machine.
describe('inline texts', { timeout: 60_000 }, () => {
  it('catches JSX text and literal user-facing attributes (the scan itself)', () => {
    const sample = [
      'const A = () => (<div title="Close dialog">',
      '  <p>Loading…</p>',
      "  <input placeholder={'Search nodes'} aria-label={busy ? 'Saving' : T.save} />",
      '  <span>{T.ok} ×</span><i>{`${n} items`}</i>',
      '  <b className="grid wide">{count}</b>',
      '</div>);',
      "const COLUMNS = [{ key: 'name', header: 'Node Name' }]; usePageTitle('Node Detail');",
      "const who = (u) => u?.name ?? 'Unknown user'; const step = s ?? 'viewing';",
    ].join('\n');
    expect(inlineTexts('sample.tsx', sample)).toEqual([
      'sample.tsx:1 "Close dialog"',
      'sample.tsx:2 "Loading…"',
      'sample.tsx:3 "Search nodes"',
      'sample.tsx:3 "Saving"',
      'sample.tsx:4 "items"',
      'sample.tsx:7 "Node Name"',
      'sample.tsx:7 "Node Detail"',
      'sample.tsx:8 "Unknown user"',
    ]);
  });

  it.each(FOLDERS)('%s has no inline English: every text comes from a texts module', (folder) => {
    expect(files(folder).flatMap((file) => inlineTexts(file))).toEqual([]);
  });
});
