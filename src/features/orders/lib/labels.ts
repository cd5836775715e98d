import type { Order } from '@/api/schemas/orders';

export const TYPE_LABELS: Record<Order['type'], string> = {
  antiAi: 'Anti-AI',
  watermarkEmbed: 'Watermark embed',
  watermarkExtract: 'Watermark extract',
};
export const CHANNEL_LABELS: Record<Order['channel'], string> = { api: 'API', web: 'Web' };

export function shortId(id: string): string {
  return id.length > 10 ? `${id.slice(0, 8)}…` : id;
}
