import { useCallback, useEffect, useRef, useState } from 'react';
import { addToList, applyCheck, checkingCount, emptyList, removeFromList, type CheckedList } from '../lib/files/checked-list';
import { fileChecker } from '../lib/files/file-checker';
import type { FileRules } from '../lib/files/file-validation';

/**
 * A drop zone's files: name rules at once, then each file is decoded and hashed in the worker;
 * refused files and content duplicates move to `rejected` with their reason. Pass `rules` as a
 * constant (module level or memoised): `add` changes with it.
 */
export function useCheckedFiles(rules: FileRules) {
  const [list, setList] = useState<CheckedList>(emptyList);
  // The latest list, also between a commit and the next render (two drops in one tick).
  const listRef = useRef(list);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const commit = useCallback((next: CheckedList) => {
    listRef.current = next;
    setList(next);
  }, []);

  const add = useCallback(
    (incoming: File[]): File[] => {
      const { list: next, added } = addToList(listRef.current, incoming, rules);
      commit(next);
      const checker = fileChecker();
      for (const file of added) {
        void checker.check(file).then((result) => {
          if (mounted.current) commit(applyCheck(listRef.current, file, result));
        });
      }
      return added;
    },
    [commit, rules],
  );

  const remove = useCallback((name: string) => commit(removeFromList(listRef.current, name)), [commit]);
  const clear = useCallback(() => commit(emptyList), [commit]);
  /** The names in the list now, also between a commit and the next render. */
  const names = useCallback(() => listRef.current.files.map((f) => f.name), []);

  return { ...list, add, remove, clear, names, checking: checkingCount(list) };
}

export type CheckedFiles = ReturnType<typeof useCheckedFiles>;
