import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { skippedTotal, type SortedDrop } from '../../lib/files/folder-drop';

/** Shown open up to this many skipped files; more (a folder of sidecar files) stay folded under the summary line. */
const SKIPPED_SHOWN_OPEN = 10;

/**
 * One line for everything a dropped folder held that is not an image, then each of them by its path and
 * reason, as a file picked alone is named in "Some files were not added".
 */
export function SkippedSummary({ skipped }: { skipped: Omit<SortedDrop, 'images'> }) {
  const { t } = useLingui();
  const total = skippedTotal(skipped.skipped);
  const parts: string[] = [];
  if (skipped.skipped.notImage > 0) parts.push(t`${plural(skipped.skipped.notImage, { one: '# not an image', other: '# not images' })}`);
  if (skipped.skipped.empty > 0) parts.push(t`${plural(skipped.skipped.empty, { one: '# empty', other: '# empty' })}`);
  const why = parts.join(', ');
  const list = (
    <ul aria-label={t`Skipped files`} className="list-disc pl-5 text-xs break-words text-zinc-700 dark:text-zinc-300" data-testid="skipped-files">
      {skipped.skippedFiles.map(({ path, reason }) => (
        <li key={path}>{reason === 'empty' ? t`${path}: the file is empty` : t`${path}: not an image of an accepted format`}</li>
      ))}
    </ul>
  );
  return (
    <div className="flex flex-col gap-1">
      <p role="status" className="text-sm text-zinc-700 dark:text-zinc-300" data-testid="skipped-summary">
        {t`${plural(total, { one: '# file skipped', other: '# files skipped' })}: ${why}`}
      </p>
      {skipped.skippedFiles.length > SKIPPED_SHOWN_OPEN ? (
        <details>
          <summary className="cursor-pointer text-xs">{t`Show the skipped files`}</summary>
          {list}
        </details>
      ) : (
        list
      )}
    </div>
  );
}
