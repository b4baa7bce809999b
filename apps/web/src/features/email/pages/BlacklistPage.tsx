import { DeleteOutlined, PlusOutlined, SearchOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Form, Input, Popconfirm, Space, Tag, Tooltip } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { parseTime, timeAgo, toThousands } from '@/shared/format';
import { BulkBar } from '@/shared/list/BulkBar';
import { type ListColumn, type ListPaging, ListTable } from '@/shared/list/ListTable';
import { defineList, listParams } from '@/shared/list/url-state';
import { useListState } from '@/shared/list/useListState';
import { PageHeader } from '@/shared/ui/PageHeader';
import { type BlacklistEntry, useAddToBlacklist, useBlacklist, useRemoveFromBlacklist } from '../api';
import { isBlockValue, normaliseBlockValue } from '../email-format';
import '../email.css';

const BLACKLIST = defineList({ filters: {}, sorts: ['created_at'], defaultSort: '-created_at' });

/** /email/blacklist (admin): blocked addresses and domains; their new mail goes straight to the trash. */
export default function BlacklistPage() {
  const { t } = useTranslation();
  const { state, update } = useListState(BLACKLIST);
  const params = useMemo(() => listParams(state), [state]);
  const list = useBlacklist(params);
  const remove = useRemoveFromBlacklist();
  const [selected, setSelected] = useState<Key[]>([]);
  const [text, setText] = useState(state.q);
  useEffect(() => setText(state.q), [state.q]);
  const onPaging = useCallback((change: Partial<ListPaging>) => update(change), [update]);

  const removeIds = async (ids: number[]) => {
    try {
      await remove.mutateAsync(ids);
      setSelected((s) => s.filter((k) => !ids.includes(k as number)));
    } catch {
      // Shown by the request wrapper.
    }
  };

  const columns: ListColumn<BlacklistEntry>[] = [
    {
      key: 'value',
      label: t('email.blacklist.value'),
      title: t('email.blacklist.value'),
      width: 320,
      render: (_, b) => (
        <span className="blacklist-value">
          <Tag color={b.value.startsWith('@') ? 'volcano' : 'default'} className="email-tag">
            {b.value.startsWith('@') ? t('email.blacklist.domain') : t('email.blacklist.address')}
          </Tag>
          <code>{b.value}</code>
        </span>
      ),
    },
    {
      key: 'remark',
      label: t('email.blacklist.remark'),
      title: t('email.blacklist.remark'),
      width: 360,
      ellipsis: true,
      render: (_, b) => b.remark || <span className="muted-dash">—</span>,
    },
    {
      key: 'created_at',
      label: t('email.blacklist.added'),
      title: t('email.blacklist.added'),
      width: 150,
      render: (_, b) => (
        <Tooltip title={parseTime(b.created_at)}>
          <span>{timeAgo(b.created_at, t)}</span>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      label: t('common.actions'),
      title: '',
      width: 110,
      render: (_, b) => (
        <Popconfirm
          title={t('email.blacklist.removeConfirm', { value: b.value })}
          okText={t('email.blacklist.remove')}
          cancelText={t('common.cancel')}
          onConfirm={() => removeIds([b.id])}
        >
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('email.blacklist.removeName', { value: b.value })}
          >
            {t('email.blacklist.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];

  const total = list.data?.total;
  return (
    <div className="page email-blacklist">
      <PageHeader title={t('email.blacklist.title')} subtitle={t('email.blacklist.subtitle')} />
      <Card variant="borderless" className="search-card">
        <AddEntryForm />
      </Card>
      <Card variant="borderless" className="table-card">
        <div className="list-toolbar">
          {selected.length > 0 ? (
            <BulkBar count={selected.length} onClear={() => setSelected([])}>
              <Popconfirm
                title={t('email.blacklist.removeManyConfirm', { count: selected.length })}
                okText={t('email.blacklist.remove')}
                cancelText={t('common.cancel')}
                onConfirm={() => removeIds(selected as number[])}
              >
                <Button size="small" danger icon={<DeleteOutlined />}>
                  {t('email.blacklist.remove')}
                </Button>
              </Popconfirm>
            </BulkBar>
          ) : (
            <span className="list-toolbar__summary">
              {total === undefined
                ? ''
                : t('email.blacklist.count', { count: total, formatted: toThousands(total) })}
            </span>
          )}
          <Input
            allowClear
            className="blacklist-search"
            prefix={<SearchOutlined />}
            placeholder={t('email.blacklist.search')}
            aria-label={t('email.blacklist.search')}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (!e.target.value) update({ q: '' });
            }}
            onPressEnter={() => update({ q: text.trim() })}
            onBlur={() => text.trim() !== state.q && update({ q: text.trim() })}
          />
        </div>
        <ListTable<BlacklistEntry>
          rowKey="id"
          columns={columns}
          data={list.data}
          loading={list.isFetching && !list.data}
          paging={state}
          defaultSort={BLACKLIST.defaultSort}
          onPagingChange={onPaging}
          selectedKeys={selected}
          onSelectedKeysChange={setSelected}
          empty={
            list.data ? (
              <Empty
                image={<StopOutlined className="blacklist-empty" />}
                description={t(state.q ? 'email.blacklist.emptyFiltered' : 'email.blacklist.empty')}
              />
            ) : undefined
          }
        />
      </Card>
    </div>
  );
}

/** One address (`a@b.com`) or a whole domain (`@b.com`, subdomains too), with a remark. */
function AddEntryForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ value: string; remark: string }>();
  const add = useAddToBlacklist();
  const { submit, submitting } = useSubmit(async ({ value, remark }: { value: string; remark: string }) => {
    try {
      await add.mutateAsync({ value: normaliseBlockValue(value), remark: remark?.trim() ?? '' });
      form.resetFields();
      form.getFieldInstance('value')?.focus();
    } catch (err) {
      showFormError(form, err);
    }
  });
  return (
    <Form
      form={form}
      layout="inline"
      className="blacklist-form"
      onFinish={(v) => void submit(v)}
      requiredMark={false}
    >
      <Form.Item
        name="value"
        label={t('email.blacklist.value')}
        rules={[
          {
            validator: (_, v: string) =>
              isBlockValue(normaliseBlockValue(v ?? ''))
                ? Promise.resolve()
                : Promise.reject(new Error(t('email.blacklist.valueInvalid'))),
          },
        ]}
        tooltip={t('email.blacklist.valueHint')}
      >
        <Input
          placeholder="spam@example.com · @example.com"
          className="blacklist-form__value"
          maxLength={254}
        />
      </Form.Item>
      <Form.Item name="remark" label={t('email.blacklist.remark')}>
        <Input
          placeholder={t('email.blacklist.remarkPlaceholder')}
          className="blacklist-form__remark"
          maxLength={500}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined />} loading={submitting}>
            {t('email.blacklist.add')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
