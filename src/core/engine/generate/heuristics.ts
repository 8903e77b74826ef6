import { faker } from './fake.js';
import { formatValue } from './formats.js';
import { lastWord, snakeName } from './names.js';
import { pick } from './random.js';

/**
 * Realistic values from property names, for strings and numbers that say nothing else about
 * themselves (no format, enum or pattern). Laravel APIs are full of `email`, `created_at`,
 * `avatar_url` and `user_id`; a mock that fills them with lorem ipsum is useless for a front-end.
 * The exact name is tried first, then its last word (`billing_city` → `city`).
 */

type Maker = () => string;

const format =
  (name: string): Maker =>
  () =>
    formatValue(name) ?? '';
const email = format('email');
const url = format('url');
const uuid = format('uuid');
const dateTime = format('date-time');
const date = format('date');
const phone: Maker = () => faker.phone.number({ style: 'international' });
const fullName: Maker = () => faker.person.fullName();
const image: Maker = () => `https://picsum.photos/seed/${faker.string.alphanumeric(8)}/640/480`;
const sentence: Maker = () => faker.lorem.sentence();
const title: Maker = () => faker.lorem.sentence({ min: 2, max: 5 }).slice(0, -1);
const street: Maker = () => faker.location.streetAddress();
const token: Maker = () => faker.string.alphanumeric(40);
/** A bearer token the mock itself accepts (`mock-token-*`): login → authenticated call works. */
const bearerToken: Maker = () => `mock-token-${faker.string.alphanumeric(40)}`;
const password: Maker = () => faker.internet.password({ length: 16 });
const ip: Maker = () => faker.internet.ipv4();
const zip: Maker = () => faker.location.zipCode('#####');
const company: Maker = () => faker.company.name();

/** Names matched whole. */
const EXACT: Record<string, Maker> = {
  ...names(['email', 'email_address', 'e_mail', 'mail'], email),
  ...names(['name', 'full_name', 'fullname', 'display_name', 'contact_name'], fullName),
  ...names(['author_name', 'customer_name', 'owner_name'], fullName),
  ...names(['first_name', 'firstname', 'given_name', 'forename'], () => faker.person.firstName()),
  ...names(['last_name', 'lastname', 'surname', 'family_name'], () => faker.person.lastName()),
  ...names(['middle_name'], () => faker.person.middleName()),
  ...names(['username', 'user_name', 'login', 'handle', 'nickname', 'screen_name'], () =>
    faker.internet.username().toLowerCase(),
  ),
  ...names(['phone', 'mobile', 'telephone', 'tel', 'cell', 'cellphone', 'fax'], phone),
  ...names(['phone_number', 'mobile_number', 'telephone_number', 'phone_no', 'mobile_no'], phone),
  ...names(['date', 'day'], date),
  ...names(['birthday', 'birthdate', 'birth_date', 'date_of_birth', 'dob'], () =>
    faker.date.birthdate().toISOString().slice(0, 10),
  ),
  ...names(['timestamp', 'datetime', 'date_time'], dateTime),
  ...names(['url', 'uri', 'website', 'link', 'homepage', 'web', 'site', 'href'], url),
  ...names(['avatar', 'image', 'photo', 'picture', 'thumbnail', 'logo', 'icon', 'cover'], image),
  ...names(['avatar_url', 'image_url', 'photo_url', 'profile_photo_url', 'thumbnail_url'], image),
  ...names(['address', 'street', 'street_address', 'address1', 'address_line1', 'line1'], street),
  ...names(['address2', 'address_line2', 'line2'], () => faker.location.secondaryAddress()),
  ...names(['city', 'town'], () => faker.location.city()),
  ...names(['state', 'province', 'region'], () => faker.location.state()),
  ...names(['country'], () => faker.location.country()),
  ...names(['country_code', 'country_iso', 'iso_country'], () => faker.location.countryCode()),
  ...names(['zip', 'zipcode', 'zip_code', 'postal_code', 'postalcode', 'postcode'], zip),
  ...names(['company', 'company_name', 'organization', 'organisation', 'employer'], company),
  ...names(['title', 'headline', 'subject'], title),
  ...names(['job_title', 'position', 'occupation'], () => faker.person.jobTitle()),
  ...names(['description', 'bio', 'summary', 'body', 'content', 'about', 'text'], sentence),
  ...names(['excerpt', 'comment', 'message', 'note', 'notes', 'caption', 'details'], sentence),
  ...names(['slug'], () => faker.lorem.slug(3)),
  ...names(['uuid', 'guid', 'id'], uuid),
  ...names(['token', 'access_token', 'plain_text_token', 'api_token', 'auth_token'], bearerToken),
  ...names(['bearer_token', 'id_token'], bearerToken),
  ...names(['api_key', 'apikey', 'secret', 'remember_token'], token),
  ...names(['password', 'password_confirmation', 'current_password', 'new_password'], password),
  ...names(['ip', 'ip_address', 'ipaddress', 'ipv4'], ip),
  ...names(['currency', 'currency_code'], () => faker.finance.currencyCode()),
  ...names(['locale', 'language', 'lang'], () => pick(['en', 'en_US', 'fr', 'de', 'es', 'nl'])),
  ...names(['color', 'colour', 'hex_color'], () => faker.color.rgb()),
  ...names(['timezone', 'time_zone', 'tz'], () => faker.location.timeZone()),
  ...names(['domain', 'hostname', 'host'], () => faker.internet.domainName()),
  ...names(['user_agent'], () => faker.internet.userAgent()),
  ...names(['mime_type', 'mimetype', 'content_type'], () => faker.system.mimeType()),
  ...names(['file_name', 'filename'], () => faker.system.fileName()),
};

/** Names matched by their last word (only when they have more than one). */
const LAST_WORD: Record<string, Maker> = {
  ...names(['email'], email),
  ...names(['phone', 'mobile', 'telephone', 'fax'], phone),
  ...names(['at', 'timestamp'], dateTime),
  ...names(['on', 'date', 'birthday'], date),
  ...names(['url', 'uri', 'link', 'website', 'href'], url),
  ...names(['avatar', 'image', 'photo', 'picture', 'thumbnail', 'logo', 'icon'], image),
  ...names(['address', 'street'], street),
  ...names(['city'], () => faker.location.city()),
  ...names(['state', 'province'], () => faker.location.state()),
  ...names(['country'], () => faker.location.country()),
  ...names(['zip', 'zipcode', 'postcode'], zip),
  ...names(['company'], company),
  ...names(['title'], title),
  ...names(['description', 'summary', 'bio', 'body', 'content', 'comment', 'message'], sentence),
  ...names(['note', 'notes', 'text'], sentence),
  ...names(['slug'], () => faker.lorem.slug(3)),
  ...names(['uuid', 'guid', 'id'], uuid),
  ...names(['token'], bearerToken),
  ...names(['secret', 'key'], token),
  ...names(['password'], password),
  ...names(['ip'], ip),
  ...names(['currency'], () => faker.finance.currencyCode()),
  ...names(['color', 'colour'], () => faker.color.rgb()),
};

function names(list: string[], maker: Maker): Record<string, Maker> {
  return Object.fromEntries(list.map((name) => [name, maker]));
}

const cache = new Map<string, Maker | null>();

/** The value maker for a string property called `name`, if its name says what it holds. */
export function stringHeuristic(name: string): Maker | undefined {
  let maker = cache.get(name);
  if (maker === undefined) {
    const snake = snakeName(name);
    const last = lastWord(snake);
    maker = own(EXACT, snake) ?? (last !== snake ? own(LAST_WORD, last) : undefined) ?? null;
    if (cache.size < 10_000) cache.set(name, maker);
  }
  return maker ?? undefined;
}

function own<T>(table: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(table, key) ? table[key] : undefined;
}

/** A plausible range for a numeric property called `name`, with the decimals to show. */
export interface NumberRange {
  min: number;
  max: number;
  decimals: number;
}

const AMOUNT: NumberRange = { min: 1, max: 1000, decimals: 2 };
const SMALL: NumberRange = { min: 1, max: 20, decimals: 0 };

const NUMBER_EXACT: Record<string, NumberRange> = {
  id: { min: 1, max: 1000, decimals: 0 },
  age: { min: 18, max: 90, decimals: 0 },
  year: { min: 2000, max: 2025, decimals: 0 },
  ...ranges(['price', 'amount', 'total', 'cost', 'subtotal', 'balance', 'fee', 'salary'], AMOUNT),
  ...ranges(['quantity', 'qty', 'count', 'stock'], SMALL),
  ...ranges(['latitude', 'lat'], { min: -90, max: 90, decimals: 6 }),
  ...ranges(['longitude', 'lng', 'lon', 'long'], { min: -180, max: 180, decimals: 6 }),
  ...ranges(['rating', 'stars'], { min: 1, max: 5, decimals: 1 }),
  ...ranges(['percentage', 'percent'], { min: 0, max: 100, decimals: 1 }),
};

const NUMBER_LAST_WORD: Record<string, NumberRange> = {
  id: NUMBER_EXACT.id!,
  ...ranges(['price', 'amount', 'total', 'cost', 'balance', 'fee'], AMOUNT),
  ...ranges(['quantity', 'qty', 'count'], SMALL),
};

function ranges(list: string[], range: NumberRange): Record<string, NumberRange> {
  return Object.fromEntries(list.map((name) => [name, range]));
}

export function numberHeuristic(name: string): NumberRange | undefined {
  const snake = snakeName(name);
  const last = lastWord(snake);
  return own(NUMBER_EXACT, snake) ?? (last !== snake ? own(NUMBER_LAST_WORD, last) : undefined);
}
