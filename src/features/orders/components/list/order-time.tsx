import { Time } from '@/components/ui/data/time';

/** Relative time, with the exact time in the user's zone on hover and for assistive tech. */
export function OrderTime({ value }: { value: string }) {
  return <Time value={value} />;
}
