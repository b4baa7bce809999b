/**
 * The demo mailbox of Harbourline Trading (sales@harbourline.test): a week of an export sales desk,
 * written as the mail that arrives, in the languages buyers write in. Customers' addresses are those
 * of demo/customers.ts, so the messages match them.
 */

export const DEMO_ADDRESS = 'sales@harbourline.test';
export const DEMO_BLACKLIST = '@bulk-deals.test';

type Party = { name: string; address: string };
export type DemoAttachment = { name: string; kind: 'pdf' | 'photo'; title?: string; lines?: string[] };

export type DemoMail = {
  /** Unique in the mailbox: the Message-ID's local part, and what `replyTo` names. */
  key: string;
  folder: 'inbox' | 'sent';
  hoursAgo: number;
  from: Party;
  to: Party[];
  cc?: Party[];
  subject: string;
  text: string;
  /** An HTML body besides the text; `cid:photo` shows the photo attachment inline. */
  html?: string;
  /** The sender's public address, written in a Received header (its country shows in the lists). */
  ip?: string;
  replyTo?: string;
  attachments?: DemoAttachment[];
  headers?: Record<string, string>;
  seen?: boolean;
  /** What the sales staff have done with it since. */
  staff?: {
    status?: 'handled' | 'follow_up' | 'closed';
    handler?: 'lily' | 'tom';
    type?: 'inquiry' | 'quotation';
  };
};

const us = { name: 'Harbourline Sales', address: DEMO_ADDRESS };
const lily = { name: 'Lily Chen', address: DEMO_ADDRESS };
const tom = { name: 'Tom Wang', address: DEMO_ADDRESS };
const anna = { name: 'Anna Ozola', address: 'anna.ozola@balticsteel.lv' };
const jonas = { name: 'Jonas Becker', address: 'j.becker@delta-pumps.de' };
const emily = { name: 'Emily Chen', address: 'emily@torontolighting.ca' };

export const DEMO_MAILS: DemoMail[] = [
  {
    key: 'qs-2611',
    folder: 'sent',
    hoursAgo: 75,
    from: lily,
    to: [anna],
    subject: 'Quotation QS-2611 – hot-dip galvanised steel pipes',
    text: `Dear Anna,

Thank you for your inquiry. Please find attached our quotation QS-2611 for hot-dip galvanised steel pipes (EN 10255, DN15–DN100).

- Price terms: FOB Ningbo, USD per metric ton
- Payment: 30% T/T in advance, 70% against copy of B/L
- Lead time: 25 days after deposit
- Validity: 30 days

Let me know if you need mill test certificates with the samples.

Best regards,
Lily Chen
Harbourline Trading Co., Ltd.`,
    attachments: [
      {
        name: 'QS-2611 Harbourline.pdf',
        kind: 'pdf',
        title: 'Quotation QS-2611',
        lines: [
          'Harbourline Trading Co., Ltd. - Ningbo, China',
          'To: Baltic Steel Trading SIA, Riga',
          '',
          'Item                         Qty (t)   USD/t FOB Ningbo',
          'HDG pipe DN15 x 2.65 mm        40        1,080',
          'HDG pipe DN25 x 3.25 mm        60        1,060',
          'HDG pipe DN50 x 3.65 mm        80        1,050',
          'HDG pipe DN100 x 4.50 mm       40        1,075',
          '',
          'Payment: 30% T/T deposit, 70% against copy of B/L',
          'Lead time: 25 days after deposit. Validity: 30 days.',
        ],
      },
    ],
    staff: { type: 'quotation', status: 'handled', handler: 'lily' },
  },
  {
    key: 'anna-counter',
    folder: 'inbox',
    hoursAgo: 5,
    from: anna,
    to: [lily],
    subject: 'RE: Quotation QS-2611 – hot-dip galvanised steel pipes',
    ip: '87.110.1.1',
    replyTo: 'qs-2611',
    text: `Hello Lily,

Thank you for the quick quotation. Your DN50 price is above our target. If you can do USD 1,020/t for DN50 we can place an order for two 20ft containers this month.

Can you also confirm the lead time if we pay the deposit next week?

Kind regards,
Anna Ozola
Purchasing manager, Baltic Steel Trading SIA`,
    staff: { type: 'quotation', status: 'follow_up', handler: 'lily' },
  },
  {
    key: 'brightway-led',
    folder: 'inbox',
    hoursAgo: 0.4,
    from: { name: 'Daniel Brooks', address: 'd.brooks@brightway-lighting.test' },
    to: [us],
    subject: 'Inquiry: LED panel lights, one 20ft container',
    ip: '86.1.1.1',
    text: `Hi,

We are a lighting wholesaler in Leeds and found you at the Canton Fair. We are looking for 600x600 LED panel lights, 40 W, 4000 K, UGR<19, with a 5-year warranty.

Could you send your best price for one 20ft container, your MOQ per colour temperature, and the lead time? CE and UKCA certificates are a must.

Thanks,
Daniel Brooks
Brightway Lighting Ltd`,
  },
  {
    key: 'huaxin-sinks',
    folder: 'inbox',
    hoursAgo: 2,
    from: { name: '王经理', address: 'wang@huaxin-kitchen.test' },
    to: [us],
    subject: '询价：304 不锈钢水槽 500 件',
    ip: '202.96.1.1',
    text: `您好，

我司计划采购 304 不锈钢单槽水槽 500 件，尺寸 600×450 mm，厚度 1.0 mm，带沥水篮。

请报含税价格和交期，并告知是否可以提供样品。

谢谢！
王经理
华信厨房设备有限公司`,
  },
  {
    key: 'nordvatten-rfq',
    folder: 'inbox',
    hoursAgo: 9,
    from: { name: 'Sofia Lindqvist', address: 'procurement@nordvatten.test' },
    to: [us],
    cc: [{ name: 'Erik Berg', address: 'erik.berg@nordvatten.test' }],
    subject: 'RFQ-2611-07: centrifugal pumps, FOB Ningbo',
    ip: '109.74.1.1',
    text: `Dear supplier,

Please quote the items below FOB Ningbo, including packing and delivery time. The technical specification is attached.

1. End-suction centrifugal pump, 15 kW, 50 Hz – 24 pcs
2. Inline circulation pump, 2.2 kW – 60 pcs
3. Spare mechanical seal kits – 100 sets

Deadline for quotations: Friday 17:00 CET.

Best regards,
Sofia Lindqvist
Nordvatten AB`,
    html: `<p>Dear supplier,</p>
<p>Please quote the items below <b>FOB Ningbo</b>, including packing and delivery time. The technical specification is attached.</p>
<table border="1" cellpadding="6" style="border-collapse:collapse">
<tr style="background:#eef3f8"><th>#</th><th>Item</th><th>Qty</th></tr>
<tr><td>1</td><td>End-suction centrifugal pump, 15 kW, 50 Hz</td><td>24 pcs</td></tr>
<tr><td>2</td><td>Inline circulation pump, 2.2 kW</td><td>60 pcs</td></tr>
<tr><td>3</td><td>Spare mechanical seal kits</td><td>100 sets</td></tr>
</table>
<p>Deadline for quotations: <b>Friday 17:00 CET</b>.</p>
<p>Best regards,<br>Sofia Lindqvist<br>Nordvatten AB</p>`,
    attachments: [
      {
        name: 'RFQ-2611-07 specification.pdf',
        kind: 'pdf',
        title: 'RFQ-2611-07 technical specification',
        lines: [
          'Nordvatten AB - Gothenburg, Sweden',
          '',
          '1. End-suction centrifugal pump: 15 kW, 2900 rpm, Q=90 m3/h, H=32 m',
          '   Casing cast iron GG25, impeller bronze, IE3 motor, IP55',
          '2. Inline circulation pump: 2.2 kW, Q=25 m3/h, H=18 m, PN16 flanges',
          '3. Mechanical seal kits for item 1, SiC/SiC/EPDM',
          '',
          'Documents: CE declaration, test report per pump, operating manual in English.',
        ],
      },
    ],
  },
  {
    key: 'delta-schedule',
    folder: 'inbox',
    hoursAgo: 20,
    from: jonas,
    to: [lily],
    subject: 'Delivery schedule for PO-88231',
    ip: '91.64.1.1',
    text: `Hi Lily,

Could you send me the updated production and delivery schedule for PO-88231? Our warehouse in Bremen needs to book the unloading slot.

Thanks and regards,
Jonas Becker
Delta Pumps GmbH`,
    seen: true,
    staff: { status: 'handled', handler: 'lily' },
  },
  {
    key: 'delta-schedule-reply',
    folder: 'sent',
    hoursAgo: 19,
    from: lily,
    to: [jonas],
    subject: 'Re: Delivery schedule for PO-88231',
    replyTo: 'delta-schedule',
    text: `Hi Jonas,

Production of PO-88231 finishes on the 3rd; the container is booked on the MSC vessel leaving Ningbo on the 8th, ETA Bremerhaven on the 14th of next month. I will send the B/L draft as soon as we have it.

Best regards,
Lily`,
  },
  {
    key: 'lukas-ooo',
    folder: 'inbox',
    hoursAgo: 8,
    from: { name: 'Lukas Schmidt', address: 'schmidt@hh-hardware.de' },
    to: [us],
    subject: 'Automatische Antwort: Abwesenheit / Out of office',
    ip: '84.136.1.1',
    headers: { 'Auto-Submitted': 'auto-replied' },
    text: `Ich bin bis zum 2. Dezember nicht im Büro. In dringenden Fällen wenden Sie sich bitte an einkauf@hh-hardware.de.

I am out of the office until 2 December. For urgent matters please contact einkauf@hh-hardware.de.`,
  },
  {
    key: 'cairo-samples',
    folder: 'inbox',
    hoursAgo: 30,
    from: { name: 'Omar Hassan', address: 'omar@cairofoods.com.eg' },
    to: [tom],
    subject: 'Samples received – feedback',
    ip: '41.33.1.1',
    text: `Dear Tom,

The samples arrived today in good condition, photo below. The finish is good, but we need the drain hole moved 20 mm to the left for our cabinets.

If you can make this change, please send the revised drawing.

Best regards,
Omar Hassan`,
    html: `<p>Dear Tom,</p>
<p>The samples arrived today in good condition, photo below. The finish is good, but we need the drain hole moved <b>20 mm to the left</b> for our cabinets.</p>
<p><img src="cid:photo" alt="Sample photo" width="320" height="200"></p>
<p>If you can make this change, please send the revised drawing.</p>
<p>Best regards,<br>Omar Hassan<br>Cairo Foods Import Co.</p>`,
    attachments: [{ name: 'sample.png', kind: 'photo' }],
    seen: true,
    staff: { status: 'follow_up', handler: 'tom' },
  },
  {
    key: 'fair-news',
    folder: 'inbox',
    hoursAgo: 14,
    from: { name: 'Trade Fair News', address: 'news@fairnews.test' },
    to: [us],
    subject: 'Spring fair 2027: exhibitor registration is open',
    ip: '23.20.1.1',
    headers: {
      'List-Unsubscribe': '<https://fairnews.test/unsubscribe?u=harbourline>',
      Precedence: 'bulk',
    },
    text: `Exhibitor registration for the spring fair 2027 is open. Book before 31 December for the early-bird booth price.

Register: https://fairnews.test/register`,
    html: `<div style="font-family:Arial,sans-serif;max-width:560px">
<img src="https://images.fairnews.test/banner-2027.jpg" alt="Spring fair 2027" width="560" height="140">
<h2 style="color:#1d4f91">Exhibitor registration is open</h2>
<p>Book before <b>31 December</b> for the early-bird booth price. Phase 1: machinery and hardware. Phase 2: home and kitchen.</p>
<p><a href="https://fairnews.test/register">Register your booth</a></p>
<img src="https://track.fairnews.test/open.gif?u=harbourline" width="1" height="1" alt="">
</div>`,
  },
  {
    key: 'bulk-deals',
    folder: 'inbox',
    hoursAgo: 26,
    from: { name: 'Best Deals', address: 'promo@bulk-deals.test' },
    to: [us],
    subject: 'Buy 10,000 email leads – best price this week only',
    ip: '81.2.1.1',
    text: 'Verified buyer email lists for every country. Best price this week only. Reply YES to order.',
  },
  {
    key: 'gulfstar-payment',
    folder: 'inbox',
    hoursAgo: 50,
    from: { name: 'Fatima Al Mansoori', address: 'fatima@gulfstar.ae' },
    to: [tom],
    subject: 'Payment confirmation – invoice INV-3307',
    ip: '94.200.1.1',
    text: `Dear Tom,

Please find attached the bank remittance for invoice INV-3307 (USD 18,460.00, balance payment). Kindly release the original documents.

Regards,
Fatima Al Mansoori
Gulf Star Electric LLC`,
    attachments: [
      {
        name: 'Remittance INV-3307.pdf',
        kind: 'pdf',
        title: 'Payment advice',
        lines: [
          'Emirates Commercial Bank - outgoing transfer',
          'Ordering customer: Gulf Star Electric LLC, Dubai',
          'Beneficiary: Harbourline Trading Co., Ltd.',
          'Amount: USD 18,460.00',
          'Reference: INV-3307 balance payment',
        ],
      },
    ],
    seen: true,
    staff: { status: 'handled', handler: 'tom' },
  },
  {
    key: 'osaka-catalogue',
    folder: 'inbox',
    hoursAgo: 44,
    from: { name: '田中 由紀', address: 'tanaka@osaka-kitchen.jp' },
    to: [lily],
    subject: 'カタログ送付のお願い / Catalogue request',
    ip: '133.200.1.1',
    text: `リリー様

いつもお世話になっております。2027年版のキッチン用品カタログをお送りいただけますでしょうか。

Could you send us your 2027 kitchenware catalogue?

よろしくお願いいたします。
田中 由紀
Osaka Kitchen Trading`,
    seen: true,
    staff: { status: 'closed', handler: 'lily' },
  },
  {
    key: 'tx-q1',
    folder: 'inbox',
    hoursAgo: 3,
    from: { name: 'Mike Johnson', address: 'mike@txindustrial.com' },
    to: [tom],
    subject: 'Steel surcharge for Q1?',
    ip: '23.20.1.1',
    text: `Tom,

We keep hearing about higher steel costs in January. Will the valves on our blanket order change in Q1? I need to tell our sales team before the catalogue goes to print.

Mike`,
    staff: { status: 'follow_up', handler: 'tom' },
  },
  {
    key: 'andes-valves',
    folder: 'inbox',
    hoursAgo: 60,
    from: { name: 'Carlos Rojas', address: 'crojas@andesmaq.cl' },
    to: [us],
    subject: 'Solicitud de cotización: válvulas de bola DN25',
    ip: '190.96.1.1',
    text: `Estimados,

Necesitamos 2.000 válvulas de bola de latón DN25, PN25, rosca BSP, para entrega en Valparaíso. ¿Pueden enviar precio CIF y plazo de entrega?

Saludos cordiales,
Carlos Rojas
Andes Maquinaria S.A.`,
    seen: true,
    staff: { type: 'inquiry', handler: 'tom' },
  },
  {
    key: 'lagos-docs',
    folder: 'inbox',
    hoursAgo: 100,
    from: { name: 'Chidi Okafor', address: 'chidi@lagosbuild.ng' },
    to: [tom],
    subject: 'Shipping documents for B/L MSKU 7734521',
    ip: '197.210.1.1',
    text: `Hello Tom,

The documents for B/L MSKU 7734521 arrived at our bank, thank you. Customs clearance is planned for Monday.

Chidi`,
    seen: true,
    staff: { status: 'closed', handler: 'tom' },
  },
  {
    key: 'toronto-samples',
    folder: 'inbox',
    hoursAgo: 31,
    from: emily,
    to: [lily],
    subject: 'LED downlight samples',
    ip: '24.114.1.1',
    text: `Hi Lily,

Could you send two samples each of the 9 W and 12 W downlights in 3000 K? Please use our FedEx account 7731-2284-9.

Thanks!
Emily`,
    seen: true,
    staff: { status: 'handled', handler: 'lily' },
  },
  {
    key: 'toronto-samples-reply',
    folder: 'sent',
    hoursAgo: 28,
    from: lily,
    to: [emily],
    subject: 'Re: LED downlight samples',
    replyTo: 'toronto-samples',
    text: `Hi Emily,

The samples left today with your FedEx account, tracking 7791 2203 5561. You should have them on Thursday.

Best regards,
Lily`,
  },
  {
    key: 'mumbai-po',
    folder: 'inbox',
    hoursAgo: 1,
    from: { name: 'Priya Sharma', address: 'priya@mumbaiauto.in' },
    to: [tom],
    cc: [{ name: 'Rajesh Kumar', address: 'rajesh@mumbaiauto.in' }],
    subject: 'Urgent: revised quantities for PO-5521',
    ip: '117.192.1.1',
    text: `Dear Tom,

Please revise PO-5521 before production starts: brake discs 1,200 pcs instead of 800, and remove the drum brake line completely. Can you confirm the new total and that the shipping date stays the same?

Regards,
Priya Sharma
Mumbai Auto Parts Pvt Ltd`,
  },
  {
    key: 'oceanlink-rates',
    folder: 'inbox',
    hoursAgo: 120,
    from: { name: 'Kevin Zhou', address: 'kevin@oceanlink-logistics.test' },
    to: [us],
    subject: 'Ocean freight rates Ningbo – Hamburg, December',
    ip: '60.190.1.1',
    text: `Dear Harbourline team,

Our December rates from Ningbo to Hamburg: 20GP USD 1,150, 40HQ USD 1,780, transit 32 days, weekly sailings on Tuesday. Space is limited before Chinese New Year, so please book early.

Kevin Zhou
OceanLink Logistics`,
    seen: true,
  },
];
