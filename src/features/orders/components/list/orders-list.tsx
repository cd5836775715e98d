import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { isMissingEndpoint } from '@/api/api-error';
import { Plus, SearchX } from 'lucide-react';
import { Button, buttonClass } from '@/components/ui/form/button';
import { EmptyState } from '@/components/ui/feedback/empty-state';
import { Card } from '@/components/ui/layout/card';
import { ErrorAlert } from '@/components/ui/feedback/error-alert';
import { PageHeader } from '@/components/ui/layout/page-header';
import { useOrders } from '../../api/get-orders';
import { DEFAULT_LIST_PARAMS, hasFilters, parseListParams, toSearchParams, type OrderListParams } from '../../lib/list-params';
import { ExportOrders } from './export-orders';
import { OpenOrderById } from './open-order-by-id';
import { OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';
import { Pagination } from './pagination';
import { useUrlSearch } from '@/lib/use-url-search';

function NewOrderLink() {
  return (
    <Link to="/orders/new" className={buttonClass()}>
      <Plus aria-hidden="true" className="size-4" />
      <Trans>New order</Trans>
    </Link>
  );
}

export function OrdersList() {
  const { t } = useLingui();
  const [search, setSearch] = useUrlSearch();
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
        <PageHeader title={t`Orders`} />
        <Card>
          <p className="text-sm">
            <Trans>This service does not offer a list of orders. You can still open an order by its id.</Trans>
          </p>
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
          <Trans>Loading orders…</Trans>
        </p>
        <OrdersTable orders={undefined} />
      </>
    );
  } else if (query.isError) {
    body = <ErrorAlert error={query.error} title={t`The orders could not be loaded.`} onRetry={() => void query.refetch()} />;
  } else if (query.data.orders.length === 0 && filtered) {
    body = (
      <EmptyState
        icon={SearchX}
        title={t`No orders match these filters`}
        description={t`Try other filters or another search.`}
        action={
          <Button variant="secondary" onClick={() => setSearch(toSearchParams({ ...DEFAULT_LIST_PARAMS, limit: params.limit }))}>
            <Trans>Clear filters</Trans>
          </Button>
        }
      />
    );
  } else if (query.data.orders.length === 0 && params.page > 1) {
    body = (
      <EmptyState
        title={t`This page is empty`}
        action={
          <Button variant="secondary" onClick={() => update({ page: 1 })}>
            <Trans>Go to the first page</Trans>
          </Button>
        }
      />
    );
  } else if (query.data.orders.length === 0) {
    body = (
      <EmptyState title={t`No orders yet`} description={t`Orders you create through this dashboard or the API show up here.`} action={<NewOrderLink />} />
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
        title={t`Orders`}
        description={t`Every order of this account, newest first.`}
        actions={<NewOrderLink />}
      />
      <OrderFilters params={params} onChange={update} />
      <div className="mb-4">
        <ExportOrders
          filter={{ keyword: params.keyword, status: params.status, type: params.type, channel: params.channel }}
          total={query.data?.pageInfo.totalItems}
        />
      </div>
      {query.isPlaceholderData && (
        <p role="status" className="sr-only">
          <Trans>Loading…</Trans>
        </p>
      )}
      {body}
    </>
  );
}
