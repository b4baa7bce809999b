// A small catalogue for the public website's benches and screenshots: categories, published
// products with real pictures (drawn with sharp), the company's details, through the app's own API.
import sharp from 'sharp';

type Api = <T>(method: 'GET' | 'POST', url: string, body?: unknown) => Promise<T>;

export function apiClient(base: string, token: string): Api {
  return async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { 'x-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = (await res.json()) as { data: T; msg?: string };
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}

/** A studio-style product photo: a coloured object with a shadow on a light backdrop. */
async function productPhoto(hue: number, shape: 'round' | 'box' | 'tall'): Promise<Buffer> {
  const c = `hsl(${hue},55%,45%)`;
  const d = `hsl(${hue},55%,30%)`;
  const body =
    shape === 'round'
      ? `<ellipse cx="600" cy="560" rx="300" ry="260" fill="url(#g)"/><rect x="520" y="250" width="160" height="70" rx="20" fill="${d}"/>`
      : shape === 'box'
        ? `<rect x="300" y="330" width="600" height="460" rx="40" fill="url(#g)"/><rect x="300" y="330" width="600" height="90" rx="40" fill="${d}"/>`
        : `<rect x="450" y="180" width="300" height="660" rx="60" fill="url(#g)"/><rect x="500" y="140" width="200" height="80" rx="20" fill="${d}"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="1000">
<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fbfcfd"/><stop offset="1" stop-color="#e9edf1"/></linearGradient>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${c}"/><stop offset="1" stop-color="${d}"/></linearGradient></defs>
<rect width="1200" height="1000" fill="url(#bg)"/><ellipse cx="600" cy="880" rx="360" ry="40" fill="#000" opacity=".12"/>${body}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();
}

async function upload(base: string, token: string, bytes: Buffer, name: string): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), name);
  const res = await fetch(`${base}/api/file/upload/`, {
    method: 'POST',
    headers: { 'x-token': token },
    body: form,
  });
  const json = (await res.json()) as { data: { id: number } };
  if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(json)}`);
  return json.data.id;
}

const CATALOGUE: { category: string; items: [string, string, number, 'round' | 'box' | 'tall'][] }[] = [
  {
    category: 'Kitchenware',
    items: [
      ['Stainless Steel Electric Kettle 1.7L', 'KT-1700', 210, 'round'],
      ['Glass Food Storage Container Set', 'FS-0412', 160, 'box'],
      ['Bamboo Cutting Board with Juice Groove', 'BB-3020', 35, 'box'],
      ['Insulated Vacuum Flask 750 ml', 'VF-0750', 350, 'tall'],
    ],
  },
  {
    category: 'Garden Tools',
    items: [
      ['Expandable Garden Hose 30 m', 'GH-3000', 120, 'round'],
      ['Cordless Hedge Trimmer 20V', 'HT-2020', 95, 'box'],
      ['Galvanised Watering Can 10L', 'WC-1000', 190, 'tall'],
    ],
  },
  {
    category: 'Lighting',
    items: [
      ['LED Desk Lamp with Wireless Charger', 'DL-0880', 45, 'tall'],
      ['Solar Garden Path Light (Pack of 6)', 'SP-0006', 60, 'round'],
      ['Rechargeable Camping Lantern', 'CL-1200', 20, 'tall'],
    ],
  },
];

export type SiteFixture = { productIds: number[]; firstProductPath: string };

/** Creates the catalogue and the site's settings; answers the product ids and a product page's path. */
export async function seedSite(base: string, token: string): Promise<SiteFixture> {
  const api = apiClient(base, token);
  const productIds: number[] = [];
  let first = '';
  for (const group of CATALOGUE) {
    const category = await api<{ id: number }>('POST', '/api/product_category/create/', {
      name: group.category,
    });
    for (const [name, model, hue, shape] of group.items) {
      const pictures = [];
      for (const [i, h] of [hue, hue + 25, hue - 25].entries()) {
        pictures.push({
          file_id: await upload(base, token, await productPhoto(h, shape), `${model}-${i}.jpg`),
        });
      }
      const product = await api<{ id: number; name: string }>('POST', '/api/product/create/', {
        name,
        model,
        category_id: category.id,
        pictures,
        advantage:
          'Made in our own factory under ISO 9001 quality control.\n\nFood-grade materials, tested to EU and US standards (LFGB, FDA).\n\nOEM logo and colour box available.',
        tech_params: [
          { key: 'Material', value: 'Stainless steel 304 / BPA-free PP' },
          { key: 'Size', value: '23 × 16 × 25 cm' },
          { key: 'Net weight', value: '1.1 kg' },
          { key: 'Certificates', value: 'CE, RoHS, LFGB' },
        ],
        packaging: 'Colour box, 12 pcs per export carton, carton 52 × 36 × 54 cm, 14.5 kg.',
        price: '8.75',
        moq: '500',
        unit: 'pcs',
        published: true,
      });
      productIds.push(product.id);
      if (!first) first = `/site/product/${product.id}`;
    }
  }
  await api('POST', '/api/website/update_settings/', {
    company: {
      name: 'Harbourline Trading Co., Ltd.',
      name_zh: '海港线贸易有限公司',
      address: 'Room 1208, Century Tower, 88 Zhongshan Road, Ningbo, Zhejiang, China',
      phone: '+86 574 8765 4321',
      email: 'sales@harbourline.example',
    },
    site: {
      intro:
        'Manufacturer and exporter of kitchenware, garden tools and lighting since 2006. We ship to 60 countries from Ningbo port, with OEM and private label for importers and retail chains.',
      intro_zh:
        '自 2006 年起生产和出口厨具、园艺工具和灯具。从宁波港发货至 60 个国家，为进口商和零售连锁提供 OEM 和自有品牌服务。',
      about:
        'Harbourline Trading was founded in 2006 in Ningbo, one of the largest ports in the world.\n\nOur two factories employ 240 people and produce 1.2 million pieces a year. Every order is inspected before loading, and our sales team answers within one working day.',
      theme_color: '#0b5cad',
      show_prices: false,
      featured_product_ids: productIds.slice(0, 8),
    },
  });
  return { productIds, firstProductPath: first };
}
