import { StopOutlined } from '@ant-design/icons';
import { Checkbox, Input, Modal, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { RequestError } from '@/shared/request';
import { useAddToBlacklist, useEmailAction } from '../api';
import { type BlockMode, blockValues } from '../email-format';

/**
 * Block the senders of the chosen emails (spec: add_black_list): their addresses or their whole
 * domains; their new mail goes straight to the trash. The chosen emails can go there now too.
 */
export function BlockSendersDialog({
  addresses,
  emailIds,
  canTrash,
  onClose,
  onDone,
}: {
  addresses: string[];
  emailIds: number[];
  /** False in the trash, where the emails already are. */
  canTrash: boolean;
  onClose: () => void;
  /** After blocking; `trashed` when the emails went to the trash too. */
  onDone?: (trashed: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const add = useAddToBlacklist();
  const action = useEmailAction();
  const [mode, setMode] = useState<BlockMode>('address');
  const [remark, setRemark] = useState('');
  const [trash, setTrash] = useState(canTrash);
  const [busy, setBusy] = useState(false);
  const values = blockValues(addresses, mode);

  const run = async () => {
    setBusy(true);
    let added = 0;
    let already = 0;
    try {
      for (const value of values) {
        try {
          await add.mutateAsync({ value, remark: remark.trim() });
          added += 1;
        } catch (err) {
          if (err instanceof RequestError && err.status === 409) already += 1;
          else throw err;
        }
      }
      const trashed = trash && canTrash && emailIds.length > 0;
      if (trashed) await action.mutateAsync({ kind: 'trash', ids: emailIds });
      void message.success(
        already > 0
          ? t('email.block.doneWithKnown', { count: added, known: already })
          : t('email.block.done', { count: added }),
      );
      onDone?.(trashed);
      onClose();
    } catch (err) {
      if (err instanceof RequestError) void message.error(err.message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={
        <span>
          <StopOutlined className="block-dialog__icon" /> {t('email.block.title', { count: values.length })}
        </span>
      }
      okText={t('email.block.ok')}
      okButtonProps={{ danger: true, disabled: values.length === 0, loading: busy }}
      cancelText={t('common.cancel')}
      onOk={() => void run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <div className="block-dialog">
        <Typography.Paragraph type="secondary">{t('email.block.hint')}</Typography.Paragraph>
        <Radio.Group
          value={mode}
          onChange={(e) => setMode(e.target.value)}
          options={[
            { value: 'address', label: t('email.block.address') },
            { value: 'domain', label: t('email.block.domain') },
          ]}
        />
        <ul className="block-dialog__values" aria-label={t('email.block.values')}>
          {values.map((v) => (
            <li key={v}>
              <code>{v}</code>
            </li>
          ))}
        </ul>
        {mode === 'domain' && values.some((v) => !v.startsWith('@')) && (
          <Typography.Paragraph type="secondary" className="block-dialog__note">
            {t('email.block.freeMailNote')}
          </Typography.Paragraph>
        )}
        <Input
          placeholder={t('email.block.remark')}
          aria-label={t('email.block.remark')}
          value={remark}
          maxLength={500}
          onChange={(e) => setRemark(e.target.value)}
        />
        {canTrash && (
          <Checkbox checked={trash} onChange={(e) => setTrash(e.target.checked)}>
            {t('email.block.alsoTrash', { count: emailIds.length })}
          </Checkbox>
        )}
      </div>
    </Modal>
  );
}
