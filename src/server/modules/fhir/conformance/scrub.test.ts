import { describe, expect, it } from 'vitest';
import { scrub } from './scrub';

describe('the normalisation before comparing', () => {
  const answer = {
    resourceType: 'ValueSet',
    meta: { versionId: '3' },
    text: { status: 'generated', div: '<div/>' },
    extension: [{ url: 'http://example.org/server-detail', valueString: 'x' }, { url: 'http://hl7.org/fhir/StructureDefinition/valueset-supplement', valueCanonical: 'y' }],
    compose: { include: [{ system: 's', extension: [{ url: 'http://example.org/kept-in-compose', valueString: 'z' }] }] },
    expansion: { contains: [{ code: 'a', extension: [{ url: 'http://example.org/detail', valueString: 'd' }] }] },
  };

  it('drops meta, narrative and server-detail extensions outside compose, keeping the tested ones', () => {
    expect(scrub(answer, false)).toEqual({
      resourceType: 'ValueSet',
      extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/valueset-supplement', valueCanonical: 'y' }],
      compose: answer.compose,
      expansion: { contains: [{ code: 'a' }] },
    });
    expect(answer.meta).toBeDefined();
  });

  it('keeps every extension in the tight (tx.fhir.org) mode, and only drops meta of Parameters', () => {
    expect(scrub(answer, true).extension).toHaveLength(2);
    const parameters = { resourceType: 'Parameters', meta: {}, parameter: [{ name: 'x', extension: [{ url: 'http://example.org/e' }] }] };
    expect(scrub(parameters, false)).toEqual({ resourceType: 'Parameters', parameter: parameters.parameter });
  });
});
