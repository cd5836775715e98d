import { OrdersList } from '@/features/orders/components/orders-list';

export function Component() {
  return <OrdersList />;
}
