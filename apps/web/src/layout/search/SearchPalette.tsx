import type { SearchAnswer, SearchHit, SearchKind } from '@quayside/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Empty, Input, type InputRef, Modal, Spin, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { get } from '@/shared/request';
import { useCanOpen } from '@/shared/routes/pages';
import { pathOfHit } from './paths';
import './search.css';

const TYPE_DELAY_MS = 200;
const MIN_LENGTH = 2;

type Row = { kind: SearchKind; hit: SearchHit; path: string };

function useDebounced(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), TYPE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

/** The search everywhere list: grouped by kind, ↑/↓ to move, Enter to open the record in a tab. */
export default function SearchPalette({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const input = useRef<InputRef>(null);
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  const q = useDebounced(text.trim());
  const { data, isFetching } = useQuery({
    queryKey: ['search', q],
    queryFn: ({ signal }) => get<SearchAnswer>('/search/', { q }, { signal, quiet: true }),
    enabled: open && q.length >= MIN_LENGTH,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
  const rows = useMemo<Row[]>(
    () =>
      q.length < MIN_LENGTH
        ? []
        : (data?.groups ?? [])
            .flatMap((g) => g.items.map((hit) => ({ kind: g.kind, hit, path: pathOfHit(g.kind, hit) })))
            .filter((r) => canOpen(r.path)),
    [data, q, canOpen],
  );

  const choose = (row: Row | undefined) => {
    if (!row) return;
    onClose();
    setText('');
    navigate(row.path);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (rows.length ? (i + step + rows.length) % rows.length : 0));
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(rows[active]);
    }
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      closable={false}
      width={640}
      className="search-palette"
      afterOpenChange={(visible) => visible && input.current?.focus()}
      destroyOnHidden
    >
      <Input
        ref={input}
        size="large"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        placeholder={t('search.placeholder')}
        aria-label={t('search.label')}
        aria-controls="search-results"
        aria-activedescendant={rows[active] ? `search-hit-${active}` : undefined}
        suffix={isFetching ? <Spin size="small" /> : null}
        allowClear
      />
      <div
        id="search-results"
        role="listbox"
        className="search-palette__results"
        aria-label={t('search.label')}
      >
        {q.length >= MIN_LENGTH && !isFetching && rows.length === 0 && (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('search.none', { q })} />
        )}
        {q.length < MIN_LENGTH && <Typography.Text type="secondary">{t('search.hint')}</Typography.Text>}
        {rows.map((row, i) => (
          <div key={`${row.kind}-${row.hit.id}`}>
            {(i === 0 || rows[i - 1]?.kind !== row.kind) && (
              <div className="search-palette__group">{t(`search.kind.${row.kind}`)}</div>
            )}
            <div
              id={`search-hit-${i}`}
              role="option"
              aria-selected={i === active}
              tabIndex={-1}
              className={`search-palette__hit${i === active ? ' search-palette__hit--active' : ''}`}
              onMouseEnter={() => setActive(i)}
              onClick={() => choose(row)}
              onKeyDown={onKeyDown}
            >
              <span className="search-palette__title">{row.hit.title || t('search.untitled')}</span>
              <span className="search-palette__subtitle">{row.hit.subtitle}</span>
            </div>
          </div>
        ))}
      </div>
    </Modal>
  );
}
