/**
 * What this process is doing besides answering requests, for the readiness check: set by server.ts
 * (mail sync started) and main.ts (a stop signal arrived), read by modules/health.
 */
export type Lifecycle = {
  /** SIGTERM/SIGINT arrived: requests under way finish, a load balancer should send no new ones. */
  stopping: boolean;
  /** The mail accounts this instance syncs; undefined until the mail sync has started. */
  syncedAccounts: (() => number[]) | undefined;
};

export function createLifecycle(): Lifecycle {
  return { stopping: false, syncedAccounts: undefined };
}
