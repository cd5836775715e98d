import type { OrderType } from '../../src/api/schemas/orders';
import { DAY_MS as DAY } from '../../src/lib/time';

/**
 * The demo account's history, as a script: which orders were made when,
 * with which files, and how each webhook delivery went. The emulator then
 * makes every order and delivery for real (demo-history.ts) and only the
 * times are moved back to where this script places them.
 */

/** Small JPEGs in emulator/seed-assets/ (scikit-image sample photographs, as in test-support/images/corpus). */
export type Asset =
  | 'cat-on-the-sofa.jpg'
  | 'morning-coffee.jpg'
  | 'rocket-launch.jpg'
  | 'astronaut-portrait.jpg'
  | 'old-coins.jpg'
  | 'brick-wall.jpg'
  | 'street-photographer.jpg'
  | 'deep-field.jpg'
  /** A truncated JPEG: processing fails on it, with the reason naming the file. */
  | 'IMG_2291.jpg';

/** Receiver answers per attempt of one delivery: [200] is sent at once, [503, 200] after one retry, four failures end FAILED. */
export type DeliveryScript = number[];

export interface PlannedOrder {
  key: string;
  type: OrderType;
  name: string;
  channel: 'api' | 'web';
  /** UTC calendar days before the seeding day; 0 is today. */
  day: number;
  /** UTC hour of creation (days ≥ 1; today's orders are placed before the current time). */
  hour: number;
  files: Asset[];
  strength?: 'low' | 'standard' | 'high';
  texts?: string[];
  /** Extract only: the input is the result of this embed order's first file (so a watermark is found). */
  extractFrom?: string;
  /** Never uploaded: stays pending, as an order abandoned mid-upload. */
  pending?: true;
  /** Delivery to the main webhook when it differs from [200]. */
  main?: DeliveryScript;
  /** Delivery to the staging webhook (only orders finished while it was active). */
  staging?: DeliveryScript;
}

export interface PlannedWebhook {
  key: 'main' | 'staging';
  name: string;
  receiver: string;
  day: number;
  hour: number;
  /** Paused right after this order's delivery; its last event then waits as RETRYING until the webhook is resumed. */
  pausedAfter?: string;
}

const OUTAGE: DeliveryScript = [503, 503, 503, 503];
const BAD_GATEWAY: DeliveryScript = [502, 502, 502, 502];
const STUDIO = '© Demo Studio 2026';

export const PLANNED_WEBHOOKS: PlannedWebhook[] = [
  { key: 'main', name: 'Shop backend', receiver: 'demo-shop', day: 30, hour: 9 },
  { key: 'staging', name: 'Staging server', receiver: 'demo-staging', day: 10, hour: 9, pausedAfter: 'o12' },
];

/** Newest first, like the orders list. Every day of the last week has a finished order, so the 7-day chart has no gap. */
export const PLANNED_ORDERS: PlannedOrder[] = [
  { key: 'p1', type: 'antiAi', name: 'Spring campaign', channel: 'web', day: 0, hour: 0, files: ['cat-on-the-sofa.jpg', 'morning-coffee.jpg'], strength: 'high', pending: true },
  { key: 'o1', type: 'antiAi', name: 'Homepage banners', channel: 'web', day: 0, hour: 0, files: ['rocket-launch.jpg', 'deep-field.jpg'], strength: 'high' },
  { key: 'o2', type: 'watermarkExtract', name: 'Check: reposted street photo', channel: 'web', day: 1, hour: 16, files: ['street-photographer.jpg'], extractFrom: 'o6' },
  { key: 'o3', type: 'antiAi', name: 'Instagram posts', channel: 'api', day: 1, hour: 10, files: ['morning-coffee.jpg', 'astronaut-portrait.jpg', 'old-coins.jpg'], strength: 'standard', main: [500, 200] },
  { key: 'o4', type: 'watermarkExtract', name: 'Check: partner stock photo', channel: 'api', day: 2, hour: 14, files: ['brick-wall.jpg'] },
  { key: 'o5', type: 'antiAi', name: 'Newsletter — November', channel: 'api', day: 2, hour: 9, files: ['street-photographer.jpg', 'cat-on-the-sofa.jpg'], strength: 'high' },
  { key: 'o6', type: 'watermarkEmbed', name: 'Portfolio — street', channel: 'web', day: 3, hour: 15, files: ['street-photographer.jpg', 'cat-on-the-sofa.jpg'], texts: [STUDIO, 'demo@example.com'] },
  { key: 'o7', type: 'antiAi', name: 'Upload from a phone', channel: 'web', day: 3, hour: 11, files: ['morning-coffee.jpg', 'IMG_2291.jpg'], strength: 'high' },
  { key: 'o8', type: 'watermarkEmbed', name: 'Press kit 2026', channel: 'api', day: 4, hour: 13, files: ['rocket-launch.jpg', 'astronaut-portrait.jpg', 'deep-field.jpg'], texts: ['© Demo Studio — press use only'] },
  { key: 'o9', type: 'antiAi', name: 'Shop product photos', channel: 'api', day: 5, hour: 10, files: ['old-coins.jpg', 'brick-wall.jpg', 'morning-coffee.jpg', 'street-photographer.jpg'], strength: 'low' },
  { key: 'o10', type: 'antiAi', name: 'Blog header images', channel: 'web', day: 6, hour: 17, files: ['deep-field.jpg', 'rocket-launch.jpg'], strength: 'standard' },
  { key: 'o12', type: 'antiAi', name: 'Catalogue — autumn knits', channel: 'api', day: 8, hour: 10, files: ['cat-on-the-sofa.jpg', 'morning-coffee.jpg', 'old-coins.jpg'], strength: 'high', staging: [502] },
  { key: 'o13', type: 'watermarkEmbed', name: 'Wholesale lookbook', channel: 'api', day: 9, hour: 14, files: ['astronaut-portrait.jpg', 'street-photographer.jpg'], texts: [STUDIO], staging: BAD_GATEWAY },
  { key: 'o14', type: 'antiAi', name: 'Event photos', channel: 'web', day: 10, hour: 15, files: ['rocket-launch.jpg', 'deep-field.jpg', 'brick-wall.jpg', 'old-coins.jpg', 'cat-on-the-sofa.jpg'], strength: 'standard', staging: [200] },
  { key: 'o15', type: 'antiAi', name: 'Product shots — week 46', channel: 'api', day: 11, hour: 11, files: ['morning-coffee.jpg', 'old-coins.jpg'], strength: 'high', main: OUTAGE },
  { key: 'o16', type: 'watermarkExtract', name: 'Check: image from a complaint', channel: 'web', day: 11, hour: 16, files: ['cat-on-the-sofa.jpg'], main: OUTAGE },
  { key: 'o17', type: 'antiAi', name: 'Product shots — week 45', channel: 'api', day: 12, hour: 10, files: ['street-photographer.jpg', 'brick-wall.jpg', 'astronaut-portrait.jpg'], strength: 'high', main: [503, 503, 200] },
  { key: 'o18', type: 'watermarkEmbed', name: 'Licensed prints', channel: 'api', day: 14, hour: 9, files: ['deep-field.jpg', 'rocket-launch.jpg'], texts: ['Licensed to Northwind Prints'] },
  { key: 'o19', type: 'antiAi', name: 'Lookbook drafts', channel: 'web', day: 15, hour: 13, files: ['cat-on-the-sofa.jpg', 'morning-coffee.jpg'], strength: 'low' },
  { key: 'o20', type: 'antiAi', name: 'Product shots — week 44', channel: 'api', day: 17, hour: 10, files: ['old-coins.jpg', 'street-photographer.jpg', 'brick-wall.jpg', 'rocket-launch.jpg'], strength: 'high' },
  { key: 'o21', type: 'antiAi', name: 'Bulk import', channel: 'api', day: 18, hour: 15, files: ['astronaut-portrait.jpg', 'IMG_2291.jpg'], strength: 'high' },
  { key: 'o22', type: 'watermarkEmbed', name: 'Photographer credits', channel: 'web', day: 20, hour: 11, files: ['street-photographer.jpg'], texts: ['Photo: J. Rivera'] },
  { key: 'o23', type: 'antiAi', name: 'Product shots — week 43', channel: 'api', day: 22, hour: 14, files: ['morning-coffee.jpg', 'cat-on-the-sofa.jpg', 'old-coins.jpg'], strength: 'high' },
  { key: 'o24', type: 'watermarkExtract', name: 'Check: marketplace listing', channel: 'api', day: 24, hour: 10, files: ['rocket-launch.jpg'] },
  { key: 'o25', type: 'antiAi', name: 'Newsletter — October', channel: 'api', day: 26, hour: 16, files: ['deep-field.jpg', 'brick-wall.jpg'], strength: 'standard' },
  { key: 'o26', type: 'antiAi', name: 'Product shots — week 42', channel: 'api', day: 28, hour: 9, files: ['astronaut-portrait.jpg', 'old-coins.jpg', 'morning-coffee.jpg'], strength: 'high' },
  { key: 'o27', type: 'watermarkEmbed', name: 'Brand assets', channel: 'web', day: 31, hour: 14, files: ['cat-on-the-sofa.jpg', 'rocket-launch.jpg'], texts: ['© Demo Studio'] },
  { key: 'o28', type: 'antiAi', name: 'First test order', channel: 'web', day: 34, hour: 10, files: ['cat-on-the-sofa.jpg'], strength: 'low' },
];

const HOUR = 3_600_000;

/** Seconds from creation to the end of processing: upload, queue and about 4 s a file, as the live service shows. */
export function processingSeconds(order: PlannedOrder): number {
  return 8 + order.files.length * 4 + (order.key.length % 3) * 5;
}

/** A stable, varied minute of the hour, so times do not all end in the same digits. */
const minuteOf = (key: string) => [...key].reduce((sum, ch) => sum + ch.charCodeAt(0) * 37, 0) % 60;

/** Oldest first: the order things happened in. */
export function chronological(now: number): PlannedOrder[] {
  return [...PLANNED_ORDERS].sort((a, b) => plannedCreatedAt(a, now) - plannedCreatedAt(b, now));
}

/** When the order was created, on the script's clock; today's orders fall between midnight and `now`. */
export function plannedCreatedAt(order: PlannedOrder, now: number): number {
  const today = Math.floor(now / DAY) * DAY;
  if (order.day === 0) {
    const sinceMidnight = now - today;
    // Pending: a third of the way from midnight; finished: two thirds, leaving room for processing before `now`.
    return today + Math.floor(sinceMidnight * (order.pending ? 0.33 : 0.66));
  }
  return today - order.day * DAY + order.hour * HOUR + minuteOf(order.key) * 60_000;
}

/** When processing ended; today's orders end no later than halfway to `now` from their creation. */
export function plannedFinishedAt(order: PlannedOrder, now: number): number {
  const created = plannedCreatedAt(order, now);
  const duration = processingSeconds(order) * 1000;
  return order.day === 0 ? Math.min(created + duration, created + Math.floor((now - created) / 2)) : created + duration;
}

export function plannedWebhookCreatedAt(hook: PlannedWebhook, now: number): number {
  return Math.floor(now / DAY) * DAY - hook.day * DAY + hook.hour * HOUR;
}
