import { type Extensions, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { ReactNodeViewRenderer } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { SIGNATURE_CLASS } from '../signature';
import { QuoteView } from './QuoteView';

/** Inline styles a recipient's mail program keeps (it drops style sheets): a table with its grid. */
const TABLE_STYLE = 'border-collapse: collapse';
const CELL_STYLE = 'border: 1px solid #d0d7de; padding: 4px 8px; vertical-align: top';

/** The account's signature: an editable block the From switch can find again. */
export const Signature = Node.create({
  name: 'signature',
  group: 'block',
  content: 'block+',
  defining: true,
  parseHTML: () => [{ tag: `div.${SIGNATURE_CLASS}` }],
  renderHTML: () => ['div', { class: SIGNATURE_CLASS }, 0],
});

function elementOf(html: string): HTMLElement {
  const template = document.createElement('template');
  template.innerHTML = html;
  const first = template.content.firstElementChild;
  return first instanceof HTMLElement ? first : document.createElement('div');
}

/**
 * The quoted email of a reply or forward, kept byte for byte: the editor's schema would flatten
 * an email's layout, so the quote is one block holding its original HTML, shown in a sandboxed
 * frame. "Edit" turns it into ordinary text when the user wants to cut it down.
 */
export const QuotedEmail = Node.create({
  name: 'quotedEmail',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: false,
  addAttributes: () => ({
    html: { default: '', parseHTML: (el: HTMLElement) => el.outerHTML, renderHTML: () => ({}) },
  }),
  parseHTML: () => [
    { tag: 'div.qs-quote', priority: 60 },
    { tag: 'div.qs-forward', priority: 60 },
    // Drafts written in other mail programs.
    { tag: 'blockquote[type="cite"]', priority: 60 },
    { tag: 'div.gmail_quote', priority: 60 },
  ],
  renderHTML: ({ node }) => elementOf(String(node.attrs.html ?? '')),
  addNodeView: () => ReactNodeViewRenderer(QuoteView),
});

export function composeExtensions(placeholder: () => string): Extensions {
  return [
    StarterKit.configure({
      code: false,
      codeBlock: false,
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: 'https',
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow' },
      },
    }),
    Image.configure({ allowBase64: true }),
    TableKit.configure({
      table: { resizable: false, HTMLAttributes: { style: TABLE_STYLE } },
      tableCell: { HTMLAttributes: { style: CELL_STYLE } },
      tableHeader: { HTMLAttributes: { style: `${CELL_STYLE}; background: #f6f8fa` } },
    }),
    Signature,
    QuotedEmail,
    Placeholder.configure({ placeholder: () => placeholder(), showOnlyCurrent: true }),
  ];
}
