import { describe, expect, it } from 'vitest';
import { article, plural, singular } from '../../../../src/core/inflect.js';
import { summaryOf } from '../../../../src/laravel/model/naming.js';

describe('summaries in English, whatever number the controller is named in', () => {
  it.each([
    ['CategoriesController', 'index', 'List categories'],
    ['CategoryController', 'index', 'List categories'],
    ['CategoriesController', 'store', 'Create a category'],
    ['AccountsController', 'show', 'Show an account'],
    ['UsersController', 'update', 'Update a user'],
    ['UserController', 'destroy', 'Delete a user'],
    ['HourController', 'show', 'Show an hour'],
    ['PeopleController', 'show', 'Show a person'],
    ['CloudInitScriptsController', 'index', 'List cloud init scripts'],
    ['FeatureFlagsController', 'index', 'List feature flags'],
    ['EnvironmentVariablesController', 'destroy', 'Delete an environment variable'],
    ['UserAppSettingsController', 'store', 'Create a user app setting'],
    ['StatusController', 'index', 'List statuses'],
    ['MediaController', 'show', 'Show a media'],
    ['Api\\V1\\ProjectsController', 'edit', 'Show the form to edit a project'],
  ])('%s@%s → "%s"', (controller, action, want) => {
    expect(summaryOf({ method: 'get', uri: 'api/x', controller, action })).toBe(want);
  });

  it('a PHPDoc summary is kept as written', () => {
    const doc = { summary: 'Lists the accounts the user can see', tags: {} };
    expect(
      summaryOf({ method: 'get', uri: 'x', controller: 'AController', action: 'index', doc }),
    ).toBe('Lists the accounts the user can see');
  });
});

describe('inflection by the pluralize library', () => {
  it.each([
    ['category', 'categories'],
    ['status', 'statuses'],
    ['person', 'people'],
    ['address', 'addresses'],
    ['data', 'data'],
    ['user_profile', 'user_profiles'],
    ['ApiKey', 'ApiKeys'],
  ])('%s ⇄ %s', (one, many) => {
    expect(plural(one)).toBe(many);
    expect(singular(many)).toBe(one);
  });

  it.each([
    ['user', 'a'],
    ['account', 'an'],
    ['hour', 'an'],
    ['unicorn', 'a'],
    ['SSL certificate', 'an'],
    ['one-time token', 'a'],
  ])('%s takes "%s"', (noun, want) => {
    expect(article(noun)).toBe(want);
  });
});
