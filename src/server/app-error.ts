/**
 * An error with an HTTP status and a message meant for the user, with no dependency: the parser
 * worker threads (platform/parsers) throw it too, and loading plugins/errors.ts there (Fastify, zod,
 * the whole contract) made each fresh thread start in ~0.7 s instead of ~0.2 s.
 * plugins/errors.ts re-exports it and turns it into the answer.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: string[],
    /** Fields the answer carries besides `{ error, code, details }` (a 412's current record). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, code = 'bad_request', details?: string[]) => new AppError(400, code, message, details);
