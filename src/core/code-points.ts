/** Length in code points (a surrogate pair is one character), as ajv and JSON Schema count. */
export function codePoints(s: string): number {
  let pairs = 0;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) pairs++;
  }
  return s.length - pairs;
}
