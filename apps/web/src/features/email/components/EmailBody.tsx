import { PictureOutlined } from '@ant-design/icons';
import type { EmailDetail } from '@quayside/contract';
import { Alert, Button } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BODY_SANDBOX, buildBodyDocument, linkifyText, splitQuoted } from '../body';

/** The frame never grows past this; a longer message scrolls inside it. */
const MAX_HEIGHT = 20_000;

/**
 * The message itself. HTML goes into a sandboxed frame (nothing in it runs; remote images stay
 * out until the reader asks for them); plain text is shown as text, with its links clickable.
 */
export function EmailBody({ email }: { email: EmailDetail }) {
  const { t } = useTranslation();
  const [showImages, setShowImages] = useState(false);
  const hasHtml = email.html.trim() !== '';

  return (
    <div className="email-body">
      {hasHtml && email.has_remote_images && !showImages && (
        <Alert
          className="email-body__images"
          type="info"
          showIcon
          icon={<PictureOutlined />}
          title={t('email.imagesBlocked')}
          action={
            <Button size="small" onClick={() => setShowImages(true)}>
              {t('email.showImages')}
            </Button>
          }
        />
      )}
      {hasHtml ? (
        <HtmlBody html={email.html} showImages={showImages} title={email.subject || t('email.noSubject')} />
      ) : email.text.trim() ? (
        <TextBody text={email.text} />
      ) : (
        <p className="email-body__empty">{t('email.emptyBody')}</p>
      )}
    </div>
  );
}

export function HtmlBody({ html, showImages, title }: { html: string; showImages: boolean; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(160);
  const srcDoc = useMemo(() => buildBodyDocument(html, { showRemoteImages: showImages }), [html, showImages]);

  // The frame is as tall as its message (same origin, so its size can be read; nothing runs in it).
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let observer: ResizeObserver | undefined;
    const measure = () => {
      const doc = el.contentDocument;
      if (!doc?.documentElement) return;
      const h = Math.max(doc.documentElement.scrollHeight, doc.body?.scrollHeight ?? 0);
      setHeight(Math.min(MAX_HEIGHT, Math.max(60, h + 4)));
    };
    const onLoad = () => {
      measure();
      observer?.disconnect();
      const body = el.contentDocument?.body;
      if (body && typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(measure);
        observer.observe(body);
      }
      // Images arrive after the load event of a srcdoc in some browsers.
      for (const img of el.contentDocument?.images ?? []) img.addEventListener('load', measure);
    };
    el.addEventListener('load', onLoad);
    return () => {
      el.removeEventListener('load', onLoad);
      observer?.disconnect();
    };
  }, []);

  return (
    <iframe
      ref={frame}
      className="email-body__frame"
      title={title}
      sandbox={BODY_SANDBOX}
      referrerPolicy="no-referrer"
      srcDoc={srcDoc}
      style={{ height }}
    />
  );
}

function TextBody({ text }: { text: string }) {
  const blocks = useMemo(() => splitQuoted(text.replace(/\s+$/, '')), [text]);
  return (
    <div className="email-body__text">
      {blocks.map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: blocks of one text, in order
        <div key={i} className={block.quoted ? 'email-body__quote' : undefined}>
          {linkifyText(block.text).map((piece, j) =>
            piece.href ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one block, in order
              <a key={j} href={piece.href} target="_blank" rel="noopener noreferrer">
                {piece.text}
              </a>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: pieces of one block, in order
              <span key={j}>{piece.text}</span>
            ),
          )}
        </div>
      ))}
    </div>
  );
}
