import { Extension } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { emailHtml } from './email-html';
import { composeExtensions } from './extensions';
import { insertImages, splitFiles } from './images';
import { Toolbar } from './Toolbar';

/** What the page does with the editor: read and replace its HTML, focus it, add pictures. */
export interface EditorHandle {
  getHtml: () => string;
  setHtml: (html: string) => void;
  focus: () => void;
}

/**
 * The message body: Tiptap with the signature and the quoted email as blocks of their own.
 * Pictures pasted or dropped go into the text; other files dropped on it become attachments.
 */
export default function RichEditor({
  initialHtml,
  placeholder,
  autofocus,
  onChange,
  onBlur,
  onAttachFiles,
  onReady,
  label,
}: {
  initialHtml: string;
  placeholder: () => string;
  autofocus: boolean;
  onChange: (html: string) => void;
  onBlur: () => void;
  onAttachFiles: (files: File[]) => void;
  onReady: (handle: EditorHandle) => void;
  label: string;
}) {
  const [linkOpen, setLinkOpen] = useState(false);
  // The editor is made once; its callbacks read the latest props.
  const latest = useRef({ onChange, onBlur, onAttachFiles });
  latest.current = { onChange, onBlur, onAttachFiles };

  // Made once (the editor keeps its first extensions); the placeholder is read when shown.
  const placeholderRef = useRef(placeholder);
  placeholderRef.current = placeholder;
  const extensions = useMemo(
    () => [
      ...composeExtensions(() => placeholderRef.current()),
      Extension.create({
        name: 'composeKeys',
        addKeyboardShortcuts: () => ({
          'Mod-k': () => {
            setLinkOpen(true);
            return true;
          },
        }),
      }),
    ],
    [],
  );

  const editor = useEditor({
    extensions,
    content: initialHtml,
    autofocus: autofocus ? 'start' : false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        class: 'compose-editor__content',
        'aria-label': label,
        'aria-multiline': 'true',
        role: 'textbox',
      },
      handlePaste: (view, event) => {
        const data = event.clipboardData;
        // A spreadsheet's copy carries a picture of the cells too: its HTML (a table) wins.
        if (!data || data.getData('text/html').trim()) return false;
        const files = [...data.files];
        if (files.length === 0) return false;
        const { inline, attach } = splitFiles(files);
        void insertImages(view, inline);
        if (attach.length > 0) latest.current.onAttachFiles(attach);
        return true;
      },
      handleDrop: (view, event, _slice, moved) => {
        const files = [...(event.dataTransfer?.files ?? [])];
        if (moved || files.length === 0) return false;
        const { inline, attach } = splitFiles(files);
        const pos = view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos;
        void insertImages(view, inline, pos);
        if (attach.length > 0) latest.current.onAttachFiles(attach);
        return true;
      },
    },
    onUpdate: ({ editor: e }) => latest.current.onChange(emailHtml(e.state.doc)),
    onBlur: () => latest.current.onBlur(),
  });

  useEffect(() => {
    if (!editor) return;
    // The editor's own repairs (a paragraph after a trailing quote, table fixes) come with its first
    // transaction: made now, before the draft counts as loaded, opening a draft changes nothing.
    editor.view.dispatch(editor.state.tr.setMeta('addToHistory', false));
    onReady({
      getHtml: () => emailHtml(editor.state.doc),
      setHtml: (html) => editor.commands.setContent(html, { emitUpdate: true }),
      focus: () => editor.commands.focus('start'),
    });
  }, [editor, onReady]);

  if (!editor) return null;
  return (
    <div className="compose-editor">
      <Toolbar
        editor={editor}
        linkOpen={linkOpen}
        onLinkOpenChange={setLinkOpen}
        onPickImages={(files) => {
          const { inline, attach } = splitFiles(files);
          void insertImages(editor.view, inline);
          if (attach.length > 0) latest.current.onAttachFiles(attach);
        }}
      />
      <EditorContent editor={editor} />
    </div>
  );
}
