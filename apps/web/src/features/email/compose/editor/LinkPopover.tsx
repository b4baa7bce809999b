import type { Editor } from '@tiptap/core';
import { Button, Input, type InputRef, Popover, Space } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A URL as typed: `example.com` becomes `https://example.com`; mail addresses become mailto:. */
export function normaliseUrl(input: string): string {
  const url = input.trim();
  if (!url) return '';
  if (/^(https?:|mailto:|tel:)/i.test(url)) return url;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(url)) return `mailto:${url}`;
  return `https://${url.replace(/^\/+/, '')}`;
}

/** Add, change or remove the link at the cursor (toolbar button or Ctrl/Cmd+K). */
export function LinkPopover({
  editor,
  open,
  onOpenChange,
  children,
}: {
  editor: Editor;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const input = useRef<InputRef>(null);
  const current = String(editor.getAttributes('link').href ?? '');

  useEffect(() => {
    if (!open) return;
    setUrl(current);
    const id = setTimeout(() => input.current?.focus(), 50);
    return () => clearTimeout(id);
  }, [open, current]);

  const close = () => {
    onOpenChange(false);
    editor.commands.focus();
  };
  const apply = () => {
    const href = normaliseUrl(url);
    const chain = editor.chain().focus();
    if (!href) chain.extendMarkRange('link').unsetLink().run();
    else if (editor.state.selection.empty && !editor.isActive('link')) {
      chain
        .insertContent({ type: 'text', text: url.trim(), marks: [{ type: 'link', attrs: { href } }] })
        .run();
    } else chain.extendMarkRange('link').setLink({ href }).run();
    onOpenChange(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      placement="bottom"
      content={
        <Space.Compact className="compose-link">
          <Input
            ref={input}
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder={t('compose.editor.linkPlaceholder')}
            aria-label={t('compose.editor.linkUrl')}
            onPressEnter={(e) => {
              e.preventDefault();
              apply();
            }}
            onKeyDown={(e) => {
              if (e.key === 'Escape') close();
            }}
          />
          <Button type="primary" onClick={apply}>
            {t('compose.editor.linkApply')}
          </Button>
          {current && (
            <Button
              onClick={() => {
                editor.chain().focus().extendMarkRange('link').unsetLink().run();
                onOpenChange(false);
              }}
            >
              {t('compose.editor.linkRemove')}
            </Button>
          )}
        </Space.Compact>
      }
    >
      {children}
    </Popover>
  );
}
