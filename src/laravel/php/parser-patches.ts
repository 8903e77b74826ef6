/**
 * The few methods of php-parser's parser (plain JavaScript objects whose methods read tokens)
 * that are wrong for PHP as real applications write it, overridden on one parser instance.
 * Nothing global is changed: another user of php-parser in the same process is unaffected.
 */

/** The part of php-parser's parser these overrides use. */
interface Parser {
  token: unknown;
  tok: Record<string, unknown>;
  node(kind: string): (...args: unknown[]) => unknown;
  next(): Parser;
  read_expr(): unknown;
  expect(token: string): boolean;
  read_expr_item(): unknown;
  lexer: { getState(): unknown; tokens: unknown[] };
}

/**
 * `clone ($a ?? $b)`: with PHP 8.5 syntax on, php-parser 3.7 reads `clone (` as the 8.5
 * function form `clone($object, $withProperties)` and then accepts only a variable inside, so a
 * parenthesised expression (valid in every PHP version) fails. Both forms take an expression.
 * @see https://wiki.php.net/rfc/clone_with_v2
 */
export function readClone(parser: Parser): void {
  const original = parser.read_expr_item;
  parser.read_expr_item = function (this: Parser) {
    if (this.token !== this.tok.T_CLONE || !nextIs(this, '(')) return original.call(this);
    const node = this.node('clone');
    const what = this.next().next().read_expr();
    let properties: unknown = null;
    if (this.token === ',') properties = this.next().read_expr();
    if (this.expect(')')) this.next();
    return node(what, properties);
  };
}

/** Whether the token after the current one is `token`; the parser is left where it was. */
function nextIs(parser: Parser, token: string): boolean {
  // Stepping back as php-parser itself does (`static fn`): the current token and the lexer's
  // state after it, queued to be read again.
  const backup = [parser.token, parser.lexer.getState()];
  const found = parser.next().token === token;
  parser.lexer.tokens.push(backup);
  parser.next();
  return found;
}
