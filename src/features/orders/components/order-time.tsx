import { formatDateTime, formatRelative } from '@/lib/format';

/** Relative time, with the exact time in the user's zone on hover and for assistive tech. */
export function OrderTime({ value }: { value: string }) {
  return (
    <time dateTime={value} title={formatDateTime(value)}>
      {formatRelative(value)}
    </time>
  );
}
