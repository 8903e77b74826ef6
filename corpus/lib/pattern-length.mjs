// The length of the shortest string a regular expression matches, read coarsely from its
// source: enough to see that `[0-9a-f]{8}-…-[0-9a-f]{12}` (36 characters) cannot fit in
// `maxLength: 32` (AWS App Runner's ServiceId). Whatever it cannot read counts as 0.

export function patternMinLength(pattern) {
  const reader = { text: pattern, at: 0 };
  try {
    return alternation(reader);
  } catch {
    return 0;
  }
}

function alternation(r) {
  let best = sequence(r);
  while (r.text[r.at] === '|') {
    r.at++;
    best = Math.min(best, sequence(r));
  }
  return best;
}

function sequence(r) {
  let total = 0;
  while (r.at < r.text.length && r.text[r.at] !== '|' && r.text[r.at] !== ')') {
    total += quantified(r, atom(r));
  }
  return total;
}

function atom(r) {
  const c = r.text[r.at++];
  if (c === '(') {
    const look = /^\?(?:[=!]|<[=!])/.exec(r.text.slice(r.at));
    const group = /^\?(?::|<[A-Za-z_]\w*>|P<[A-Za-z_]\w*>)/.exec(r.text.slice(r.at));
    if (look) r.at += look[0].length;
    else if (group) r.at += group[0].length;
    const inner = alternation(r);
    if (r.text[r.at++] !== ')') throw new Error('unclosed group');
    return look ? 0 : inner;
  }
  if (c === '[') {
    if (r.text[r.at] === '^') r.at++;
    if (r.text[r.at] === ']') r.at++;
    while (r.at < r.text.length && r.text[r.at] !== ']') r.at += r.text[r.at] === '\\' ? 2 : 1;
    if (r.text[r.at++] !== ']') throw new Error('unclosed class');
    return 1;
  }
  if (c === '\\') return escape(r);
  if (c === '^' || c === '$') return 0;
  return 1;
}

function escape(r) {
  const c = r.text[r.at++];
  if (c === 'b' || c === 'B' || /[1-9]/.test(c ?? '')) return 0;
  if ((c === 'p' || c === 'P' || c === 'k') && /[{<]/.test(r.text[r.at] ?? '')) {
    r.at = r.text.indexOf(r.text[r.at] === '{' ? '}' : '>', r.at) + 1;
    if (r.at === 0) throw new Error('unclosed escape');
  } else if (c === 'x') r.at += 2;
  else if (c === 'u') r.at += r.text[r.at] === '{' ? r.text.indexOf('}', r.at) - r.at + 1 : 4;
  else if (c === 'c') r.at += 1;
  return 1;
}

function quantified(r, length) {
  const rest = r.text.slice(r.at);
  const quantifier = /^(?:[*+?]|\{(\d+)(?:,\d*)?\})\??/.exec(rest);
  if (!quantifier) return length;
  r.at += quantifier[0].length;
  if (quantifier[0][0] === '+') return length;
  if (quantifier[0][0] === '{') return length * Number(quantifier[1]);
  return 0;
}
