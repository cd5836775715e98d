import { useDeferredValue } from 'react';

/**
 * A query's result as a page should draw it: react-query delivers a result through useSyncExternalStore, which React
 * always renders synchronously, in one piece. For a page's main data (a table of orders, the overview's panels) that
 * one piece was a long task on a phone's CPU, right when the page was becoming usable. Through useDeferredValue the
 * synchronous render keeps the previous result (the skeleton, cheap), and the new result renders as a transition,
 * which React splits into short slices between which input is handled. What the user sees is the same, a frame later.
 */
export function useDeferredQuery<T>(result: T): T {
  return useDeferredValue(result);
}
