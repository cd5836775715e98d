import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { webhook } from '@/api/schemas/webhooks';
import { renderWithProviders } from '@/testing/render';
import { serviceCall, serviceUrl, signInToService } from '@/testing/service';
import { fakeService, okAnswer } from '@/testing/service-fake';
import { ResendAllFailed } from './resend-all-failed-form';

const DAY = 86_400_000;

function localDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

afterEach(() => vi.unstubAllGlobals());

describe('re-send all failed deliveries', { timeout: 30_000 }, () => {
  it('asks first, then re-sends every failure since the day and ends with a summary', async () => {
    await signInToService();
    const receiver = `resend-ui-${Math.random().toString(36).slice(2, 10)}`;
    await serviceCall('PUT', `/_emulator/receivers/${receiver}/config`, { status: 200, delayMs: 0 });
    const { id } = await serviceCall<{ id: number }>('POST', '/api/v2/orders/webhooks', { name: 'Shop', url: `${serviceUrl()}/_emulator/receivers/${receiver}` });
    const now = Date.now();
    const createdAt = [...Array.from({ length: 52 }, (_, i) => new Date(now - 12 * DAY - i * 60_000).toISOString()), new Date(now - 2 * DAY).toISOString()];
    await serviceCall('POST', `/_emulator/webhooks/${id}/test-events`, { createdAt });

    const user = userEvent.setup();
    renderWithProviders(<ResendAllFailed webhookId={id} />, { route: `/webhooks/${id}` });
    const section = screen.getByRole('region', { name: 'Re-send failed deliveries' });
    expect(within(section).getByTestId('date-range-hint')).toHaveTextContent(/^Dates are in your time zone \(.+, UTC.*\), from the start of the first day to the end of the last\.$/);
    const from = within(section).getByLabelText('From');
    const to = within(section).getByLabelText('To');
    await user.clear(to);
    await user.type(to, localDay(new Date(now + 3 * DAY)));
    await user.click(within(section).getByRole('button', { name: 'Re-send failed…' }));
    expect(within(section).getByText('The end must not be in the future.')).toBeInTheDocument();

    await user.clear(to);
    await user.type(to, localDay(new Date(now)));
    await user.clear(from);
    await user.type(from, localDay(new Date(now - 15 * DAY)));
    await user.click(within(section).getByRole('button', { name: 'Re-send failed…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Re-send failed deliveries?' });
    expect(dialog).toHaveTextContent(/Every delivery that failed between .+ and .+ \(your time zone\) is sent again/);
    await user.click(within(dialog).getByRole('button', { name: 'Re-send failed deliveries' }));

    expect(await within(section).findByText('Done: all 53 failed deliveries re-sent and delivered.', {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(within(section).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section).queryByRole('link', { name: 'Show the deliveries that still fail' })).not.toBeInTheDocument();
  });

  it('disables the control and says why when the service has no retry-failed endpoint', async () => {
    fakeService((url, method) => {
      if (method === 'GET' && url.pathname.endsWith('/webhooks/7')) {
        return okAnswer(webhook, { id: 7, name: 'Old', url: 'https://x.example/hook', isActive: true, secret: 'whsec_x', createdAt: new Date().toISOString(), updatedAt: new Date().toISOString() });
      }
      return new Response(null, { status: 405 });
    });
    const user = userEvent.setup();
    renderWithProviders(<ResendAllFailed webhookId={7} />, { route: '/webhooks/7' });
    const section = screen.getByRole('region', { name: 'Re-send failed deliveries' });
    await user.click(within(section).getByRole('button', { name: 'Re-send failed…' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Re-send failed deliveries' }));
    const button = await within(section).findByRole('button', { name: 'Re-send failed…', description: /no retry-failed endpoint/ });
    expect(button).toBeDisabled();
  });
});
