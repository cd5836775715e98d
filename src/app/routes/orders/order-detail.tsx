import { useParams } from 'react-router-dom';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { ResumeUpload } from '@/features/uploads/components/resume-upload';

export function Component() {
  const { orderId = '' } = useParams();
  return (
    <OrderDetail
      key={orderId}
      orderId={orderId}
      // Pending orders can get their missing files here (the uploads feature owns that control).
      pendingSlot={(order) => <ResumeUpload orderId={order.orderId} orderType={order.type} />}
    />
  );
}
