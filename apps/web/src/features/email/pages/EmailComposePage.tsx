import type { Draft } from '@quayside/contract';
import { Button, Card, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { PageProps } from '@/shared/routes/types';
import { useDraft, useSendAccounts } from '../compose/api';
import { Composer } from '../compose/components/Composer';
import '../email.css';
import '../compose/compose.css';

/** /email/emailCreate/:id — the editor of one draft (new, reply, reply all, forward). */
export default function EmailComposePage({ id: idParam }: PageProps) {
  const id = Number(idParam);
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft(id);
  const accounts = useSendAccounts();

  if (draft.isLoading || accounts.isLoading) {
    return (
      <div className="page compose-page">
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 10 }} />
        </Card>
      </div>
    );
  }
  if (!draft.data) {
    return (
      <div className="page compose-page">
        <Card variant="borderless">
          <Result
            status="404"
            title={<h1 className="result-heading">{t('compose.notFound')}</h1>}
            subTitle={t('compose.notFoundHint')}
            extra={
              <Button type="primary" onClick={() => navigate('/email/drafts')}>
                {t('compose.toDrafts')}
              </Button>
            }
          />
        </Card>
      </div>
    );
  }
  const loaded: Draft = draft.data;
  // Another version of the draft ("load theirs") is a fresh editor.
  return <Composer key={loaded.version} draft={loaded} accounts={accounts.data ?? []} />;
}
