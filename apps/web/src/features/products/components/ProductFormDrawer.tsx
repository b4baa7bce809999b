import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { formatMoney, type Product } from '@quayside/contract';
import { Button, Col, Drawer, Form, Input, Row, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useFormOverlay } from '@/shared/form/useFormOverlay';
import { useSubmit } from '@/shared/form/useSubmit';
import { showFormError } from '@/shared/form-errors';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { type ProductCreate, useCreateProduct, useUpdateProduct } from '../api';
import { fieldLabel, langOf } from '../fields';
import { CategorySelect } from './CategorySelect';
import { fromPictures, type PictureItem, PictureUploader } from './PictureUploader';

type Values = {
  name: string;
  model: string;
  factory: string;
  category_id: number | null;
  price: string;
  currency: string;
  moq: string;
  unit: string;
  published: boolean;
  advantage: string;
  tech_params: { key: string; value: string }[];
  packaging: string;
  remark: string;
};

const DECIMAL = /^\d+(\.\d+)?$/;

function initialValues(p: Product | null): Values {
  return {
    name: p?.name ?? '',
    model: p?.model ?? '',
    factory: p?.factory ?? '',
    category_id: p?.category_id ?? null,
    price: p?.price ?? '',
    currency: p?.currency ?? 'USD',
    moq: p?.moq ?? '',
    unit: p?.unit ?? 'pcs',
    published: p?.published ?? false,
    advantage: p?.advantage ?? '',
    tech_params: p?.tech_params.length ? p.tech_params : [{ key: '', value: '' }],
    packaging: p?.packaging ?? '',
    remark: p?.remark ?? '',
  };
}

/** Create (product = null) or edit a product: every field of spec §3, pictures, technical parameters. */
export function ProductFormDrawer({
  product,
  onClose,
  onSaved,
}: {
  product: Product | null;
  onClose: () => void;
  onSaved?: (saved: Product) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [pictures, setPictures] = useState<PictureItem[]>(() => fromPictures(product?.pictures ?? []));
  const [picturesTouched, setPicturesTouched] = useState(false);
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const { requestClose, leave } = useFormOverlay(
    'product-form',
    () => form.isFieldsTouched() || picturesTouched,
    onClose,
  );
  const setPictureItems: typeof setPictures = (change) => {
    setPicturesTouched(true);
    setPictures(change);
  };
  const label = (name: Parameters<typeof fieldLabel>[0]) => fieldLabel(name, lang);
  const decimalRule = (places: number) => ({
    validator: async (_: unknown, v: string) => {
      if (!v) return;
      if (!DECIMAL.test(v.trim())) throw new Error(t('products.decimalInvalid'));
      if ((v.trim().split('.')[1] ?? '').length > places)
        throw new Error(t('products.decimalPlaces', { places }));
    },
  });

  const { submit: save, submitting } = useSubmit(async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (pictures.some((p) => p.progress !== undefined)) {
      void message.warning(t('products.waitForUploads'));
      return;
    }
    const body: ProductCreate = {
      ...values,
      price: values.price.trim() || null,
      moq: values.moq.trim() || null,
      tech_params: (values.tech_params ?? []).filter((r) => r.key?.trim() || r.value?.trim()),
      pictures: pictures.flatMap((p) => (p.picture ? [{ file_id: p.picture.file_id }] : [])),
    };
    try {
      const saved = product
        ? await update.mutateAsync({ id: product.id, ...body })
        : await create.mutateAsync(body);
      void message.success(t(product ? 'products.saved' : 'products.created', { name: saved.name }));
      onSaved?.(saved);
      leave();
    } catch (err) {
      showFormError(form, err);
    }
  });

  return (
    <Drawer
      open
      size={760}
      title={product ? t('products.editTitle', { name: product.name }) : t('products.createTitle')}
      onClose={requestClose}
      destroyOnHidden
      afterOpenChange={(open) => open && form.getFieldInstance('name')?.focus()}
      className="product-drawer"
      footer={
        <div className="product-drawer__footer">
          <Typography.Text type="secondary">{t('products.saveHint')}</Typography.Text>
          <Space>
            <Button onClick={requestClose}>{t('common.cancel')}</Button>
            <Button type="primary" loading={submitting} onClick={save}>
              {product ? t('common.save') : t('common.create')}
            </Button>
          </Space>
        </div>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues(product)}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save();
        }}
        requiredMark="optional"
      >
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item
              name="name"
              label={label('name')}
              rules={[
                { required: true, whitespace: true, message: t('products.nameRequired') },
                { max: 200 },
              ]}
            >
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="model" label={label('model')} rules={[{ max: 100 }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="category_id" label={label('category_id')}>
              <CategorySelect placeholder={t('products.noCategory')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="factory" label={label('factory')} rules={[{ max: 200 }]}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
        </Row>

        <Form.Item label={t('products.pictures')} extra={t('products.picturesHint')}>
          <PictureUploader items={pictures} setItems={setPictureItems} />
        </Form.Item>

        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item label={label('price')} required={false}>
              <Space.Compact className="full-width">
                <Form.Item name="price" noStyle rules={[decimalRule(4)]}>
                  <Input inputMode="decimal" placeholder="12.35" aria-label={label('price')} />
                </Form.Item>
                <Form.Item name="currency" noStyle>
                  <LookupSelect<string>
                    table="currencies"
                    allowClear={false}
                    style={{ width: 170 }}
                    aria-label={label('currency')}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
            <Form.Item noStyle shouldUpdate={(a, b) => a.price !== b.price || a.currency !== b.currency}>
              {() => {
                const { price, currency } = form.getFieldsValue(['price', 'currency']) as Values;
                return price && DECIMAL.test(price.trim()) ? (
                  <Typography.Text type="secondary" className="product-form__preview">
                    {formatMoney(price.trim(), currency)}
                  </Typography.Text>
                ) : null;
              }}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={label('moq')}>
              <Space.Compact className="full-width">
                <Form.Item name="moq" noStyle rules={[decimalRule(3)]}>
                  <Input inputMode="decimal" placeholder="500" aria-label={label('moq')} />
                </Form.Item>
                <Form.Item name="unit" noStyle>
                  <LookupSelect<string>
                    table="units"
                    allowClear={false}
                    style={{ width: 150 }}
                    aria-label={label('unit')}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>

        <Form.Item name="advantage" label={label('advantage')} rules={[{ max: 5000 }]}>
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 10 }}
            maxLength={5000}
            placeholder={t('products.advantagePlaceholder')}
          />
        </Form.Item>

        <Form.Item label={label('tech_params')}>
          <Form.List name="tech_params">
            {(rows, { add, remove }) => (
              <div className="tech-params">
                {rows.map((row, index) => (
                  <div key={row.key} className="tech-params__row">
                    <Form.Item name={[row.name, 'key']} noStyle rules={[{ max: 100 }]}>
                      <Input
                        placeholder={t('products.paramKey')}
                        aria-label={t('products.paramKeyN', { n: index + 1 })}
                        maxLength={100}
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'value']} noStyle rules={[{ max: 500 }]}>
                      <Input
                        placeholder={t('products.paramValue')}
                        aria-label={t('products.paramValueN', { n: index + 1 })}
                        maxLength={500}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('products.removeParam')}
                      onClick={() => remove(row.name)}
                    />
                  </div>
                ))}
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ key: '', value: '' })}>
                  {t('products.addParam')}
                </Button>
              </div>
            )}
          </Form.List>
        </Form.Item>

        <Form.Item name="packaging" label={label('packaging')} rules={[{ max: 2000 }]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 6 }}
            maxLength={2000}
            placeholder={t('products.packagingPlaceholder')}
          />
        </Form.Item>
        <Form.Item
          name="remark"
          label={label('remark')}
          extra={t('products.remarkHint')}
          rules={[{ max: 5000 }]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={5000} />
        </Form.Item>
        <Form.Item
          name="published"
          label={label('published')}
          valuePropName="checked"
          extra={t('products.publishedHint')}
        >
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
