import type { Ctx, Extension, FunctionRule, MethodRule, StaticRule } from '../infer/api.js';
import { classOf } from '../infer/support.js';
import { members, union, unknown, type Type } from '../infer/type.js';

/**
 * A job or command run now (`dispatch_sync($job)`, `Bus::dispatchNow($command)`,
 * `$this->dispatchSync($job)`, `CreatePost::dispatchSync($data)`): what its `handle()` returns,
 * or, for a command without one, its handler's: the class named after it with `Handler` added
 * (`CreatePostCommand` → `CreatePostCommandHandler`), as command buses map them.
 */
export function handled(job: Type | undefined, ctx: Ctx): Type | undefined {
  if (!job) return undefined;
  return union(
    members(job).map((j) => {
      const name = j.kind === 'object' ? classOf(j) : undefined;
      if (!name || !ctx.infer.world.classes.has(name)) return unknown('job');
      if (ctx.infer.world.classes.method(name, 'handle'))
        return ctx.infer.call(j, 'handle', [], ctx.frame);
      const handler = handlerOf(name, ctx);
      return handler
        ? ctx.infer.call(ctx.infer.instance(handler), 'handle', [j], ctx.frame)
        : unknown(`the handler of ${name}`);
    }),
  );
}

/** The project's `<Command>Handler` with a `handle()`, nearest the command's namespace. */
function handlerOf(command: string, ctx: Ctx): string | undefined {
  const classes = ctx.infer.world.classes;
  const short = command.slice(command.lastIndexOf('\\') + 1);
  const shared = (name: string) => {
    const a = command.split('\\');
    const b = name.split('\\');
    let n = 0;
    while (n < a.length && a[n] === b[n]) n++;
    return n;
  };
  return classes
    .withShortName(`${short}Handler`)
    .filter((name) => classes.method(name, 'handle'))
    .sort((a, b) => shared(b) - shared(a))[0];
}

const RUN_NOW = ['dispatchSync', 'dispatchNow'] as const;

const byArgument: MethodRule = (_r, args, ctx) => handled(args[0], ctx);
const byArgumentStatic: StaticRule = (_c, args, ctx) => handled(args[0], ctx);
const byFunction: FunctionRule = (args, ctx) => handled(args[0], ctx);

/** Jobs and commands run in the request, whose result the action answers. */
export const jobs: Extension = {
  functions: { dispatch_sync: byFunction, dispatch_now: byFunction },
  classes: [
    {
      classes: ['Illuminate\\Support\\Facades\\Bus'],
      statics: Object.fromEntries(RUN_NOW.map((m) => [m, byArgumentStatic])),
    },
    {
      // The bus itself (`app(Dispatcher::class)->dispatchNow($command)`), and the trait that
      // gives controllers `$this->dispatchSync($job)`.
      classes: [
        'Illuminate\\Contracts\\Bus\\Dispatcher',
        'Illuminate\\Contracts\\Bus\\QueueingDispatcher',
        'Illuminate\\Bus\\Dispatcher',
        'Illuminate\\Foundation\\Bus\\DispatchesJobs',
      ],
      methods: Object.fromEntries(RUN_NOW.map((m) => [m, byArgument])),
    },
    {
      // `CreatePost::dispatchSync($data)`: a job made with these arguments, run now.
      classes: ['Illuminate\\Foundation\\Bus\\Dispatchable'],
      statics: Object.fromEntries(
        RUN_NOW.map((m) => [
          m,
          ((className, args, ctx) =>
            handled(ctx.infer.instantiate(className, args, ctx.frame), ctx)) as StaticRule,
        ]),
      ),
    },
  ],
};
