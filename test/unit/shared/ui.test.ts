import { describe, expect, it } from 'vitest';
import { greetingFor } from '@shared/ui';

describe('greetingFor', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [17, 'Good afternoon'],
    [18, 'Good evening'],
    [23, 'Good evening'],
  ])('greets at hour %i with %j (docs/product-rules.md#dashboard)', (hour, greeting) => {
    expect(greetingFor(hour)).toBe(greeting);
  });
});
