import { afterEach, describe, expect, it } from 'vitest';
import { announcedSwitch, relaySwitch, resetRelayForTests, subscribeRelaySwitch } from '@/lib/storage-access';
import { relayingTransport } from './relay-transport';
import { NetworkError, type PutRequest, type UploadTransport } from './types';

const STORAGE = 'http://127.0.0.1:9000';
const url = (name: string) => `${STORAGE}/bucket/${name}?X-Amz-Signature=abc`;

/** Refuses every direct request the way a CORS-less storage does; answers relayed ones. */
function storageRefusing(kind: 'cors' | 'csp' | 'unreachable') {
  const urls: string[] = [];
  const transport: UploadTransport = {
    async put(req) {
      urls.push(req.url);
      if (req.url.startsWith('/_relay?url=')) return { status: 200 };
      throw new NetworkError('no answer', { kind, origin: STORAGE });
    },
  };
  return { transport, urls };
}

const request = (name: string): PutRequest => ({ url: url(name), body: new Blob(['x']), contentType: 'image/png', signal: new AbortController().signal, onProgress: () => {} });

afterEach(() => resetRelayForTests());

describe('relayingTransport', () => {
  it('auto: a CORS refusal switches the session to the relay, announced once; the next files go there first', async () => {
    resetRelayForTests('auto');
    let announcements = 0;
    const stop = subscribeRelaySwitch(() => announcements++);
    const store = storageRefusing('cors');
    const transport = relayingTransport(store.transport);
    expect(await transport.put(request('a.png'))).toEqual({ status: 200 });
    expect(await transport.put(request('b.png'))).toEqual({ status: 200 });
    stop();
    expect(store.urls).toEqual([url('a.png'), `/_relay?url=${encodeURIComponent(url('a.png'))}`, `/_relay?url=${encodeURIComponent(url('b.png'))}`]);
    expect(relaySwitch()).toEqual({ reason: 'cors', origin: STORAGE });
    expect(announcedSwitch()).toEqual({ reason: 'cors', origin: STORAGE });
    expect(announcements).toBe(1);
  });

  it('auto: a CSP refusal switches too', async () => {
    resetRelayForTests('auto');
    await relayingTransport(storageRefusing('csp').transport).put(request('a.png'));
    expect(relaySwitch()?.reason).toBe('csp');
  });

  it('auto: a storage that does not answer at all is not the relay\'s business', async () => {
    resetRelayForTests('auto');
    await expect(relayingTransport(storageRefusing('unreachable').transport).put(request('a.png'))).rejects.toMatchObject({ failure: { kind: 'unreachable' } });
    expect(relaySwitch()).toBeNull();
  });

  it('never: the refusal reaches the engine, which explains it', async () => {
    resetRelayForTests('never');
    const store = storageRefusing('cors');
    await expect(relayingTransport(store.transport).put(request('a.png'))).rejects.toBeInstanceOf(NetworkError);
    expect(store.urls).toEqual([url('a.png')]);
    expect(relaySwitch()).toBeNull();
  });

  it('always: straight to the relay', async () => {
    resetRelayForTests('always');
    const store = storageRefusing('cors');
    await relayingTransport(store.transport).put(request('a.png'));
    expect(store.urls).toEqual([`/_relay?url=${encodeURIComponent(url('a.png'))}`]);
    expect(announcedSwitch()).toBeNull();
  });
});
