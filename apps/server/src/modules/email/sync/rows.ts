import { getTableColumns, getTableName, type InferInsertModel, type SQL, sql, type Table } from 'drizzle-orm';

/**
 * `\u0000` and lone surrogates, as JSON.stringify writes them (a valid pair stays raw), when the
 * backslash is not itself escaped. PostgreSQL stores neither in text: a mail carrying one would fail
 * its batch on every sync, and the cursor could never pass it.
 */
const unstorable = /(?<=(?:^|[^\\])(?:\\\\)*)\\u(?:0000|d[89a-f][0-9a-f]{2})/g;

export function storableJson(value: unknown): string {
  const json = JSON.stringify(value);
  return json.includes('\\u0000') || /\\ud[89a-f]/.test(json) ? json.replace(unstorable, '\\ufffd') : json;
}

/**
 * A multi-row INSERT whose rows travel as one JSON parameter (json_populate_recordset). A few hundred
 * rows of thirty columns bound one by one cost more in query building than the database spends on
 * them. Every row must carry the same keys (those of the first); `tail` is ON CONFLICT / RETURNING.
 */
export function insertRows<T extends Table>(table: T, rows: InferInsertModel<T>[], tail?: SQL): SQL {
  const columns = getTableColumns(table);
  const keys = Object.keys(rows[0] ?? {});
  const names = keys.map((k) => {
    const column = columns[k];
    if (!column) throw new Error(`no column ${k} in ${getTableName(table)}`);
    return column.name;
  });
  const records = rows.map((row) => {
    const values = row as Record<string, unknown>;
    const record: Record<string, unknown> = {};
    for (let i = 0; i < keys.length; i++) record[names[i]!] = values[keys[i]!] ?? null;
    return record;
  });
  const list = sql.raw(names.map((n) => `"${n}"`).join(', '));
  const name = sql.identifier(getTableName(table));
  return sql`INSERT INTO ${name} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${name}, ${storableJson(records)}::json) ${tail ?? sql``}`;
}
