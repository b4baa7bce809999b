import sharp from 'sharp';
import type { Database } from '../../apps/server/src/db/client';
import type { FileStore } from '../../apps/server/src/lib/files';
import { makeVariants } from '../../apps/server/src/modules/products/pictures';

const parents = [
  'Kitchen',
  'Garden',
  'Bathroom',
  'Lighting',
  'Tools',
  'Textiles',
  'Packaging',
  'Furniture',
  'Pets',
  'Sports',
];
const children = ['Basic', 'Premium', 'Outdoor', 'Spare parts'];
const materials = [
  'Stainless steel',
  'Aluminium',
  'Bamboo',
  'Ceramic',
  'Glass',
  'Cotton',
  'ABS plastic',
  'Oak',
];
const things = [
  'kettle',
  'hose',
  'shelf',
  'lamp',
  'wrench',
  'towel',
  'box',
  'chair',
  'bowl',
  'racket',
  'rack',
  'brush',
];
const factories = [
  'Ningbo Homeware Co.',
  'Yiwu Daily Goods',
  'Foshan Metalworks',
  'Xiamen Bamboo Ltd',
  'Shenzhen Light Co.',
];
/** Distinct pictures the products share (real files in the store, so the export embeds them). */
const PICTURES = 10;

/**
 * `count` products in 50 categories (10 parents × 4 children), 1–3 pictures each; deterministic.
 * Answers the id of the first parent category (the benchmark's filter).
 */
export async function seedProducts(database: Database, store: FileStore, count: number): Promise<number> {
  let seed = 7;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return Math.floor((seed / 2147483648) * n);
  };
  const categoryIds: number[] = [];
  let firstParent = 0;
  for (const [i, name] of parents.entries()) {
    const { rows } = await database.query<{ id: number }>(
      'INSERT INTO product_categories (name, sort_order) VALUES ($1, $2) RETURNING id',
      [name, i],
    );
    const parentId = rows[0]!.id;
    if (i === 0) firstParent = parentId;
    for (const [j, child] of children.entries()) {
      const made = await database.query<{ id: number }>(
        'INSERT INTO product_categories (name, parent_id, sort_order) VALUES ($1, $2, $3) RETURNING id',
        [`${name} ${child}`, parentId, j],
      );
      categoryIds.push(made.rows[0]!.id);
    }
  }
  const sources: number[] = [];
  for (let i = 0; i < PICTURES; i++) {
    const photo = await sharp({
      create: { width: 1600, height: 1200, channels: 3, background: { r: 25 * i, g: 120, b: 200 - 15 * i } },
    })
      .jpeg()
      .toBuffer();
    const variants = await makeVariants(photo);
    const file = async (name: string, bytes: Buffer) => {
      const sha = await store.put(bytes);
      return database.query<{ id: number }>(
        `INSERT INTO files (sha256, name, size, mime) VALUES ($1, $2, $3, 'image/jpeg') RETURNING id`,
        [sha, name, bytes.length],
      );
    };
    const source = await file('photo.jpg', photo);
    const image = await file('photo-2000.jpg', variants.image.bytes);
    const preview = await file('photo-800.jpg', variants.preview.bytes);
    const thumb = await file('photo-160.jpg', variants.thumb.bytes);
    await database.query(
      'INSERT INTO picture_variants (file_id, image_file_id, preview_file_id, thumb_file_id, width, height) VALUES ($1, $2, $3, $4, $5, $6)',
      [
        source.rows[0]!.id,
        image.rows[0]!.id,
        preview.rows[0]!.id,
        thumb.rows[0]!.id,
        variants.image.width,
        variants.image.height,
      ],
    );
    sources.push(source.rows[0]!.id);
  }
  const batch = 1000;
  for (let start = 0; start < count; start += batch) {
    const values: unknown[] = [];
    const rows: string[] = [];
    for (let i = start; i < Math.min(count, start + batch); i++) {
      const name = `${materials[rand(materials.length)]} ${things[rand(things.length)]} ${i}`;
      const row = [
        name,
        `QS-${i}`,
        factories[rand(factories.length)],
        categoryIds[rand(categoryIds.length)],
        rand(10) === 0 ? 'Food grade, dishwasher safe, CE and LFGB certified' : 'Durable and easy to clean',
        `${1 + rand(500)}.${String(rand(100)).padStart(2, '0')}`,
        `${100 * (1 + rand(20))}`,
        rand(3) !== 0,
        new Date(Date.now() - rand(365 * 86400) * 1000).toISOString(),
      ];
      const base = values.length;
      rows.push(`(${row.map((_, k) => `$${base + k + 1}`).join(',')})`);
      values.push(...row);
    }
    const made = await database.query<{ id: number }>(
      `INSERT INTO products (name, model, factory, category_id, advantage, price, moq, published, created_at) VALUES ${rows.join(',')} RETURNING id`,
      values,
    );
    const pictureRows: string[] = [];
    const pictureValues: unknown[] = [];
    for (const { id } of made.rows) {
      for (let position = 0; position < 1 + rand(3); position++) {
        const base = pictureValues.length;
        pictureRows.push(`($${base + 1}, $${base + 2}, $${base + 3})`);
        pictureValues.push(id, position, sources[rand(sources.length)]);
      }
    }
    await database.query(
      `INSERT INTO product_pictures (product_id, position, file_id) VALUES ${pictureRows.join(',')}`,
      pictureValues,
    );
  }
  await database.query('ANALYZE');
  return firstParent;
}
