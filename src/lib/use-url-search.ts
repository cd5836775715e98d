import { useCallback, useRef } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router-dom';

type Change = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/**
 * `useSearchParams` whose setter builds on the last URL written, not on the render's copy. React Router's functional
 * `setSearchParams(fn)` passes the params of the render that made the setter, so two changes before the next render
 * (a page size then "Next page", a period then a grouping) made the second undo the first.
 */
export function useUrlSearch(): [URLSearchParams, (change: Change, options?: NavigateOptions) => void] {
  const [search, setSearch] = useSearchParams();
  const rendered = search.toString();
  // Writes not yet seen in a render, oldest first.
  const pending = useRef<string[]>([]);
  const seen = useRef(rendered);
  if (seen.current !== rendered) {
    seen.current = rendered;
    const at = pending.current.indexOf(rendered);
    // Our own write arrived (drop it and the ones before it), or a link or Back moved the URL (drop them all).
    pending.current = at >= 0 ? pending.current.slice(at + 1) : [];
  }
  const update = useCallback(
    (change: Change, options?: NavigateOptions) => {
      const base = new URLSearchParams(pending.current.at(-1) ?? seen.current);
      const next = typeof change === 'function' ? change(base) : change;
      pending.current.push(next.toString());
      setSearch(next, options);
    },
    [setSearch],
  );
  return [search, update];
}
