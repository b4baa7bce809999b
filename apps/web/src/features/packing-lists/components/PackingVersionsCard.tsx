import { Card, List } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { parseTime } from '@/shared/format';
import { usePackingHistory } from '../api';
import { packingSummary } from '../summary';

/** Every saved version, each viewable and with its own PDF (what was shipped stays available). */
export function PackingVersionsCard({
  id,
  shown,
  latest,
  pdfUrl,
}: {
  id: number;
  shown: number;
  latest: number;
  pdfUrl: (version: number) => string;
}) {
  const { t } = useTranslation();
  const { data } = usePackingHistory(id);
  return (
    <Card variant="borderless" title={t('packing.history')} data-testid="packing-versions">
      <List
        size="small"
        dataSource={data ?? []}
        renderItem={(v) => (
          <List.Item
            actions={[
              v.version === shown ? (
                <span key="view">{v.version === latest ? t('packing.current') : '✓'}</span>
              ) : (
                <Link
                  key="view"
                  to={`/packing/detail/${id}${v.version === latest ? '' : `?version=${v.version}`}`}
                >
                  {t('packing.viewVersion')}
                </Link>
              ),
              <a key="pdf" href={pdfUrl(v.version)} target="_blank" rel="noreferrer">
                PDF
              </a>,
            ]}
          >
            <List.Item.Meta
              title={`v${v.version} · ${v.total_cartons} ${t('packing.totalCartons')} · ${v.total_cbm} CBM`}
              description={`${v.created_by_name} · ${parseTime(v.created_at, '{y}-{m}-{d} {h}:{i}')} · ${
                v.changes ? packingSummary(v.changes, t) : t('packing.firstVersion')
              }`}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
