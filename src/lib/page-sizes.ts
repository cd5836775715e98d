/** The page sizes every paged table offers (orders, delivery events); the service's own maximum is 100. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
