import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/form/button';
import { Field } from '@/components/ui/form/field';
import { Input } from '@/components/ui/form/input';

export function OpenOrderById() {
  const { t } = useLingui();
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const orderId = value.trim();
    if (orderId) void navigate(`/orders/${encodeURIComponent(orderId)}`);
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
      <Field label={t`Order id`}>{(control) => <Input {...control} value={value} onChange={(e) => setValue(e.target.value)} className="w-72" />}</Field>
      <Button type="submit" disabled={!value.trim()} disabledReason={t`Paste an order id first`}>
        <Trans>Open order</Trans>
      </Button>
    </form>
  );
}
