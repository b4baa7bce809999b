import { API_BASE } from './request';
import { getToken, sessionStore } from './session';

/**
 * Live events from the server (GET /api/events/?token=, Server-Sent Events). One connection
 * for the whole app, open while someone listens and a session exists.
 */
type Handler = (data: unknown) => void;

const handlers = new Map<string, Set<Handler>>();
let source: EventSource | null = null;
let sourceToken: string | null = null;

function dispatch(name: string, raw: string) {
  let data: unknown = raw;
  try {
    data = JSON.parse(raw);
  } catch {
    // Plain text payload.
  }
  for (const h of handlers.get(name) ?? []) h(data);
}

function connect() {
  const token = getToken();
  if (source && sourceToken === token) return;
  source?.close();
  source = null;
  sourceToken = token;
  if (!token || handlers.size === 0 || typeof EventSource === 'undefined') return;
  source = new EventSource(`${API_BASE}/events/?token=${encodeURIComponent(token)}`);
  for (const name of handlers.keys()) {
    source.addEventListener(name, (e) => dispatch(name, (e as MessageEvent<string>).data));
  }
}

function disconnect() {
  source?.close();
  source = null;
  sourceToken = null;
}

sessionStore.subscribe(() => {
  if (sourceToken !== getToken()) connect();
});

export function subscribeEvent(name: string, handler: Handler): () => void {
  const isNewName = !handlers.has(name);
  const set = handlers.get(name) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(name, set);
  if (isNewName && source)
    source.addEventListener(name, (e) => dispatch(name, (e as MessageEvent<string>).data));
  else connect();
  return () => {
    set.delete(handler);
    if (set.size === 0) handlers.delete(name);
    if (handlers.size === 0) disconnect();
  };
}
