import { describe, expect, it } from 'vitest';
import { PAGES, pageFor } from './pages';

const pathOf = (pathname: string) => pageFor(pathname)?.path;

describe('pageFor', () => {
  it('finds the page an address shows, as the router does', () => {
    expect(pathOf('/')).toBe('/');
    expect(pathOf('/orders')).toBe('/orders');
    expect(pathOf('/orders/')).toBe('/orders');
    expect(pathOf('/orders/ord_123')).toBe('/orders/:orderId');
    expect(pathOf('/webhooks/7')).toBe('/webhooks/:webhookId');
  });

  it('prefers a fixed address over one with a parameter', () => {
    expect(pathOf('/orders/new/embed')).toBe('/orders/new/embed');
    expect(pathOf('/orders/batches/b1')).toBe('/orders/batches/:batchId');
    expect(pathOf('/webhooks/signature-checker')).toBe('/webhooks/signature-checker');
  });

  it('knows no page for other addresses (the router shows "not found")', () => {
    expect(pathOf('/orders/ord_1/extra')).toBeUndefined();
    expect(pathOf('/sign-in')).toBeUndefined();
    expect(pathOf('/nope')).toBeUndefined();
  });

  it('lists every page once', () => {
    expect(new Set(PAGES.map((p) => p.path)).size).toBe(PAGES.length);
  });
});
