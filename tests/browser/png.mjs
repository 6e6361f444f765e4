// Makes a screenshot small for the repository: the PNG's colours are cut to a palette of 256
// (median cut, no dithering, which suits flat drawings) and it is written again as an indexed
// PNG. Reads the 8-bit RGB(A), non-interlaced PNGs that chromium writes.

import { deflateSync, inflateSync } from "node:zlib";

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

function decode(png) {
  let offset = 8;
  let header = null;
  const data = [];
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    const body = png.subarray(offset + 8, offset + 8 + length);
    if (type === "IHDR") header = { width: body.readUInt32BE(0), height: body.readUInt32BE(4), depth: body[8], colour: body[9], interlace: body[12] };
    if (type === "IDAT") data.push(body);
    offset += 12 + length;
  }
  const { width, height, depth, colour, interlace } = header;
  const channels = { 2: 3, 6: 4 }[colour];
  if (depth !== 8 || !channels || interlace) throw new Error("png.mjs reads only 8-bit RGB(A) non-interlaced PNGs");
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(height * stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const at = y * stride;
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[at + x - channels] : 0;
      const b = y > 0 ? pixels[at + x - stride] : 0;
      const c = x >= channels && y > 0 ? pixels[at + x - stride - channels] : 0;
      let value = line[x];
      if (filter === 1) value += a;
      else if (filter === 2) value += b;
      else if (filter === 3) value += (a + b) >> 1;
      else if (filter === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        value += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
      pixels[at + x] = value & 255;
    }
  }
  return { width, height, channels, pixels };
}

/**
 * Up to 256 colours that cover the image, by median cut over its distinct colours, each
 * weighed by the square root of its count so that a gradient keeps some of its steps beside
 * large flat areas.
 */
function palette(counts) {
  const colours = [...counts.entries()].map(([key, n]) => [key >> 16, (key >> 8) & 255, key & 255, Math.sqrt(n)]);
  const boxes = [colours];
  while (boxes.length < 256) {
    let best = -1;
    let bestRange = 0;
    let bestChannel = 0;
    boxes.forEach((box, i) => {
      if (box.length < 2) return;
      for (let ch = 0; ch < 3; ch++) {
        let lo = 255;
        let hi = 0;
        for (const c of box) {
          lo = Math.min(lo, c[ch]);
          hi = Math.max(hi, c[ch]);
        }
        if (hi - lo > bestRange) [best, bestRange, bestChannel] = [i, hi - lo, ch];
      }
    });
    if (best < 0) break;
    const box = boxes[best].sort((p, q) => p[bestChannel] - q[bestChannel]);
    const total = box.reduce((s, c) => s + c[3], 0);
    let half = 0;
    let cut = 1;
    while (cut < box.length - 1 && half + box[cut - 1][3] < total / 2) half += box[cut++ - 1][3];
    boxes.splice(best, 1, box.slice(0, cut), box.slice(cut));
  }
  return boxes.map((box) => {
    const total = box.reduce((s, c) => s + c[3], 0);
    return [0, 1, 2].map((ch) => Math.round(box.reduce((s, c) => s + c[ch] * c[3], 0) / total));
  });
}

function chunk(type, body) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])), 0);
  return Buffer.concat([head, body, crc]);
}

let crcTable = null;
function crc32(bytes) {
  crcTable ??= Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** The PNG `png` with at most 256 colours, as an indexed PNG. */
export function shrinkPng(png) {
  if (!png.subarray(0, 8).equals(SIGNATURE)) throw new Error("not a PNG");
  const { width, height, channels, pixels } = decode(png);
  const key = (i) => (pixels[i] << 16) | (pixels[i + 1] << 8) | pixels[i + 2];
  const counts = new Map();
  for (let i = 0; i < pixels.length; i += channels) counts.set(key(i), (counts.get(key(i)) || 0) + 1);
  const colours = palette(counts);
  const nearest = new Map();
  const index = (k) => {
    let found = nearest.get(k);
    if (found === undefined) {
      const [r, g, b] = [k >> 16, (k >> 8) & 255, k & 255];
      let best = Infinity;
      colours.forEach(([pr, pg, pb], i) => {
        const d = 2 * (r - pr) ** 2 + 4 * (g - pg) ** 2 + 3 * (b - pb) ** 2;
        if (d < best) [best, found] = [d, i];
      });
      nearest.set(k, found);
    }
    return found;
  };
  const raw = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = index(key((y * width + x) * channels));
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // indexed colour
  return Buffer.concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("PLTE", Buffer.from(colours.flat())),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
