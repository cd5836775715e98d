import { describe, expect, it } from 'vitest';
import { formatCount, pluralWord } from './plural';

describe('plural', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(formatCount(1, 'webhook', 'webhooks')).toBe('1 webhook');
    expect(formatCount(0, 'webhook', 'webhooks')).toBe('0 webhooks');
    expect(formatCount(2, 'delivery', 'deliveries')).toBe('2 deliveries');
    expect(pluralWord(1, 'event', 'events')).toBe('event');
    expect(pluralWord(1.5, 'event', 'events')).toBe('events');
  });

  it('formats the number', () => {
    expect(formatCount(12_345, 'event', 'events')).toMatch(/^12.345 events$/);
  });
});
