import { z } from 'zod';
import { isHttpUrl } from './patterns';

export { isHttpUrl };

/** Optional text: '' and null both mean "none" and are stored as null. */
export const optionalText = (max: number, message: string) =>
  z
    .string()
    .max(max, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v));

export const optionalUrl = (message: string) =>
  z
    .string()
    .max(2048, message)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim()))
    .refine((v) => v === undefined || v === null || isHttpUrl(v), message);

/** Paged list answer (DESIGN §4). */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    pagination: z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int() }),
  });

export const queryInt = (min: number, max: number, fallback: number) => z.coerce.number().int().min(min).max(max).default(fallback);
export const queryBool = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((v) => v === true || v === 'true' || v === '1');
