import { z } from 'zod';

/**
 * Media of a material and its manufacturing steps: images and PDF drawings the station screen
 * shows. All limits are here, once: the server enforces them, the form offers and checks them.
 */
/** The types a medium may have (the file chooser offers them); the server decides by the bytes, never by the name. */
export const mediaTypes = ['image/png', 'image/jpeg', 'image/webp', 'application/pdf'] as const;
export type MediaType = (typeof mediaTypes)[number];

export const mediaLimits = {
  /** Bytes of one file (the server may be configured lower: `MATERIAL_MEDIA_MAX_BYTES`). */
  fileBytes: 100 * 1024 * 1024,
  /** Media of one material, its steps' included. */
  perMaterial: 20,
  /** Characters of the file name kept (the name shown and downloaded). */
  fileName: 120,
} as const;

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

/** Bytes of the head `mediaTypeOf` needs to decide (WebP: `RIFF....WEBP`). */
export const MEDIA_HEAD_BYTES = 12;

const startsWith = (head: Uint8Array, signature: readonly number[], at = 0) =>
  head.length >= at + signature.length && signature.every((byte, index) => head[at + index] === byte);

/** The media type the first bytes of a file announce, whatever its name claims; undefined for anything else. */
export function mediaTypeOf(head: Uint8Array): MediaType | undefined {
  if (startsWith(head, PNG)) return 'image/png';
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PDF)) return 'application/pdf';
  if (startsWith(head, RIFF) && startsWith(head, WEBP, 8)) return 'image/webp';
  return undefined;
}

/** The name kept for a file: its base name, without control characters, at most `mediaLimits.fileName` characters. */
export function mediaFileName(raw: string | undefined): string {
  const base = (raw ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'file').slice(0, mediaLimits.fileName);
}

/**
 * The upload's station: a station of the company (the station of one of the material's steps), or
 * `all` for a medium of the material shown at every station. Missing: 'Select station and/or upload media!'.
 */
export const mediaStationFieldSchema = z.union([z.literal('all'), z.uuid()]);

/** One medium as the API answers it. */
export const materialMediumSchema = z.object({
  id: z.uuid(),
  materialId: z.uuid(),
  /** The station whose step it belongs to; null: shown at every station. */
  stationId: z.uuid().nullable(),
  fileName: z.string(),
  contentType: z.enum(mediaTypes),
  size: z.number().int(),
  /** Same-origin path of the bytes; fetch it with the bearer token. */
  url: z.string(),
  uploadedAt: z.iso.datetime({ offset: true }),
});
export type MaterialMedium = z.infer<typeof materialMediumSchema>;

export const materialMediaListSchema = z.object({ items: z.array(materialMediumSchema) });
export type MaterialMediaList = z.infer<typeof materialMediaListSchema>;

/** `GET /api/materials/{id}/media?stationId=`: with a station, its media and the material's own (for every station). */
export const materialMediaQuerySchema = z.object({ stationId: z.uuid({ error: 'validation.invalidId' }).optional() });
