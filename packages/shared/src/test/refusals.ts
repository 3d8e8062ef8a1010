/** What a schema says of input, as the API's 400 and the forms show it: the first message of each field. */
import { expect } from 'vitest';
import type { z } from 'zod';

/** Each refused field (its path joined by dots, '' for the whole input) with the first message given for it. */
export function refusals(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be refused`).toBe(false);
  const byField: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) byField[issue.path.join('.')] ??= issue.message;
  return byField;
}

/** The one message the API would answer with: the first issue's. */
export function refusal(schema: z.ZodType, input: unknown): string {
  const result = schema.safeParse(input);
  expect(result.success, `expected ${JSON.stringify(input)} to be refused`).toBe(false);
  return result.error?.issues[0]?.message ?? '';
}

/** The parsed value of input the schema must accept. */
export function accepted<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const result = schema.safeParse(input);
  expect(result.error?.issues ?? []).toEqual([]);
  return result.data as z.output<T>;
}
