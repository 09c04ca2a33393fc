import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify';
import { canonicalBase, graphUrls } from '../graph';
import { ID } from '../resource-check';
import { FHIR_JSON } from '../http';
import { invalid } from '../outcome';
import { lookup, subsumes, validateCode } from './codesystem-ops';
import { operationContext, type OperationContext } from './context';
import { expand } from './expand';
import { operationInput, type OperationInput } from './input';
import { translate } from './translate';
import { validateInValueSet } from './valueset-validate';

type Operation = (ctx: OperationContext, input: OperationInput, instanceId?: string) => Promise<unknown>;

/** The operations served, by resource type and name; each at type level and on an instance, by GET and POST. */
export const OPERATION_HANDLERS: Record<'CodeSystem' | 'ValueSet' | 'ConceptMap', Record<string, Operation>> = {
  CodeSystem: { lookup, 'validate-code': validateCode, subsumes },
  ValueSet: { expand, 'validate-code': validateInValueSet },
  ConceptMap: { translate },
};

/** Registers GET and POST /{type}/$op and /{type}/{id}/$op for every operation, behind the read guard. */
export function operationRoutes(app: FastifyInstance, read: { onRequest: onRequestHookHandler }) {
  for (const [type, ops] of Object.entries(OPERATION_HANDLERS)) {
    for (const [name, operation] of Object.entries(ops)) {
      const run = (request: FastifyRequest, instanceId?: string) => {
        const input = operationInput(request.method, request.query as Record<string, unknown>, request.body);
        return operation(
          operationContext(app.db, input, { snomedDialect: app.config.snomedDialect, graph: graphUrls(canonicalBase(app, request)) }),
          input,
          instanceId,
        );
      };
      app.route({ method: ['GET', 'POST'], url: `/${type}/$${name}`, ...read, handler: async (request, reply) => reply.type(FHIR_JSON).send(await run(request)) });
      app.route({
        method: ['GET', 'POST'],
        url: `/${type}/:id/$${name}`,
        ...read,
        handler: async (request, reply) => {
          const id = (request.params as { id: string }).id;
          if (!ID.test(id)) throw invalid(`'${id}' is not a FHIR id (1–64 letters, digits, '-' or '.')`);
          return reply.type(FHIR_JSON).send(await run(request, id));
        },
      });
    }
  }
}
