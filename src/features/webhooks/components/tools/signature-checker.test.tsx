import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { serviceCall, signInToService, withoutEmulatorNamespace } from '@/testing/service';
import { hmacSha256Hex } from '../../lib/hmac';
import { SignatureChecker } from './signature-checker';

const SIGNED = '{"eventType":"order.antiAi.completed","data":{"orderId":"o1","orderName":"Café"}}';

let SECRET: string;
let HOOK_ID: number;

/** A real service: the emulator, with its webhook, minus its own namespace (so no delivery log). */
beforeEach(async () => {
  await signInToService();
  const hook = await serviceCall<{ id: number; secret: string }>('POST', '/api/v2/orders/webhooks', { name: 'ERP', url: 'https://erp.example.com/hook' });
  SECRET = hook.secret;
  HOOK_ID = hook.id;
  withoutEmulatorNamespace();
});

function renderChecker(path: string) {
  return renderWithProviders(<SignatureChecker />, { route: path });
}

afterEach(() => vi.unstubAllGlobals());

describe('SignatureChecker body diff against a real service', { timeout: 20_000 }, () => {
  it('says the signed body cannot be loaded, diffs pasted bodies and points the mismatch at the diff', async () => {
    renderChecker(`/webhooks/signature-checker?webhookId=${HOOK_ID}&eventId=9`);
    expect(await screen.findByText(/Could not load the body signed for delivery event 9/)).toBeInTheDocument();
    // The webhook from the URL is preselected, so its secret is filled in.
    expect(await screen.findByDisplayValue(SECRET)).toBeInTheDocument();

    fireEvent.change(screen.getByRole('textbox', { name: 'Body that was signed' }), { target: { value: SIGNED } });
    fireEvent.change(screen.getByLabelText('Raw body (exactly as received)'), { target: { value: SIGNED.replace('é', '\\u00e9') } });
    expect(await screen.findByText('Non-ASCII characters were escaped')).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('X-Service-Signature'), { target: { value: await hmacSha256Hex(SECRET, SIGNED) } });
    await userEvent.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText('✕ Signature does not match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'how the bodies differ' })).toHaveAttribute('href', '#body-diff');

    fireEvent.change(screen.getByLabelText('Raw body (exactly as received)'), { target: { value: SIGNED } });
    expect(await screen.findByText('Identical')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText('✓ Signature matches')).toBeInTheDocument();
  });

  it('without parameters, asks for the signed body when the signature does not match', async () => {
    renderChecker('/webhooks/signature-checker');
    fireEvent.change(screen.getByLabelText('Secret'), { target: { value: SECRET } });
    fireEvent.change(screen.getByLabelText('Raw body (exactly as received)'), { target: { value: SIGNED } });
    fireEvent.change(screen.getByLabelText('X-Service-Signature'), { target: { value: 'deadbeef' } });
    await userEvent.click(screen.getByRole('button', { name: 'Check signature' }));
    expect(await screen.findByText('✕ Signature does not match')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'body that was signed' })).toBeInTheDocument();
    expect(screen.queryByText(/Could not load the body signed/)).not.toBeInTheDocument();
  });
});
