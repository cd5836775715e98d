import { useParams } from 'react-router-dom';
import { WebhookDetail } from '@/features/webhooks/components/endpoints/webhook-detail';
import { Component as NotFound } from '../not-found';

export function Component() {
  const { webhookId } = useParams();
  const id = Number(webhookId);
  if (!Number.isInteger(id) || id < 1) return <NotFound />;
  return <WebhookDetail key={id} webhookId={id} />;
}
