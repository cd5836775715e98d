/**
 * SIGTERM (systemd, docker, a deploy) and SIGINT (Ctrl-C): stop gracefully, once, so requests in flight finish
 * (`stop` drains, for at most its grace period). A second signal does not cut that short: `npm start` runs under npm
 * and tsx, and a terminal's Ctrl-C or systemd's stop reaches every process of the group, so the same stop often
 * arrives twice. A stop that hangs is for the supervisor's SIGKILL (TimeoutStopSec in docs/deploying.md).
 */
export function stopOnSignals(stop: () => Promise<void>, log: (line: string) => void = console.log): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: finishing the requests in flight (up to 10 s), then stopping.`);
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error('Stopping failed:', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
}
