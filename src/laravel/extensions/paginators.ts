import type { Extension, MethodRule } from '../infer/api.js';
import { element } from '../infer/access.js';
import { BOOLEAN, INTEGER, STRING, listOf, unknown, type Type } from '../infer/type.js';

/**
 * Paginators: what `through()` and the collection methods a paginator forwards give, and the
 * paginators an application builds itself (`new LengthAwarePaginator($items, $total, ...)`).
 * @see https://laravel.com/docs/pagination
 */

type Paginator = Extract<Type, { kind: 'paginator' }>;
const same: MethodRule = (r) => r;

const METHODS: Record<string, MethodRule> = {
  through: (r, args, ctx) =>
    r.kind === 'paginator' && args[0]
      ? { ...r, items: ctx.infer.invoke(args[0], [r.items], ctx.frame) }
      : undefined,
  getCollection: (r) => (r.kind === 'paginator' ? listOf(r.items, true) : undefined),
  items: (r) => (r.kind === 'paginator' ? listOf(r.items) : undefined),
  map: (r, args, ctx) =>
    r.kind === 'paginator' && args[0]
      ? listOf(ctx.infer.invoke(args[0], [r.items], ctx.frame), true)
      : undefined,
  setCollection: (r, args) =>
    r.kind === 'paginator' && args[0] ? { ...r, items: element(args[0]) } : undefined,
  appends: same,
  withQueryString: same,
  withPath: same,
  setPath: same,
  onEachSide: same,
  fragment: same,
  toArray: same,
  jsonSerialize: same,
  total: () => INTEGER,
  count: () => INTEGER,
  perPage: () => INTEGER,
  currentPage: () => INTEGER,
  lastPage: () => INTEGER,
  firstItem: () => INTEGER,
  lastItem: () => INTEGER,
  hasMorePages: () => BOOLEAN,
  isEmpty: () => BOOLEAN,
  isNotEmpty: () => BOOLEAN,
  url: () => STRING,
  nextPageUrl: () => STRING,
  previousPageUrl: () => STRING,
  links: () => STRING,
  first: (r) => (r.kind === 'paginator' ? r.items : undefined),
  // Other methods go to the page's collection (`$page->pluck('id')`), as Laravel forwards them.
  '*': (r, args, ctx) =>
    r.kind === 'paginator' && ctx.method
      ? ctx.infer.call(listOf(r.items, true), ctx.method, args, ctx.frame)
      : undefined,
};

const built =
  (style: Paginator['style']) =>
  (_c: string, args: Type[]): Type => ({
    kind: 'paginator',
    style,
    items: args[0] ? element(args[0]) : unknown('paginator items'),
  });

export const paginators: Extension = {
  methods: { paginator: METHODS },
  effects: {
    paginator: {
      setCollection: METHODS.setCollection!,
      through: METHODS.through!,
    },
  },
  classes: [
    { classes: ['Illuminate\\Pagination\\LengthAwarePaginator'], construct: built('length') },
    { classes: ['Illuminate\\Pagination\\Paginator'], construct: built('simple') },
    { classes: ['Illuminate\\Pagination\\CursorPaginator'], construct: built('cursor') },
  ],
};
