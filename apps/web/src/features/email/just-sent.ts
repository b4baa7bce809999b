import { useEffect, useRef } from 'react';

/** The query flag of the outbox opened by a send: `?sent=<email id>`. */
const SENT_FLAG = 'sent';
export const OUTBOX = '/email/outbox';

/** Where a send goes on to: the outbox, told which mail was just sent. */
export const outboxAfterSend = (id: number) => `${OUTBOX}?${SENT_FLAG}=${id}`;

/** The id in `?sent=`; null when the list was opened any other way. */
export function justSentId(search: string): number | null {
  const id = Number(new URLSearchParams(search).get(SENT_FLAG));
  return Number.isInteger(id) && id > 0 ? id : null;
}

/**
 * The outbox opened right after a send shows the mail just sent (issue 15): a remembered or
 * leftover search could hide it. The flag is read once per send — the list drops its search
 * (which also drops the flag from the URL) and `show` points at the new row. The keep-alive tab
 * of an outbox already open gets the flag through its URL too, so it is read on every change.
 */
export function useJustSent(search: string, clearSearch: () => void, show: (id: number) => void) {
  const id = justSentId(search);
  const seen = useRef<number | null>(null);
  const latest = useRef({ clearSearch, show });
  latest.current = { clearSearch, show };
  useEffect(() => {
    if (id === null || seen.current === id) return;
    seen.current = id;
    latest.current.clearSearch();
    latest.current.show(id);
  }, [id]);
}
