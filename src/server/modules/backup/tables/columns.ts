import { z } from 'zod';

/** The column schemas the tables' row shapes are made of. */
export const uuid = z.string().uuid();
export const optUuid = uuid.nullable();
export const time = z.string().refine((s) => !Number.isNaN(Date.parse(s)), 'not a time');
export const optTime = time.nullable();
export const text = z.string();
export const optText = z.string().nullable();
export const name = z.string().refine((s) => s.trim() !== '', 'empty name');
/** A record's version (migration 0033); archives written before it have none and restore at 1. */
export const version = z.number().int().positive().max(2_147_483_647).optional();
