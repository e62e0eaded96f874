/** Copying named fields between entities of one type (an update that sets the fields a request names). */

/** `to[key] = from[key]`, typed by the key. */
export function copyField<T, K extends keyof T>(to: T, from: T, key: K): void {
  to[key] = from[key];
}
