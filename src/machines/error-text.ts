import { ApiError } from '../api/client';
import { localiseEnglish } from '../contract/texts';

/**
 * The text to show for a failed call: the server's own message when the server answered with
 * one, else the screen's fallback (spec §8: "the server's message, else 'Failed to …'").
 * A network failure (status 0) has no server message, so it shows the fallback. The server speaks
 * the spec's English: a message that is one of the declared texts is shown in the active language.
 */
export function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.status > 0 && err.message ? localiseEnglish(err.message) : fallback;
  return fallback;
}
