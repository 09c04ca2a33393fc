import { z } from 'zod';

/** Every error the API answers has this shape (DESIGN §4). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.string()).optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;
