import { z } from 'zod';
import { USER_LANGUAGES } from './values/languages';

export * from './values/languages';

export const UserLanguageSchema = z.enum(USER_LANGUAGES);
