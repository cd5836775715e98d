import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { isMissingEndpoint } from '@/api/api-error';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { PageHeader } from '@/components/ui/page-header';
import { useOrders } from '../api/get-orders';
import { DEFAULT_LIST_PARAMS, hasFilters, parseListParams, toSearchParams, type OrderListParams } from '../lib/list-params';
import { OpenOrderById } from './open-order-by-id';
import { OrderFilters } from './order-filters';
import { OrdersTable, OrdersTableSkeleton } from './orders-table';
import { Pagination } from './pagination';

const newOrderLink = 'inline-flex items-center rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700';

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
    body = <OrdersTableSkeleton rows={Math.min(params.limit, 10)} />;
  } else if (query.isError) {
    body = <ErrorAlert error={query.error} title="The orders could not be loaded." onRetry={() => void query.refetch()} />;
  } else if (query.data.orders.length === 0 && filtered) {
    body = (
      <Card>
        <p className="font-medium">No orders match these filters</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Try other filters or another search.</p>
        <Button className="mt-3" variant="secondary" onClick={() => setSearch(toSearchParams({ ...DEFAULT_LIST_PARAMS, limit: params.limit }))}>
          Clear filters
        </Button>
      </Card>
    );
  } else if (query.data.orders.length === 0 && params.page > 1) {
    body = (
      <Card>
        <p className="font-medium">This page is empty</p>
        <Button className="mt-3" variant="secondary" onClick={() => update({ page: 1 })}>
          Go to the first page
        </Button>
      </Card>
    );
  } else if (query.data.orders.length === 0) {
    body = (
      <Card>
        <p className="font-medium">No orders yet</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">Orders you create through this dashboard or the API show up here.</p>
        <Link to="/orders/new" className={`mt-3 ${newOrderLink}`}>
          New order
        </Link>
      </Card>
    );
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
        actions={
          <Link to="/orders/new" className={newOrderLink}>
            New order
          </Link>
        }
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
