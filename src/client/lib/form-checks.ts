import { z } from 'zod';

// Form schemas' helpers that build or run zod schemas: apart from form-errors.ts, so a form's
// error handling does not bring zod into a page's first code (/book's waking, decision 0026).

/**
 * Inside a form schema's transform: checks `value` with a shared schema and reports its issues
 * at `path` under the field being transformed, so the form shows the shared schema's own words.
 */
export function checkWith<S extends z.ZodType>(schema: S, value: unknown, ctx: z.RefinementCtx, path: PropertyKey[] | null = null): z.output<S> | typeof z.NEVER {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = path === null ? parsed.error.issues : parsed.error.issues.slice(0, 1);
  for (const issue of issues) ctx.addIssue({ code: 'custom', message: issue.message, path: path ?? issue.path });
  return z.NEVER;
}

/** A number typed in a box, checked by `schema`; an empty box is no number (the schema says what to type). */
export function numberText<S extends z.ZodType<number>>(schema: S) {
  return z.string().transform((text, ctx) => checkWith(schema, text.trim() === '' ? undefined : Number(text), ctx));
}
