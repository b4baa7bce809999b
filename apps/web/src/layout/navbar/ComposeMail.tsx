import { EditOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompose } from '@/features/email/api';

/** Write a new email from any page (issue 6: compose from the top bar). */
export function ComposeMail() {
  const { t } = useTranslation();
  const { compose, pending } = useCompose();
  const label = t('navbar.compose');
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        className="navbar__item"
        aria-label={label}
        disabled={pending}
        onClick={() => compose('new')}
        icon={<EditOutlined className="navbar__icon" />}
      />
    </Tooltip>
  );
}
