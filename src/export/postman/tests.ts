import type { OpenApiDocument } from '../../core/types.js';
import { toDraft07 } from '../json-schema.js';
import type { SuccessResponse } from '../responses.js';

/**
 * A request's test script: the documented success status, a JSON `Content-Type` where JSON is
 * declared, the body against the response schema, and a paginated list's envelope arithmetic
 * (Laravel's: `from`, `to` and `last_page` from `current_page`, `per_page` and `total`).
 * @see https://learning.postman.com/docs/tests-and-scripts/write-scripts/test-examples/
 * @see https://laravel.com/docs/pagination#paginator-instance-methods
 */
export function testScript(doc: OpenApiDocument, success: SuccessResponse): string[] {
  const lines = [
    `pm.test(${str(`Status code is ${success.status}`)}, function () {`,
    `    pm.response.to.have.status(${success.status});`,
    '});',
  ];
  if (success.status === 204 || success.contentType === undefined) return lines;
  if (success.jsonSchema === undefined && !/json/i.test(success.contentType)) return lines;
  lines.push(
    `pm.test('Content-Type is JSON', function () {`,
    `    pm.expect(pm.response.headers.get('Content-Type') || '').to.match(/^[\\w.+-]+\\/([\\w.+-]+\\+)?json\\b/i);`,
    '});',
  );
  if (success.jsonSchema !== undefined) {
    lines.push(
      `pm.test('Body matches the response schema', function () {`,
      `    var schema = ${JSON.stringify(toDraft07(doc, success.jsonSchema))};`,
      '    pm.response.to.have.jsonSchema(schema);',
      '});',
    );
  }
  if (success.pagination !== undefined)
    lines.push(...paginationTest(success.pagination === 'resource' ? 'body.meta' : 'body'));
  return lines;
}

function paginationTest(meta: string): string[] {
  return [
    `pm.test('Pagination envelope is consistent', function () {`,
    '    var body = pm.response.json();',
    `    var m = ${meta};`,
    '    pm.expect(body.data).to.be.an("array");',
    '    pm.expect(m.current_page).to.be.at.least(1);',
    '    pm.expect(m.per_page).to.be.at.least(1);',
    "    if (typeof m.total !== 'number') return;",
    "    if ('last_page' in m) pm.expect(m.last_page).to.eql(Math.max(1, Math.ceil(m.total / m.per_page)));",
    '    var first = (m.current_page - 1) * m.per_page + 1;',
    '    if (first <= m.total) {',
    "        if ('from' in m) pm.expect(m.from).to.eql(first);",
    "        if ('to' in m) pm.expect(m.to).to.eql(Math.min(m.current_page * m.per_page, m.total));",
    '        pm.expect(body.data.length).to.eql(Math.min(m.current_page * m.per_page, m.total) - first + 1);',
    '    } else {',
    "        if ('from' in m) pm.expect(m.from).to.eql(null);",
    "        if ('to' in m) pm.expect(m.to).to.eql(null);",
    '        pm.expect(body.data.length).to.eql(0);',
    '    }',
    '});',
  ];
}

function str(text: string): string {
  return JSON.stringify(text);
}
