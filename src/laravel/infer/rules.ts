import type { ClassRules, Extension, FunctionRule, MethodRule, PropertyRule } from './api.js';
import type { Type } from './type.js';

/** Every extension's tables merged into lookups (later extensions win on the same name). */
export class RuleBook {
  readonly functions = new Map<string, FunctionRule>();
  readonly methods = new Map<string, MethodRule>();
  readonly effects = new Map<string, MethodRule>();
  readonly properties = new Map<string, PropertyRule>();
  readonly classes: ClassRules[] = [];

  constructor(extensions: readonly Extension[]) {
    for (const ext of extensions) {
      for (const [name, rule] of Object.entries(ext.functions ?? {}))
        this.functions.set(name.toLowerCase(), rule);
      for (const [kind, rules] of Object.entries(ext.methods ?? {}))
        for (const [name, rule] of Object.entries(rules ?? {}))
          this.methods.set(`${kind}:${name.toLowerCase()}`, rule);
      for (const [kind, rules] of Object.entries(ext.effects ?? {}))
        for (const [name, rule] of Object.entries(rules ?? {}))
          this.effects.set(`${kind}:${name.toLowerCase()}`, rule);
      for (const [kind, rule] of Object.entries(ext.properties ?? {}))
        if (rule) this.properties.set(kind, rule);
      this.classes.push(...(ext.classes ?? []));
    }
  }

  /** PHP's method names are case-insensitive (`->orderby()` is `->orderBy()`). */
  method(kind: Type['kind'], name: string): MethodRule | undefined {
    return this.methods.get(`${kind}:${name.toLowerCase()}`);
  }

  /** The rule for any other method of a kind (`*`), tried after the project's own methods. */
  fallback(kind: Type['kind']): MethodRule | undefined {
    return this.methods.get(`${kind}:*`);
  }

  effect(kind: Type['kind'], name: string): MethodRule | undefined {
    return this.effects.get(`${kind}:${name.toLowerCase()}`);
  }

  /** The class rules that apply to a class, nearest declared first (by `matches`). */
  forClass(matches: (classes: readonly string[]) => boolean): ClassRules[] {
    return this.classes.filter((rules) => matches(rules.classes));
  }
}
