import { article, plural, singular, snake } from '../../core/inflect.js';
import type { DocBlock } from '../php/docblock.js';
import { shortName } from '../php/names.js';
import { matchesAny } from '../../core/str-is.js';

/** PHPDoc first lines Laravel's own stubs write, which say nothing about the endpoint. */
const STUB_SUMMARIES = [
  /^Display a listing of the resource$/i,
  /^Show the form for creating a new resource$/i,
  /^Store a newly created resource in storage$/i,
  /^Display the specified resource$/i,
  /^Show the form for editing the specified resource$/i,
  /^Update the specified resource in storage$/i,
  /^Remove the specified resource from storage$/i,
  /^Handle the incoming request$/i,
  /^Transform the resource into an array$/i,
];

/** Resource actions → a summary, given the noun (`user`/`users`). */
const ACTION_SUMMARIES: Record<string, (one: string, many: string) => string> = {
  index: (_one, many) => `List ${many}`,
  create: (one) => `Show the form to create ${article(one)} ${one}`,
  store: (one) => `Create ${article(one)} ${one}`,
  show: (one) => `Show ${article(one)} ${one}`,
  edit: (one) => `Show the form to edit ${article(one)} ${one}`,
  update: (one) => `Update ${article(one)} ${one}`,
  destroy: (one) => `Delete ${article(one)} ${one}`,
};

export interface NamingInput {
  method: string;
  uri: string;
  name?: string;
  controller?: string;
  action?: string;
  doc?: DocBlock;
}

/** The summary: the PHPDoc's first line, else one made from the action and controller. */
export function summaryOf(input: NamingInput): string {
  const summary = input.doc?.summary;
  if (summary && !STUB_SUMMARIES.some((s) => s.test(summary))) return summary;
  const noun = input.controller
    ? words(shortName(input.controller).replace(/Controller$/, ''))
    : '';
  const described = input.action ? ACTION_SUMMARIES[input.action] : undefined;
  if (described && noun) {
    // `CategoriesController` and `CategoryController` both name "a category", "categories".
    const one = singular(noun);
    return described(one, plural(one));
  }
  if (input.action && input.action !== '__invoke') return sentence(words(input.action));
  if (noun) return sentence(noun);
  if (input.name) return sentence(input.name.replace(/[._-]+/g, ' ').trim());
  return `${input.method.toUpperCase()} /${input.uri}`;
}

/** The tag: the config's tag map (URI pattern or controller), else the controller's name. */
export function tagOf(input: NamingInput, tagMap: Record<string, string>): string {
  for (const [key, tag] of Object.entries(tagMap)) {
    if (input.controller && (key === input.controller || key === shortName(input.controller)))
      return tag;
    if (matchesAny([key], input.uri)) return tag;
  }
  if (input.controller)
    return shortName(input.controller).replace(/Controller$/, '') || shortName(input.controller);
  const segment = input.uri
    .split('/')
    .find((s) => s && !s.startsWith('{') && s !== 'api' && !/^v\d+$/.test(s));
  return segment ? sentence(segment.replace(/[-_]+/g, ' ')) : 'Default';
}

/** The operationId: the route name, else the method and URI. */
export function operationIdOf(input: NamingInput): string {
  // A name that ends with a separator is only a group's prefix (`api.`, `core::`).
  if (input.name && !/[.:_/-]$/.test(input.name)) return input.name;
  const uri = input.uri
    .replace(/[{}?]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return uri ? `${input.method}_${uri}` : input.method;
}

function words(identifier: string): string {
  return snake(identifier).replace(/_/g, ' ');
}

function sentence(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
