import { ArrowDownOutlined, ArrowUpOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ColumnSetting, moveColumn, toggleColumn } from './column-prefs';

interface ColumnChooserProps {
  settings: ColumnSetting[];
  /** The column's name as shown in the chooser. */
  labels: Record<string, string>;
  onChange: (settings: ColumnSetting[]) => void;
  onReset: () => void;
  isDefault: boolean;
}

/** Show, hide and reorder a list's columns; the choice is remembered for the user. */
export function ColumnChooser({ settings, labels, onChange, onReset, isDefault }: ColumnChooserProps) {
  const { t } = useTranslation();
  const content = (
    <div className="column-chooser">
      <ul className="column-chooser__list" aria-label={t('list.columnsTitle')}>
        {settings.map((s, index) => {
          const label = labels[s.key] ?? s.key;
          return (
            <li key={s.key} className="column-chooser__item">
              <Checkbox
                checked={s.visible}
                onChange={(e) => onChange(toggleColumn(settings, s.key, e.target.checked))}
              >
                {label}
              </Checkbox>
              <span className="column-chooser__move">
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowUpOutlined />}
                  disabled={index === 0}
                  aria-label={t('list.moveUp', { name: label })}
                  onClick={() => onChange(moveColumn(settings, s.key, -1))}
                />
                <Button
                  type="text"
                  size="small"
                  icon={<ArrowDownOutlined />}
                  disabled={index === settings.length - 1}
                  aria-label={t('list.moveDown', { name: label })}
                  onClick={() => onChange(moveColumn(settings, s.key, 1))}
                />
              </span>
            </li>
          );
        })}
      </ul>
      <div className="column-chooser__footer">
        <Button type="link" size="small" disabled={isDefault} onClick={onReset}>
          {t('list.resetColumns')}
        </Button>
      </div>
    </div>
  );
  return (
    <Popover content={content} title={t('list.columnsTitle')} trigger="click" placement="bottomRight">
      <Button icon={<SettingOutlined />}>{t('list.columns')}</Button>
    </Popover>
  );
}
