import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { EVENT_TYPES, type EventType, type WebhookPayload } from '@/api/schemas/webhooks';

/**
 * Receiver snippets: each verifies X-Service-Signature over the RAW body, in constant time. The code stays as it
 * is in every language; only its comments are messages, read when the page renders (as the service's docs do).
 */
export function receiverExamples(): { language: string; code: string }[] {
  const rawBytes = i18n._(msg`The raw bytes: a re-serialised JSON object would not match the signature.`);
  const dropDuplicates = i18n._(msg`X-Service-Event-Id lets you drop duplicates.`);
  const rawBeforeParsing = i18n._(msg`the raw body, before any JSON parsing`);
  const rawBody = i18n._(msg`the raw body`);
  return [
  {
    language: 'Node',
    code: `import crypto from 'node:crypto';
import express from 'express';

const app = express();
// ${rawBytes}
app.post('/hooks/imprint', express.raw({ type: 'application/json' }), (req, res) => {
  const expected = crypto.createHmac('sha256', process.env.WEBHOOK_SECRET).update(req.body).digest('hex');
  const given = Buffer.from(req.get('X-Service-Signature') ?? '', 'utf8');
  const ok = given.length === expected.length && crypto.timingSafeEqual(given, Buffer.from(expected, 'utf8'));
  if (!ok) return res.sendStatus(401);
  const event = JSON.parse(req.body.toString('utf8'));
  // ${dropDuplicates}
  res.sendStatus(200);
});`,
  },
  {
    language: 'Python',
    code: `import hashlib, hmac, os
from flask import Flask, request, abort

app = Flask(__name__)

@app.post("/hooks/imprint")
def imprint():
    raw = request.get_data()  # ${rawBeforeParsing}
    expected = hmac.new(os.environ["WEBHOOK_SECRET"].encode(), raw, hashlib.sha256).hexdigest()
    if not hmac.compare_digest(expected, request.headers.get("X-Service-Signature", "")):
        abort(401)
    event = request.get_json()
    return "", 200`,
  },
  {
    language: 'Go',
    code: `func imprint(w http.ResponseWriter, r *http.Request) {
	raw, err := io.ReadAll(r.Body) // ${rawBody}
	if err != nil {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	mac := hmac.New(sha256.New, []byte(os.Getenv("WEBHOOK_SECRET")))
	mac.Write(raw)
	expected := []byte(hex.EncodeToString(mac.Sum(nil)))
	if !hmac.Equal(expected, []byte(r.Header.Get("X-Service-Signature"))) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	w.WriteHeader(http.StatusOK)
}`,
  },
  {
    language: 'PHP',
    code: `<?php
$raw = file_get_contents('php://input'); // ${rawBody}
$expected = hash_hmac('sha256', $raw, getenv('WEBHOOK_SECRET'));
$given = $_SERVER['HTTP_X_SERVICE_SIGNATURE'] ?? '';
if (!hash_equals($expected, $given)) {
    http_response_code(401);
    exit;
}
$event = json_decode($raw, true);
http_response_code(200);`,
  },
  ];
}

const KIND: Record<string, { type: string; status: 'complete' | 'detected' }> = {
  antiAi: { type: 'antiAi', status: 'complete' },
  watermarkEmbed: { type: 'wtrEmbed', status: 'complete' },
  watermarkExtract: { type: 'wtrExtract', status: 'detected' },
};

/** One example payload per event type, shaped by the webhookPayload schema. */
export function examplePayload(eventType: EventType): WebhookPayload {
  const [, kind = 'antiAi', outcome] = eventType.split('.');
  const base = { orderId: 'ord_01HZX3K9', orderName: `${KIND[kind]?.type ?? kind}-20261123-0001`, createdAt: '2026-11-23T10:00:00.000Z' };
  if (outcome === 'failed') {
    return {
      eventType,
      occurredAt: '2026-11-23T10:00:05.000Z',
      data: { ...base, failedAt: '2026-11-23T10:00:05.000Z', status: 'failed', error: { code: 'PROCESSING_FAILED', message: 'The image could not be decoded' } },
    };
  }
  return {
    eventType,
    occurredAt: '2026-11-23T10:00:05.000Z',
    data: {
      ...base,
      completedAt: '2026-11-23T10:00:05.000Z',
      status: KIND[kind]?.status ?? 'complete',
      fileCount: 1,
      downloadUrl: 'https://files.example.com/results/ord_01HZX3K9.zip',
      ...(kind === 'watermarkExtract' ? { watermarkFound: true, watermarkInfo: { text: '© Example Studio' } } : {}),
    },
  };
}

export const EXAMPLE_PAYLOADS = EVENT_TYPES.map((type) => ({ type, body: JSON.stringify(examplePayload(type), null, 2) }));
