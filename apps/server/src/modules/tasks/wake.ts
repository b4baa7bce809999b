/** The running sender of each database handle, so that a start or a retry sends at once instead of at the next poll. */
const senders = new WeakMap<object, () => void>();

export function registerTaskSender(db: object, wake: () => void): () => void {
  senders.set(db, wake);
  return () => {
    if (senders.get(db) === wake) senders.delete(db);
  };
}

export function wakeTaskSender(db: object): void {
  senders.get(db)?.();
}
