import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { EmailAccount, WebsiteSettings } from '@quayside/contract';
import { Button, Checkbox, Col, ColorPicker, Form, Input, Row, Select, Space, Switch, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { fileUrl, uploadFile } from '@/shared/files';
import { useSubmit } from '@/shared/form/useSubmit';
import { THEME_PRESETS } from '@/shared/settings';
import { useSaveWebsiteSettings, type WebsiteSettingsBody } from '../api';

const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp'];
const FAVICON_TYPES = [...LOGO_TYPES, 'image/x-icon', 'image/vnd.microsoft.icon'];

/** The same rule as the server's: a host name without scheme, port or path. */
const HOST_NAME = /^$|^(?=.{1,253}$)([a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?\.)+[a-zA-Z]{2,63}$/;

type Props = {
  settings: WebsiteSettings;
  products: { id: number; name: string; model: string }[];
  accounts: EmailAccount[];
};

/** The site's settings and the letterhead's company details (one place for both). */
export function SiteSettingsForm({ settings, products, accounts }: Props) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [form] = Form.useForm<WebsiteSettingsBody>();
  const save = useSaveWebsiteSettings();
  const logo = Form.useWatch(['company', 'logo_file_id'], form);
  const favicon = Form.useWatch(['site', 'favicon_file_id'], form);
  const ackOn = Form.useWatch(['site', 'ack_enabled'], form);
  const { submit, submitting } = useSubmit(async (values: WebsiteSettingsBody) => {
    await save.mutateAsync({
      company: { ...settings.company, ...values.company },
      site: { ...settings.site, ...values.site, languages: ['en', ...(values.site.languages ?? [])] },
    });
    void message.success(t('website.saved'));
  });

  /** The logo and the favicon: a picture uploaded at once, its id kept in the form until saved. */
  const pictureUpload =
    (field: ['company', 'logo_file_id'] | ['site', 'favicon_file_id'], types: string[], rule: string) =>
    (file: File) => {
      if (!types.includes(file.type) || file.size > LOGO_MAX_BYTES) {
        void message.error(t(rule));
        return Upload.LIST_IGNORE;
      }
      void uploadFile(file).then((info) => form.setFieldValue(field, info.id));
      return false;
    };
  const beforeUpload = pictureUpload(['company', 'logo_file_id'], LOGO_TYPES, 'website.logoRule');
  const beforeFaviconUpload = pictureUpload(
    ['site', 'favicon_file_id'],
    FAVICON_TYPES,
    'website.faviconRule',
  );

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
        <Col xs={24} md={12}>
          <Form.Item
            name={['site', 'favicon_file_id']}
            label={t('website.favicon')}
            extra={t('website.faviconHint')}
          >
            <Space>
              {favicon ? (
                <img className="website__favicon" src={fileUrl(favicon, true)} alt={t('website.favicon')} />
              ) : null}
              <Upload
                accept="image/png,image/jpeg,image/webp,image/x-icon,.ico"
                showUploadList={false}
                beforeUpload={beforeFaviconUpload}
              >
                <Button icon={<UploadOutlined />}>{t('website.uploadFavicon')}</Button>
              </Upload>
              {favicon ? (
                <Button
                  icon={<DeleteOutlined />}
                  onClick={() => form.setFieldValue(['site', 'favicon_file_id'], null)}
                  aria-label={t('website.removeFavicon')}
                />
              ) : null}
            </Space>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['site', 'host_name']}
            label={t('website.hostName')}
            extra={t('website.hostNameHint')}
            rules={[{ pattern: HOST_NAME, message: t('website.hostNameRule') }]}
          >
            <Input placeholder="www.example.com" maxLength={253} />
          </Form.Item>
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

      <h3 className="website__section">{t('website.ack')}</h3>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={['site', 'ack_enabled']} label={t('website.ackEnabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['site', 'ack_account_id']}
            label={t('website.ackAccount')}
            extra={t('website.ackAccountHint')}
          >
            <Select
              allowClear
              disabled={!ackOn}
              placeholder={t('website.ackSameAccount')}
              options={accounts.map((a) => ({
                value: a.id,
                label: a.name ? `${a.name} <${a.address}>` : a.address,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['site', 'ack_subject']} label={t('website.ackSubject')}>
            <Input maxLength={200} disabled={!ackOn} placeholder={t('website.ackSubjectDefault')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={['site', 'ack_subject_zh']} label={t('website.ackSubjectZh')}>
            <Input maxLength={200} disabled={!ackOn} placeholder={t('website.ackSubjectZhDefault')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['site', 'ack_text']}
            label={t('website.ackText')}
            extra={t('website.ackTextHint')}
          >
            <Input.TextArea
              rows={5}
              maxLength={5000}
              disabled={!ackOn}
              placeholder={t('website.ackTextDefault')}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name={['site', 'ack_text_zh']}
            label={t('website.ackTextZh')}
            extra={t('website.ackTextHint')}
          >
            <Input.TextArea
              rows={5}
              maxLength={5000}
              disabled={!ackOn}
              placeholder={t('website.ackTextZhDefault')}
            />
          </Form.Item>
        </Col>
      </Row>
      <Button type="primary" htmlType="submit" loading={submitting}>
        {t('common.save')}
      </Button>
    </Form>
  );
}
