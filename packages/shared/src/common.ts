import { z } from 'zod';

/** Every error answer of the API: one readable sentence. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });

export const id = (name: string) =>
  z.string({ error: `${name} is required` }).uuid({ error: `${name} is not a valid id` });

export const isoDate = z.string();

/** A whole number read from the query string, between `min` and `max`; each refusal names the field. */
export const queryWholeNumber = (name: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be between ${min} and ${max}`)
    .max(max, `${name} must be between ${min} and ${max}`);
