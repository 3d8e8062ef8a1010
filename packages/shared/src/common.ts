import { z } from 'zod';

/** Every error answer of the API: one readable sentence. */
export const errorResponse = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponse>;

export const messageResponse = z.object({ message: z.string() });

export const id = (name: string) =>
  z.string({ error: `${name} is required` }).uuid({ error: `${name} is not a valid id` });

export const isoDate = z.string();
