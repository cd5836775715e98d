import { useParams } from 'react-router-dom';
import { OrderDetail } from '@/features/orders/components/detail/order-detail';
import { ResumeUpload } from '@/features/uploads/components/order-page/resume-upload';
import { OwnerPanel } from '@/features/uploads/components/tracing/owner-panel';
import { VerifyWatermark } from '@/features/uploads/components/order-page/verify-watermark-panel';
import { useTracingAccount } from '@/app/tracing-account';

export function Component() {
  const { orderId = '' } = useParams();
  const account = useTracingAccount();
  return (
    <OrderDetail
      key={orderId}
      orderId={orderId}
      // Pending orders can get their missing files here (the uploads feature owns that control).
      pendingSlot={(order) => <ResumeUpload orderId={order.orderId} orderType={order.type} />}
      // A finished embed order can be checked by reading its watermark back (uploads creates the extract order);
      // a detected extract order says who had the copy (uploads owns the ledger).
      finishedSlot={(order) => {
        if (order.type === 'watermarkEmbed' && order.status === 'complete') return <VerifyWatermark key={order.orderId} orderId={order.orderId} />;
        if (order.type === 'watermarkExtract' && order.status === 'detected' && order.watermarkText) {
          return <OwnerPanel key={order.orderId} text={order.watermarkText} extractOrderId={order.orderId} account={account.ledger} />;
        }
        return null;
      }}
    />
  );
}
