import type { Draft } from '@quayside/contract';
import { Button, Card, Result, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { tagsStore } from '@/layout/tags-store';
import { get } from '@/shared/request';
import type { PageProps } from '@/shared/routes/types';
import { useDraft, useSendAccounts } from '../compose/api';
import { Composer } from '../compose/components/Composer';
import { forgetLeftBlank, wasLeftBlank } from '../compose/left-blank';
import '../email.css';
import '../compose/compose.css';

/** /email/emailCreate/:id — the editor of one draft (new, reply, reply all, forward). */
export default function EmailComposePage({ id: idParam }: PageProps) {
  const id = Number(idParam);
  // Reloaded with a blank draft shown: it was deleted on the way out, a new one takes its place.
  const [leftBlank] = useState(() => wasLeftBlank(id));
  return leftBlank ? <NewInPlaceOf id={id} /> : <ComposeDraft id={id} />;
}

function Loading() {
  return (
    <div className="page compose-page">
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    </div>
  );
}

/** Started once per id, whatever re-mounts the page (the dev build's strict mode mounts twice). */
const replacing = new Set<number>();

function NewInPlaceOf({ id }: { id: number }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (replacing.has(id)) return;
    replacing.add(id);
    void get<{ id: number }>('/email/compose/', { mode: 'new' }).then(
      (fresh) => {
        forgetLeftBlank(id);
        const to = `/email/emailCreate/${fresh.id}`;
        navigate(to, { replace: true });
        tagsStore.close(`/email/emailCreate/${id}`, to);
      },
      () => navigate('/email/drafts', { replace: true }),
    );
  }, [id, navigate]);
  return <Loading />;
}

function ComposeDraft({ id }: { id: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const draft = useDraft(id);
  const accounts = useSendAccounts();

  if (draft.isLoading || accounts.isLoading) return <Loading />;
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
