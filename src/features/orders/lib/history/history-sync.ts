import { ApiError } from '@/api/api-error';
import { LIST_LIMIT_MAX, ORDER_LIFETIME_DAYS } from '@/api/limits';
import type { Order } from '@/api/schemas/orders';
import { COPY_FORMAT, COPY_MAX_ORDERS, emptyMeta, isFinal, toCopied, type CopiedOrder, type CopyMeta, type CopyStore, type CopyWalk } from './copy-store';
import type { Pacer } from './pacer';
import { DAY_MS } from '@/lib/time';

/*
 * Keeps the local copy of the orders (copy-store.ts) up to date with as few list reads as possible
 * (docs/decisions/history-cache.md):
 *  - refresh: the newest pages, up to the first page that holds nothing new or changed (and whose oldest order a
 *    list read has seen before, so it joins the part already copied);
 *  - unfinished orders not met on those pages are read one by one (GET /orders/{id}) until final; past the order
 *    lifetime they are expired without a read;
 *  - walk: when the copy does not reach back far enough, page after page from where it ends, paced (pacer.ts), the
 *    cursor saved with each page so a reload, a pause or a lost connection resumes there.
 */

/** 1,000 pages of 100, as before: past 100,000 orders a browser tab is the wrong tool for a whole history. */
export const WALK_MAX_PAGES = 1_000;
/** A refresh this recent is not repeated (the history, the month's figures and the export asking at once). */
export const REFRESH_FRESH_MS = 2_000;
/** Unfinished orders read one by one per refresh, at most. */
const DETAIL_READS_MAX = 20;
const LIFETIME_MS = ORDER_LIFETIME_DAYS * DAY_MS;

export interface ListPage {
  orders: Order[];
  pageInfo: { totalPages: number };
}

export interface SyncDeps {
  store: CopyStore;
  pacer: Pacer;
  list: (page: number, signal: AbortSignal) => Promise<ListPage>;
  getOrder: (orderId: string, signal: AbortSignal) => Promise<Order>;
  account: () => string;
  now: () => number;
}

export interface SyncProgress {
  pagesDone: number;
  /** Pages the walk will read at most (the list's page count; fewer when the target date stops it). */
  totalPages: number;
  orders: number;
  /** Time left at the current pace (ms). */
  etaMs: number;
}

export type SyncPhase = 'idle' | 'reading' | 'paused' | 'error';

export interface SyncState {
  phase: SyncPhase;
  /** Set while a walk is under way or paused. */
  progress: SyncProgress | null;
  error: unknown;
  /** Moves whenever the copy changes (a page stored, an order added). */
  version: number;
}

export class WalkPausedError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- a developer's message: the screen says "paused" in its own words
    super('The orders walk is paused');
    this.name = 'WalkPausedError';
  }
}

type Changed = { orders: CopiedOrder[]; quiet: boolean };

export class HistorySync {
  private state: SyncState = { phase: 'idle', progress: null, error: null, version: 0 };
  private listeners = new Set<() => void>();
  /** The one walk under way, its controller, and the oldest creation time any caller waits for. */
  private walking: { promise: Promise<void>; controller: AbortController } | null = null;
  private wanted = Infinity;
  private waiters: { from: number; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private refreshedAt = 0;
  private refreshing: Promise<void> | null = null;
  /** Aborted by clear(): a refresh or walk of the account signed out must stop. */
  private lifetime = new AbortController();

  constructor(private deps: SyncDeps) {}

  getState = (): SyncState => this.state;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  private set(next: Partial<SyncState>) {
    this.state = { ...this.state, ...next };
    for (const listener of this.listeners) listener();
  }

  private bump() {
    this.set({ version: this.state.version + 1 });
  }

  /** The copy's meta for this account, a fresh one when none, another account's or an older format. */
  private async meta(): Promise<CopyMeta> {
    const account = this.deps.account();
    const meta = await this.deps.store.meta();
    if (meta && meta.format === COPY_FORMAT && meta.account === account) return meta;
    await this.deps.store.clear();
    const fresh = emptyMeta(account);
    await this.deps.store.setMeta(fresh);
    this.refreshedAt = 0;
    return fresh;
  }

  /** Every order created at or after this (ms) is in the copy: a finished walk's reach, or a walk under way's. */
  private reach(meta: CopyMeta): number {
    return Math.min(meta.coveredFrom ?? Infinity, meta.walk?.reached ?? Infinity);
  }

  /**
   * Makes the copy hold every order created at or after `from` (ms), as of now. Resolves when it does; rejects with
   * WalkPausedError while a walk it needs is paused, or with the read's error. Calls at once share one run; a call
   * the copy already reaches far enough for waits for one refresh only, never for a longer walk under way.
   */
  ensure(from: number, signal?: AbortSignal): Promise<void> {
    return withSignal(this.ensureFrom(from), signal);
  }

  private async ensureFrom(from: number): Promise<void> {
    const meta = await this.meta();
    if (this.reach(meta) <= from) return this.refreshOnce();
    if (meta.walk?.paused && !this.walking) {
      this.set({ phase: 'paused', progress: this.progressOf(meta.walk, await this.deps.store.countFrom(meta.walk.target)) });
      throw new WalkPausedError();
    }
    // One walk at a time: a caller wanting older orders moves its target back; each caller is answered as soon as
    // the pages read reach back to its own date (the month's figures need not wait for a 12-month walk).
    this.wanted = Math.min(this.wanted, from);
    const answered = new Promise<void>((resolve, reject) => this.waiters.push({ from, resolve, reject }));
    if (!this.walking) {
      const controller = new AbortController();
      const promise = this.run(controller.signal).then(
        () => this.answer(() => true),
        (error: unknown) => {
          for (const waiter of this.waiters.splice(0)) waiter.reject(error);
        },
      );
      this.walking = { promise, controller };
      void promise.finally(() => {
        if (this.walking?.promise === promise) {
          this.walking = null;
          this.wanted = Infinity;
        }
      });
    }
    return answered;
  }

  /** Answers the callers whose date the copy now reaches. */
  private answer(reached: (from: number) => boolean) {
    this.waiters = this.waiters.filter((waiter) => {
      if (!reached(waiter.from)) return true;
      waiter.resolve();
      return false;
    });
  }

  /** The newest pages, once for every caller within REFRESH_FRESH_MS. */
  private refreshOnce(): Promise<void> {
    if (this.deps.now() - this.refreshedAt < REFRESH_FRESH_MS) return Promise.resolve();
    if (!this.refreshing) {
      const signal = this.lifetime.signal;
      this.refreshing = this.refresh(signal)
        .then(() => {
          this.refreshedAt = this.deps.now();
        })
        .finally(() => {
          this.refreshing = null;
        });
    }
    return this.refreshing;
  }

  /** Stops the walk where it is; it stays paused (across reloads too) until `resume`. */
  async pause(): Promise<void> {
    const walking = this.walking;
    walking?.controller.abort(new WalkPausedError());
    await walking?.promise.catch(() => {});
    const meta = await this.meta();
    if (!meta.walk) return;
    const walk = { ...meta.walk, paused: true };
    await this.deps.store.setMeta({ ...meta, walk });
    this.set({ phase: 'paused', progress: this.progressOf(walk, await this.deps.store.countFrom(walk.target)) });
  }

  async resume(): Promise<void> {
    const meta = await this.meta();
    if (meta.walk) await this.deps.store.setMeta({ ...meta, walk: { ...meta.walk, paused: false } });
    this.set({ phase: 'idle', error: null });
  }

  /** Orders created at or after `from`, any status, newest first; `complete` false when the page cap cut the copy short. */
  async read(from: number): Promise<{ orders: CopiedOrder[]; complete: boolean }> {
    const meta = await this.meta();
    const orders = (await this.deps.store.readFrom(from)).sort((a, b) => b.created - a.created);
    return { orders, complete: !(meta.capped && meta.coveredFrom !== null && meta.coveredFrom > from) };
  }

  /** An order seen final on its own page (its detail was read): into the copy, no list read needed. */
  async addFinished(order: Order): Promise<void> {
    if (!isFinal(order.status)) return;
    await this.meta();
    const known = (await this.deps.store.get([order.orderId])).get(order.orderId);
    if (known?.final) return;
    await this.deps.store.put([toCopied(order, known?.listed ?? false)]);
    this.bump();
  }

  async clear(): Promise<void> {
    this.lifetime.abort(new DOMException('The orders copy was cleared', 'AbortError'));
    this.lifetime = new AbortController();
    this.walking?.controller.abort(new DOMException('The orders copy was cleared', 'AbortError'));
    this.walking = null;
    this.wanted = Infinity;
    this.refreshing = null;
    this.refreshedAt = 0;
    await this.deps.store.clear();
    this.state = { phase: 'idle', progress: null, error: null, version: this.state.version + 1 };
    for (const listener of this.listeners) listener();
  }

  private async run(signal: AbortSignal): Promise<void> {
    try {
      let meta = await this.meta();
      if (this.reach(meta) !== Infinity) await this.refreshOnce();
      meta = await this.meta();
      if (this.reach(meta) <= this.wanted) return;
      if (meta.walk?.paused) throw new WalkPausedError();
      await this.walk(meta, signal);
      this.set({ phase: 'idle', progress: null, error: null });
    } catch (error) {
      if (error instanceof WalkPausedError) throw error;
      if (signal.aborted && signal.reason instanceof WalkPausedError) throw signal.reason;
      if (!signal.aborted) this.set({ phase: 'error', error });
      throw error;
    }
  }

  /** One request, paced; refused for the rate limit, it waits what the service said (the pacer reads Retry-After) and asks again. */
  private async paced<T>(request: () => Promise<T>, signal: AbortSignal): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      signal.throwIfAborted();
      await this.deps.pacer.next(signal);
      try {
        return await request();
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 429) || attempt >= 5) throw error;
      }
    }
  }

  private listPage(page: number, signal: AbortSignal): Promise<ListPage> {
    return this.paced(() => this.deps.list(page, signal), signal);
  }

  /** What on a page is new or changed against the copy. `quiet`: nothing, and the page joins the copied part. */
  private async compare(orders: readonly Order[]): Promise<Changed> {
    const known = await this.deps.store.get(orders.map((order) => order.orderId));
    const changed: CopiedOrder[] = [];
    for (const order of orders) {
      const copy = known.get(order.orderId);
      if (copy?.final) {
        // Stored once; only learn that a list read has now seen it.
        if (!copy.listed) changed.push({ ...copy, listed: true });
        continue;
      }
      if (!copy || copy.status !== order.status || copy.updatedAt !== order.updatedAt) changed.push(toCopied(order, true));
    }
    // Orders stored once only learn that a list read has seen them: no news. The page joins the copied part only
    // through its oldest order having been listed before (an order added by its own page has no place in the list yet).
    const news = changed.some((order) => !known.get(order.orderId)?.final);
    const last = orders.at(-1);
    const quiet = !news && last !== undefined && known.get(last.orderId)?.listed === true;
    return { orders: changed, quiet };
  }

  private async refresh(signal: AbortSignal): Promise<void> {
    const seen = new Set<string>();
    for (let page = 1; page <= WALK_MAX_PAGES; page++) {
      const answer = await this.listPage(page, signal);
      const { orders, quiet } = await this.compare(answer.orders);
      answer.orders.forEach((order) => seen.add(order.orderId));
      if (orders.length) {
        await this.deps.store.put(orders);
        this.bump();
      }
      if (quiet || answer.orders.length === 0 || page >= answer.pageInfo.totalPages) break;
    }
    await this.settleUnfinished(seen, signal);
  }

  /** Unfinished orders the refresh did not meet: past their lifetime they expired; the others are read again. */
  private async settleUnfinished(seen: Set<string>, signal: AbortSignal): Promise<void> {
    const now = this.deps.now();
    const waiting = (await this.deps.store.unfinished()).filter((order) => !seen.has(order.orderId));
    const expired = waiting.filter((order) => order.created + LIFETIME_MS <= now).map((order) => ({ ...order, status: 'expired' as const, final: true }));
    const updates: CopiedOrder[] = [...expired];
    for (const order of waiting.filter((o) => o.created + LIFETIME_MS > now).slice(0, DETAIL_READS_MAX)) {
      const fresh = await this.paced(() => this.deps.getOrder(order.orderId, signal), signal);
      if (fresh.status !== order.status || fresh.updatedAt !== order.updatedAt) updates.push(toCopied(fresh, order.listed));
    }
    if (updates.length) {
      await this.deps.store.put(updates);
      this.bump();
    }
  }

  private progressOf(walk: CopyWalk, orders: number): SyncProgress {
    // Pages the target needs, from the time the pages read so far span (orders are spread unevenly, so it is
    // re-estimated with every page); never more than the list has.
    const span = walk.origin - (walk.reached ?? walk.origin);
    const needed = span > 0 && walk.pagesDone > 0 ? Math.ceil((walk.pagesDone * (walk.origin - walk.target)) / span) : walk.totalPages;
    const total = Math.max(walk.pagesDone, Math.min(walk.totalPages, needed));
    return { pagesDone: walk.pagesDone, totalPages: total, orders, etaMs: this.deps.pacer.estimateMs(total - walk.pagesDone) };
  }

  /** Reads on from where the copy ends (or from page 1) until the pages pass `from`. */
  private async walk(meta: CopyMeta, signal: AbortSignal): Promise<void> {
    const from = this.wanted;
    let walk: CopyWalk;
    if (meta.walk) {
      walk = { ...meta.walk, target: Math.min(meta.walk.target, from) };
    } else {
      // The copy holds every order from coveredFrom to now, so their count is where coveredFrom sits in the list
      // (newer orders only push it down: a page read twice, never one skipped).
      const start = meta.coveredFrom === null ? 1 : Math.floor((await this.deps.store.countFrom(meta.coveredFrom)) / LIST_LIMIT_MAX) + 1;
      const origin = meta.coveredFrom ?? this.deps.now();
      walk = { target: from, page: start, totalPages: start, pagesDone: 0, startedAt: this.deps.now(), origin, reached: null, paused: false };
    }
    meta = { ...meta, walk };
    await this.deps.store.setMeta(meta);
    let read = await this.deps.store.countFrom(walk.target);
    this.set({ phase: 'reading', progress: this.progressOf(walk, read), error: null });
    for (;;) {
      if (walk.page > WALK_MAX_PAGES) {
        meta = { ...meta, coveredFrom: Math.min(meta.coveredFrom ?? Infinity, walk.reached ?? this.deps.now()), capped: true, walk: null };
        break;
      }
      walk = { ...walk, target: Math.min(walk.target, this.wanted) };
      const answer = await this.listPage(walk.page, signal);
      const { orders } = await this.compare(answer.orders);
      // Paused or cleared while the page was on its way: it is not stored, the cursor stays on it.
      signal.throwIfAborted();
      const passed = answer.orders.some((order) => Date.parse(order.createdAt) < walk.target);
      const end = answer.orders.length === 0 || walk.page >= answer.pageInfo.totalPages;
      const last = answer.orders.at(-1);
      walk = {
        ...walk,
        page: walk.page + 1,
        pagesDone: walk.pagesDone + 1,
        totalPages: Math.min(answer.pageInfo.totalPages, WALK_MAX_PAGES),
        // Every order newer than the page's oldest is copied (one of the same time may be on the next page).
        reached: last ? Math.min(walk.reached ?? Infinity, Date.parse(last.createdAt) + 1) : walk.reached,
      };
      if (passed || end) {
        meta = { ...meta, coveredFrom: end ? 0 : Math.min(meta.coveredFrom ?? Infinity, walk.target), capped: false, walk: null };
        await this.deps.store.put(orders, meta);
        break;
      }
      meta = { ...meta, walk };
      await this.deps.store.put(orders, meta);
      read += orders.filter((order) => order.created >= walk.target).length;
      const reach = this.reach(meta);
      this.answer((wantedFrom) => reach <= wantedFrom);
      this.bump();
      this.set({ progress: this.progressOf(walk, read) });
    }
    const oldest = await this.deps.store.prune(COPY_MAX_ORDERS);
    if (oldest !== null) meta = { ...meta, coveredFrom: Math.max(meta.coveredFrom ?? 0, oldest), capped: true };
    await this.deps.store.setMeta(meta);
    this.bump();
    // Orders created while the walk read older pages are on the newest pages now.
    this.refreshedAt = 0;
    await this.refreshOnce();
  }
}

function withSignal<T>(promise: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return promise;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const abort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', abort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}
