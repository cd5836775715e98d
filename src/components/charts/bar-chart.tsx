import { startTransition, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { cn } from '@/lib/cn';
import { BarChartPlaceholder, type BarChartDrawingProps } from './bar-chart-placeholder';
import { chartBoxClass } from './chart-geometry';
import { useChartWords } from './chart-format';
import { SERIES_COLOURS, type ChartPoint, type ChartScale, type ChartSeries } from './chart-series';
import { loadRecharts, rechartsIfLoaded, wantRecharts } from './load-recharts';

export interface BarChartProps {
  /** The figure's name for a screen reader (the caption the table view uses too). */
  label: string;
  points: readonly ChartPoint[];
  series: readonly ChartSeries[];
  scale: ChartScale;
  /** The overview's shorter box and narrower Y axis. */
  compact?: boolean;
  /** Each bar's number above it (defaults to on when the bars have room: 14 or fewer). */
  valueLabels?: boolean;
  testId?: string;
}

/**
 * The one bar chart of the dashboard (the 7-day stats, the usage history): at first paint an HTML drawing of the data
 * (bar-chart-placeholder.tsx), replaced in the same box by recharts' once the page has settled (load-recharts.ts), or
 * at once when the pointer comes over it (the tooltips are recharts'). A screen reader gets each
 * bar in words, a sighted user each bar's number on screen, a keyboard user the table (chart-view-toggle.tsx).
 */
export function BarChart({ label, points, series, scale, compact = false, valueLabels = points.length <= 14, testId }: BarChartProps) {
  const words = useChartWords();
  const box = useRef<HTMLDivElement>(null);
  const size = useBoxSize(box);
  const Recharts = useRecharts();
  const drawing: BarChartDrawingProps = { points, series, scale, compact, valueLabels };
  return (
    <figure aria-label={label} className="w-full text-xs text-zinc-600 dark:text-zinc-400" data-testid={testId} onPointerEnter={Recharts ? undefined : wantRecharts}>
      <div ref={box} aria-hidden="true" className={cn('relative w-full', chartBoxClass(compact))} data-testid="chart-box">
        {Recharts && size ? <Recharts {...drawing} width={size.width} height={size.height} /> : <BarChartPlaceholder {...drawing} width={size?.width} />}
      </div>
      {series.length > 1 && (
        <ul aria-hidden="true" className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-1 text-xs">
          {series.map(({ key, name }) => (
            <li key={key} className="flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm" style={{ background: SERIES_COLOURS[key] }} data-series={key} />
              {name}
            </li>
          ))}
        </ul>
      )}
      <ol className="sr-only">
        {points.map((point) => (
          <li key={point.key}>{words.point(point, series)}</li>
        ))}
      </ol>
    </figure>
  );
}

/** The box's size in CSS pixels, kept current (recharts draws at a given size; the box's is set by CSS). */
function useBoxSize(ref: RefObject<HTMLElement | null>) {
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const { width, height } = element.getBoundingClientRect();
      setSize((current) => (current && current.width === width && current.height === height ? current : width > 0 && height > 0 ? { width, height } : null));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** recharts' drawing once loaded (after the page has settled); null until then. */
function useRecharts() {
  const [drawing, setDrawing] = useState(rechartsIfLoaded);
  useEffect(() => {
    if (drawing) return;
    let live = true;
    loadRecharts().then(
      // A transition: React may keep the page responsive while it renders, and the placeholder stays until it is done.
      (loaded) => live && startTransition(() => setDrawing(() => loaded)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [drawing]);
  return drawing;
}
