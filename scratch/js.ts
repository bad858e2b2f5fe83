import * as z from 'zod';
import { api } from '../contract/api';
let fails = 0;
for (const [key, spec] of Object.entries(api)) {
  for (const part of ['params', 'query', 'body', 'answer'] as const) {
    const s = (spec as any)[part];
    if (!s) continue;
    try {
      const js = z.toJSONSchema(s, { io: part === 'answer' ? 'output' : 'input', unrepresentable: 'any' });
      if (key.includes('socials/email') || key.includes('PATCH /api/client/profile/')) console.log(key, part, JSON.stringify(js).slice(0, 600));
    } catch (e) { fails++; console.log('FAIL', key, part, (e as Error).message); }
  }
}
console.log('fails', fails);
