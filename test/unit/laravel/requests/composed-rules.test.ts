import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import { controller, documentOf, routesFile } from '../helpers.js';

const ROUTES = routesFile(
  "Route::post('things', [ThingController::class, 'store']);",
  'use App\\Http\\Controllers\\ThingController;',
);
const CONTROLLER = controller(
  'ThingController',
  'public function store(StoreThing $request) { return []; }',
  'use App\\Http\\Requests\\StoreThing;',
);

/** A FormRequest `StoreThing` with this body, in `App\Http\Requests`. */
function request(body: string, extends_ = 'FormRequest', uses = ''): string {
  return `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
use Illuminate\\Validation\\Rule;
${uses}
class StoreThing extends ${extends_} {
${body}
}`;
}

/** The request body's schema (the component it refers to, resolved). */
function body(files: Record<string, string>): { schema: SchemaObject; warnings: string[] } {
  const { document, warnings } = documentOf({
    'routes/api.php': ROUTES,
    'app/Http/Controllers/ThingController.php': CONTROLLER,
    ...files,
  });
  const content = document.paths?.['/api/things']?.post?.requestBody;
  const ref = (content as { content: Record<string, { schema: { $ref?: string } }> } | undefined)
    ?.content;
  const schema = ref ? Object.values(ref)[0]!.schema : {};
  const name = schema.$ref?.split('/').pop();
  return {
    schema: (name ? document.components?.schemas?.[name] : schema) as SchemaObject,
    warnings: warnings.map((w) => w.message),
  };
}

const cases: [
  string,
  { files: Record<string, string>; properties: string[]; required?: string[]; has?: object },
][] = [
  [
    'array_merge(parent::rules(), [...])',
    {
      files: {
        'app/Http/Requests/BaseThing.php': `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
class BaseThing extends FormRequest { public function rules() { return ['name' => 'required|string']; } }`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return array_merge(parent::rules(), ['size' => 'integer']); }",
          'BaseThing',
        ),
      },
      properties: ['name', 'size'],
      required: ['name'],
    },
  ],
  [
    "a parent's rules() returning $this->rules: the subclass's property",
    {
      files: {
        'app/Http/Requests/BaseThing.php': `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
class BaseThing extends FormRequest { protected $rules = []; public function rules() { return $this->rules; } }`,
        'app/Http/Requests/StoreThing.php': request(
          "protected $rules = ['name' => 'required|string', 'size' => 'integer'];",
          'BaseThing',
        ),
      },
      properties: ['name', 'size'],
      required: ['name'],
    },
  ],
  [
    'array_merge_recursive and + union',
    {
      files: {
        'app/Http/Requests/StoreThing.php': request(`
    public function rules() { return array_merge_recursive(['a' => 'string'], $this->extra()) + ['a' => 'integer', 'c' => 'boolean']; }
    private function extra() { return ['b' => 'numeric']; }`),
      },
      properties: ['a', 'b', 'c'],
      has: { properties: { a: { type: 'string' } } },
    },
  ],
  [
    "global constants (const, define() in an autoloaded file) and PHP's own in rule strings",
    {
      files: {
        'composer.json': JSON.stringify({ autoload: { files: ['app/constants.php'] } }),
        'app/constants.php':
          "<?php\nconst MAX_SIZE = 3600;\nif (! defined('MIN_SIZE')) { define('MIN_SIZE', 5); }",
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return ['size' => 'integer|min:'.MIN_SIZE.'|max:'.MAX_SIZE, 'since' => 'integer|max:'.PHP_INT_MAX]; }",
        ),
      },
      properties: ['size', 'since'],
      has: {
        properties: { size: { minimum: 5, maximum: 3600 }, since: { maximum: 2 ** 63 } },
      },
    },
  ],
  [
    'rules the application defines (Validator::extend, a Validator subclass) and Password::default()',
    {
      files: {
        'app/Providers/AppServiceProvider.php': `<?php
namespace App\\Providers;
use Illuminate\\Support\\Facades\\Validator;
use Illuminate\\Support\\ServiceProvider;
class AppServiceProvider extends ServiceProvider {
  public function boot() { Validator::extend('must_exist', fn ($attribute, $value) => true); }
}`,
        'app/Validation/AppValidator.php': `<?php
namespace App\\Validation;
use Illuminate\\Validation\\Validator;
class AppValidator extends Validator {
  public function validateBelongsToUser($attribute, $value, $parameters): bool { return true; }
}`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return ['budget' => 'integer|must_exist:budgets,id', 'account' => 'belongs_to_user:accounts', 'password' => ['required', Password::default()]]; }",
          'FormRequest',
          'use Illuminate\\Validation\\Rules\\Password;',
        ),
      },
      properties: ['budget', 'account', 'password'],
      required: ['password'],
      has: { properties: { budget: { type: 'integer' }, password: { type: 'string' } } },
    },
  ],
  [
    "class constants of another class as rule keys: the constants' values",
    {
      files: {
        'app/Support/Field.php': `<?php
namespace App\\Support;
final class Field { public const USERNAME = 'username'; public const EMAIL = 'email'; }`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return [Field::USERNAME => 'required|string', Field::EMAIL . '_confirmation' => 'email']; }",
          'FormRequest',
          'use App\\Support\\Field;',
        ),
      },
      properties: ['username', 'email_confirmation'],
      required: ['username'],
    },
  ],
  [
    'rules from an object built in place, (new Rules($team))->toRules(...), with keys known only at run time left out',
    {
      files: {
        'app/Rules/ExtraFields.php': `<?php
namespace App\\Rules;
final class ExtraFields {
  public function __construct(private string $team) {}
  public function toRules($submitted): array {
    $rules = ['extra' => ['sometimes', 'array']];
    foreach ($this->fields() as $field) { $rules["extra.{$field->code}"] = ['string']; }
    return $rules;
  }
}`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return array_merge(['name' => 'required|string'], (new ExtraFields('t'))->toRules($this->input('extra'))); }",
          'FormRequest',
          'use App\\Rules\\ExtraFields;',
        ),
      },
      properties: ['name', 'extra'],
      required: ['name'],
    },
  ],
  [
    'spread of a helper method',
    {
      files: {
        'app/Http/Requests/StoreThing.php': request(`
    public function rules() { return [...$this->common(), 'own' => 'string']; }
    protected function common(): array { return ['shared' => 'required|string']; }`),
      },
      properties: ['shared', 'own'],
      required: ['shared'],
    },
  ],
  [
    'rules from a trait, added to field by field',
    {
      files: {
        'app/Http/Requests/HasAddress.php': `<?php
namespace App\\Http\\Requests;
trait HasAddress { public function addressRules(): array { return ['city' => 'required|string']; } }`,
        'app/Http/Requests/StoreThing.php': request(`
    use HasAddress;
    public function rules() { $rules = $this->addressRules(); $rules['zip'] = 'string|size:5'; return $rules; }`),
      },
      properties: ['city', 'zip'],
      required: ['city'],
    },
  ],
  [
    'a static helper of another class that adds to the rules it is given',
    {
      files: {
        'app/Support/Location.php': `<?php
namespace App\\Support;
class Location { public static function rules(array $rules): array { $rules['latitude'] = 'numeric'; return $rules; } }`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { $rules = ['name' => 'string']; return Location::rules($rules); }",
          'FormRequest',
          'use App\\Support\\Location;',
        ),
      },
      properties: ['name', 'latitude'],
    },
  ],
  [
    'a static helper called with a named argument that its if decides on',
    {
      files: {
        'app/Support/Patterns.php': `<?php
namespace App\\Support;
class Patterns {
    public static function nameRules(bool $required = true, int $max = 255): array {
        $rules = [];
        if ($required) { $rules[] = 'required'; } else { $rules[] = 'nullable'; }
        $rules[] = 'string';
        $rules[] = "max:$max";
        return $rules;
    }
}`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return ['name' => Patterns::nameRules(), 'nick' => Patterns::nameRules(required: false, max: 20)]; }",
          'FormRequest',
          'use App\\Support\\Patterns;',
        ),
      },
      properties: ['name', 'nick'],
      required: ['name'],
      has: { properties: { name: { maxLength: 255 }, nick: { maxLength: 20, nullable: true } } },
    },
  ],
  [
    "a rule's values named by the keys of a trait's property",
    {
      files: {
        'app/Support/Filters.php': `<?php
namespace App\\Support;
trait Filters { protected array $types = ['all' => ['a', 'b'], 'normal' => ['c']]; }`,
        'app/Http/Requests/StoreThing.php': request(
          "use Filters; public function rules() { return ['type' => sprintf('in:%s', implode(',', array_keys($this->types)))]; }",
          'FormRequest',
          'use App\\Support\\Filters;',
        ),
      },
      properties: ['type'],
      has: { properties: { type: { enum: ['all', 'normal'] } } },
    },
  ],
  [
    'a global helper function',
    {
      files: {
        'app/helpers.php': `<?php
if (! function_exists('money_rules')) { function money_rules() { return ['amount' => 'required|numeric', 'currency' => 'string|size:3']; } }`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return array_merge(money_rules(), ['note' => 'string']); }",
        ),
      },
      properties: ['amount', 'currency', 'note'],
      required: ['amount'],
    },
  ],
  [
    "config files where the Application subclass's configPath() points (app/Config)",
    {
      files: {
        'app/Config/things.php': `<?php return ['max' => (int) env('THING_MAX', 40)];`,
        'app/App/Application.php': `<?php
namespace App\\App;
class Application extends \\Illuminate\\Foundation\\Application {
    public function configPath($path = '') {
        return $this->basePath . DIRECTORY_SEPARATOR . 'app' . DIRECTORY_SEPARATOR . 'Config'
            . ($path ? DIRECTORY_SEPARATOR . $path : $path);
    }
}`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return ['name' => 'string|max:' . (config('things.max') * 2)]; }",
        ),
      },
      properties: ['name'],
      has: { properties: { name: { type: 'string', maxLength: 80 } } },
    },
  ],
  [
    'rule strings built with config(), sprintf() and implode()',
    {
      files: {
        'config/things.php': `<?php return ['max' => (int) env('THING_MAX', 40), 'kinds' => ['a', 'b']];`,
        'app/Http/Requests/StoreThing.php': request(`
    public function rules() {
        $kinds = implode(',', config('things.kinds'));
        return ['name' => 'string|max:' . config('things.max'), 'kind' => sprintf('in:%s', $kinds)];
    }`),
      },
      properties: ['name', 'kind'],
      has: {
        properties: { name: { type: 'string', maxLength: 40 }, kind: { enum: ['a', 'b'] } },
      },
    },
  ],
  [
    'a rule argument known only at run time: the rule kept, the warning names the expression',
    {
      files: {
        'app/Http/Requests/StoreThing.php': request(`
    public function rules() { return ['owner_id' => 'required|integer|exists:users,id,team_id,' . $this->user()->team_id]; }`),
      },
      properties: ['owner_id'],
      required: ['owner_id'],
      has: { properties: { owner_id: { type: 'integer' } } },
    },
  ],
  [
    'a static property of another class in Rule::in',
    {
      files: {
        'app/Models/Thing.php': `<?php
namespace App\\Models;
class Thing { public static array $colors = ['red', 'blue']; }`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return ['color' => ['string', Rule::in(\\App\\Models\\Thing::$colors)]]; }",
        ),
      },
      properties: ['color'],
      has: { properties: { color: { enum: ['red', 'blue'] } } },
    },
  ],
  [
    'a property declared by the parent request',
    {
      files: {
        'app/Http/Requests/BaseThing.php': `<?php
namespace App\\Http\\Requests;
use Illuminate\\Foundation\\Http\\FormRequest;
class BaseThing extends FormRequest { protected $upload = 'file|max:100'; }`,
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return ['doc' => $this->upload]; }",
          'BaseThing',
        ),
      },
      properties: ['doc'],
      has: { properties: { doc: { type: 'string', format: 'binary' } } },
    },
  ],
  [
    'a closure as a whole rule: the field, without constraints or warning',
    {
      files: {
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return ['x' => function ($attribute, $value, $fail) {}]; }",
        ),
      },
      properties: ['x'],
    },
  ],
  [
    'array_merge([...], a rule builder known only at run time): the known rules kept',
    {
      files: {
        'app/Http/Requests/StoreThing.php': request(
          "public function rules() { return array_merge(['name' => ['required', 'string']], (new \\App\\Rules\\Extra($this->input('kind')))->toRules()); }",
        ),
      },
      properties: ['name'],
      required: ['name'],
    },
  ],
];

describe('rules composed the ways real FormRequests compose them', () => {
  it.each(cases)('%s', (_, { files, properties, required, has }) => {
    const { schema, warnings } = body(files);
    expect(Object.keys(schema.properties ?? {})).toEqual(properties);
    if (required) expect(schema.required ?? []).toEqual(required);
    if (has) expect(schema).toMatchObject(has);
    expect(warnings.filter((w) => /bin|closure|\$this|not understood/.test(w))).toEqual([]);
  });
});
