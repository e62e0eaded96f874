/**
 * Small text steps written as loops where the obvious regex is not linear: `/x+$/` and
 * `/@.*$/` are tried from every start position by V8's search, quadratic on a long run of `x`
 * that does not end the text (the regex test, test/hardening/regex.test.ts, checks them all).
 */

/** `text` without `char` repeated at its end (and at its start with `both`). */
export function trimChar(text: string, char: string, both = false): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === char) end--;
  let start = 0;
  if (both) while (start < end && text[start] === char) start++;
  return text.slice(start, end);
}

/** `text` up to the first `char` (all of it when there is none). */
export function beforeFirst(text: string, char: string): string {
  const at = text.indexOf(char);
  return at < 0 ? text : text.slice(0, at);
}
