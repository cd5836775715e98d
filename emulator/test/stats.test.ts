import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statsResponse } from '../../src/api/schemas/stats';
import { addUsage, createAccount, findAccountByEmail } from '../domain/accounts';
import { DEMO_ACCOUNT, startTestEmulator, type TestEmulator } from './harness';

let emu: TestEmulator;
let token: string;
let accountId: number;
const PATH = '/api/v2/orders/stats/recent';
const ACCOUNT = { email: 'stats@example.com', password: 'stats1234' };

beforeAll(async () => {
  emu = await startTestEmulator();
  const db = emu.context.db;
  accountId = createAccount(db, { ...ACCOUNT, planType: 'pro', planStart: new Date('2025-01-01'), planEnd: null, usageLimit: 1000 }).id;
  // Around a year boundary; 2025-12-26 is just outside the window ending 2026-01-01.
  addUsage(db, accountId, '2025-12-26', 99);
  addUsage(db, accountId, '2025-12-27', 3);
  addUsage(db, accountId, '2025-12-30', 7);
  addUsage(db, accountId, '2026-01-01', 1);
  addUsage(db, accountId, '2026-01-01', 1);
  addUsage(db, accountId, '2026-03-01', 12345);
  token = await emu.login(ACCOUNT);
});
afterAll(async () => {
  await emu.close();
});

const get = async (query = '', as = token) => {
  const res = await emu.request('GET', PATH + query, { token: as });
  return { res, data: res.status === 200 ? statsResponse.parse(res.body.data) : undefined };
};

describe('GET /api/v2/orders/stats/recent', () => {
  it('returns the 7 days ending at date, oldest first, across a year boundary, with empty days as 0', async () => {
    const { data } = await get('?date=2026-01-01');
    expect(data!.dailyStats).toEqual([
      { usageDate: '12.26', usageCount: 99 },
      { usageDate: '12.27', usageCount: 3 },
      { usageDate: '12.28', usageCount: 0 },
      { usageDate: '12.29', usageCount: 0 },
      { usageDate: '12.30', usageCount: 7 },
      { usageDate: '12.31', usageCount: 0 },
      { usageDate: '01.01', usageCount: 2 },
    ]);
    expect(data!.ticks).toEqual([0, 20, 40, 60, 80, 100]);
    expect(data!.domain).toEqual([0, 100]);
  });

  it('moves the window with the date, across a month boundary (leap-free February)', async () => {
    const { data } = await get('?date=2026-03-03');
    expect(data!.dailyStats.map((d) => d.usageDate)).toEqual(['02.25', '02.26', '02.27', '02.28', '03.01', '03.02', '03.03']);
    expect(data!.dailyStats.map((d) => d.usageCount)).toEqual([0, 0, 0, 0, 12345, 0, 0]);
    expect(data!.ticks).toEqual([0, 5000, 10000, 15000]);
    expect(data!.domain).toEqual([0, 15000]);
  });

  it('uses small nice ticks for small counts and [0..3] for a week without use', async () => {
    expect((await get('?date=2025-12-31')).data!.ticks).toEqual([0, 20, 40, 60, 80, 100]);
    const quiet = (await get('?date=2025-06-01')).data!;
    expect(quiet.dailyStats.every((d) => d.usageCount === 0)).toBe(true);
    expect(quiet.ticks).toEqual([0, 1, 2, 3]);
    expect(quiet.domain).toEqual([0, 3]);
    const small = (await get('?date=2026-01-04')).data!;
    expect(small.dailyStats.map((d) => d.usageCount)).toEqual([0, 0, 0, 7, 0, 2, 0, 0, 0].slice(2));
    expect(small.ticks).toEqual([0, 2, 4, 6, 8]);
  });

  it('defaults to the 7 days ending today (UTC)', async () => {
    addUsage(emu.context.db, accountId, new Date().toISOString().slice(0, 10), 4);
    const { data } = await get();
    const today = new Date().toISOString();
    expect(data!.dailyStats).toHaveLength(7);
    expect(data!.dailyStats.at(-1)).toEqual({ usageDate: `${today.slice(5, 7)}.${today.slice(8, 10)}`, usageCount: 4 });
  });

  it.each(['2026-02-30', 'abc', '2026-1-1', '2026-13-01', ''])('answers the bad date %j with 400 INVALID_PARAMETER', async (date) => {
    const { res } = await get(`?date=${encodeURIComponent(date)}`);
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_PARAMETER']);
  });

  it('labels the days of a window that reaches before year 1 by their own month and day (once six read 01.12)', async () => {
    const { res, data } = await get('?date=0000-01-01');
    expect(res.status).toBe(200);
    expect(data!.dailyStats.map((d) => d.usageDate)).toEqual(['12.26', '12.27', '12.28', '12.29', '12.30', '12.31', '01.01']);
    expect((await get('?date=9999-12-31')).data!.dailyStats.at(-1)!.usageDate).toBe('12.31');
  });

  it('answers a date-time whose UTC day is in year 10000 with 400 INVALID_PARAMETER, not a 500', async () => {
    const { res } = await get(`?date=${encodeURIComponent('9999-12-31T23:00:00-05:00')}`);
    expect([res.status, res.body.code]).toEqual([400, 'INVALID_PARAMETER']);
  });

  it('counts only the signed-in account', async () => {
    const demoToken = await emu.login(DEMO_ACCOUNT);
    const demo = findAccountByEmail(emu.context.db, DEMO_ACCOUNT.email)!;
    addUsage(emu.context.db, demo.id, '2026-01-01', 500);
    const demoData = (await get('?date=2026-01-01', demoToken)).data!;
    expect(demoData.dailyStats.at(-1)!.usageCount).toBe(500);
    expect(demoData.dailyStats[0]!.usageCount).toBe(0);
    expect((await get('?date=2026-01-01')).data!.dailyStats.at(-1)!.usageCount).toBe(2);
  });

  it('requires authentication', async () => {
    const res = await emu.request('GET', PATH);
    expect(res.status).toBe(401);
  });
});
