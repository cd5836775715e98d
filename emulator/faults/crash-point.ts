/**
 * Test-only crash points (EMULATOR_FAULT_CRASH_AT): when the setting names a point, the process kills itself with
 * SIGKILL the first time it gets there, as a power cut would. The kill tests use them to stop a child emulator
 * exactly on either side of a commit, which no outside timing can hit reliably. Unset in normal use.
 */
export type CrashPoint =
  /** Inside the order-finishing transaction: status, usage and delivery events written but not committed. */
  | 'finish-before-commit'
  /** Just after that transaction committed, before any delivery was sent. */
  | 'finish-after-commit'
  /** A delivery was answered 2xx by the receiver, and the answer is not recorded yet. */
  | 'delivery-after-answer';

export function crashPoint(point: CrashPoint): void {
  if (process.env.EMULATOR_FAULT_CRASH_AT !== point) return;
  // SIGKILL to oneself is delivered before kill(2) returns: nothing after this line runs, no handler, no flush.
  process.kill(process.pid, 'SIGKILL');
}
