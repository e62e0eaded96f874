/**
 * Query strings the way the provider reads them: scalar arrays repeat the key
 * (`fieldsets=FULL&fieldsets=PUBLIC`), nested objects flatten to dotted keys (`paging.limit=10`).
 */
export function appendQuery(params: URLSearchParams, name: string, value: unknown): void {
  if (value === undefined || value === null) return;
  if (Array.isArray(value)) {
    for (const item of value) appendQuery(params, name, item);
  } else if (value instanceof Date) {
    params.append(name, value.toISOString());
  } else if (typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) appendQuery(params, `${name}.${k}`, v);
  } else {
    params.append(name, String(value));
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Whether flattening `v` to dotted keys gives at least one key (an empty object gives none). */
const flattensToKeys = (v: Record<string, unknown>): boolean =>
  Object.values(v).some((inner) => !isObject(inner) || flattensToKeys(inner));

/**
 * The official SDK's rule for a complex GET: `.r` when a nested object flattens to a dotted key
 * or an array holds an object (or null); otherwise plain parameters.
 */
export function needsDotR(payload: Record<string, unknown>): boolean {
  return Object.values(payload).some((v) =>
    isObject(v) ? flattensToKeys(v) : Array.isArray(v) && v.some((item) => typeof item === 'object'),
  );
}
