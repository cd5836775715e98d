import { afterEach, describe, expect, it } from 'vitest';
import { resetRelayForTests } from '@/lib/storage-access';
import { NetworkError, type UploadItem, type UploadTransport } from './types';
import { UploadEngine } from './upload-engine';

const STORAGE = 'http://127.0.0.1:9000';
const item = (name = 'a.png'): UploadItem => ({ fileName: name, fileKey: name, uploadUrl: `${STORAGE}/b/${name}?X-Amz-Signature=old`, body: new Blob(['12345']), contentType: 'image/png' });
const noSleep = { sleep: async () => {}, random: () => 0.5 };
const EXPIRED = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>AccessDenied</Code><Message>Request has expired</Message></Error>';

afterEach(() => resetRelayForTests());

function failing(answers: (() => Promise<{ status: number; body?: string }>)[]): { transport: UploadTransport; calls: () => number } {
  let calls = 0;
  return {
    transport: { put: () => (answers[Math.min(calls++, answers.length - 1)] as () => Promise<{ status: number; body?: string }>)() },
    calls: () => calls,
  };
}

const stateOf = (engine: UploadEngine) => engine.snapshot().files[0]!.state;

describe('UploadEngine: refusals in plain words', () => {
  it('a CORS refusal fails at once, saying whose rules and what to do (no five blind tries)', async () => {
    resetRelayForTests('never');
    const store = failing([async () => Promise.reject(new NetworkError('x', { kind: 'cors', origin: STORAGE }))]);
    const engine = new UploadEngine([item()], { transport: store.transport, progressIntervalMs: 0, ...noSleep });
    expect((await engine.start()).failed).toEqual(['a.png']);
    expect(store.calls()).toBe(1);
    const state = stateOf(engine);
    expect(state.kind === 'failed' && state.reason).toMatch(/^The storage at http:\/\/127\.0\.0\.1:9000 refused this page: its CORS rules do not allow /);
  });

  it('a CSP refusal names STORAGE_ORIGINS', async () => {
    const store = failing([async () => Promise.reject(new NetworkError('x', { kind: 'csp', origin: STORAGE }))]);
    const engine = new UploadEngine([item()], { transport: store.transport, ...noSleep });
    await engine.start();
    const state = stateOf(engine);
    expect(state.kind === 'failed' && state.reason).toContain('STORAGE_ORIGINS');
  });

  it('offline: waits for the connection without spending a try, then goes on', async () => {
    const offline = () => Promise.reject(new NetworkError('x', { kind: 'offline', origin: STORAGE }));
    const store = failing([offline, offline, offline, offline, offline, offline, async () => ({ status: 200 })]);
    const reasons: string[] = [];
    let waits = 0;
    const engine = new UploadEngine([item()], { transport: store.transport, maxAttempts: 2, progressIntervalMs: 0, waitForOnline: async () => void waits++, ...noSleep });
    engine.subscribe((s) => {
      const state = s.files[0]!.state;
      if (state.kind === 'retrying') reasons.push(state.reason);
    });
    expect((await engine.start()).done).toEqual(['a.png']);
    expect(waits).toBe(6);
    expect(reasons[0]).toBe('This device is offline. The transfer goes on when the connection is back.');
  });

  it('a storage that does not answer is retried, and the last word says so', async () => {
    const store = failing([async () => Promise.reject(new NetworkError('x', { kind: 'unreachable', origin: STORAGE }))]);
    const engine = new UploadEngine([item()], { transport: store.transport, maxAttempts: 3, ...noSleep });
    await engine.start();
    expect(store.calls()).toBe(3);
    const state = stateOf(engine);
    expect(state.kind === 'failed' && state.reason).toBe(`Gave up after 3 tries (The storage at ${STORAGE} did not answer. Check the connection, or try again later.)`);
  });

  it('an expired S3 URL is renewed; when renewing cannot help, the XML\'s code is the last word', async () => {
    const store = failing([async () => ({ status: 403, body: EXPIRED })]);
    let refreshes = 0;
    const engine = new UploadEngine([item()], {
      transport: store.transport,
      refreshUrls: async () => ({ files: [{ fileName: 'a.png', fileKey: 'a.png', uploadUrl: `${STORAGE}/b/a.png?X-Amz-Signature=new${++refreshes}` }], serverDate: null }),
      renewAhead: false,
      ...noSleep,
    });
    await engine.start();
    expect(refreshes).toBe(2);
    const state = stateOf(engine);
    expect(state.kind === 'failed' && state.reason).toBe('The upload link expired (AccessDenied: Request has expired) and a new one was refused too.');
  });
});
