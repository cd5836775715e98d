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

/** Singular and plural nouns, so a summary reads "1 timeout" and "12 timeouts". */
const NOUNS: Record<FailureCause, [string, string]> = {
  timeout: ['timeout', 'timeouts'],
  'connection-refused': ['refused connection', 'refused connections'],
  dns: ['DNS lookup failure', 'DNS lookup failures'],
  tls: ['TLS error', 'TLS errors'],
  'connection-reset': ['reset connection', 'reset connections'],
  redirect: ['redirect not followed', 'redirects not followed'],
  'signature-rejected': ['rejection (401/403, likely signature)', 'rejections (401/403, likely signature)'],
  'wrong-path': ['not-found answer (404)', 'not-found answers (404)'],
  'method-not-allowed': ['method-not-allowed answer (405)', 'method-not-allowed answers (405)'],
  gone: ['gone answer (410)', 'gone answers (410)'],
  'too-large': ['too-large answer (413)', 'too-large answers (413)'],
  'rate-limited': ['rate-limited answer (429)', 'rate-limited answers (429)'],
  'client-error': ['other 4xx answer', 'other 4xx answers'],
  'server-error': ['server error (5xx)', 'server errors (5xx)'],
  unavailable: ['proxy error (502–504)', 'proxy errors (502–504)'],
  network: ['network error', 'network errors'],
  unknown: ['failure of unknown cause', 'failures of unknown cause'],
};

export function failureLabel(cause: FailureCause, count: number): string {
  const [one, many] = NOUNS[cause];
  return `${count} ${count === 1 ? one : many}`;
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
