import type { PackingLine, PackingTotals } from '@quayside/contract';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { WarningIcon } from './WarningIcon';

/** A packing list's lines as forwarders read them, read-only, with the TOTAL row and each line's warning. */
export function PackingLinesTable({ items, totals }: { items: PackingLine[]; totals: PackingTotals }) {
  const { t } = useTranslation();
  const dims = (l: PackingLine) =>
    [l.length_cm, l.width_cm, l.height_cm].every((v) => v === '0')
      ? ''
      : `${l.length_cm}×${l.width_cm}×${l.height_cm}`;
  return (
    <Table<PackingLine & { key: number }>
      size="small"
      pagination={false}
      scroll={{ x: 1000 }}
      data-testid="packing-lines"
      dataSource={items.map((l, key) => ({ ...l, key }))}
      columns={[
        { title: '#', width: 44, render: (_v, _l, i) => i + 1 },
        { title: t('packing.model'), dataIndex: 'model', width: 110, ellipsis: true },
        {
          title: t('packing.description'),
          ellipsis: true,
          render: (_v, l) => (
            <span>
              {l.description} <WarningIcon line={l} />
            </span>
          ),
        },
        { title: t('packing.cartons'), dataIndex: 'cartons', align: 'right', width: 70 },
        { title: t('packing.perCarton'), dataIndex: 'qty_per_carton', align: 'right', width: 90 },
        { title: t('packing.quantity'), dataIndex: 'quantity', align: 'right', width: 90 },
        { title: t('packing.netWeight'), dataIndex: 'total_net_weight', align: 'right', width: 100 },
        { title: t('packing.grossWeight'), dataIndex: 'total_gross_weight', align: 'right', width: 100 },
        {
          title: t('packing.dimensions'),
          width: 140,
          align: 'center',
          render: (_v, l) => dims(l),
        },
        { title: t('packing.cbm'), dataIndex: 'cbm', align: 'right', width: 80 },
      ]}
      summary={() => (
        <Table.Summary.Row className="packing-total-row" data-testid="packing-total-row">
          <Table.Summary.Cell index={0} colSpan={3}>
            {t('packing.totals')}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3} align="right">
            {totals.total_cartons}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={4} />
          <Table.Summary.Cell index={5} align="right">
            {totals.total_quantity}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={6} align="right">
            {totals.total_net_weight}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={7} align="right">
            {totals.total_gross_weight}
          </Table.Summary.Cell>
          <Table.Summary.Cell index={8} />
          <Table.Summary.Cell index={9} align="right">
            {totals.total_cbm}
          </Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}
