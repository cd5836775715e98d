import { i18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { DeliveryEvent } from '@/api/schemas/webhooks';
import type { Diagnosis, FailureCause } from './diagnose';

export interface FailureGroup {
  cause: FailureCause;
  count: number;
  /** "12 timeouts" */
  label: string;
  /** The title and fix of the group's most recent failure. */
  title: string;
  fix: string;
  /** ISO time of the group's first failure (its earliest event's creation). */
  since: string;
  eventIds: number[];
  certain: boolean;
  link?: Diagnosis['link'];
}

/** "1 timeout", "12 timeouts": one whole plural message per cause, so each language counts in its own way. */
export function failureLabel(cause: FailureCause, count: number): string {
  switch (cause) {
    case 'timeout':
      return i18n._(msg`${plural(count, { one: '# timeout', other: '# timeouts' })}`);
    case 'connection-refused':
      return i18n._(msg`${plural(count, { one: '# refused connection', other: '# refused connections' })}`);
    case 'dns':
      return i18n._(msg`${plural(count, { one: '# DNS lookup failure', other: '# DNS lookup failures' })}`);
    case 'tls':
      return i18n._(msg`${plural(count, { one: '# TLS error', other: '# TLS errors' })}`);
    case 'connection-reset':
      return i18n._(msg`${plural(count, { one: '# reset connection', other: '# reset connections' })}`);
    case 'redirect':
      return i18n._(msg`${plural(count, { one: '# redirect not followed', other: '# redirects not followed' })}`);
    case 'signature-rejected':
      return i18n._(msg`${plural(count, { one: '# rejection (401/403, likely signature)', other: '# rejections (401/403, likely signature)' })}`);
    case 'wrong-path':
      return i18n._(msg`${plural(count, { one: '# not-found answer (404)', other: '# not-found answers (404)' })}`);
    case 'method-not-allowed':
      return i18n._(msg`${plural(count, { one: '# method-not-allowed answer (405)', other: '# method-not-allowed answers (405)' })}`);
    case 'gone':
      return i18n._(msg`${plural(count, { one: '# gone answer (410)', other: '# gone answers (410)' })}`);
    case 'too-large':
      return i18n._(msg`${plural(count, { one: '# too-large answer (413)', other: '# too-large answers (413)' })}`);
    case 'rate-limited':
      return i18n._(msg`${plural(count, { one: '# rate-limited answer (429)', other: '# rate-limited answers (429)' })}`);
    case 'client-error':
      return i18n._(msg`${plural(count, { one: '# other 4xx answer', other: '# other 4xx answers' })}`);
    case 'server-error':
      return i18n._(msg`${plural(count, { one: '# server error (5xx)', other: '# server errors (5xx)' })}`);
    case 'unavailable':
      return i18n._(msg`${plural(count, { one: '# proxy error (502–504)', other: '# proxy errors (502–504)' })}`);
    case 'network':
      return i18n._(msg`${plural(count, { one: '# network error', other: '# network errors' })}`);
    case 'unknown':
      return i18n._(msg`${plural(count, { one: '# failure of unknown cause', other: '# failures of unknown cause' })}`);
  }
}

export interface DiagnosedEvent {
  event: Pick<DeliveryEvent, 'id' | 'createdAt'>;
  diagnosis: Diagnosis | null;
}

/** Failures grouped by cause, the largest group first (ties: the one that started first). */
export function groupFailures(items: DiagnosedEvent[]): FailureGroup[] {
  const groups = new Map<FailureCause, FailureGroup & { latest: string }>();
  for (const { event, diagnosis } of items) {
    if (!diagnosis) continue;
    const group = groups.get(diagnosis.cause);
    if (!group) {
      groups.set(diagnosis.cause, {
        cause: diagnosis.cause,
        count: 1,
        label: '',
        title: diagnosis.title,
        fix: diagnosis.fix,
        since: event.createdAt,
        latest: event.createdAt,
        eventIds: [event.id],
        certain: diagnosis.certain,
        link: diagnosis.link,
      });
      continue;
    }
    group.count += 1;
    group.eventIds.push(event.id);
    group.certain &&= diagnosis.certain;
    if (event.createdAt < group.since) group.since = event.createdAt;
    if (event.createdAt > group.latest) {
      group.latest = event.createdAt;
      group.title = diagnosis.title;
      group.fix = diagnosis.fix;
      group.link = diagnosis.link;
    }
  }
  return [...groups.values()]
    .map(({ latest: _latest, ...group }) => ({ ...group, label: failureLabel(group.cause, group.count) }))
    .sort((a, b) => b.count - a.count || a.since.localeCompare(b.since));
}
