import { useRef } from 'react';
import { Button } from './button';

/**
 * Previous/next page buttons. A button that reaches the first or last page
 * becomes disabled while it has focus, which would drop keyboard focus to the
 * page body; focus moves to the other button first.
 */
export function PageButtons({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const previous = useRef<HTMLButtonElement>(null);
  const next = useRef<HTMLButtonElement>(null);
  const go = (to: number, reachesEdge: boolean, other: HTMLButtonElement | null) => {
    if (reachesEdge && totalPages > 1) {
      // Enable the other button now, in the DOM React will re-render anyway, so it can take focus.
      if (other) {
        other.disabled = false;
        other.focus();
      }
    }
    onPage(to);
  };
  return (
    <>
      <Button ref={previous} size="sm" variant="secondary" disabled={page <= 1} onClick={() => go(page - 1, page - 1 <= 1, next.current)}>
        Previous page
      </Button>
      <Button ref={next} size="sm" variant="secondary" disabled={page >= totalPages} onClick={() => go(page + 1, page + 1 >= totalPages, previous.current)}>
        Next page
      </Button>
    </>
  );
}
