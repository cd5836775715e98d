import { describe, expect, it } from 'vitest';
import { downloadInTurn } from './download-all';

describe('downloadInTurn', () => {
  it('asks a fresh link for each order in turn and saves it, going on past a failure', async () => {
    const events: string[] = [];
    const result = await downloadInTurn(['a', 'b', 'c'], {
      linkOf: async (id) => {
        events.push(`link ${id}`);
        if (id === 'b') throw new Error('410');
        return `https://zip/${id}`;
      },
      save: (url) => events.push(`save ${url}`),
      sleep: async () => void events.push('pause'),
    });
    expect(events).toEqual(['link a', 'save https://zip/a', 'pause', 'link b', 'pause', 'link c', 'save https://zip/c']);
    expect(result.saved).toEqual(['a', 'c']);
    expect(result.failed.map((f) => f.orderId)).toEqual(['b']);
  });
});
