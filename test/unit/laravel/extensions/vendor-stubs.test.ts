import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenApiDocument, OperationObject, SchemaObject } from '../../../../src/core/types.js';
import { generateOpenApi } from '../../../../src/laravel/generate.js';

/**
 * laravel/ui's authentication traits are known to the generator as PHP of its own: a
 * controller that uses one is documented with the trait's validation and answers, and with
 * the project's own overrides of the trait's hooks.
 */
const CONTROLLERS: Record<string, string> = {
  LoginController: `use Illuminate\\Foundation\\Auth\\AuthenticatesUsers;
class LoginController extends Controller
{
    use AuthenticatesUsers;
    public function username()
    {
        return 'login';
    }
    protected function authenticated(Request $request, $user)
    {
        return response()->json(['token' => 'abc', 'expires_in' => 3600]);
    }
}`,
  PlainLoginController: `use Illuminate\\Foundation\\Auth\\AuthenticatesUsers;
class PlainLoginController extends Controller
{
    use AuthenticatesUsers;
}`,
  RegisterController: `use Illuminate\\Foundation\\Auth\\RegistersUsers;
use Illuminate\\Support\\Facades\\Validator;
class RegisterController extends Controller
{
    use RegistersUsers;
    protected function validator(array $data)
    {
        return Validator::make($data, ['name' => 'required|string|max:255', 'email' => 'required|email']);
    }
}`,
  ForgotPasswordController: `use Illuminate\\Foundation\\Auth\\SendsPasswordResetEmails;
class ForgotPasswordController extends Controller
{
    use SendsPasswordResetEmails;
}`,
  ResetPasswordController: `use Illuminate\\Foundation\\Auth\\ResetsPasswords;
class ResetPasswordController extends Controller
{
    use ResetsPasswords;
}`,
  VerificationController: `use Illuminate\\Foundation\\Auth\\VerifiesEmails;
class VerificationController extends Controller
{
    use VerifiesEmails;
}`,
  AirportController: `use App\\Repositories\\AirportRepository;
class AirportController extends Controller
{
    public function __construct(private AirportRepository $airports) {}
    public function index()
    {
        return response()->json($this->airports->with(['runways'])->orderBy('icao')->paginate());
    }
    public function show(string $id)
    {
        return response()->json($this->airports->find($id));
    }
}`,
  ThingController: `use App\\Http\\Controllers\\Concerns\\ListsThings;
class ThingController extends Controller
{
    use ListsThings;
}`,
};

const ROUTES = `<?php
use Illuminate\\Support\\Facades\\Route;
use App\\Http\\Controllers;
Route::post('login', [Controllers\\LoginController::class, 'login']);
Route::post('plain/login', [Controllers\\PlainLoginController::class, 'login']);
Route::post('plain/logout', [Controllers\\PlainLoginController::class, 'logout']);
Route::post('register', [Controllers\\RegisterController::class, 'register']);
Route::post('password/email', [Controllers\\ForgotPasswordController::class, 'sendResetLinkEmail']);
Route::post('password/reset', [Controllers\\ResetPasswordController::class, 'reset']);
Route::post('email/resend', [Controllers\\VerificationController::class, 'resend']);
Route::get('things', [Controllers\\ThingController::class, 'index']);
Route::get('airports', [Controllers\\AirportController::class, 'index']);
Route::get('airports/{id}', [Controllers\\AirportController::class, 'show']);
`;

/** A trait of the project that uses another: its methods are the controller's too. */
const TRAITS: Record<string, string> = {
  ListsThings: `trait ListsThings
{
    use Counts;
    public function index(Request $request)
    {
        $request->validate(['q' => 'required|string']);
        return response()->json(['total' => $this->total()]);
    }
}`,
  Counts: `trait Counts
{
    protected function total(): int
    {
        return 3;
    }
}`,
};

let dir: string;
let document: OpenApiDocument;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'apidoc-stubs-'));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  write('artisan', '');
  write('composer.json', JSON.stringify({ autoload: { 'psr-4': { 'App\\': 'app/' } } }));
  write('routes/api.php', ROUTES);
  write(
    'app/Http/Controllers/Controller.php',
    '<?php\nnamespace App\\Http\\Controllers;\nabstract class Controller {}\n',
  );
  for (const [name, body] of Object.entries(CONTROLLERS))
    write(
      `app/Http/Controllers/${name}.php`,
      `<?php\nnamespace App\\Http\\Controllers;\nuse Illuminate\\Http\\Request;\n${body}\n`,
    );
  write(
    'app/Models/Airport.php',
    '<?php\nnamespace App\\Models;\nclass Airport extends \\Illuminate\\Database\\Eloquent\\Model {}\n',
  );
  write(
    'app/Repositories/AirportRepository.php',
    '<?php\nnamespace App\\Repositories;\nuse App\\Models\\Airport;\nuse Prettus\\Repository\\Eloquent\\BaseRepository;\nclass AirportRepository extends BaseRepository {\n    public function model() { return Airport::class; }\n}\n',
  );
  write(
    'database/migrations/2024_01_01_000000_create_airports.php',
    "<?php\nuse Illuminate\\Support\\Facades\\Schema;\nreturn new class extends Illuminate\\Database\\Migrations\\Migration {\n    public function up(): void { Schema::create('airports', function ($table) { $table->id(); $table->string('icao'); }); }\n};\n",
  );
  for (const [name, body] of Object.entries(TRAITS))
    write(
      `app/Http/Controllers/Concerns/${name}.php`,
      `<?php\nnamespace App\\Http\\Controllers\\Concerns;\nuse Illuminate\\Http\\Request;\n${body}\n`,
    );
  document = (await generateOpenApi(dir, { cache: false })).document;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function operation(uri: string, method: 'get' | 'post'): OperationObject {
  const found = document.paths?.[uri]?.[method];
  if (!found) throw new Error(`${method} ${uri} is not documented`);
  return found;
}

function resolved(schema: SchemaObject | undefined): SchemaObject {
  const ref = (schema as { $ref?: string } | undefined)?.$ref;
  if (!ref) return schema ?? {};
  return document.components!.schemas![ref.split('/').pop()!] as SchemaObject;
}

function body(uri: string): SchemaObject {
  const content = (
    operation(uri, 'post').requestBody as { content?: Record<string, { schema: SchemaObject }> }
  )?.content;
  return resolved(content ? Object.values(content)[0]!.schema : undefined);
}

function answer(uri: string, method: 'get' | 'post', status: string): SchemaObject | undefined {
  const response = operation(uri, method).responses?.[status] as
    { content?: Record<string, { schema: SchemaObject }> } | undefined;
  if (!response) throw new Error(`${method} ${uri} has no ${status}`);
  return response.content ? resolved(Object.values(response.content)[0]!.schema) : undefined;
}

describe('laravel/ui traits and traits of traits', () => {
  const bodies: [string, string, string[]][] = [
    [
      "login with the trait's rules and an overridden username()",
      '/api/login',
      ['login', 'password'],
    ],
    ['login with the default username()', '/api/plain/login', ['email', 'password']],
    ["register with the controller's validator()", '/api/register', ['email', 'name']],
    ['a reset link asks for an e-mail', '/api/password/email', ['email']],
    [
      'a reset asks for token, e-mail and a confirmed password',
      '/api/password/reset',
      ['email', 'password', 'password_confirmation', 'token'],
    ],
  ];
  it.each(bodies)('%s', (_, uri, required) => {
    expect([...(body(uri).required ?? [])].sort()).toEqual(required);
    expect(operation(uri, 'post').responses?.['422']).toBeDefined();
  });

  const answers: [string, string, 'get' | 'post', string, string[] | undefined][] = [
    [
      "authenticated() overridden: its JSON is the login's answer",
      '/api/login',
      'post',
      '200',
      ['expires_in', 'token'],
    ],
    ['no override: a JSON client gets 204', '/api/plain/login', 'post', '204', undefined],
    ['logout: 204 to a JSON client', '/api/plain/logout', 'post', '204', undefined],
    ['register: 201 to a JSON client', '/api/register', 'post', '201', undefined],
    ['reset link sent: a message', '/api/password/email', 'post', '200', ['message']],
    ['verification e-mail resent: 202', '/api/email/resend', 'post', '202', undefined],
    ['a method of a trait the trait uses', '/api/things', 'get', '200', ['total']],
  ];
  it.each(answers)('%s', (_, uri, method, status, properties) => {
    const schema = answer(uri, method, status);
    if (properties) expect(Object.keys(schema?.properties ?? {}).sort()).toEqual(properties);
  });

  it("prettus/l5-repository: a repository's finders give its model(), paginated or one", () => {
    const page = answer('/api/airports', 'get', '200');
    expect(page?.properties?.data).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/Airport' },
    });
    expect(page?.required).toContain('last_page');
    const one = (
      operation('/api/airports/{id}', 'get').responses?.['200'] as {
        content: Record<string, { schema: SchemaObject }>;
      }
    ).content['application/json']!.schema;
    expect(one).toEqual({ $ref: '#/components/schemas/Airport' });
    expect(Object.keys(resolved(one).properties ?? {})).toEqual(['id', 'icao']);
  });

  it('a trait action validates its query like a controller action', () => {
    const names = (operation('/api/things', 'get').parameters ?? []).map(
      (p) => (p as { name: string }).name,
    );
    expect(names).toContain('q');
  });
});
