import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { EmailAccount, WebsiteSettings } from '@quayside/contract';
import {
  App,
  Button,
  Checkbox,
  Col,
  ColorPicker,
  Form,
  Input,
  Row,
  Select,
  Space,
  Switch,
  Upload,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { fileUrl, uploadFile } from '@/shared/files';
import { useSubmit } from '@/shared/form/useSubmit';
import { THEME_PRESETS } from '@/shared/settings';
import { useSaveWebsiteSettings, type WebsiteSettingsBody } from '../api';

const LOGO_MAX_BYTES = 2 * 1024 * 1024;

type Props = {
  settings: WebsiteSettings;
  products: { id: number; name: string; model: string }[];
  accounts: EmailAccount[];
};

/** The site's settings and the letterhead's company details (one place for both). */
export function SiteSettingsForm({ settings, products, accounts }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<WebsiteSettingsBody>();
  const save = useSaveWebsiteSettings();
  const logo = Form.useWatch(['company', 'logo_file_id'], form);
  const { submit, submitting } = useSubmit(async (values: WebsiteSettingsBody) => {
    await save.mutateAsync({
      company: { ...settings.company, ...values.company },
      site: { ...settings.site, ...values.site, languages: ['en', ...(values.site.languages ?? [])] },
    });
    void message.success(t('website.saved'));
  });

  const beforeUpload = (file: File) => {
    if (!file.type.startsWith('image/') || file.size > LOGO_MAX_BYTES) {
      void message.error(t('website.logoRule'));
      return Upload.LIST_IGNORE;
    }
    void uploadFile(file).then((info) => form.setFieldValue(['company', 'logo_file_id'], info.id));
    return false;
  };

  const initial: WebsiteSettingsBody = {
    company: settings.company,
    site: { ...settings.site, languages: settings.site.languages.filter((l) => l !== 'en') },
  };
  const text = (name: (string | number)[], label: string, max: number, rows = 0) => (
    <Form.Item name={name} label={label} rules={[{ max, message: t('website.tooLong', { max }) }]}>
      {rows ? <Input.TextArea rows={rows} maxLength={max} showCount /> : <Input maxLength={max} />}
    </Form.Item>
  );
  const link = (key: 'facebook' | 'linkedin' | 'youtube' | 'instagram', label: string) => (
    <Form.Item
      name={['site', key]}
      label={label}
      rules={[{ pattern: /^(https?:\/\/\S+)?$/i, message: t('website.linkRule') }]}
    >
      <Input placeholder="https://" maxLength={300} />
    </Form.Item>
  );

  return (
    <Form<WebsiteSettingsBody>
      form={form}
      layout="vertical"
      name="website"
      initialValues={initial}
      onFinish={submit}
      className="website__form"
    >
      <h3 className="website__section">{t('website.company')}</h3>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text(['company', 'name'], t('website.name'), 200)}
        </Col>
        <Col xs={24} md={12}>
          {text(['company', 'name_zh'], t('website.nameZh'), 200)}
        </Col>
        <Col xs={24} md={12}>
          {text(['company', 'phone'], t('website.phone'), 100)}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['company', 'email']}
            label={t('website.email')}
            rules={[{ type: 'email', message: t('website.emailRule') }]}
          >
            <Input maxLength={254} />
          </Form.Item>
        </Col>
        <Col xs={24}>{text(['company', 'address'], t('website.address'), 1000, 2)}</Col>
        <Col xs={24}>
          <Form.Item name={['company', 'logo_file_id']} label={t('website.logo')}>
            <Space>
              {logo ? (
                <img className="website__logo" src={fileUrl(logo, true)} alt={t('website.logo')} />
              ) : null}
              <Upload
                accept="image/png,image/jpeg,image/webp"
                showUploadList={false}
                beforeUpload={beforeUpload}
              >
                <Button icon={<UploadOutlined />}>{t('website.uploadLogo')}</Button>
              </Upload>
              {logo ? (
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => form.setFieldValue(['company', 'logo_file_id'], null)}
                  aria-label={t('website.removeLogo')}
                />
              ) : null}
            </Space>
          </Form.Item>
        </Col>
      </Row>

      <h3 className="website__section">{t('website.site')}</h3>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          {text(['site', 'intro'], t('website.intro'), 2000, 3)}
        </Col>
        <Col xs={24} md={12}>
          {text(['site', 'intro_zh'], t('website.introZh'), 2000, 3)}
        </Col>
        <Col xs={24} md={12}>
          {text(['site', 'about'], t('website.about'), 10000, 5)}
        </Col>
        <Col xs={24} md={12}>
          {text(['site', 'about_zh'], t('website.aboutZh'), 10000, 5)}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['site', 'theme_color']}
            label={t('website.themeColor')}
            getValueFromEvent={(color: { toHexString(): string }) => color.toHexString()}
          >
            <ColorPicker
              showText
              disabledAlpha
              presets={[{ label: t('website.presets'), colors: [...THEME_PRESETS] }]}
              aria-label={t('website.themeColor')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['site', 'show_prices']} label={t('website.showPrices')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name={['site', 'languages']}
            label={t('website.languages')}
            extra={t('website.languagesHint')}
          >
            <Checkbox.Group options={[{ label: '中文', value: 'zh' }]} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['site', 'featured_product_ids']}
            label={t('website.featured')}
            extra={t('website.featuredHint')}
          >
            <Select
              mode="multiple"
              maxCount={12}
              optionFilterProp="label"
              options={products.map((p) => ({
                value: p.id,
                label: p.model ? `${p.name} (${p.model})` : p.name,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['site', 'inquiry_account_id']}
            label={t('website.inquiryAccount')}
            extra={t('website.inquiryAccountHint')}
          >
            <Select
              allowClear
              placeholder={t('website.firstAccount')}
              options={accounts.map((a) => ({
                value: a.id,
                label: a.name ? `${a.name} <${a.address}>` : a.address,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          {link('facebook', 'Facebook')}
        </Col>
        <Col xs={24} md={6}>
          {link('linkedin', 'LinkedIn')}
        </Col>
        <Col xs={24} md={6}>
          {link('youtube', 'YouTube')}
        </Col>
        <Col xs={24} md={6}>
          {link('instagram', 'Instagram')}
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
