/**
 * The metadata blocks sharp's metadata() does not report (issue #26): a JPEG's comment segment and
 * its application segments other than the ones that describe the picture, and a GIF's comment and
 * application extensions other than the loop count. A stored original that still holds one is
 * rewritten by the backfill, as an upload would have been (variants.ts, hasMetadata).
 */

/** JPEG application segments that describe the picture, not its origin: JFIF (APP0), the ICC profile (APP2), Adobe's colour transform (APP14). */
const JPEG_PICTURE_SEGMENTS = new Set([0xe0, 0xe2, 0xee]);
const JPEG_COMMENT = 0xfe;
const JPEG_START_OF_SCAN = 0xda;
const JPEG_END_OF_IMAGE = 0xd9;
/** Markers without a length: start of image, the restart markers and TEM. */
const jpegStandalone = (marker: number) => marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

/** True when the JPEG's header (the segments before its first scan) holds a comment or a metadata segment (EXIF, XMP, IPTC, a maker's APPn). */
export const jpegHasMetadataSegments = (bytes: Buffer): boolean => {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1];
    if (marker === 0xff) {
      offset += 1; // a fill byte before the marker
      continue;
    }
    if (marker === JPEG_START_OF_SCAN || marker === JPEG_END_OF_IMAGE) return false;
    if (jpegStandalone(marker)) {
      offset += 2;
      continue;
    }
    if (marker === JPEG_COMMENT || (marker >= 0xe0 && marker <= 0xef && !JPEG_PICTURE_SEGMENTS.has(marker))) return true;
    offset += 2 + bytes.readUInt16BE(offset + 2);
  }
  return false;
};

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_COMMENT = 0xfe;
const GIF_APPLICATION = 0xff;
/** The application extensions that only say how often an animation loops. */
const GIF_LOOP_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0']);
/** The length of a colour table whose flags byte is `flags` (none when its top bit is clear). */
const gifColourTable = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
/** The offset past a chain of data sub-blocks starting at `offset`. */
const skipSubBlocks = (bytes: Buffer, offset: number) => {
  let at = offset;
  while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
  return at + 1;
};

/** True when the GIF holds a comment extension or an application extension other than the loop count (XMP among them). */
export const gifHasMetadataBlocks = (bytes: Buffer): boolean => {
  if (bytes.length < 13) return false;
  let offset = 13 + gifColourTable(bytes[10]);
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === GIF_EXTENSION) {
      const label = bytes[offset + 1];
      if (label === GIF_COMMENT) return true;
      if (label === GIF_APPLICATION && !GIF_LOOP_APPLICATIONS.has(bytes.subarray(offset + 3, offset + 14).toString('latin1'))) return true;
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (block === GIF_IMAGE) {
      // The descriptor (10 bytes), its colour table, the LZW code size, then the picture's sub-blocks.
      offset = skipSubBlocks(bytes, offset + 10 + gifColourTable(bytes[offset + 9]) + 1);
    } else {
      return false; // the trailer, or bytes that are no block
    }
  }
  return false;
};
