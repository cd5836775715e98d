import { useParams } from 'react-router-dom';
import { OrderDetail } from '@/features/orders/components/order-detail';
import { ResumeUpload } from '@/features/uploads/components/resume-upload';
import { VerifyWatermark } from '@/features/uploads/components/verify-watermark';

export function Component() {
  const { orderId = '' } = useParams();
  return (
    <OrderDetail
      key={orderId}
      orderId={orderId}
      // Pending orders can get their missing files here (the uploads feature owns that control).
      pendingSlot={(order) => <ResumeUpload orderId={order.orderId} orderType={order.type} />}
      // A finished embed order can be checked by reading its watermark back (uploads creates the extract order).
      finishedSlot={(order) =>
        order.type === 'watermarkEmbed' && order.status === 'complete' ? <VerifyWatermark key={order.orderId} orderId={order.orderId} /> : null
      }
    />
  );
}
