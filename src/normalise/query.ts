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

/** True when a value cannot travel as plain query parameters without losing structure. */
export function isComplex(value: unknown): boolean {
  if (Array.isArray(value)) return value.some((v) => v !== null && typeof v === 'object' && !(v instanceof Date));
  return value !== null && typeof value === 'object' && !(value instanceof Date);
}
