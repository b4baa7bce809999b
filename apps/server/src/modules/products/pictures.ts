import { MAX_PICTURE_BYTES, PICTURE_TYPES, type Picture } from '@quayside/contract';
import { eq, inArray } from 'drizzle-orm';
import type { Sharp } from 'sharp';
import type { Db } from '../../db/client';
import { pictureVariants, productPictures } from '../../db/schema';
import { invalid } from '../../lib/errors';
import type { FileStore } from '../../lib/files';
import type { SessionUser } from '../../lib/sessions';
import { readableFiles } from '../files/access';
import { saveFile } from '../files/service';
import { createLimiter } from './limiter';

/** Long edge of each variant, in pixels. */
export const VARIANT_SIZES = { image: 2000, preview: 800, thumb: 160 } as const;
/** A decompression bomb is refused before it is decoded. */
export const MAX_MEGAPIXELS = 150;

type SharpModule = typeof import('sharp').default;
let loadingSharp: Promise<SharpModule> | undefined;
/**
 * sharp and libvips (~30 MB resident) load with the first picture, not at start: a server that
 * never sees one stays smaller (bench/idle-memory.ts).
 */
function loadSharp(): Promise<SharpModule> {
  loadingSharp ??= import('sharp').then(({ default: sharp }) => {
    // libvips' operation cache helps repeated operations on the same image, which never happens
    // here; without it memory falls back after each picture.
    sharp.cache(false);
    return sharp;
  });
  return loadingSharp;
}
/** Pictures decoded at once: each 12-megapixel photo needs ~50 MB while it is being resized. */
const processing = createLimiter(2);

type Variant = { bytes: Buffer; width: number; height: number };
type Variants = { image: Variant; preview: Variant; thumb: Variant };

/**
 * mozjpeg makes files ~15% smaller but costs ~0.8 s on a 2000 px picture (0.3 s without it): only the
 * thumbnails, which the list loads by the page, get it.
 */
const jpeg = async (pipeline: Sharp, quality: number, mozjpeg = false): Promise<Variant> => {
  const { data, info } = await pipeline.jpeg({ quality, mozjpeg }).toBuffer({ resolveWithObject: true });
  return { bytes: data, width: info.width, height: info.height };
};
const inside = (size: number) =>
  ({ width: size, height: size, fit: 'inside', withoutEnlargement: true }) as const;

/**
 * The upright, metadata-free JPEGs of one picture. The photo is decoded once (JPEG shrink-on-load
 * makes that cheap) into the largest variant; the smaller ones are made from it.
 */
export async function makeVariants(bytes: Buffer): Promise<Variants> {
  const sharp = await loadSharp();
  const image = await jpeg(
    sharp(bytes, { limitInputPixels: MAX_MEGAPIXELS * 1_000_000, animated: false })
      .autoOrient()
      .resize(inside(VARIANT_SIZES.image))
      .flatten({ background: '#ffffff' }),
    85,
  );
  const preview = await jpeg(sharp(image.bytes).resize(inside(VARIANT_SIZES.preview)), 82);
  const thumb = await jpeg(sharp(preview.bytes).resize(inside(VARIANT_SIZES.thumb)), 80, true);
  return { image, preview, thumb };
}

const readAll = async (stream: NodeJS.ReadableStream): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/**
 * Makes the variants of an uploaded file once (later calls find them), refusing what is not a
 * picture. `field` names the input in a refusal ("pictures.0.file_id").
 */
export async function preparePicture(
  db: Db,
  store: FileStore,
  fileId: number,
  field: string,
  user: SessionUser,
): Promise<Picture> {
  // A product must not take in a file its author could not open: its readers could then open it.
  const [file] = await readableFiles(db, user, [fileId], field);
  const known = (await picturesOf(db, [fileId])).get(fileId);
  if (known) return known;
  if (!file) throw invalid(field, 'recordNotFound', { thing: 'thingFile' });
  const name = file.name;
  if (!PICTURE_TYPES.includes(file.mime)) throw invalid(field, 'pictureNotImage', { name });
  if (file.size > MAX_PICTURE_BYTES) {
    throw invalid(field, 'pictureTooLarge', { name, limit: `${MAX_PICTURE_BYTES / 1024 / 1024} MB` });
  }
  const variants = await processing(async () => {
    const bytes = await readAll(store.open(file.sha256));
    return makeVariants(bytes).catch((err: unknown) => {
      const tooBig = err instanceof Error && /pixel limit/i.test(err.message);
      throw tooBig
        ? invalid(field, 'pictureTooManyPixels', { name, limit: MAX_MEGAPIXELS })
        : invalid(field, 'pictureUnreadable', { name });
    });
  });
  const base = name.replace(/\.[^.]*$/, '');
  const save = (v: Variant, size: number) =>
    saveFile(db, store, { bytes: v.bytes, name: `${base}-${size}.jpg`, userId: user.id });
  const [image, preview, thumb] = await Promise.all([
    save(variants.image, VARIANT_SIZES.image),
    save(variants.preview, VARIANT_SIZES.preview),
    save(variants.thumb, VARIANT_SIZES.thumb),
  ]);
  // Two saves of one new upload may race: the first row stays, the second's files are unused.
  await db
    .insert(pictureVariants)
    .values({
      fileId,
      imageFileId: image.id,
      previewFileId: preview.id,
      thumbFileId: thumb.id,
      width: variants.image.width,
      height: variants.image.height,
    })
    .onConflictDoNothing();
  const stored = (await picturesOf(db, [fileId])).get(fileId);
  if (!stored) throw new Error(`picture variants of file ${fileId} were not stored`);
  return stored;
}

export const fileUrl = (fileId: number) => `/api/file/download/?id=${fileId}&inline=1`;

type VariantRow = typeof pictureVariants.$inferSelect;
export const toPicture = (row: VariantRow): Picture => ({
  file_id: row.fileId,
  url: fileUrl(row.imageFileId),
  preview_url: fileUrl(row.previewFileId),
  thumb_url: fileUrl(row.thumbFileId),
  width: row.width,
  height: row.height,
});

/** The prepared pictures among these uploads, by upload id. */
export async function picturesOf(db: Db, fileIds: number[]): Promise<Map<number, Picture>> {
  if (fileIds.length === 0) return new Map();
  const rows = await db.select().from(pictureVariants).where(inArray(pictureVariants.fileId, fileIds));
  return new Map(rows.map((r) => [r.fileId, toPicture(r)]));
}

/** Each product's pictures in display order. */
export async function picturesOfProducts(db: Db, productIds: number[]): Promise<Map<number, Picture[]>> {
  const byProduct = new Map<number, Picture[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ productId: productPictures.productId, variant: pictureVariants })
    .from(productPictures)
    .innerJoin(pictureVariants, eq(pictureVariants.fileId, productPictures.fileId))
    .where(inArray(productPictures.productId, productIds))
    .orderBy(productPictures.productId, productPictures.position);
  for (const r of rows) byProduct.get(r.productId)?.push(toPicture(r.variant));
  return byProduct;
}

/** Prepares the pictures of a create or update, a few at a time, in the order given. */
export async function preparePictures(
  db: Db,
  store: FileStore,
  refs: { file_id: number }[],
  user: SessionUser,
): Promise<number[]> {
  const ids = [...new Set(refs.map((r) => r.file_id))];
  await Promise.all(ids.map((id, i) => preparePicture(db, store, id, `pictures.${i}.file_id`, user)));
  return ids;
}
