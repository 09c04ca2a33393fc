/**
 * The reference runner's normalisation before it compares (applied to the expected response and to
 * the answer alike): a resource's narrative and meta are dropped, and so are extensions that are a
 * server's own detail - every absolute-URL extension except those the suite tests - outside a value
 * set's compose. In the tx.fhir.org mode ("tight") every extension is kept.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

/** The extensions the test cases check. */
const MANAGED = new Set([
  'http://hl7.org/fhir/StructureDefinition/codesystem-alternate',
  'http://hl7.org/fhir/StructureDefinition/codesystem-conceptOrder',
  'http://hl7.org/fhir/StructureDefinition/codesystem-label',
  'http://hl7.org/fhir/StructureDefinition/coding-sctdescid',
  'http://hl7.org/fhir/StructureDefinition/itemWeight',
  'http://hl7.org/fhir/StructureDefinition/rendering-style',
  'http://hl7.org/fhir/StructureDefinition/rendering-xhtml',
  'http://hl7.org/fhir/StructureDefinition/translation',
  'http://hl7.org/fhir/StructureDefinition/valueset-concept-definition',
  'http://hl7.org/fhir/StructureDefinition/valueset-conceptOrder',
  'http://hl7.org/fhir/StructureDefinition/valueset-deprecated',
  'http://hl7.org/fhir/StructureDefinition/valueset-label',
  'http://hl7.org/fhir/StructureDefinition/valueset-supplement',
  'http://hl7.org/fhir/StructureDefinition/alternate-code-use',
  'http://hl7.org/fhir/StructureDefinition/alternate-code-status',
  'http://hl7.org/fhir/test/CodeSystem/de-multi',
  'http://hl7.org/fhir/test/CodeSystem/en-multi',
  'http://hl7.org/fhir/test/StructureDefinition/unknown-extension-1',
  'http://hl7.org/fhir/test/StructureDefinition/unknown-extension-3',
  'http://hl7.org/fhir/test/StructureDefinition/unknown-extension-4',
  'http://hl7.org/fhir/test/StructureDefinition/unknown-extension-5',
  'http://hl7.org/fhir/test/ValueSet/extensions-bad-supplement',
  'http://hl7.org/fhir/test/ValueSet/simple-all',
  'http://hl7.org/fhir/test/ValueSet/simple-enumerated',
  'http://hl7.org/fhir/test/ValueSet/simple-filter-isa',
]);

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const isAbsolute = (url: unknown) => typeof url === 'string' && /^[A-Za-z][A-Za-z0-9+.-]*:/.test(url);
const kept = (extension: Json) => !isObject(extension) || !isAbsolute(extension.url) || MANAGED.has(extension.url as string);

function scrubElement(element: JsonObject, inValueSet: boolean) {
  for (const [key, value] of Object.entries(element)) {
    if (key === 'extension' && Array.isArray(value)) {
      const left = value.filter(kept);
      if (left.length) element.extension = left;
      else delete element.extension;
      continue;
    }
    // A value set's compose is the definition the test is about: left as it is.
    if (inValueSet && key === 'compose') continue;
    for (const child of Array.isArray(value) ? value : [value]) if (isObject(child)) scrubElement(child, false);
  }
}

/** The answer or expected response as the runner compares it. Does not change its argument. */
export function scrub<T>(resource: T, tight: boolean): T {
  if (!isObject(resource)) return resource;
  const r = structuredClone(resource) as JsonObject;
  delete r.meta;
  // Parameters is not a DomainResource: only its meta goes.
  if (r.resourceType === 'Parameters') return r as T;
  delete r.text;
  if (!tight) scrubElement(r, r.resourceType === 'ValueSet');
  return r as T;
}
