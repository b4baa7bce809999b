import { CheckOutlined, CloseOutlined, EditOutlined, ExportOutlined } from '@ant-design/icons';
import type { Customer } from '@quayside/contract';
import { Button, Input, Space, Typography } from 'antd';
import { type FocusEvent, type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nearLimit } from '@/shared/form/limit';
import { fieldErrorsOf } from '@/shared/form-errors';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import type { Lookups } from '@/shared/lookups/lookups';
import { useUpdateCustomer } from '../api';
import { type DuplicateCustomer, duplicateOf } from '../duplicate';
import { type FieldDef, websiteHref } from '../fields';
import { DuplicateAlert } from './DuplicateAlert';
import { OwnerSelect } from './OwnerSelect';

type Value = string | number | null;

function display(def: FieldDef, customer: Customer, lookups: Lookups): ReactNode {
  if (def.kind === 'owner') return customer.owner_name;
  const value = customer[def.name] as Value;
  if (def.kind === 'lookup' && def.table) return lookups.label(def.table, value);
  return value === null ? '' : String(value);
}

/**
 * One field of the detail page, edited where it is shown: click (or Enter) to edit, Enter or
 * leaving the field saves, Esc cancels. Choices save as soon as one is picked.
 */
export function InlineField({
  def,
  label,
  customer,
  lookups,
  readOnly = false,
}: {
  def: FieldDef;
  label: string;
  customer: Customer;
  lookups: Lookups;
  /** Shown only (a pool customer a salesperson has not claimed). */
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  const update = useUpdateCustomer();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState<Value>(null);
  const [error, setError] = useState('');
  const [duplicate, setDuplicate] = useState<DuplicateCustomer | null>(null);
  const current = customer[def.name] as Value;
  // No owner: the customer is in the public pool (issue 32).
  const shown =
    def.kind === 'owner' && customer.owner_id === null
      ? t('customers.viewPool')
      : display(def, customer, lookups);
  const choice = def.kind === 'lookup' || def.kind === 'owner';
  // Set at once (not on the next render): a choice closes its dropdown right after picking.
  const saving = useRef(false);

  const start = () => {
    setDraft(current);
    setError('');
    setDuplicate(null);
    setEditing(true);
  };
  const cancel = () => {
    setEditing(false);
    setError('');
    setDuplicate(null);
  };
  const save = async (value: Value) => {
    const next = typeof value === 'string' ? value.trim() : value;
    if (next === current || (next === '' && current === '')) return cancel();
    if (typeof next === 'string' && def.max && next.length > def.max) {
      setError(t('customers.tooLong', { field: label, max: def.max }));
      return;
    }
    if (saving.current) return;
    saving.current = true;
    try {
      await update.mutateAsync({ id: customer.id, [def.name]: next });
      setEditing(false);
      setError('');
      setDuplicate(null);
    } catch (err) {
      setEditing(true);
      setDuplicate(duplicateOf(err));
      const own = fieldErrorsOf(err).find((f) => f.name === def.name) ?? fieldErrorsOf(err)[0];
      setError(own?.errors[0] ?? (err instanceof Error ? err.message : ''));
    } finally {
      saving.current = false;
    }
  };
  const closeChoice = (open: boolean) => {
    if (!open && !saving.current) cancel();
  };
  /** Leaving a text field saves it, unless the focus went to its own buttons. */
  const onBlur = (e: FocusEvent<HTMLDivElement>) => {
    if (choice || error || e.currentTarget.contains(e.relatedTarget as Node | null)) return;
    void save(draft);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      cancel();
    } else if (e.key === 'Enter' && (def.kind !== 'textarea' || e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      void save(draft);
    }
  };

  if (editing) {
    let editor: ReactNode;
    if (def.kind === 'lookup') {
      editor = (
        <LookupSelect
          table={def.table ?? 'grade'}
          autoFocus
          defaultOpen
          aria-label={label}
          value={draft as number | null}
          onChange={(v) => void save((v as number | null | undefined) ?? null)}
          onOpenChange={closeChoice}
          className="full-width"
          // Whole option labels, however narrow the field.
          popupMatchSelectWidth={false}
        />
      );
    } else if (def.kind === 'owner') {
      editor = (
        <OwnerSelect
          autoFocus
          defaultOpen
          aria-label={label}
          current={{ id: customer.owner_id, name: customer.owner_name }}
          value={draft as number | null}
          onChange={(v) => void save(v ?? null)}
          onOpenChange={closeChoice}
          className="full-width"
          // Whole option labels, however narrow the field.
          popupMatchSelectWidth={false}
        />
      );
    } else if (def.kind === 'textarea') {
      editor = (
        <Input.TextArea
          autoFocus
          aria-label={label}
          autoSize={{ minRows: 2, maxRows: 10 }}
          count={def.max ? nearLimit(def.max) : undefined}
          value={String(draft ?? '')}
          onChange={(e) => setDraft(e.target.value)}
          status={error ? 'error' : undefined}
        />
      );
    } else {
      editor = (
        <Input
          autoFocus
          aria-label={label}
          type={def.kind === 'email' ? 'email' : 'text'}
          count={def.max ? nearLimit(def.max) : undefined}
          value={String(draft ?? '')}
          onChange={(e) => setDraft(e.target.value)}
          status={error ? 'error' : undefined}
        />
      );
    }
    return (
      // biome-ignore lint/a11y/noStaticElementInteractions: keys of the editor inside
      <div className="inline-field inline-field--editing" onKeyDown={onKeyDown} onBlur={onBlur}>
        <div className="inline-field__label">{label}</div>
        <div className="inline-field__editor">
          {editor}
          {!choice && (
            <Space size={4} className="inline-field__buttons">
              <Button
                size="small"
                type="primary"
                icon={<CheckOutlined />}
                loading={update.isPending}
                aria-label={t('common.save')}
                onClick={() => void save(draft)}
              />
              <Button
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('common.cancel')}
                onClick={cancel}
              />
            </Space>
          )}
        </div>
        {error && (
          <div className="inline-field__error" role="alert">
            {error}
          </div>
        )}
        {duplicate && <DuplicateAlert customer={duplicate} />}
      </div>
    );
  }

  const href = def.kind === 'url' && typeof current === 'string' ? websiteHref(current) : null;
  return (
    <div className="inline-field">
      <div className="inline-field__label">{label}</div>
      <div className="inline-field__view">
        {readOnly ? (
          <span className="inline-field__value inline-field__value--read">
            <span className="inline-field__text">{shown || '—'}</span>
          </span>
        ) : (
          <button
            type="button"
            className={`inline-field__value${shown ? '' : ' inline-field__value--empty'}`}
            onClick={start}
            aria-label={t('customers.editField', { field: label })}
          >
            <span className="inline-field__text">{shown || t('customers.addValue')}</span>
            <EditOutlined className="inline-field__pencil" />
          </button>
        )}
        {def.kind === 'email' && current && (
          <Typography.Text
            copyable={{ text: String(current), tooltips: [t('customers.copy'), t('customers.copied')] }}
          />
        )}
        {href && (
          <a href={href} target="_blank" rel="noopener noreferrer" aria-label={t('customers.openWebsite')}>
            <ExportOutlined />
          </a>
        )}
      </div>
    </div>
  );
}
