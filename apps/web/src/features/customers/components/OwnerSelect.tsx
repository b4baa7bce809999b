import { Select, type SelectProps } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { staffLabel, useStaff } from '@/shared/lookups/useStaff';
import { useUser } from '@/shared/session';

type Props = Omit<SelectProps<number | null>, 'options'> & {
  /** The owner the customer has now, so an editor can keep it. */
  current?: { id: number | null; name: string };
};

/**
 * Who is responsible for a customer. Admins choose among all active staff; editors (who may not
 * list users) choose between themselves and the current owner.
 */
export function OwnerSelect({ current, ...rest }: Props) {
  const { t } = useTranslation();
  const me = useUser();
  const isAdmin = Boolean(me?.roles.includes('admin'));
  const staff = useStaff(isAdmin);

  const options = useMemo(() => {
    const list: { value: number; label: string }[] = [];
    const add = (id: number, name: string) => {
      if (!list.some((o) => o.value === id)) list.push({ value: id, label: name });
    };
    if (me) add(me.id, t('customers.ownerMe', { name: me.name || me.username }));
    if (current?.id) add(current.id, current.name || `#${current.id}`);
    for (const u of staff.data ?? []) add(u.id, staffLabel(u));
    return list;
  }, [me, current?.id, current?.name, staff.data, t]);

  return (
    <Select<number | null>
      allowClear
      placeholder={t('customers.noOwner')}
      {...rest}
      loading={isAdmin && staff.isLoading}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
    />
  );
}
