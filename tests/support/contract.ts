/** Runs an endpoint's query schema as the endpoint mechanism does: the first value of each parameter, one error text. */
import type { z } from 'astro/zod';
import { describeIssues } from '../../src/lib/http/contract.ts';

export function parseQuery<S extends z.ZodType>(schema: S, query: string): { ok: true; data: z.output<S> } | { ok: false; error: string } {
  const params = new URLSearchParams(query);
  const first = Object.fromEntries([...params.keys()].map((key) => [key, params.get(key)]));
  const result = schema.safeParse(first);
  return result.success ? { ok: true, data: result.data } : { ok: false, error: describeIssues(result.error) };
}
