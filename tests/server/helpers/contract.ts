// Holds the server's answers to the contract: every JSON answer an API test receives from an endpoint of the table
// must parse with that endpoint's answer schema, so the schemas cannot drift from what the server really sends.
import type * as z from 'zod/mini';
import { endpointOf } from '../../../server/endpoints';

/** Problems of one answer against its row; [] when it fits (or the request is not of the table). */
export async function answerProblems(method: string, url: string, res: Response): Promise<string[]> {
  const path = new URL(url, 'http://x').pathname;
  const route = endpointOf(method.toUpperCase(), path);
  if (!route || !res.ok) return [];
  const expected = route.spec.status ?? 200;
  if (res.status !== expected && !route.spec.otherStatuses?.includes(res.status))
    return [`${route.key}: status ${res.status}, the contract says ${expected}`];
  if (!route.spec.answer) return [];
  if (!(res.headers.get('content-type') ?? '').includes('application/json'))
    return [`${route.key}: the answer is not JSON (${res.headers.get('content-type')})`];
  const parsed = (route.spec.answer as z.ZodMiniType).safeParse(await res.clone().json());
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => `${route.key}: ${i.path.join('.') || '(answer)'}: ${i.message}`);
}
