import { diffDocuments, ORDER_DIFF_FIELDS, type OrderVersion, orderContent } from '@quayside/contract';
import type { Db } from '../../db/client';
import { versionHistory } from '../../lib/documents/versions';
import type { Viewer } from '../../lib/scope';
import { loadContent, loadRow, ORDER_KIND } from './rows';

/** Every version of an order the viewer may read, newest first. */
export async function orderHistory(db: Db, id: number, viewer: Viewer): Promise<OrderVersion[]> {
  await loadRow(db, id, viewer);
  return versionHistory(
    db,
    ORDER_KIND,
    id,
    (c) => orderContent.parse(c),
    (before, after) => diffDocuments(before, after, ORDER_DIFF_FIELDS).changes,
  );
}

export async function orderDiff(db: Db, id: number, from: number, to: number, viewer: Viewer) {
  await loadRow(db, id, viewer);
  const [a, b] = await Promise.all([loadContent(db, id, from), loadContent(db, id, to)]);
  return {
    from: { ...a, version: from },
    to: { ...b, version: to },
    diff: diffDocuments(a, b, ORDER_DIFF_FIELDS),
  };
}
