import {
  BoldOutlined,
  ClearOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { Button, Divider, Dropdown, Tooltip } from 'antd';
import { type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LinkPopover } from './LinkPopover';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl+';

function ToolButton({
  label,
  keys,
  icon,
  active = false,
  disabled = false,
  onClick,
}: {
  label: string;
  keys?: string;
  icon: ReactNode;
  active?: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <Tooltip title={keys ? `${label} (${keys})` : label} mouseEnterDelay={0.4}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        disabled={disabled}
        className={active ? 'compose-tool compose-tool--active' : 'compose-tool'}
        // Keep the editor's selection: a toolbar click must not take the focus.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

/** Formatting for a business email: marks, lists, links, pictures, tables, undo. */
export function Toolbar({
  editor,
  linkOpen,
  onLinkOpenChange,
  onPickImages,
}: {
  editor: Editor;
  linkOpen: boolean;
  onLinkOpenChange: (open: boolean) => void;
  onPickImages: (files: File[]) => void;
}) {
  const { t } = useTranslation();
  const picker = useRef<HTMLInputElement>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      link: e.isActive('link'),
      inTable: e.isActive('table'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const run = (fn: (c: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    void fn(editor.chain().focus()).run();

  const tableItems = [
    { key: 'insert', label: t('compose.editor.tableInsert'), disabled: state.inTable },
    { type: 'divider' as const },
    { key: 'rowAfter', label: t('compose.editor.rowAfter'), disabled: !state.inTable },
    { key: 'colAfter', label: t('compose.editor.colAfter'), disabled: !state.inTable },
    { key: 'rowDelete', label: t('compose.editor.rowDelete'), disabled: !state.inTable },
    { key: 'colDelete', label: t('compose.editor.colDelete'), disabled: !state.inTable },
    { key: 'tableDelete', label: t('compose.editor.tableDelete'), disabled: !state.inTable, danger: true },
  ];
  const onTable = (key: string) => {
    const c = editor.chain().focus();
    if (key === 'insert') c.insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    if (key === 'rowAfter') c.addRowAfter().run();
    if (key === 'colAfter') c.addColumnAfter().run();
    if (key === 'rowDelete') c.deleteRow().run();
    if (key === 'colDelete') c.deleteColumn().run();
    if (key === 'tableDelete') c.deleteTable().run();
  };

  return (
    <div className="compose-toolbar" role="toolbar" aria-label={t('compose.editor.toolbar')}>
      <ToolButton
        label={t('compose.editor.bold')}
        keys={`${MOD}B`}
        icon={<BoldOutlined />}
        active={state.bold}
        onClick={run((c) => c.toggleBold())}
      />
      <ToolButton
        label={t('compose.editor.italic')}
        keys={`${MOD}I`}
        icon={<ItalicOutlined />}
        active={state.italic}
        onClick={run((c) => c.toggleItalic())}
      />
      <ToolButton
        label={t('compose.editor.underline')}
        keys={`${MOD}U`}
        icon={<UnderlineOutlined />}
        active={state.underline}
        onClick={run((c) => c.toggleUnderline())}
      />
      <ToolButton
        label={t('compose.editor.strike')}
        icon={<StrikethroughOutlined />}
        active={state.strike}
        onClick={run((c) => c.toggleStrike())}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('compose.editor.bulletList')}
        icon={<UnorderedListOutlined />}
        active={state.bulletList}
        onClick={run((c) => c.toggleBulletList())}
      />
      <ToolButton
        label={t('compose.editor.orderedList')}
        icon={<OrderedListOutlined />}
        active={state.orderedList}
        onClick={run((c) => c.toggleOrderedList())}
      />
      <Divider orientation="vertical" />
      <LinkPopover editor={editor} open={linkOpen} onOpenChange={onLinkOpenChange}>
        <span>
          <ToolButton
            label={t('compose.editor.link')}
            keys={`${MOD}K`}
            icon={<LinkOutlined />}
            active={state.link}
          />
        </span>
      </LinkPopover>
      <ToolButton
        label={t('compose.editor.image')}
        icon={<PictureOutlined />}
        onClick={() => picker.current?.click()}
      />
      <input
        ref={picker}
        type="file"
        accept="image/png,image/jpeg,image/gif,image/webp"
        multiple
        hidden
        // antd's Form shows file inputs (`display: block`) even when hidden, e.g. on the task form.
        style={{ display: 'none' }}
        onChange={(e) => {
          onPickImages([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <Dropdown trigger={['click']} menu={{ items: tableItems, onClick: ({ key }) => onTable(key) }}>
        <span>
          <ToolButton label={t('compose.editor.table')} icon={<TableOutlined />} active={state.inTable} />
        </span>
      </Dropdown>
      <ToolButton
        label={t('compose.editor.clear')}
        icon={<ClearOutlined />}
        onClick={run((c) => c.unsetAllMarks().clearNodes())}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label={t('compose.editor.undo')}
        keys={`${MOD}Z`}
        icon={<UndoOutlined />}
        disabled={!state.canUndo}
        onClick={run((c) => c.undo())}
      />
      <ToolButton
        label={t('compose.editor.redo')}
        keys={MOD === '⌘' ? '⇧⌘Z' : 'Ctrl+Y'}
        icon={<RedoOutlined />}
        disabled={!state.canRedo}
        onClick={run((c) => c.redo())}
      />
    </div>
  );
}
