/**
 * The orders list keeps its filters in the URL's query; a link from the list to an order carries that
 * query in the history entry's state, and the order page's "Back to orders" returns to it. Only a query
 * string is taken (never a path), so the state cannot send the user elsewhere.
 */
export interface FromList {
  fromList: string;
}

export function fromListState(search: string): FromList {
  return { fromList: search };
}

export function backToListHref(state: unknown): string {
  const from = state && typeof state === 'object' ? (state as Partial<FromList>).fromList : undefined;
  return typeof from === 'string' && from.startsWith('?') && from.length > 1 ? `/orders${from}` : '/orders';
}
