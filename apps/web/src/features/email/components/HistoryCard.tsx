import { Card, Pagination } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmailHistory } from '../api';
import { EmailMiniList } from './EmailMiniList';

/** Every email with the correspondent, both directions (spec: /api/email/history/). */
export function HistoryCard({ address, currentId }: { address: string; currentId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const history = useEmailHistory(address, page);
  const data = history.data;
  if (!data || data.total <= 1) return null;
  return (
    <Card
      variant="borderless"
      size="small"
      className="side-card"
      title={t('email.history.title', { count: data.total })}
    >
      <EmailMiniList items={data.items} currentId={currentId} />
      {data.total > data.page_size && (
        <Pagination
          size="small"
          simple
          className="mini-list__pager"
          current={page}
          pageSize={data.page_size}
          total={data.total}
          onChange={setPage}
        />
      )}
    </Card>
  );
}
