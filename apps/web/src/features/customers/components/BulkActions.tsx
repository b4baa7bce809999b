import { DownOutlined, MergeCellsOutlined, TagOutlined, UserSwitchOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { BulkDeleteButton } from '@/shared/list/BulkDeleteButton';
import { useLookups } from '@/shared/lookups/useLookups';
import { staffLabel, useStaff } from '@/shared/lookups/useStaff';
import { useUser } from '@/shared/session';
import { useBulkUpdateCustomers } from '../api';
import { isSalesOnly } from '../pool';
import { useDeleteWithUndo } from './useDeleteWithUndo';

/** What can be done to the selected customers: grade, owner, merge two, delete (admin). */
export function BulkActions({
  ids,
  onDone,
  onMerge,
}: {
  ids: number[];
  onDone: () => void;
  onMerge: (ids: [number, number]) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const me = useUser();
  const isAdmin = Boolean(me?.roles.includes('admin'));
  const lookups = useLookups();
  const staff = useStaff(isAdmin);
  const bulk = useBulkUpdateCustomers();
  const remove = useDeleteWithUndo();

  const apply = async (change: { grade?: number | null; owner_id?: number | null }, done: string) => {
    const { count } = await bulk.mutateAsync({ ids, ...change });
    void message.success(t(done, { count }));
  };

  const owners = isAdmin
    ? (staff.data ?? []).map((u) => ({ key: String(u.id), label: staffLabel(u) }))
    : me
      ? [{ key: String(me.id), label: t('customers.ownerMe', { name: me.name || me.username }) }]
      : [];

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: lookups.options('grade').map((o) => ({ key: String(o.value), label: o.label })),
          onClick: ({ key }) => void apply({ grade: Number(key) }, 'customers.gradeChanged'),
        }}
      >
        <Button size="small" icon={<TagOutlined />} loading={bulk.isPending}>
          {t('customers.setGrade')} <DownOutlined />
        </Button>
      </Dropdown>
      {/* A salesperson moves customers by claiming and releasing them (the pool). */}
      {!isSalesOnly(me) && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: [...owners, { type: 'divider' as const }, { key: 'none', label: t('customers.noOwner') }],
            onClick: ({ key }) =>
              void apply({ owner_id: key === 'none' ? null : Number(key) }, 'customers.ownerChanged'),
            className: 'bulk-owner-menu',
          }}
        >
          <Button size="small" icon={<UserSwitchOutlined />}>
            {t('customers.setOwner')} <DownOutlined />
          </Button>
        </Dropdown>
      )}
      {isAdmin && ids.length === 2 && (
        <Button
          size="small"
          icon={<MergeCellsOutlined />}
          onClick={() => onMerge([ids[0] as number, ids[1] as number])}
        >
          {t('customers.mergeTwo')}
        </Button>
      )}
      {isAdmin && <BulkDeleteButton ids={ids} texts="customers" remove={remove} onDone={onDone} />}
    </>
  );
}
