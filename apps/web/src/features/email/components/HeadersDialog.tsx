import type { EmailDetail } from '@quayside/contract';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Every header of the message, as received. */
export function HeadersDialog({
  headers,
  onClose,
}: {
  headers: EmailDetail['headers'];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal open title={t('email.headers')} footer={null} width="min(960px, 92vw)" onCancel={onClose}>
      <dl className="headers-list">
        {headers.map((h, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: headers repeat (Received); their order is their identity
          <div key={i} className="headers-list__row">
            <dt>{h.key}</dt>
            <dd>{h.value}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
