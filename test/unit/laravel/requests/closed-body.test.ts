import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument, SchemaObject } from '../../../../src/core/types.js';
import { createMockServer, type MockServer } from '../../../../src/mock/server.js';
import { controller, documentOf, routesFile } from '../helpers.js';

const ROUTES = routesFile(
  "Route::patch('things/{id}', [ThingController::class, 'update']);",
  'use App\\Http\\Controllers\\ThingController;',
);

/** The PATCH body's schema for a controller whose `update` has this body. */
function bodyOf(method: string, extra = ''): { document: OpenApiDocument; schema: SchemaObject } {
  const { document } = documentOf({
    'routes/api.php': ROUTES,
    'app/Http/Controllers/ThingController.php': controller(
      'ThingController',
      `${extra}\n    public function update(Request $request, string $id) {\n${method}\n    }`,
      'use Illuminate\\Http\\Request;\nuse Illuminate\\Support\\Facades\\Validator;',
    ),
  });
  const body = document.paths?.['/api/things/{id}']?.patch?.requestBody as
    { content: Record<string, { schema: SchemaObject }> } | undefined;
  return { document, schema: body ? Object.values(body.content)[0]!.schema : {} };
}

const REJECTS = `        $validator = Validator::make($request->all(), ['name' => 'required|string']);
        $extra = array_diff(array_keys($request->all()), ALLOWED);
        if ($validator->fails() || ! empty($extra)) {
            return response()->json(['message' => 'Validation failed.'], 422);
        }
        return response()->json(['ok' => true]);`;

const cases: [string, string, string, { properties: string[]; closed: boolean }][] = [
  [
    'keys outside a literal list rejected: the list is the body, and nothing else',
    REJECTS.replace('ALLOWED', "['name', 'note']"),
    '',
    { properties: ['name', 'note'], closed: true },
  ],
  [
    'the list in a local, with a class constant spread into it and a second list',
    REJECTS.replace('ALLOWED', "$allowed, ['force']").replace(
      '        $validator',
      "        $allowed = [...self::FIELDS, 'note'];\n        $validator",
    ),
    "    private const FIELDS = ['name', 'size'];",
    { properties: ['force', 'name', 'note', 'size'], closed: true },
  ],
  [
    'the input read through a variable ($body = $request->json()->all())',
    REJECTS.replace('ALLOWED', "['name']")
      .replace('array_keys($request->all())', 'array_keys($body)')
      .replace(
        '        $validator',
        '        $body = $request->json()->all();\n        $validator',
      ),
    '',
    { properties: ['name'], closed: true },
  ],
  [
    'a list known only at run time: the fields it names are not known, so the body stays open',
    REJECTS.replace('ALLOWED', '$this->allowed()'),
    '    private function allowed() { return config("things.fields"); }',
    { properties: ['name'], closed: false },
  ],
  [
    "rules and the list chosen by a private helper's match on its argument",
    REJECTS.replace(
      "Validator::make($request->all(), ['name' => 'required|string'])",
      "Validator::make($request->all(), $this->channel('mail')['rules'])",
    ).replace('ALLOWED', "array_keys($this->channel('mail')['rules'])"),
    `    private function channel(string $name): array
    {
        return match ($name) {
            'mail' => ['rules' => ['host' => 'string', 'port' => 'integer']],
            'chat', 'team' => ['rules' => ['url' => 'url']],
        };
    }`,
    { properties: ['host', 'port'], closed: true },
  ],
  [
    "the list a helper's parameter defaults to, the caller leaving it out",
    `        $checked = $this->checked($request);
        if ($checked !== true) {
            return $checked;
        }
        return response()->json(['ok' => true]);`,
    `    private function checked(Request $request, array $allowed = ['name', 'note'])
    {
${REJECTS.replace('ALLOWED', '$allowed').replace("return response()->json(['ok' => true]);", 'return true;')}
    }`,
    { properties: ['name', 'note'], closed: true },
  ],
];

describe('a handler that rejects keys outside a list', () => {
  it.each(cases)('%s', (_name, method, extra, expected) => {
    const { schema } = bodyOf(method, extra);
    expect(Object.keys(schema.properties ?? {}).sort()).toEqual(expected.properties);
    expect(schema.additionalProperties === false).toBe(expected.closed);
  });
});

describe('the mock on a closed body', () => {
  let mock: MockServer;
  let url: string;
  beforeAll(async () => {
    const { document } = bodyOf(REJECTS.replace('ALLOWED', "['name', 'note']"));
    mock = createMockServer(document);
    ({ url } = await mock.listen(0, '127.0.0.1'));
  });
  afterAll(() => mock.close());

  const patch = (body: object) =>
    fetch(`${url}/api/things/1`, {
      method: 'PATCH',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('refuses a key outside the list as Laravel words a prohibited field', async () => {
    const response = await patch({ name: 'a', unexpected: 1 });
    expect(response.status).toBe(422);
    const body = (await response.json()) as { errors: Record<string, string[]> };
    expect(body.errors).toEqual({ unexpected: ['The unexpected field is prohibited.'] });
  });

  it('takes the keys of the list', async () => {
    expect((await patch({ name: 'a', note: 'b' })).status).toBe(200);
  });
});
