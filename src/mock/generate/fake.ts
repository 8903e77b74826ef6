import type { Faker } from '@faker-js/faker';
import { faker as englishFaker } from '@faker-js/faker/locale/en';
import { randomizer } from './random.js';

/**
 * The one Faker instance, driven by the generator's own random source (see random.ts).
 *
 * It is built from the English-only entry point: importing `@faker-js/faker` itself loads every
 * locale (~120 ms at start-up against ~25 ms). That entry exports only a ready `faker`, so the
 * class is taken from its constructor; the import of `Faker` above is type-only.
 */
const FakerClass = englishFaker.constructor as typeof Faker;

export const faker: Faker = new FakerClass({ locale: englishFaker.rawDefinitions, randomizer });

/**
 * Faker's dates are relative to "now" unless told otherwise, which would make the same seed
 * give a different value tomorrow. A fixed reference keeps output reproducible.
 */
faker.setDefaultRefDate(new Date('2025-01-01T00:00:00.000Z'));
