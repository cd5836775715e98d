import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isMissingEndpoint } from '@/api/api-error';
import { Plus, SearchX } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { useOrders } from '../api/get-orders';
import { DEFAULT_LIST_PARAMS, hasFilters, parseListParams, toSearchParams, type OrderListParams } from '../lib/list-params';
import { OpenOrderById } from './open-order-by-id';
import { OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';
import { Pagination } from './pagination';

function NewOrderLink() {
  return (
    <Link to="/orders/new" className={buttonClass()}>
      <Plus aria-hidden="true" className="size-4" />
      New order
    </Link>
  );
}

export function OrdersList() {
  const [search, setSearch] = useSearchParams();
  const params = parseListParams(search);
  const update = useCallback(
    (next: Partial<OrderListParams>) => {
      setSearch((current) => toSearchParams({ ...parseListParams(current), ...next }));
    },
    [setSearch],
  );
  const query = useOrders({ ...params, keyword: params.keyword || undefined });
  const filtered = hasFilters(params);

  if (query.isError && isMissingEndpoint(query.error)) {
    return (
      <>
        <PageHeader title="Orders" />
        <Card>
          <p className="text-sm">This service does not offer a list of orders. You can still open an order by its id.</p>
          <OpenOrderById />
        </Card>
      </>
    );
  }

  let body;
  if (query.isPending) {
    body = (
      <>
        <p role="status" className="sr-only">
          Loading orders…
        </p>
        <OrdersTable orders={undefined} />
      </>
    );
  } else if (query.isError) {
    body = <ErrorAlert error={query.error} title="The orders could not be loaded." onRetry={() => void query.refetch()} />;
  } else if (query.data.orders.length === 0 && filtered) {
    body = (
      <EmptyState
        icon={SearchX}
        title="No orders match these filters"
        description="Try other filters or another search."
        action={
          <Button variant="secondary" onClick={() => setSearch(toSearchParams({ ...DEFAULT_LIST_PARAMS, limit: params.limit }))}>
            Clear filters
          </Button>
        }
      />
    );
  } else if (query.data.orders.length === 0 && params.page > 1) {
    body = (
      <EmptyState
        title="This page is empty"
        action={
          <Button variant="secondary" onClick={() => update({ page: 1 })}>
            Go to the first page
          </Button>
        }
      />
    );
  } else if (query.data.orders.length === 0) {
    body = <EmptyState title="No orders yet" description="Orders you create through this dashboard or the API show up here." action={<NewOrderLink />} />;
  } else {
    const { pageInfo } = query.data;
    body = (
      <>
        <OrdersTable orders={query.data.orders} busy={query.isPlaceholderData} />
        <Pagination
          page={params.page}
          totalPages={pageInfo.totalPages}
          totalItems={pageInfo.totalItems}
          limit={params.limit}
          onPage={(page) => update({ page })}
          onLimit={(limit) => update({ limit, page: 1 })}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Orders"
        description="Every order of this account, newest first."
        actions={<NewOrderLink />}
      />
      <OrderFilters params={params} onChange={update} />
      {query.isPlaceholderData && (
        <p role="status" className="sr-only">
          Loading…
        </p>
      )}
      {body}
    </>
  );
}
