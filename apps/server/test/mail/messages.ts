/** Raw RFC 5322 messages of the shapes real mailboxes hold, for the mail tests. */

export type MessageInput = {
  from?: string;
  to?: string;
  cc?: string;
  subject?: string;
  /** Without brackets; null leaves the header out. */
  messageId?: string | null;
  inReplyTo?: string;
  references?: string[];
  date?: Date;
  headers?: Record<string, string>;
  /** Raw header lines, for headers that repeat (Received). */
  lines?: string[];
};

let counter = 0;
export const uniqueId = (tag = 'm') => `${tag}.${Date.now()}.${++counter}@mail.example.test`;

function head(input: MessageInput, contentType: string, extra = ''): string {
  const lines = [
    `From: ${input.from ?? 'Buyer <buyer@client.test>'}`,
    `To: ${input.to ?? 'sales@example.test'}`,
    ...(input.cc ? [`Cc: ${input.cc}`] : []),
    `Subject: ${input.subject ?? 'Hello'}`,
    `Date: ${(input.date ?? new Date()).toUTCString()}`,
    ...(input.messageId === null ? [] : [`Message-ID: <${input.messageId ?? uniqueId()}>`]),
    ...(input.inReplyTo ? [`In-Reply-To: <${input.inReplyTo}>`] : []),
    ...(input.references?.length ? [`References: ${input.references.map((r) => `<${r}>`).join(' ')}`] : []),
    ...Object.entries(input.headers ?? {}).map(([k, v]) => `${k}: ${v}`),
    ...(input.lines ?? []),
    'MIME-Version: 1.0',
    `Content-Type: ${contentType}`,
    extra,
  ].filter(Boolean);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

export function plain(input: MessageInput & { body?: string } = {}): string {
  return (
    head(input, 'text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit') +
    (input.body ?? 'Hello there.\r\n')
  );
}

export function html(input: MessageInput & { html: string }): string {
  return head(input, 'text/html; charset=utf-8', 'Content-Transfer-Encoding: 8bit') + input.html;
}

export function alternative(input: MessageInput & { text: string; html: string }): string {
  const b = 'alt-boundary-1';
  return `${head(input, `multipart/alternative; boundary="${b}"`)}--${b}\r
Content-Type: text/plain; charset=utf-8\r
\r
${input.text}\r
--${b}\r
Content-Type: text/html; charset=utf-8\r
\r
${input.html}\r
--${b}--\r
`;
}

/** 1×1 transparent PNG. */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** HTML with an inline (cid) image and a PDF-like attachment. */
export function withAttachments(input: MessageInput & { fileName?: string; fileBody?: string } = {}): string {
  const mixed = 'mixed-boundary-1';
  const related = 'related-boundary-1';
  const file = Buffer.from(input.fileBody ?? '%PDF-1.4\n% fake pdf\n').toString('base64');
  return `${head(input, `multipart/mixed; boundary="${mixed}"`)}--${mixed}\r
Content-Type: multipart/related; boundary="${related}"\r
\r
--${related}\r
Content-Type: text/html; charset=utf-8\r
\r
<p>See the logo <img src="cid:logo@quayside"> and the file.</p>\r
--${related}\r
Content-Type: image/png\r
Content-ID: <logo@quayside>\r
Content-Disposition: inline; filename="logo.png"\r
Content-Transfer-Encoding: base64\r
\r
${PNG.toString('base64')}\r
--${related}--\r
--${mixed}\r
Content-Type: application/pdf; name="${input.fileName ?? 'price-list.pdf'}"\r
Content-Disposition: attachment; filename="${input.fileName ?? 'price-list.pdf'}"\r
Content-Transfer-Encoding: base64\r
\r
${file}\r
--${mixed}--\r
`;
}

/** A body in a legacy charset (bytes given), e.g. GBK or ISO-2022-JP. */
export function legacyCharset(
  input: MessageInput & { charset: string; bodyHex: string; subjectWord?: string },
) {
  const header = head(
    { ...input, subject: input.subjectWord ?? input.subject },
    `text/plain; charset=${input.charset}`,
    'Content-Transfer-Encoding: 8bit',
  );
  return Buffer.concat([
    Buffer.from(header, 'latin1'),
    Buffer.from(input.bodyHex, 'hex'),
    Buffer.from('\r\n'),
  ]);
}

/** "您好，我们想询价" in GBK; "こんにちは、見積もりをお願いします" in ISO-2022-JP. */
export const GBK_INQUIRY = 'c4fabac3a3acced2c3c7cfebd1afbcdb';
export const ISO2022JP_TEXT =
  '1b244224332473244b2441244f2122382b40512462246a2472242a346a24242437245e24391b2842';
/** =?UTF-8?B?…?= of "关于报价的问题". */
export const ENCODED_SUBJECT = '=?UTF-8?B?5YWz5LqO5oql5Lu355qE6Zeu6aKY?=';

/** A Received line as an MTA writes it, for a hop from the given address. */
export function received(ip: string, by = 'mx.example.test'): string {
  return `Received: from mail.client.test (mail.client.test [${ip}])\r\n\tby ${by} with ESMTPS id abc;\r\n\t${new Date().toUTCString()}`;
}
