import { CalculatorOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Table, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { cartonQuantity, type EditLine, emptyLine, type FIGURES, type LiveLine } from '../lines';
import { WarningIcon } from './WarningIcon';

type Figure = (typeof FIGURES)[number];

/** The editable lines: every figure an input, CBM and weight totals computed as typed, warnings beside the quantity. */
export function PackingLinesEditor({
  lines,
  onChange,
  errors,
}: {
  lines: LiveLine[];
  onChange: (next: EditLine[]) => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<EditLine>) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const input = (field: Figure | 'model' | 'description', label: string, width: number) => ({
    title: label,
    width,
    render: (_v: unknown, line: LiveLine, index: number) => {
      const error = errors[`items.${index}.${field}`];
      return (
        <Tooltip title={error} open={error ? undefined : false}>
          <Input
            size="small"
            aria-label={`${label} ${index + 1}`}
            status={error ? 'error' : undefined}
            value={line[field]}
            maxLength={field === 'description' ? 2000 : 40}
            inputMode={field === 'model' || field === 'description' ? undefined : 'decimal'}
            onChange={(e) => set(index, { [field]: e.target.value })}
          />
        </Tooltip>
      );
    },
  });
  return (
    <div className="packing-editor__lines">
      <Table<LiveLine>
        rowKey="key"
        size="small"
        pagination={false}
        scroll={{ x: 1330 }}
        dataSource={lines}
        data-testid="packing-editor-lines"
        columns={[
          { title: '#', width: 40, render: (_v, _l, i) => i + 1 },
          { ...input('model', t('packing.model'), 100), className: 'packing-editor__text' },
          { ...input('description', t('packing.description'), 190), className: 'packing-editor__text' },
          input('cartons', t('packing.cartons'), 72),
          input('qty_per_carton', t('packing.perCarton'), 80),
          {
            ...input('quantity', t('packing.quantity'), 140),
            render: (v: unknown, line: LiveLine, index: number) => (
              <span className="packing-editor__quantity">
                {input('quantity', t('packing.quantity'), 0).render(v, line, index)}
                <WarningIcon line={line} />
                {line.warnings.carton_quantity && (
                  <Tooltip title={t('packing.fromCartons')}>
                    <Button
                      size="small"
                      type="text"
                      icon={<CalculatorOutlined />}
                      aria-label={t('packing.fromCartons')}
                      onClick={() => set(index, { quantity: cartonQuantity(line) })}
                    />
                  </Tooltip>
                )}
              </span>
            ),
          },
          input('net_weight', t('packing.netPerCarton'), 84),
          input('gross_weight', t('packing.grossPerCarton'), 84),
          {
            title: t('packing.dimensions'),
            width: 190,
            render: (v: unknown, line: LiveLine, index: number) => (
              <span className="packing-editor__dims">
                {input('length_cm', t('packing.length'), 0).render(v, line, index)}×
                {input('width_cm', t('packing.width'), 0).render(v, line, index)}×
                {input('height_cm', t('packing.height'), 0).render(v, line, index)}
              </span>
            ),
          },
          { title: t('packing.netWeight'), dataIndex: 'total_net_weight', align: 'right', width: 80 },
          { title: t('packing.grossWeight'), dataIndex: 'total_gross_weight', align: 'right', width: 80 },
          {
            title: t('packing.cbm'),
            dataIndex: 'cbm',
            align: 'right',
            width: 70,
            render: (v: string, _l, i) => <span data-testid={`packing-cbm-${i}`}>{v}</span>,
          },
          {
            title: '',
            width: 44,
            render: (_v, _l, index) => (
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('packing.removeLine')}
                onClick={() => onChange(lines.filter((_, i) => i !== index))}
              />
            ),
          },
        ]}
      />
      <Button
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => onChange([...lines, emptyLine()])}
      >
        {t('packing.addLine')}
      </Button>
    </div>
  );
}
