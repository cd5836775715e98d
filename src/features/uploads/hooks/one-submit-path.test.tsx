import { act } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderHookWithProviders } from '@/testing/render';
import * as steps from '../lib/submission/submit-steps';
import type { Submission } from '../lib/submission/submission';
import { useBatchSubmission } from './use-batch-submission';
import { useOrderSubmission } from './use-order-submission';

/*
 * A single order and every order of a batch go through the same steps (lib/submission/submit-steps.ts): the
 * steps are tested there once; here, that both hooks create through them and take the keys for the next try from
 * the one key rule, so a change to the rule changes both.
 */
vi.mock('../lib/submission/submit-steps', async (importOriginal) => {
  const original = await importOriginal<typeof steps>();
  return { ...original, createOrder: vi.fn(original.createOrder), keysAfterFailure: vi.fn(original.keysAfterFailure) };
});

let creates: { path: string; idempotencyKey: string }[] = [];

beforeEach(() => {
  creates = [];
  vi.mocked(steps.createOrder).mockClear();
  vi.mocked(steps.keysAfterFailure).mockClear();
  // Every creation is refused (400): the submission ends, the next press is a new one.
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const { idempotencyKey } = JSON.parse(String(init?.body ?? '{}')) as { idempotencyKey: string };
      creates.push({ path: new URL(input, 'http://dashboard').pathname, idempotencyKey });
      return Response.json({ code: 'INVALID_REQUEST', message: 'no' }, { status: 400 });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const file = (i: number) => ({ file: new File([String(i)], `img-${i}.png`, { type: 'image/png' }), sha256: `h${i}` });

describe('one submit path for single orders and batches', () => {
  it('a single order creates through the shared step and takes its next keys from the shared rule', async () => {
    const submission: Submission = { type: 'antiAi', body: { files: [{ fileName: 'img-0.png' }], options: { strength: 'high' } }, files: [file(0)] };
    const { result } = renderHookWithProviders(() => useOrderSubmission(), { route: '/' });
    await act(() => result.current.submit(submission));
    await act(() => result.current.submit(submission));

    expect(steps.createOrder).toHaveBeenCalledTimes(2);
    expect(steps.keysAfterFailure).toHaveBeenCalledTimes(2);
    const [keys, error] = vi.mocked(steps.keysAfterFailure).mock.calls[0]!;
    expect(keys.create).toBe(creates[0]!.idempotencyKey);
    expect(error).toMatchObject({ status: 400 });
    // The second press was sent with the keys the rule returned after the first refusal.
    expect(creates[1]!.idempotencyKey).toBe(vi.mocked(steps.keysAfterFailure).mock.results[0]!.value.create);
    expect(creates[1]!.idempotencyKey).not.toBe(creates[0]!.idempotencyKey);
  });

  it('every order of a batch creates through the same step and takes its next keys from the same rule', async () => {
    const input = { name: 'Shoot', options: { strength: 'high' as const }, files: Array.from({ length: 150 }, (_, i) => file(i)) };
    const { result } = renderHookWithProviders(() => useBatchSubmission(), { route: '/' });
    await act(() => result.current.submit(input));
    await act(() => result.current.submit(input));

    // Each press: order 1/2 is refused, so order 2/2 is never sent; the rule is asked for both orders' next keys.
    expect(creates.map((c) => c.path)).toEqual(['/api/v2/orders/anti-ai', '/api/v2/orders/anti-ai']);
    expect(vi.mocked(steps.createOrder).mock.calls.map(([submission]) => submission.type === 'antiAi' && submission.body.orderName)).toEqual(['Shoot 1/2', 'Shoot 1/2']);
    expect(steps.keysAfterFailure).toHaveBeenCalledTimes(4);
    expect(creates[1]!.idempotencyKey).toBe(vi.mocked(steps.keysAfterFailure).mock.results[0]!.value.create);
    expect(creates[1]!.idempotencyKey).not.toBe(creates[0]!.idempotencyKey);
  });
});
