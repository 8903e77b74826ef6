import type { Finding } from '../../core/errors.js';
import type { RuleTree } from '../model/inputs.js';
import { compileRules } from './index.js';
import type { Tracker } from '../project/tracker.js';
import type { Validation } from '../requests/rules.js';

type Memo<T> = Map<unknown, { value: T; deps: Set<string> }>;

/**
 * Rules compiled once per FormRequest (or per inline rule set), however many operations use
 * them: `store` and `update` often share a request class, and `PUT`/`PATCH` share a handler.
 * The enums the rules name are tracked like any other class lookup.
 */
export class CompiledRules {
  private readonly trees: Memo<RuleTree> = new Map();
  private readonly errorTrees: Memo<RuleTree> = new Map();

  constructor(
    private readonly resolveEnum: (className: string) => (string | number)[] | undefined,
    /** Rules the rule layer does not understand are reported here. */
    private readonly warnings: Finding[],
    private readonly tracker: Tracker,
    /** Rules the application defines (`Validator::extend`): its own, documented without a word. */
    private readonly custom: ReadonlySet<string> = new Set(),
  ) {}

  /** The validated fields, as the body (or the query) sends them. */
  tree(validation: Validation): RuleTree {
    const key = validation.formRequest ?? validation.rules;
    const compiled = this.tracker.memo(this.trees, key, () =>
      compileRules(validation.rules, { resolveEnum: this.resolveEnum }),
    );
    for (const u of compiled.unknown) {
      if (this.custom.has(u.rule.split(':')[0]!)) continue;
      const message = `validation rule "${u.rule}" of "${u.field}" is not understood; documented without it`;
      this.warnings.push({
        ...(validation.file ? { file: validation.file } : {}),
        ...(validation.line ? { line: validation.line } : {}),
        message,
      });
    }
    return compiled;
  }

  /** The validated fields under the names Laravel's errors use (see `Validation.errorRules`). */
  errorTree(validation: Validation): RuleTree {
    const key = validation.formRequest ?? validation.rules;
    return this.tracker.memo(this.errorTrees, key, () =>
      compileRules(validation.errorRules ?? validation.rules, { resolveEnum: this.resolveEnum }),
    );
  }
}
