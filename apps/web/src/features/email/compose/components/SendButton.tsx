import { ClockCircleOutlined, DownOutlined, SendOutlined } from '@ant-design/icons';
import { Button, DatePicker, Dropdown, Modal, Space, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultPickedTime, schedulePresets, scheduleProblem } from '../schedule';
import { showSendTime } from '../send-time';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

/** Send now (with an undo window), or later: presets and a date and time of one's own. */
export function SendButton({ sending, onSend }: { sending: boolean; onSend: (at?: Date) => void }) {
  const { t } = useTranslation();
  const [picking, setPicking] = useState(false);
  const [picked, setPicked] = useState<Dayjs | null>(null);
  const presets = schedulePresets(new Date());
  const problem = picked ? scheduleProblem(picked.toDate(), new Date()) : null;

  return (
    <>
      <Space.Compact>
        <Tooltip title={t('compose.send.hint', { keys: `${MOD}Enter` })}>
          <Button type="primary" icon={<SendOutlined />} loading={sending} onClick={() => onSend()}>
            {t('compose.send.send')}
          </Button>
        </Tooltip>
        <Dropdown
          trigger={['click']}
          disabled={sending}
          menu={{
            items: [
              { key: 'title', type: 'group', label: t('compose.schedule.title') },
              ...presets.map((p) => ({
                key: p.key,
                icon: <ClockCircleOutlined />,
                label: (
                  <span className="schedule-option">
                    {t(`compose.schedule.${p.key}`)}
                    <span className="schedule-option__time">{showSendTime(p.at)}</span>
                  </span>
                ),
              })),
              { type: 'divider' },
              { key: 'pick', label: t('compose.schedule.pick') },
            ],
            onClick: ({ key }) => {
              if (key === 'pick') {
                setPicked(dayjs(defaultPickedTime(new Date())));
                setPicking(true);
                return;
              }
              const preset = presets.find((p) => p.key === key);
              if (preset) onSend(preset.at);
            },
          }}
        >
          <Button type="primary" icon={<DownOutlined />} aria-label={t('compose.schedule.title')} />
        </Dropdown>
      </Space.Compact>
      <Modal
        open={picking}
        title={t('compose.schedule.pickTitle')}
        okText={t('compose.schedule.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ disabled: !picked || problem !== null }}
        onCancel={() => setPicking(false)}
        onOk={() => {
          if (!picked) return;
          setPicking(false);
          onSend(picked.toDate());
        }}
        destroyOnHidden
      >
        <DatePicker
          showTime={{ format: 'HH:mm', minuteStep: 5 }}
          format="YYYY-MM-DD HH:mm"
          value={picked}
          onChange={setPicked}
          disabledDate={(d) => d.isBefore(dayjs(), 'day') || d.isAfter(dayjs().add(1, 'year'))}
          status={problem ? 'error' : undefined}
          className="schedule-picker"
          aria-label={t('compose.schedule.pickTitle')}
          needConfirm={false}
        />
        <p className={problem ? 'schedule-problem' : 'schedule-note'}>
          {problem ? t(`compose.schedule.${problem}`) : t('compose.schedule.note')}
        </p>
      </Modal>
    </>
  );
}
