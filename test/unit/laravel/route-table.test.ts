import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/index.js';

const FIXTURE = path.resolve(__dirname, '../../fixtures/laravel-11');

describe('routeTable', () => {
  it('lists the documented routes with their names, as route:list shows them', async () => {
    const routes = await routeTable(FIXTURE);
    const byName = new Map(routes.filter((r) => r.name).map((r) => [r.name, r]));
    expect(byName.get('tokens.store')).toEqual({
      methods: ['post'],
      uri: 'api/v2/tokens',
      name: 'tokens.store',
    });
    expect(byName.get('partners.stock.update')?.uri).toBe('api/v2/partners/stock/{sku}');
    expect(routes.every((r) => r.methods.length > 0 && !r.uri.startsWith('/'))).toBe(true);
  });
});
