import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CopyOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { formatMoney, type ProductOption } from '@quayside/contract';
import { Button, Input, Select, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { get } from '@/shared/request';
import { blankLine, type EditLine, liveAmount, move, newKey } from './lines';
import './line-items.css';

const searchProducts = (q: string) => get<ProductOption[]>('/product/options/', { q, limit: 20 });

type Props = {
  lines: EditLine[];
  currency: string;
  errors: Record<string, string>;
  onChange: (lines: EditLine[]) => void;
};

/**
 * The line-item editor of every business document (quotations, orders, invoices):  add from the
 * product picker or free, reorder, duplicate, delete; amounts live (the contract's helper).
 */
export function LineItemsTable({ lines, currency, errors, onChange }: Props) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<ProductOption[]>([]);
  const [searching, setSearching] = useState(false);
  const set = (index: number, patch: Partial<EditLine>) =>
    onChange(lines.map((l, i) => (i === index ? { ...l, ...patch } : l)));
  const search = async (q: string) => {
    setSearching(true);
    try {
      setOptions(await searchProducts(q));
    } finally {
      setSearching(false);
    }
  };
  const addProduct = (id: number) => {
    const p = options.find((o) => o.id === id);
    if (!p) return;
    onChange([
      ...lines,
      {
        key: newKey(),
        product_id: p.id,
        picture_file_id: null,
        thumb_url: p.thumb_url,
        description: p.name,
        model: p.model,
        quantity: '1',
        unit: p.unit,
        unit_price: p.price ?? '0',
      },
    ]);
  };
  const error = (index: number, field: string) => errors[`items.${index}.${field}`];
  const cell = (
    index: number,
    field: 'model' | 'description' | 'quantity' | 'unit_price',
    align?: 'right',
  ) => {
    const msg = error(index, field);
    return (
      <Tooltip title={msg} open={msg ? undefined : false}>
        <Input
          aria-label={`${t(`documents.${field === 'unit_price' ? 'unitPrice' : field}`)} ${index + 1}`}
          value={lines[index]?.[field]}
          status={msg ? 'error' : undefined}
          style={align ? { textAlign: 'right' } : undefined}
          inputMode={align ? 'decimal' : undefined}
          onChange={(e) => set(index, { [field]: e.target.value })}
        />
      </Tooltip>
    );
  };

  return (
    <div className="line-items">
      <Table<EditLine>
        rowKey="key"
        size="small"
        pagination={false}
        dataSource={lines}
        locale={{ emptyText: t('documents.noLines') }}
        columns={[
          { title: '#', width: 40, render: (_v, _l, i) => i + 1 },
          {
            title: '',
            width: 56,
            render: (_v, l) =>
              l.thumb_url ? <img src={l.thumb_url} alt="" className="line-items__thumb" /> : null,
          },
          { title: t('documents.model'), width: 130, render: (_v, _l, i) => cell(i, 'model') },
          { title: t('documents.description'), render: (_v, _l, i) => cell(i, 'description') },
          {
            title: t('documents.quantity'),
            width: 100,
            render: (_v, _l, i) => cell(i, 'quantity', 'right'),
          },
          {
            title: t('documents.unit'),
            width: 110,
            render: (_v, l, i) => (
              <LookupSelect<string>
                table="units"
                value={l.unit}
                onChange={(unit) => set(i, { unit: unit as string })}
              />
            ),
          },
          {
            title: t('documents.unitPrice'),
            width: 120,
            render: (_v, _l, i) => cell(i, 'unit_price', 'right'),
          },
          {
            title: t('documents.amount'),
            width: 130,
            align: 'right',
            render: (_v, l) => (
              <span className="line-items__amount">
                {formatMoney(liveAmount(l, currency) || null, currency)}
              </span>
            ),
          },
          {
            title: '',
            width: 150,
            render: (_v, l, i) => (
              <Space size={0}>
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  aria-label={t('documents.moveUp')}
                  disabled={i === 0}
                  onClick={() => onChange(move(lines, i, i - 1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  aria-label={t('documents.moveDown')}
                  disabled={i === lines.length - 1}
                  onClick={() => onChange(move(lines, i, i + 1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<CopyOutlined />}
                  aria-label={t('documents.duplicate')}
                  onClick={() =>
                    onChange([...lines.slice(0, i + 1), { ...l, key: newKey() }, ...lines.slice(i + 1)])
                  }
                />
                <Button
                  type="text"
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('documents.remove')}
                  onClick={() => onChange(lines.filter((_x, j) => j !== i))}
                />
              </Space>
            ),
          },
        ]}
      />
      <Space className="line-items__add" wrap>
        <Select<number>
          showSearch
          value={null}
          placeholder={t('documents.addProduct')}
          aria-label={t('documents.addProduct')}
          style={{ width: 320 }}
          filterOption={false}
          loading={searching}
          onSearch={search}
          onFocus={() => void search('')}
          onChange={addProduct}
          options={options.map((o) => ({
            value: o.id,
            label: (
              <span className="line-items__option">
                {o.thumb_url ? <img src={o.thumb_url} alt="" /> : null}
                {o.name} {o.model ? `· ${o.model}` : ''}{' '}
                {o.price ? `· ${formatMoney(o.price, o.currency)}` : ''}
              </span>
            ),
          }))}
        />
        <Button icon={<PlusOutlined />} onClick={() => onChange([...lines, blankLine()])}>
          {t('documents.addFreeLine')}
        </Button>
      </Space>
    </div>
  );
}
