import type { Customer } from '@quayside/contract';
import { Tag, Tooltip, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { parseTime, timeAgo } from '@/shared/format';
import type { ListColumn } from '@/shared/list/ListTable';
import type { Lookups } from '@/shared/lookups/lookups';
import { customerTitle, fieldLabel, type Lang } from '../fields';
import { GRADE_COLORS } from '../list-config';

const dash = <span className="muted-dash">—</span>;
const textOr = (v: string) => v || dash;

export function GradeTag({ grade, lookups }: { grade: number | null; lookups: Lookups }) {
  if (grade === null) return dash;
  return (
    <Tag color={GRADE_COLORS[grade] ?? 'default'} className="grade-tag">
      {lookups.label('grade', grade)}
    </Tag>
  );
}

/** The company (or contact) as a link to the detail page: always shown first. */
export function titleColumn(lang: Lang): ListColumn<Customer> {
  return {
    key: 'company_name',
    label: fieldLabel('company_name', lang),
    title: fieldLabel('company_name', lang),
    sortField: 'company_name',
    fixed: 'left',
    width: 220,
    ellipsis: true,
    render: (_, c) => (
      <Link
        to={`/customer/detail/${c.id}`}
        className={c.company_name ? 'customer-link' : 'customer-link muted'}
        // The whole name on hover: the cell ends in an ellipsis at its fixed width.
        title={customerTitle(c)}
      >
        {customerTitle(c)}
      </Link>
    ),
  };
}

/** The columns a user may show, hide and reorder, in their default order. */
export function customerColumns(t: TFunction, lang: Lang, lookups: Lookups): ListColumn<Customer>[] {
  const label = (name: Parameters<typeof fieldLabel>[0]) => fieldLabel(name, lang);
  const lookupColumn = (
    name: 'source' | 'nation' | 'situation' | 'religion',
    width: number,
    defaultHidden = false,
  ): ListColumn<Customer> => ({
    key: name,
    label: label(name),
    title: label(name),
    width,
    ellipsis: true,
    defaultHidden,
    render: (_, c) => textOr(lookups.label(name, c[name])),
  });
  const textColumn = (
    name: 'job_title' | 'phone' | 'website' | 'skype' | 'qq' | 'address' | 'remark',
    width: number,
    defaultHidden = true,
  ): ListColumn<Customer> => ({
    key: name,
    label: label(name),
    title: label(name),
    width,
    ellipsis: true,
    defaultHidden,
    render: (_, c) => textOr(c[name]),
  });
  const time = (v: string | null, withAgo: boolean) => {
    if (!v) return dash;
    const full = parseTime(v) ?? '';
    return withAgo ? (
      <Tooltip title={full}>
        <span>{timeAgo(v, t)}</span>
      </Tooltip>
    ) : (
      <span title={full}>{parseTime(v, '{y}-{m}-{d} {h}:{i}')}</span>
    );
  };

  return [
    {
      key: 'name',
      label: label('name'),
      title: label('name'),
      sortField: 'name',
      width: 140,
      ellipsis: true,
      render: (_, c) => textOr(c.name),
    },
    {
      key: 'email',
      label: label('email'),
      title: label('email'),
      width: 200,
      ellipsis: true,
      render: (_, c) =>
        c.email ? (
          <Typography.Text
            copyable={{ text: c.email, tooltips: [t('customers.copy'), t('customers.copied')] }}
          >
            {c.email}
          </Typography.Text>
        ) : (
          dash
        ),
    },
    {
      key: 'grade',
      label: label('grade'),
      title: label('grade'),
      width: 100,
      render: (_, c) => <GradeTag grade={c.grade} lookups={lookups} />,
    },
    // Shown at first (company, name, email, grade, country, owner): what fits a 1366 px laptop
    // screen beside the sidebar; the rest is a click away in the column chooser.
    lookupColumn('source', 120, true),
    lookupColumn('nation', 120),
    lookupColumn('situation', 140, true),
    textColumn('phone', 150, true),
    {
      key: 'owner',
      label: label('owner_id'),
      title: label('owner_id'),
      width: 110,
      ellipsis: true,
      // No owner: the customer is in the public pool (issue 32).
      render: (_, c) =>
        c.owner_id === null ? (
          <Tag className="pool-tag">{t('customers.viewPool')}</Tag>
        ) : (
          textOr(c.owner_name)
        ),
    },
    {
      key: 'last_received_at',
      label: label('last_received_at'),
      title: label('last_received_at'),
      sortField: 'last_received_at',
      descendFirst: true,
      width: 130,
      defaultHidden: true,
      render: (_, c) => time(c.last_received_at, true),
    },
    {
      key: 'created_at',
      label: label('created_at'),
      title: label('created_at'),
      sortField: 'created_at',
      descendFirst: true,
      width: 150,
      defaultHidden: true,
      render: (_, c) => time(c.created_at, false),
    },
    lookupColumn('religion', 120, true),
    textColumn('job_title', 140),
    textColumn('website', 180),
    textColumn('skype', 140),
    textColumn('qq', 120),
    textColumn('address', 220),
    textColumn('remark', 240),
  ];
}
