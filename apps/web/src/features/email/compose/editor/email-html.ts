import { type DOMOutputSpec, DOMSerializer, type Node as PMNode } from '@tiptap/pm/model';

/**
 * The editor's document as the email's HTML. Like the editor's own HTML except for blank lines:
 * mail programs collapse an empty `<p></p>`, so it is written `<p><br></p>`.
 */
export function emailHtml(doc: PMNode): string {
  const base = DOMSerializer.fromSchema(doc.type.schema);
  const paragraph = base.nodes.paragraph;
  const serializer = new DOMSerializer(
    {
      ...base.nodes,
      paragraph: (node: PMNode): DOMOutputSpec =>
        node.childCount === 0 || !paragraph ? ['p', ['br']] : paragraph(node),
    },
    base.marks,
  );
  const container = document.implementation.createHTMLDocument().createElement('div');
  container.appendChild(serializer.serializeFragment(doc.content));
  return container.innerHTML;
}
