import { ComingSoon } from '@/components/ui/coming-soon';

export function Component() {
  return <ComingSoon title="New watermark embed order" what="Creating watermark embed orders" />;
}
