import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Contract } from '@/api/schemas/auth';
import { statsResponse } from '@/api/schemas/stats';
import { renderWithProviders } from '@/testing/render';
import { signInToService } from '@/testing/service';
import { fakeService, okAnswer } from '@/testing/service-fake';
import type { UsageSince } from '../lib/usage-since';
import { PlanUsage } from './plan-usage';

const contract: Contract = {
  planType: 'pro',
  planStartDate: '2026-01-01T00:00:00.000Z',
  planEndDate: null,
  currentUsage: 4500,
  usageLimit: 5000,
};

/** Use on the last 7 days cannot be made on the emulator in a test: faked, in the service's shape. */
function answerStats(counts: number[]) {
  const body = { dailyStats: counts.map((usageCount, i) => ({ usageDate: `11.${17 + i}`, usageCount })), domain: [0, 100], ticks: [0, 50, 100] };
  fakeService(() => okAnswer(statsResponse, body));
}

/** A fresh account on the emulator: no use in the last 7 days. */
const noRecentUse = signInToService;

function renderPlan(value: Contract | null, readAt = Date.now() - 3 * 60_000, since?: UsageSince, sinceFailed = false) {
  return renderWithProviders(<PlanUsage contract={value} readAt={readAt} since={since} sinceFailed={sinceFailed} />);
}

afterEach(() => vi.unstubAllGlobals());

describe('PlanUsage', () => {
  it('says plainly that plan figures need e-mail sign-in when there is no contract', () => {
    renderPlan(null);
    expect(screen.getByText(/Plan figures come with e-mail sign-in/)).toBeInTheDocument();
    expect(screen.queryByRole('meter')).not.toBeInTheDocument();
  });

  it('shows the numbers, the 80% warning, when they were read, and a labelled estimate', async () => {
    answerStats([50, 50, 50, 50, 50, 50, 50]);
    renderPlan(contract);
    expect(screen.getByText(/4,500 of 5,000 \(90%\)/)).toBeInTheDocument();
    expect(screen.getByText(/Over 80% of your plan’s limit is used/)).toBeInTheDocument();
    expect(screen.getByTestId('plan-usage-source')).toHaveTextContent(/Usage as of sign-in \(4,500 files, 3 minutes ago\); adding the orders finished since/);
    expect(screen.getByText('Estimate')).toBeInTheDocument();
    expect(await screen.findByTestId('limit-estimate')).toHaveTextContent(
      /At your last 7 days’ average \(50 files a day\), you would reach the limit around/,
    );
  });

  it('says when there was no use in the last 7 days', async () => {
    await noRecentUse();
    renderPlan(contract);
    expect(await screen.findByTestId('limit-estimate')).toHaveTextContent('No files were processed in the last 7 days');
  });

  it('says the plan ends first when it does', async () => {
    answerStats([1, 0, 0, 0, 0, 0, 0]);
    renderPlan({ ...contract, planEndDate: new Date(Date.now() + 10 * 86_400_000).toISOString() });
    expect(await screen.findByTestId('limit-estimate')).toHaveTextContent(/will not reach the limit before your plan ends on/);
  });

  it('adds the files of orders finished since sign-in and says where they come from', async () => {
    await noRecentUse();
    renderPlan(contract, Date.now() - 3 * 60_000, { files: 3, orders: 1, complete: true });
    expect(screen.getByText(/4,503 of 5,000 \(/)).toBeInTheDocument();
    expect(screen.getByRole('meter', { name: 'Files processed this plan' })).toHaveAttribute('value', '4503');
    expect(screen.getByTestId('plan-usage-source')).toHaveTextContent(
      'Usage as of sign-in (4,500 files, 3 minutes ago) plus 3 files of 1 order finished since, counted from your orders list.',
    );
  });

  it('says the figure may be low when the orders could not be read', async () => {
    await noRecentUse();
    renderPlan(contract, Date.now(), undefined, true);
    expect(screen.getByText(/4,500 of 5,000 \(/)).toBeInTheDocument();
    expect(screen.getByTestId('plan-usage-source')).toHaveTextContent(/could not be read, so this may be low/);
  });
});
