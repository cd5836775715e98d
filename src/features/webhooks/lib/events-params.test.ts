import { describe, expect, it } from 'vitest';
import { parseEventsParams, writeEventsParams } from './events-params';

describe('parseEventsParams', () => {
  it('defaults to page 1 of 20 with no filters', () => {
    expect(parseEventsParams(new URLSearchParams())).toEqual({ page: 1, limit: 20, status: undefined, type: undefined });
  });

  it('reads page, allowed size and filters', () => {
    const p = parseEventsParams(new URLSearchParams('page=3&limit=50&status=FAILED&type=order.antiAi.completed'));
    expect(p).toEqual({ page: 3, limit: 50, status: 'FAILED', type: 'order.antiAi.completed' });
  });

  it('falls back to safe defaults for nonsense', () => {
    const p = parseEventsParams(new URLSearchParams('page=-2&limit=33&status=DONE&type=x'));
    expect(p).toEqual({ page: 1, limit: 20, status: undefined, type: undefined });
  });

  it('writes changes and removes cleared filters, keeping other params', () => {
    const out = writeEventsParams(new URLSearchParams('page=2&status=SENT&other=1'), { status: undefined, page: 1 });
    expect(out.toString()).toBe('page=1&other=1');
  });
});
