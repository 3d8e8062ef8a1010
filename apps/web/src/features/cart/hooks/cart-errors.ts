/** Which toast a failed cart change shows: the server's reason for a refusal, else the product's fixed words (docs/product/screens-and-words.md#fixed-messages). */
import { ApiError } from '../../../lib/api-client';

export function cartErrorMessage(error: unknown, fallback: string): string {
  // A refusal (sold, no stems, no price…) says why; a network or server failure gets the product's message.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401) return error.message;
  return fallback;
}
