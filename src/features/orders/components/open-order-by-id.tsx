import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';

export function OpenOrderById() {
  const id = useId();
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const orderId = value.trim();
    if (orderId) void navigate(`/orders/${encodeURIComponent(orderId)}`);
  };
  return (
    <form onSubmit={submit} className="mt-3 flex flex-wrap items-end gap-2">
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          Order id
        </label>
        <input
          id={id}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className="w-72 max-w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm dark:border-zinc-700 dark:bg-zinc-900"
        />
      </div>
      <Button type="submit" disabled={!value.trim()}>
        Open order
      </Button>
    </form>
  );
}
