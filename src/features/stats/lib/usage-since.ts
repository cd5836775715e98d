/** What the orders list adds to the login's usage figure (read in the orders feature, passed in by the route). */
export interface UsageSince {
  files: number;
  orders: number;
  /** False when not every order since sign-in could be read: the sum is then a lower bound. */
  complete: boolean;
}

/** The plan's usage now: the login body's figure plus the files of the orders finished since. */
export function currentPlanUsage(atSignIn: number, since: UsageSince | undefined): number {
  return atSignIn + (since?.files ?? 0);
}
