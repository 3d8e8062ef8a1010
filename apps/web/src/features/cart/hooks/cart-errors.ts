/** Which toast a failed cart change shows: the server's reason for a refusal, else the spec's fixed words. */
import { ApiError } from '../../../lib/api-client';

export function cartErrorMessage(error: unknown, fallback: string): string {
  // A refusal (sold, no stems, no price…) says why; a network or server failure gets the spec's message.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return error.message;
  return fallback;
}
