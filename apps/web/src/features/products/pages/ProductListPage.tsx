import {
  AppstoreOutlined,
  DeleteOutlined,
  EditOutlined,
  FolderOpenOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Product } from '@quayside/contract';
import { Button, Card, Empty, type InputRef, Segmented, Space, Tooltip } from 'antd';
import { type Key, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toThousands } from '@/shared/format';
import { BulkBar } from '@/shared/list/BulkBar';
import { ExportButton } from '@/shared/list/ExportButton';
import { useHotkeys } from '@/shared/list/hotkeys';
import { ImportDialog } from '@/shared/list/ImportDialog';
import { ListEmpty } from '@/shared/list/ListEmpty';
import { ListHeaderActions } from '@/shared/list/ListHeaderActions';
import { ListSavedSearches } from '@/shared/list/ListSavedSearches';
import { type ListColumn, type ListPaging, ListTable } from '@/shared/list/ListTable';
import { ListToolbar } from '@/shared/list/ListToolbar';
import { usePreference } from '@/shared/list/preferences';
import { activeFilterCount, filterParams, listParams } from '@/shared/list/url-state';
import { useColumnPrefs } from '@/shared/list/useColumnPrefs';
import { useListState } from '@/shared/list/useListState';
import { useLookups } from '@/shared/lookups/useLookups';
import { useUser } from '@/shared/session';
import { PageHeader } from '@/shared/ui/PageHeader';
import { PRODUCT_API, useImportProducts, useProductList } from '../api';
import { BulkActions } from '../components/BulkActions';
import { CategoryManager } from '../components/CategoryManager';
import { leadColumns, productColumns } from '../components/columns';
import { ProductDetailDrawer } from '../components/ProductDetailDrawer';
import { ProductFilters } from '../components/ProductFilters';
import { ProductFormDrawer } from '../components/ProductFormDrawer';
import { ProductGrid } from '../components/ProductGrid';
import { RecycleBinDrawer } from '../components/RecycleBinDrawer';
import { useDeleteWithUndo } from '../components/useDeleteWithUndo';
import { langOf } from '../fields';
import { PRODUCT_LIST, PRODUCT_PREFS, type ProductView } from '../list-config';
import '../products.css';

/**
 * /product/list: table or grid, search, filters, sort and pages in the URL; for an admin create,
 * edit, bulk, import, categories and bin; a salesperson reads the catalogue she quotes from (issue 32).
 */
export default function ProductListPage() {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const lookups = useLookups();
  const scope = useRef<HTMLDivElement>(null);
  const searchRef = useRef<InputRef>(null);
  const editable = Boolean(useUser()?.roles.includes('admin'));

  const { state, update, reset, replace } = useListState(PRODUCT_LIST);
  const params = useMemo(() => listParams(state), [state]);
  const list = useProductList(params);
  const total = list.data?.total;
  const view = usePreference<ProductView>(PRODUCT_PREFS.view);
  const grid = view.value === 'grid';

  const columns = useMemo(() => productColumns(t, lang, lookups), [t, lang, lookups]);
  const prefs = useColumnPrefs(PRODUCT_PREFS.columns, columns);

  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<Product | null | undefined>(undefined);
  const [viewing, setViewing] = useState<number | null>(null);
  const [importing, setImporting] = useState(false);
  const [binOpen, setBinOpen] = useState(false);
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const importProducts = useImportProducts();
  const remove = useDeleteWithUndo();

  const filterKey = JSON.stringify(filterParams(state));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new filter is a new set of rows
  useEffect(() => setSelected([]), [filterKey]);
  useHotkeys(scope, {
    '/': () => searchRef.current?.focus(),
    n: () => editable && setEditing(null),
  });
  const onPaging = useCallback((change: Partial<ListPaging>) => update(change), [update]);
  const open = useCallback((p: Product) => setViewing(p.id), []);
  const lead = useMemo(() => leadColumns(t, lang, open), [t, lang, open]);

  const actions: ListColumn<Product> = {
    key: 'actions',
    label: t('common.actions'),
    title: '',
    fixed: 'right',
    width: 84,
    render: (_, p) => (
      <Space size={0}>
        <Tooltip title={t('common.edit')}>
          <Button
            type="text"
            size="small"
            icon={<EditOutlined />}
            aria-label={t('products.editNamed', { name: p.name })}
            onClick={() => setEditing(p)}
          />
        </Tooltip>
        <Tooltip title={t('products.delete')}>
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('products.deleteNamed', { name: p.name })}
            onClick={() => void remove.run([p.id])}
          />
        </Tooltip>
      </Space>
    ),
  };

  const filtered = activeFilterCount(state) > 0;
  const empty = !editable ? (
    <Empty description={filtered ? t('products.emptyFiltered') : t('products.emptyReadOnly')}>
      {filtered && <Button onClick={reset}>{t('list.clearFilters')}</Button>}
    </Empty>
  ) : (
    <ListEmpty
      filtered={filtered}
      onClear={reset}
      filteredDescription={t('products.emptyFiltered')}
      description={t('products.empty')}
      newLabel={t('products.new')}
      onNew={() => setEditing(null)}
      importLabel={t('products.importTitle')}
      onImport={() => setImporting(true)}
    />
  );

  return (
    <div className="page product-list" ref={scope}>
      <PageHeader
        title={t('products.title')}
        subtitle={t('products.subtitle')}
        extra={
          !editable ? (
            <ExportButton path={PRODUCT_API.export} params={filterParams(state)} total={total} />
          ) : (
            <ListHeaderActions
              before={
                <Button icon={<FolderOpenOutlined />} onClick={() => setCategoriesOpen(true)}>
                  {t('products.categories')}
                </Button>
              }
              binLabel={t('products.bin')}
              onBin={() => setBinOpen(true)}
              onImport={() => setImporting(true)}
              exportPath={PRODUCT_API.export}
              exportParams={filterParams(state)}
              total={total}
              newLabel={t('products.new')}
              newHint={t('products.newHint')}
              onNew={() => setEditing(null)}
            />
          )
        }
      />

      <Card variant="borderless" className="search-card">
        <ProductFilters
          state={state}
          update={update}
          reset={reset}
          searchRef={searchRef}
          extra={
            <ListSavedSearches
              prefKey={PRODUCT_PREFS.searches}
              config={PRODUCT_LIST}
              state={state}
              replace={replace}
            />
          }
        />
      </Card>

      <Card variant="borderless" className="table-card">
        <ListToolbar
          summary={
            total === undefined ? '' : t('products.count', { count: total, formatted: toThousands(total) })
          }
          filtered={filtered}
          bulk={
            selected.length > 0 && (
              <BulkBar count={selected.length} onClear={() => setSelected([])}>
                <BulkActions ids={selected as number[]} onDone={() => setSelected([])} />
              </BulkBar>
            )
          }
          tools={
            <Segmented<ProductView>
              value={grid ? 'grid' : 'table'}
              onChange={(v) => view.save(v)}
              options={[
                {
                  value: 'table',
                  icon: <UnorderedListOutlined />,
                  title: t('products.tableView'),
                  label: <span className="sr-only">{t('products.tableView')}</span>,
                },
                {
                  value: 'grid',
                  icon: <AppstoreOutlined />,
                  title: t('products.gridView'),
                  label: <span className="sr-only">{t('products.gridView')}</span>,
                },
              ]}
            />
          }
          columns={columns}
          prefs={prefs}
          showColumns={!grid}
          list={list}
        />
        {grid ? (
          <ProductGrid
            data={list.data}
            loading={list.isFetching}
            paging={state}
            onPagingChange={onPaging}
            selectedKeys={selected}
            onSelectedKeysChange={editable ? setSelected : undefined}
            onOpen={open}
            lookups={lookups}
            empty={empty}
          />
        ) : (
          <ListTable<Product>
            rowKey="id"
            columns={columns}
            settings={prefs.settings}
            pinStart={lead}
            pinEnd={editable ? [actions] : []}
            data={prefs.loaded && view.loaded ? list.data : undefined}
            loading={(list.isFetching && !list.data) || !prefs.loaded || !view.loaded}
            paging={state}
            defaultSort={PRODUCT_LIST.defaultSort}
            onPagingChange={onPaging}
            selectedKeys={selected}
            onSelectedKeysChange={editable ? setSelected : undefined}
            empty={list.data ? empty : undefined}
          />
        )}
      </Card>

      {editing !== undefined && <ProductFormDrawer product={editing} onClose={() => setEditing(undefined)} />}
      {viewing !== null && (
        <ProductDetailDrawer
          id={viewing}
          onClose={() => setViewing(null)}
          onEdit={
            editable
              ? (p) => {
                  setViewing(null);
                  setEditing(p);
                }
              : undefined
          }
        />
      )}
      <ImportDialog
        open={importing}
        onClose={() => setImporting(false)}
        title={t('products.importTitle')}
        templatePath={PRODUCT_API.template}
        duplicateQuestion={t('products.importDuplicates')}
        run={(file, onDuplicate) => importProducts.mutateAsync({ file, onDuplicate })}
      />
      {editable && <RecycleBinDrawer open={binOpen} onClose={() => setBinOpen(false)} />}
      {editable && <CategoryManager open={categoriesOpen} onClose={() => setCategoriesOpen(false)} />}
    </div>
  );
}
