/**
 * The metadata blocks sharp's metadata() does not report (issue #26): a JPEG's comment segment and
 * its application segments other than the ones that describe the picture, and a GIF's comment and
 * application extensions other than the loop count and the colour profile. A stored original that
 * still holds one is rewritten by the backfill, as an upload would have been (variants.ts,
 * hasMetadata). Both scanners only read: bytes they cannot follow end the scan ('no metadata found').
 */

/**
 * JPEG application segments that describe the picture, not its origin, by marker and identifier:
 * JFIF (APP0; not JFXX, a thumbnail), the ICC profile (APP2; not MPF, a second picture), Adobe's
 * colour transform (APP14). Any other APPn (EXIF and XMP in APP1, IPTC in APP13, makers' notes) is
 * metadata.
 */
const JPEG_PICTURE_SEGMENTS = new Map([
  [0xe0, 'JFIF\0'],
  [0xe2, 'ICC_PROFILE\0'],
  [0xee, 'Adobe'],
]);
const JPEG_COMMENT = 0xfe;
const JPEG_START_OF_SCAN = 0xda;
const JPEG_END_OF_IMAGE = 0xd9;
/** Markers without a length: start of image, the restart markers and TEM. */
const jpegStandalone = (marker: number) => marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

const isApplicationSegment = (marker: number) => marker >= 0xe0 && marker <= 0xef;

/** True when the JPEG's header (the segments before its first scan) holds a comment or a metadata segment (EXIF, XMP, IPTC, a maker's APPn). */
export const jpegHasMetadataSegments = (bytes: Buffer): boolean => {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) {
      offset += 1; // stray bytes between segments, which decoders skip: on to the next marker
      continue;
    }
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
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === JPEG_COMMENT) return true;
    if (isApplicationSegment(marker)) {
      const identifier = JPEG_PICTURE_SEGMENTS.get(marker);
      const body = bytes.subarray(offset + 4, offset + 2 + length);
      if (identifier === undefined || !body.subarray(0, identifier.length).equals(Buffer.from(identifier, 'latin1'))) return true;
    }
    offset += 2 + Math.max(length, 2);
  }
  return false;
};

const GIF_EXTENSION = 0x21;
const GIF_IMAGE = 0x2c;
const GIF_COMMENT = 0xfe;
const GIF_APPLICATION = 0xff;
/** The application extensions that describe the picture: how often it loops, and its colour profile. */
const GIF_PICTURE_APPLICATIONS = new Set(['NETSCAPE2.0', 'ANIMEXTS1.0', 'ICCRGBG1012']);
/** An application extension's identifier and authentication code: 11 bytes after its block size. */
const GIF_APPLICATION_ID_LENGTH = 11;
/** The length in bytes of a colour table whose flags byte is `flags` (none when its top bit is clear). */
const gifColourTableLength = (flags: number) => (flags & 0x80 ? 3 * 2 ** ((flags & 0x07) + 1) : 0);
/** The offset past a chain of data sub-blocks starting at `offset`. */
const skipSubBlocks = (bytes: Buffer, offset: number) => {
  let at = offset;
  while (at < bytes.length && bytes[at] !== 0) at += bytes[at] + 1;
  return at + 1;
};

/** True when the GIF holds a comment extension or an application extension other than the loop count and the colour profile (XMP among them). */
export const gifHasMetadataBlocks = (bytes: Buffer): boolean => {
  if (bytes.length < 13) return false;
  let offset = 13 + gifColourTableLength(bytes[10]);
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === GIF_EXTENSION) {
      const label = bytes[offset + 1];
      if (label === GIF_COMMENT) return true;
      if (label === GIF_APPLICATION) {
        const identifier = bytes.subarray(offset + 3, offset + 3 + GIF_APPLICATION_ID_LENGTH);
        // Cut short: no block to judge, and nothing a re-encode could read either.
        if (identifier.length < GIF_APPLICATION_ID_LENGTH) return false;
        if (!GIF_PICTURE_APPLICATIONS.has(identifier.toString('latin1'))) return true;
      }
      offset = skipSubBlocks(bytes, offset + 2);
    } else if (block === GIF_IMAGE) {
      // The descriptor (10 bytes), its colour table, the LZW code size, then the picture's sub-blocks.
      offset = skipSubBlocks(bytes, offset + 10 + gifColourTableLength(bytes[offset + 9]) + 1);
    } else {
      return false; // the trailer, or bytes that are no block
    }
  }
  return false;
};
