import { describe, expect, it } from 'vitest';
import { engineOf } from '../helpers.js';

const SOURCES: Record<string, string> = {
  'app/Contracts/Clock.php': `<?php
namespace App\\Contracts;
interface Clock extends \\DateTimeInterface {}`,
  'app/Contracts/UtcClock.php': `<?php
namespace App\\Contracts;
interface UtcClock extends Clock {}`,
  'app/Support/BaseClock.php': `<?php
namespace App\\Support;
abstract class BaseClock implements \\App\\Contracts\\UtcClock {}`,
  'app/Support/SystemClock.php': `<?php
namespace App\\Support;
class SystemClock extends BaseClock {}`,
  'app/Support/Plain.php': `<?php
namespace App\\Support;
class Plain {}`,
};

const engine = () => engineOf(SOURCES).engine;

describe('what a class is, to the type engine', () => {
  it.each<[string, string, string, boolean]>([
    ['itself', 'App\\Support\\Plain', 'App\\Support\\Plain', true],
    ['its parent', 'App\\Support\\SystemClock', 'App\\Support\\BaseClock', true],
    [
      'an interface its parent implements',
      'App\\Support\\SystemClock',
      'App\\Contracts\\UtcClock',
      true,
    ],
    [
      'an interface that interface extends',
      'App\\Support\\SystemClock',
      'App\\Contracts\\Clock',
      true,
    ],
    [
      'a framework interface at the end of that line',
      'App\\Support\\SystemClock',
      'DateTimeInterface',
      true,
    ],
    ['nothing it is not', 'App\\Support\\Plain', 'DateTimeInterface', false],
  ])('%s', (_name, className, base, is) => {
    expect(engine().isA(className, [base])).toBe(is);
  });
});
