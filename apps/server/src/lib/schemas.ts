import { z } from 'zod';

/** The answer of a call whose only news is that it worked. */
export const okSchema = z.object({ ok: z.literal(true) });
export const OK = { ok: true } as const;
