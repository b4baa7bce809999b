import { TranslationOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { i18n as appI18n, type Language, setLanguage } from '@/shared/i18n';

const NAMES: Record<Language, string> = { en: 'English', zh: '中文' };

/** Language en/zh, remembered in cookie `language` (spec §4). */
export function LanguageSelect() {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const current = i18n.language as Language;

  const choose = async (lang: Language) => {
    if (lang === current) return;
    await setLanguage(lang);
    // Server texts (labels, messages) come in the language of the cookie: fetch them again.
    void queryClient.invalidateQueries();
    void message.success(appI18n.t('navbar.languageSwitched'));
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: (Object.keys(NAMES) as Language[]).map((lang) => ({ key: lang, label: NAMES[lang] })),
        onClick: ({ key }) => void choose(key as Language),
      }}
    >
      <Tooltip title={t('navbar.language')} placement="left">
        <Button type="text" className="navbar__item" aria-label={t('navbar.language')}>
          <TranslationOutlined className="navbar__icon" />
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
