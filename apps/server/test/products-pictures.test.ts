import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from './helpers';
import { multipartFile } from './multipart';

let t: TestApp;
let editor: string;
beforeAll(async () => {
  t = await createTestApp();
  editor = await t.userToken(['editor'], 'sally');
});

const post = (url: string, body: object, token = t.adminToken) => call(t.app, 'POST', url, { token, body });

async function upload(name: string, bytes: Buffer, token = t.adminToken): Promise<number> {
  const { payload, headers } = multipartFile(name, bytes);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/file/upload/',
    headers: { ...headers, 'x-token': token },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id;
}

/** The bytes behind a URL of an answer, as the browser would fetch them (null token: a visitor). */
async function fetchUrl(url: string, token: string | null = t.adminToken) {
  const res = await t.app.inject({ method: 'GET', url, headers: token ? { 'x-token': token } : {} });
  return { status: res.statusCode, bytes: res.rawPayload, type: res.headers['content-type'] };
}

/**
 * A phone photo taken with the phone turned: stored 600×400 (landscape, red left half, blue right
 * half) with EXIF orientation 6 ("rotate 90° clockwise to view") and a GPS position.
 */
async function turnedPhoto(): Promise<Buffer> {
  const half = (r: number, b: number) => ({
    input: { create: { width: 300, height: 400, channels: 3 as const, background: { r, g: 0, b } } },
  });
  return sharp({ create: { width: 600, height: 400, channels: 3, background: '#000' } })
    .composite([
      { ...half(255, 0), left: 0, top: 0 },
      { ...half(0, 255), left: 300, top: 0 },
    ])
    .jpeg({ quality: 95 })
    .withExif({
      IFD0: { Make: 'PhoneCo' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '29/1 52/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '121/1 33/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

const pixel = async (bytes: Buffer, x: number, y: number) => {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return { r: data[at]!, g: data[at + 1]!, b: data[at + 2]! };
};

describe('product pictures', () => {
  let photoId: number;
  let productId: number;

  it('turns a photo upright by its EXIF orientation, strips EXIF and makes smaller thumbnails', async () => {
    const photo = await turnedPhoto();
    const meta = await sharp(photo).metadata();
    expect(meta).toMatchObject({ width: 600, height: 400, orientation: 6 });
    photoId = await upload('IMG_0001.jpg', photo);

    const prepared = await post('/api/product/prepare_picture/', { file_id: photoId });
    expect(prepared.status, JSON.stringify(prepared.body)).toBe(200);
    expect(prepared.body.data).toMatchObject({ file_id: photoId, width: 400, height: 600 });

    const image = await fetchUrl(prepared.body.data.url);
    const preview = await fetchUrl(prepared.body.data.preview_url);
    const thumb = await fetchUrl(prepared.body.data.thumb_url);
    for (const v of [image, preview, thumb]) {
      expect(v.status).toBe(200);
      expect(v.type).toBe('image/jpeg');
    }
    const imageMeta = await sharp(image.bytes).metadata();
    expect(imageMeta).toMatchObject({ width: 400, height: 600 });
    expect(imageMeta.orientation).toBeUndefined();
    expect(imageMeta.exif).toBeUndefined();
    // Turned clockwise: the red left half is now on top, the blue right half below.
    const top = await pixel(image.bytes, 200, 100);
    const bottom = await pixel(image.bytes, 200, 500);
    expect(top.r).toBeGreaterThan(200);
    expect(top.b).toBeLessThan(60);
    expect(bottom.b).toBeGreaterThan(200);
    expect(bottom.r).toBeLessThan(60);

    const thumbMeta = await sharp(thumb.bytes).metadata();
    expect(thumbMeta).toMatchObject({ width: 107, height: 160 });
    expect(thumbMeta.exif).toBeUndefined();
    expect(thumb.bytes.length).toBeLessThan(image.bytes.length);
    expect(thumb.bytes.length).toBeLessThan(photo.length);
  });

  it('refuses what is not a picture, SVG and pictures over the limit, saying why', async () => {
    const text = await upload('spec.txt', Buffer.from('not a picture'));
    const svg = await upload(
      'logo.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
    );
    // A JPEG signature padded past 20 MB (the general upload cap is 25 MB).
    const huge = await upload(
      'huge.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(21 * 1024 * 1024)]),
    );
    const broken = await upload(
      'broken.jpg',
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(100)]),
    );
    const refusal = async (fileId: number, lang = 'en') =>
      (
        await call(t.app, 'POST', '/api/product/prepare_picture/', {
          token: t.adminToken,
          body: { file_id: fileId },
          headers: { cookie: `language=${lang}` },
        })
      ).body;
    expect((await refusal(text)).details).toEqual([
      {
        field: 'file_id',
        msg: '"spec.txt" is not a picture: upload JPEG, PNG, WebP, GIF, AVIF or TIFF (SVG is not accepted)',
      },
    ]);
    expect((await refusal(svg, 'zh')).msg).toContain('不接受 SVG');
    expect((await refusal(huge)).msg).toBe('"huge.jpg" is larger than 20 MB');
    expect((await refusal(broken)).msg).toBe('"broken.jpg" could not be read as a picture');

    const create = await post('/api/product/create/', { name: 'Logo', pictures: [{ file_id: svg }] });
    expect(create.status).toBe(400);
    expect(create.body.details[0].field).toBe('pictures.0.file_id');
  });

  it('keeps pictures in the order given (the first is the cover) and reorders them', async () => {
    const second = await upload(
      'second.png',
      await sharp({ create: { width: 1200, height: 900, channels: 4, background: '#00ff0080' } })
        .png()
        .toBuffer(),
    );
    const res = await post('/api/product/create/', {
      name: 'Kettle',
      model: 'EK-1',
      pictures: [{ file_id: photoId }, { file_id: second }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    productId = res.body.data.id;
    expect(res.body.data.pictures.map((p: { file_id: number }) => p.file_id)).toEqual([photoId, second]);
    expect(res.body.data.pictures[1]).toMatchObject({ width: 1200, height: 900 });

    const reordered = await post('/api/product/update/', {
      id: productId,
      pictures: [{ file_id: second }, { file_id: photoId }],
    });
    expect(reordered.body.data.pictures.map((p: { file_id: number }) => p.file_id)).toEqual([
      second,
      photoId,
    ]);
    const options = await call(t.app, 'GET', '/api/product/options/', {
      token: editor,
      query: { q: 'kettle' },
    });
    expect(options.body.data[0].thumb_url).toBe(reordered.body.data.pictures[0].thumb_url);
    const list = await call(t.app, 'GET', '/api/product/list/', {
      token: t.adminToken,
      query: { q: 'kettle' },
    });
    expect(list.body.data.items[0].pictures[0].thumb_url).toMatch(
      /^\/api\/file\/download\/\?id=\d+&inline=1$/,
    );
  });

  it('shows pictures to every signed-in user; to visitors only the variants of published products', async () => {
    const product = (
      await call(t.app, 'GET', '/api/product/detail/', { token: t.adminToken, query: { id: productId } })
    ).body.data;
    const cover = product.pictures[0];
    const original = `/api/file/download/?id=${photoId}`;
    expect((await fetchUrl(cover.thumb_url, editor)).status).toBe(200);
    expect((await fetchUrl(original, editor)).status).toBe(200);
    expect((await fetchUrl(cover.thumb_url, null)).status).toBe(403);

    await post('/api/product/update/', { id: productId, published: true });
    expect((await fetchUrl(cover.thumb_url, null)).status).toBe(200);
    expect((await fetchUrl(cover.url, null)).status).toBe(200);
    // The upload itself may carry the camera's location: never public.
    expect((await fetchUrl(original, null)).status).toBe(403);

    await post('/api/product/delete/', { ids: [productId] });
    expect((await fetchUrl(cover.thumb_url, null)).status).toBe(403);
    expect((await fetchUrl(cover.thumb_url, editor)).status).toBe(200);
  });

  it('will not take in an upload its author cannot open', async () => {
    const editorsFile = await upload('private.jpg', await turnedPhoto(), editor);
    const res = await post('/api/product/create/', { name: 'Sneaky', pictures: [{ file_id: editorsFile }] });
    expect(res.status).toBe(400);
    expect(res.body.details[0].field).toBe('pictures.0.file_id');
  });
});
