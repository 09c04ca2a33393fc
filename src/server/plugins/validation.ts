import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NUL_MESSAGE, findNul } from '../../contract/nul';

/** Refuses U+0000 in any string or key of the input, naming where it is. */
const noNul = z.unknown().superRefine((value, ctx) => {
  const path = findNul(value);
  if (path) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
});

/**
 * The one validator compiler of the app: every route's zod schema (body, query, params) runs
 * behind `noNul`. Doing it here covers every string field of every route at once (PostgreSQL
 * cannot store U+0000 and answered 500), and the refusal is an ordinary zod issue, so the errors
 * plugin answers 400 with the message like any other schema error.
 */
export const nulSafeValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler({ ...route, schema: noNul.pipe(route.schema) });
