import { describe, expect, it } from 'vitest';
import type { SchemaObject } from '../../../../src/core/types.js';
import type { PhpValue } from '../../../../src/laravel/php/value.js';
import { field, forms, php, schemaOf } from './helpers.js';

const FILE = 'Illuminate\\Validation\\Rules\\File';
const binary = (description?: string): SchemaObject => ({
  type: 'string',
  format: 'binary',
  ...(description ? { description } : {}),
});

const cases: [string, { given: PhpValue; want: SchemaObject }][] = [
  ['file', { given: 'file', want: binary() }],
  ['image', { given: 'image', want: binary('Must be an image.') }],
  [
    'image with a size',
    { given: 'required|image|max:2048', want: binary('Must be an image. Maximum size: 2048 KB.') },
  ],
  ['mimes', { given: 'file|mimes:pdf,docx', want: binary('Allowed types: pdf, docx.') }],
  ['mimes alone is a file', { given: 'mimes:jpg,png', want: binary('Allowed types: jpg, png.') }],
  [
    'mimetypes',
    {
      given: 'mimetypes:application/pdf,text/plain',
      want: binary('Allowed MIME types: application/pdf, text/plain.'),
    },
  ],
  [
    'extensions',
    { given: 'file|extensions:csv,txt', want: binary('Allowed extensions: csv, txt.') },
  ],
  [
    'dimensions',
    {
      given: 'image|dimensions:min_width=100,max_height=500',
      want: binary('Must be an image. Image dimensions: min_width=100, max_height=500.'),
    },
  ],
  [
    'Rule::dimensions()->maxWidth(1000)',
    {
      given: php.arr(
        'image',
        php.call(
          'Illuminate\\Validation\\Rule::dimensions',
          [php.map({ min_width: 100 })],
          ['maxWidth', 1000],
        ),
      ),
      want: binary('Must be an image. Image dimensions: min_width=100, max_width=1000.'),
    },
  ],
  ['Rule::file()', { given: php.arr(php.rule('file')), want: binary() }],
  ['new File()', { given: php.arr(php.new('File')), want: binary() }],
  [
    "File::types(['pdf', 'text/csv'])->max('10mb')",
    {
      given: php.arr(php.call(`${FILE}::types`, [php.arr('pdf', 'text/csv')], ['max', '10mb'])),
      want: binary('Allowed types: pdf. Allowed MIME types: text/csv. Maximum size: 10000 KB.'),
    },
  ],
  [
    'File::image()->min(1)->max(12 * 1024)',
    {
      given: php.arr(php.call(`${FILE}::image`, [], ['min', 1], ['max', 12288])),
      want: binary('Must be an image. Minimum size: 1 KB. Maximum size: 12288 KB.'),
    },
  ],
  [
    'Rule::imageFile()',
    { given: php.arr(php.rule('imageFile')), want: binary('Must be an image.') },
  ],
  [
    'File::default()->extensions([...])->between(1, 2048)',
    {
      given: php.arr(
        php.call(`${FILE}::default`, [], ['extensions', php.arr('zip')], ['between', 1, 2048]),
      ),
      want: binary('Allowed extensions: zip. Minimum size: 1 KB. Maximum size: 2048 KB.'),
    },
  ],
];

describe('file rules', () => {
  it.each(cases)('%s', (_name, { given, want }) => {
    for (const form of forms(given)) {
      const { schema, unknown, multipart } = field(form);
      expect({ schema, unknown, multipart }).toEqual({
        schema: want,
        unknown: [],
        multipart: true,
      });
    }
  });

  it('arrays of files are multipart too', () => {
    expect(schemaOf({ photos: 'required|array|max:5', 'photos.*': 'image|max:1024' })).toEqual({
      schema: {
        type: 'object',
        properties: {
          photos: {
            type: 'array',
            items: binary('Must be an image. Maximum size: 1024 KB.'),
            maxItems: 5,
          },
        },
        required: ['photos'],
      },
      multipart: true,
      unknown: [],
    });
  });

  it('no file rule, no multipart', () => {
    expect(schemaOf({ name: 'string', avatar_url: 'url' }).multipart).toBe(false);
  });
});
