import { ComingSoon } from '@/components/ui/coming-soon';

export function Component() {
  return <ComingSoon title="New anti-AI order" what="Creating anti-AI orders" />;
}
