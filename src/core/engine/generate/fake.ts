import { createRequire } from 'node:module';
import type { Faker } from '@faker-js/faker';
import { randomizer } from './random.js';

let instance: Faker | undefined;

/**
 * The one Faker instance, driven by the generator's own random source (see random.ts), made on
 * first use: loading Faker at start-up delayed the mock's first answer.
 *
 * It is built from the English-only entry point: importing `@faker-js/faker` itself loads every
 * locale, several times slower. That entry exports only a ready `faker`, so the
 * class is taken from its constructor. It is an ES module, read with `require` (Node 20.19 and
 * later load ES modules so) because generation is synchronous.
 */
function fakerInstance(): Faker {
  if (instance) return instance;
  const { faker: english } = createRequire(import.meta.url)('@faker-js/faker/locale/en') as {
    faker: Faker;
  };
  const FakerClass = english.constructor as typeof Faker;
  instance = new FakerClass({ locale: english.rawDefinitions, randomizer });
  // Faker's dates are relative to "now" unless told otherwise, which would make the same seed
  // give a different value tomorrow. A fixed reference keeps output reproducible.
  instance.setDefaultRefDate(new Date('2025-01-01T00:00:00.000Z'));
  return instance;
}

/** Faker, as if imported: each property read goes to the instance, made on the first one. */
export const faker: Faker = new Proxy({} as Faker, {
  get: (_target, key) => Reflect.get(fakerInstance(), key) as unknown,
  set: (_target, key, value) => Reflect.set(fakerInstance(), key, value),
});
