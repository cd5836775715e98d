import { useLingui } from '@lingui/react/macro';
import { useCallback, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { FileCheckResult } from '../../lib/files/file-check';
import { FileRow } from './file-row';

/** Height of one row of a windowed list (thumbnail, name, folder, size and check status; the row clips the rest). */
const WINDOWED_ROW_PX = 88;

/**
 * A batch's list: only the rows in view exist. A module of its own, loaded when a list first grows past one
 * order's files, so the windowing library is not part of every new-order page's first load.
 */
export function WindowedFileList({
  files,
  results,
  onRemove,
  label,
}: {
  files: File[];
  results: ReadonlyMap<File, FileCheckResult> | undefined;
  onRemove: (name: string) => void;
  label: string;
}) {
  const { t } = useLingui();
  const scrollRef = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const estimateSize = useCallback(() => WINDOWED_ROW_PX, []);
  // Fixed-height rows (no measuring). initialRect: a first screenful before the box is measured (and in jsdom, which has no layout).
  const virtualizer = useVirtualizer({ count: files.length, getScrollElement, estimateSize, overscan: 6, initialRect: { width: 0, height: 800 } });
  const count = files.length;
  return (
    // A scrolling box the keyboard can reach (tabIndex) and that says what it holds; the rows out of
    // view are not in the DOM, so each row tells its place in the whole list (aria-posinset/setsize).
    <div ref={scrollRef} tabIndex={0} role="region" aria-label={t`${label}: ${count} files, scroll to see more`} className="max-h-[32rem] overflow-y-auto rounded-md focus-visible:outline-2 focus-visible:outline-indigo-600">
      <ul aria-label={label} className="relative" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const file = files[item.index]!;
          return (
            <FileRow
              key={file.name}
              file={file}
              index={item.index}
              checked={results !== undefined}
              result={results?.get(file)}
              onRemove={onRemove}
              windowed={{ top: item.start, height: item.size, setSize: count }}
            />
          );
        })}
      </ul>
    </div>
  );
}

