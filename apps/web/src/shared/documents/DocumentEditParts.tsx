import { formatMoney } from '@quayside/contract';
import { Alert, Button, Col, Form } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { LineItemsTable } from './LineItemsTable';
import type { EditLine } from './lines';
import { useLiveTotals } from './useLiveTotals';
import './document-edit.css';

/**
 * The parts the quotation, order and invoice editors share. Each shows its feature's own texts:
 * `ns` is the feature's i18n namespace, and every part reads `${ns}.currency`, `${ns}.stale`, ….
 */
export type DocumentNs = 'quotations' | 'order' | 'invoice';

/** A header text field with the server's error for it (useDocumentEditor's `field`). */
type Field<N extends string> = (name: N, label: ReactNode, max?: number) => ReactNode;

/** The warning shown when someone saved a newer version while this one was being edited. */
export function StaleAlert({ ns, version }: { ns: DocumentNs; version: number | null }) {
  const { t } = useTranslation();
  if (version === null) return null;
  return (
    <Alert type="warning" showIcon className="document-edit__stale" message={t(`${ns}.stale`, { version })} />
  );
}

/**
 * Contact, currency (when the document may change it) and delivery terms, as form columns in the
 * header's grid: contact name and email, currency, trade term, port of loading and of destination.
 */
export function TermsColumns({
  ns,
  editor,
}: {
  ns: DocumentNs;
  /** The page's useDocumentEditor. */
  editor: {
    /** Without `currency` the document keeps the currency it was made in (an invoice). */
    header: { currency?: string; trade_term: string | null };
    set: (patch: { currency?: string; trade_term?: string | null }) => void;
    field: Field<'contact_name' | 'contact_email' | 'port_of_loading' | 'port_of_destination'>;
  };
}) {
  const { t } = useTranslation();
  const { header, set, field } = editor;
  return (
    <>
      <Col xs={12} md={6}>
        {field('contact_name', t(`${ns}.contactName`))}
      </Col>
      <Col xs={12} md={6}>
        {field('contact_email', t(`${ns}.contactEmail`), 254)}
      </Col>
      {header.currency !== undefined && (
        <Col xs={12} md={6}>
          <Form.Item label={t(`${ns}.currency`)}>
            <LookupSelect<string>
              table="currencies"
              allowClear={false}
              value={header.currency}
              onChange={(v) => set({ currency: v as string })}
            />
          </Form.Item>
        </Col>
      )}
      <Col xs={12} md={6}>
        <Form.Item label={t(`${ns}.tradeTerm`)}>
          <LookupSelect<string>
            table="trade_terms"
            value={header.trade_term}
            onChange={(v) => set({ trade_term: (v as string) ?? null })}
          />
        </Form.Item>
      </Col>
      <Col xs={12} md={6}>
        {field('port_of_loading', t(`${ns}.portOfLoading`))}
      </Col>
      <Col xs={12} md={6}>
        {field('port_of_destination', t(`${ns}.portOfDestination`))}
      </Col>
    </>
  );
}

/**
 * The lines of a document and what they come to: the heading, the refused save's error for the
 * lines as a whole (when `itemsError`), the line editor, discount and shipping cost, and the
 * subtotal and total as the server will compute them.
 */
export function LinesWithTotals({
  ns,
  editor,
  currency,
  itemsError = false,
  totalTestId,
  figuresClassName = 'document-figures',
}: {
  ns: DocumentNs;
  /** The page's useDocumentEditor. */
  editor: {
    lines: EditLine[];
    changeLines: (lines: EditLine[]) => void;
    header: { discount: string; shipping_cost: string };
    field: Field<'discount' | 'shipping_cost'>;
    errors: Record<string, string>;
  };
  currency: string;
  itemsError?: boolean;
  totalTestId: string;
  /** The figures' class (and `${figuresClassName}__strong` for the total). */
  figuresClassName?: string;
}) {
  const { t } = useTranslation();
  const { lines, changeLines, header, field, errors } = editor;
  const totals = useLiveTotals(lines, currency, header.discount, header.shipping_cost);
  return (
    <>
      <h3 className="document-edit__section">{t(`${ns}.lines`)}</h3>
      {itemsError && errors.items && <Alert type="error" showIcon message={errors.items} />}
      <LineItemsTable lines={lines} currency={currency} errors={errors} onChange={changeLines} />
      <div className="document-edit__totals">
        <Form layout="inline">
          {field('discount', t(`${ns}.discount`), 40)}
          {field('shipping_cost', t(`${ns}.shipping`), 40)}
        </Form>
        <dl className={figuresClassName}>
          <dt>{t(`${ns}.subtotal`)}</dt>
          <dd>{totals ? formatMoney(totals.subtotal, currency) : '—'}</dd>
          <dt>{t(`${ns}.total`)}</dt>
          <dd className={`${figuresClassName}__strong`} data-testid={totalTestId}>
            {totals ? `${formatMoney(totals.total, currency)} ${currency}` : '—'}
          </dd>
        </dl>
      </div>
    </>
  );
}

/** The editor's Save, at the foot of the form. */
export function SaveAction({
  ns,
  loading,
  onSave,
}: {
  ns: DocumentNs;
  loading: boolean;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="document-edit__actions">
      <Button type="primary" loading={loading} onClick={onSave}>
        {t(`${ns}.save`)}
      </Button>
    </div>
  );
}
