import { ComingSoon } from '@/components/ui/coming-soon';

export function Component() {
  return <ComingSoon title="New watermark extract order" what="Creating watermark extract orders" />;
}
