import type { HandlerFacts, UseFacts } from '../facts/types.js';

/** A route as Laravel registers it, after groups, prefixes and resource expansion. */
export interface Route {
  /** Lower-case HTTP methods (GET implies HEAD, which is not listed). */
  methods: string[];
  /** Full URI without leading slash, as `route:list` shows it: `api/users/{user}`. */
  uri: string;
  name?: string;
  middleware: string[];
  /** `Route::domain('{account}.example.com')`: the host the route answers on. */
  domain?: string;
  /** `withoutMiddleware(...)`, when any: also removes what a group (`api`) would add. */
  withoutMiddleware?: string[];
  /** Parameter → regex, from `where*` and `Route::pattern`. */
  wheres: Record<string, string>;
  action: RouteAction;
  /** Where it was declared. */
  file: string;
  line: number;
  /** Declared in the application's API route file (`routes/api.php`, `withRouting(api:)`). */
  apiFile?: boolean;
}

export type RouteAction =
  | { kind: 'controller'; controller: string; method: string }
  | { kind: 'closure'; handler: HandlerFacts; uses?: UseFacts }
  | { kind: 'none' };

/** The attributes a group passes to what it contains. */
export interface GroupState {
  prefix: string;
  middleware: string[];
  withoutMiddleware: string[];
  name: string;
  namespace?: string;
  controller?: string;
  domain?: string;
  wheres: Record<string, string>;
  /** Inside the application's API route file. */
  apiFile?: boolean;
}

export const ROOT_GROUP: GroupState = {
  prefix: '',
  middleware: [],
  withoutMiddleware: [],
  name: '',
  wheres: {},
};
