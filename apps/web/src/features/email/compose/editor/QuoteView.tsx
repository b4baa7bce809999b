import { DeleteOutlined, DownOutlined, EditOutlined, RightOutlined } from '@ant-design/icons';
import { NodeViewWrapper, type ReactNodeViewProps } from '@tiptap/react';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HtmlBody } from '../../components/EmailBody';

/** The quote's own HTML as editable content: its wrapper dropped (a blockquote stays a blockquote). */
function editableHtml(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html;
  const root = template.content.firstElementChild;
  if (!root) return html;
  return root.tagName === 'BLOCKQUOTE' ? `<blockquote>${root.innerHTML}</blockquote>` : root.innerHTML;
}

/** The quoted email in the editor: shown as the recipient will see it, kept as it is. */
export function QuoteView({ node, editor, getPos, deleteNode, selected }: ReactNodeViewProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const html = String(node.attrs.html ?? '');
  const forward = html.includes('qs-forward');

  const editAsText = () => {
    const from = getPos();
    if (typeof from !== 'number') return;
    editor
      .chain()
      .focus()
      .insertContentAt({ from, to: from + node.nodeSize }, editableHtml(html))
      .run();
  };

  return (
    <NodeViewWrapper
      className={`compose-quote${selected ? ' compose-quote--selected' : ''}`}
      contentEditable={false}
      data-testid="compose-quote"
    >
      <div className="compose-quote__bar">
        <Button
          type="text"
          size="small"
          icon={open ? <DownOutlined /> : <RightOutlined />}
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
        >
          {forward ? t('compose.quote.forwarded') : t('compose.quote.quoted')}
        </Button>
        <Space size={2} className="compose-quote__actions">
          <Popconfirm
            title={t('compose.quote.editConfirm')}
            description={t('compose.quote.editHint')}
            okText={t('compose.quote.edit')}
            cancelText={t('common.cancel')}
            onConfirm={editAsText}
          >
            <Tooltip title={t('compose.quote.editTip')}>
              <Button type="text" size="small" icon={<EditOutlined />}>
                {t('compose.quote.edit')}
              </Button>
            </Tooltip>
          </Popconfirm>
          <Tooltip title={t('compose.quote.removeTip')}>
            <Button type="text" size="small" danger icon={<DeleteOutlined />} onClick={() => deleteNode()}>
              {t('compose.quote.remove')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {open && (
        <div className="compose-quote__body">
          <HtmlBody html={html} showImages={false} title={t('compose.quote.quoted')} />
        </div>
      )}
    </NodeViewWrapper>
  );
}
