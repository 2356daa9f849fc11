import { INSTAGRAM_IMAGE_MAX_BYTES, INSTAGRAM_IMAGE_MAX_WIDTH } from '@shared/instagram';
import sharp from 'sharp';

/**
 * Reading and converting images with sharp (libvips). Only media confirm imports this module, so
 * only its Lambda carries the native binary (infra/constructs/app-function.ts NATIVE_MODULE_HANDLERS).
 */

export interface ImageFacts {
  /** sharp's name of the format: jpeg, png, webp, gif… */
  readonly format: string;
  /** As displayed: EXIF orientation applied (a portrait phone photo is stored landscape). */
  readonly width: number;
  readonly height: number;
  /** Colour space as sharp reports it (srgb, cmyk, b-w…). */
  readonly space: string | null;
}

/** The real format and size of an image, or null when sharp cannot read it as one. */
export async function readImage(bytes: Buffer): Promise<ImageFacts | null> {
  try {
    const meta = await sharp(bytes).metadata();
    const width = meta.autoOrient?.width ?? meta.width;
    const height = meta.autoOrient?.height ?? meta.height;
    if (!meta.format || !width || !height) return null;
    // metadata() reads only the header: decode the pixels too, so a truncated file is caught here.
    await sharp(bytes).stats();
    return { format: meta.format, width, height, space: meta.space ?? null };
  } catch {
    return null;
  }
}

/**
 * Whether Instagram needs a copy: it publishes JPEG only (36001), at most 8 MiB (36000), in sRGB, and
 * scales anything wider than 1440 px down itself. A JPEG inside those limits is sent as it is.
 */
export function needsInstagramCopy(facts: ImageFacts, sizeBytes: number): boolean {
  return facts.format !== 'jpeg' || sizeBytes > INSTAGRAM_IMAGE_MAX_BYTES || facts.width > INSTAGRAM_IMAGE_MAX_WIDTH || facts.space === 'cmyk';
}

const QUALITIES = [90, 82, 74, 66, 58, 50] as const;

/**
 * The JPEG Instagram gets: upright (EXIF orientation applied), sRGB, at most 1440 px wide, the first
 * frame of an animation, transparency on white (JPEG has no alpha, and black is what a bare
 * conversion gives), and the best quality that stays within 8 MiB.
 */
export async function instagramJpeg(bytes: Buffer, maxBytes = INSTAGRAM_IMAGE_MAX_BYTES): Promise<Buffer> {
  const base = sharp(bytes, { animated: false })
    .rotate()
    .resize({ width: INSTAGRAM_IMAGE_MAX_WIDTH, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb');
  let out = Buffer.alloc(0);
  for (const quality of QUALITIES) {
    out = await base.clone().jpeg({ quality, mozjpeg: true }).toBuffer();
    if (out.length <= maxBytes) return out;
  }
  // 1440 px wide at quality 50 is far below 8 MiB unless the image is extremely tall.
  throw new Error(`JPEG copy still ${out.length} bytes at quality ${QUALITIES[QUALITIES.length - 1]}`);
}
