import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../src/modules/email/sync/message';
import { bounceOfParsed, bounceReason, looksLikeBounce, parseBounce } from '../src/modules/tasks/bounces';

/** Bounce shapes as real servers write them (fixtures/bounces/*.eml). */
const fixture = (name: string) =>
  readFileSync(path.join(import.meta.dirname, 'fixtures/bounces', `${name}.eml`));

describe('delivery failure reports (bounces) of task emails', () => {
  it('Postfix, RFC 3464 with the returned message: its Message-ID, the address, status and the server text', async () => {
    expect(await parseBounce(fixture('postfix'))).toEqual({
      messageId: '7f1e0c52-8a4b-4d3e-9b61-2c5d8e9f0a11@quayside.test',
      recipients: [
        {
          address: 'nobody@buyers.test',
          action: 'failed',
          status: '5.1.1',
          reason:
            '5.1.1 <nobody@buyers.test>: Recipient address rejected: User unknown in virtual mailbox table',
        },
      ],
    });
  });

  it('Gmail: the reply codes repeated on every line of its text are left out of the reason', async () => {
    const bounce = await parseBounce(fixture('gmail'));
    expect(bounce?.messageId).toBe('c0ffee00-1d2e-4f3a-b4c5-d6e7f8091a2b@quayside.test');
    expect(bounce?.recipients).toHaveLength(1);
    expect(bounce?.recipients[0]).toMatchObject({ address: 'no.such.buyer@gmail.com', action: 'failed' });
    expect(bounce?.recipients[0]?.reason).toMatch(
      /^5\.1\.1 The email account that you tried to reach does not exist\. Please try double-checking the recipient's email address for typos or unnecessary spaces\./,
    );
    expect(bounce?.recipients[0]?.reason).not.toContain('550');
  });

  it('Office 365: only the original headers come back (text/rfc822-headers), the Message-ID folded on its own line', async () => {
    expect(await parseBounce(fixture('exchange'))).toEqual({
      messageId: '2d4a9e61-3b7c-4f08-a1d2-9e8c7b6a5f40@quayside.test',
      recipients: [
        {
          address: 'ghost@contoso.test',
          action: 'failed',
          status: '5.1.10',
          reason:
            '5.1.10 RESOLVER.ADR.RecipientNotFound; Recipient ghost@contoso.test not found by SMTP address lookup',
        },
      ],
    });
  });

  it('qmail: plain text, the original quoted below "Below this line is a copy of the message"', async () => {
    expect(await parseBounce(fixture('qmail'))).toEqual({
      messageId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d@quayside.test',
      recipients: [
        {
          address: 'former.buyer@oldhost.test',
          action: 'failed',
          status: '5.1.1',
          reason: '5.1.1 Sorry, no mailbox here by that name.',
        },
      ],
    });
  });

  it('a delay warning (Action: delayed, 4.4.1) is read as such: it fails nobody', async () => {
    const bounce = await parseBounce(fixture('delayed'));
    expect(bounce?.messageId).toBe('5d0e1f2a-3b4c-4d5e-8f6a-7b8c9d0e1f2a@quayside.test');
    expect(bounce?.recipients.map((r) => [r.address, r.action, r.status])).toEqual([
      ['slow@slow.test', 'delayed', '4.4.1'],
    ]);
  });

  it('ordinary mail is no bounce, even a reply to a task email', async () => {
    const reply = [
      'From: Ann <ann@buyers.test>',
      'To: sales@quayside.test',
      'Subject: Re: Meet us at the fair',
      'In-Reply-To: <7f1e0c52-8a4b-4d3e-9b61-2c5d8e9f0a11@quayside.test>',
      'Message-ID: <reply-1@buyers.test>',
      '',
      'See you there. The address you wrote to does not exist any more, use this one.',
      '',
    ].join('\r\n');
    expect(await parseBounce(reply)).toBeNull();
    const headers = [{ key: 'content-type', value: 'text/plain' }];
    expect(
      looksLikeBounce({ headers, from: { name: 'Ann', address: 'ann@buyers.test' }, subject: 'Re: fair' }),
    ).toBe(false);
    expect(
      looksLikeBounce({
        headers,
        from: { name: '', address: 'MAILER-DAEMON@mx.test' },
        subject: 'failure notice',
      }),
    ).toBe(true);
  });

  it('the sync reads the same report from its own parse of the message as a parse of its own would', async () => {
    for (const name of ['postfix', 'gmail', 'exchange', 'qmail', 'delayed']) {
      const source = fixture(name);
      expect(await bounceOfParsed(await parseMessage(source), source), name).toEqual(
        await parseBounce(source),
      );
    }
    // A plain report whose returned email is an inline part: the sync's parse merges it into the body.
    const inline = Buffer.from(
      [
        'From: MAILER-DAEMON@mx.old.test',
        'To: sales@quayside.test',
        'Subject: failure notice',
        'Content-Type: multipart/mixed; boundary="b"',
        '',
        '--b',
        'Content-Type: text/plain',
        '',
        '<gone@old.test>:',
        '550 5.1.1 Sorry, no mailbox here by that name.',
        '--b',
        'Content-Type: message/rfc822',
        '',
        'From: Quayside Sales <sales@quayside.test>',
        'To: gone@old.test',
        'Subject: Meet us at the fair',
        'Message-ID: <inline-1@quayside.test>',
        '',
        'Dear Sir or Madam',
        '--b--',
        '',
      ].join('\r\n'),
    );
    const read = await bounceOfParsed(await parseMessage(inline), inline);
    expect(read).toEqual(await parseBounce(inline));
    expect(read).toMatchObject({
      messageId: 'inline-1@quayside.test',
      recipients: [{ address: 'gone@old.test', action: 'failed', status: '5.1.1' }],
    });
    const reply = Buffer.from('From: ann@buyers.test\r\nSubject: Re: fair\r\n\r\nSee you.\r\n');
    expect(await bounceOfParsed(await parseMessage(reply), reply)).toBeNull();
  });

  it('a reason from a status code alone says what the code means', () => {
    expect(bounceReason('5.1.1', '')).toBe('5.1.1 Bad destination mailbox address');
    expect(bounceReason('', 'smtp; 550 5.2.2 Mailbox full')).toBe('5.2.2 Mailbox full');
  });
});
