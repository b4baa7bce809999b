import { Button, Modal, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { parseTime } from '../format';
import { clearErrorLog, type ErrorLogEntry, useErrorLog } from './store';

/** The error-log dialog of SHELL.md: 80% wide, Message (Msg / Info / Url) and Stack, Clear All. */
export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const entries = useErrorLog();
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width="80%"
      title={t('errorLog.title')}
      footer={
        <Button
          danger
          disabled={entries.length === 0}
          onClick={() => {
            clearErrorLog();
            onClose();
          }}
        >
          {t('errorLog.clearAll')}
        </Button>
      }
    >
      <Table<ErrorLogEntry>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...entries].reverse()}
        locale={{ emptyText: t('errorLog.empty') }}
        scroll={{ y: '60vh' }}
        columns={[
          {
            title: t('errorLog.message'),
            key: 'message',
            width: '45%',
            render: (_, e) => (
              <div className="error-log__message">
                <div>
                  <Typography.Text strong>{t('errorLog.msg')}: </Typography.Text>
                  <Typography.Text type="danger">{e.message}</Typography.Text>
                </div>
                <div>
                  <Typography.Text strong>{t('errorLog.info')}: </Typography.Text>
                  {e.info} · {parseTime(e.time, '{h}:{i}:{s}')}
                </div>
                <div>
                  <Typography.Text strong>{t('errorLog.url')}: </Typography.Text>
                  <Typography.Text type="secondary">{e.url}</Typography.Text>
                </div>
              </div>
            ),
          },
          {
            title: t('errorLog.stack'),
            dataIndex: 'stack',
            render: (stack: string) => <pre className="error-log__stack">{stack}</pre>,
          },
        ]}
      />
    </Modal>
  );
}
