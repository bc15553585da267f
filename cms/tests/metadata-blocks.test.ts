import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { gifHasMetadataBlocks, jpegHasMetadataSegments } from '../src/api/unit-image/lib/metadata-blocks';
import { withGifExtension, withJpegSegment } from './helpers/unit-images';

// Issue #26, images: the JPEG segments and GIF extensions the backfill judges an old original by
// (sharp's metadata() reports neither). A picture as sharp writes it must read as clean, or every
// run of the backfill would re-encode it again.

const picture = () => sharp({ create: { width: 12, height: 8, channels: 3, background: { r: 30, g: 90, b: 150 } } });

/** An application extension: its 11-byte identifier in a block of its own, then `data`. */
const application = (gif: Buffer, identifier: string, data = Buffer.from('x')) =>
  Buffer.concat([
    gif.subarray(0, -1),
    Buffer.from([0x21, 0xff, 11]),
    Buffer.from(identifier, 'latin1'),
    Buffer.from([data.length]),
    data,
    Buffer.from([0x00, 0x3b]),
  ]);

describe('a JPEG', () => {
  it('as sharp writes it, with or without its colour profile, holds no metadata', async () => {
    expect(jpegHasMetadataSegments(await picture().jpeg().toBuffer())).toBe(false);
    expect(jpegHasMetadataSegments(await picture().jpeg().withIccProfile('p3').toBuffer())).toBe(false);
  });

  it('with EXIF, XMP, a comment, IPTC or a maker’s segment holds metadata', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    expect(
      jpegHasMetadataSegments(
        await picture()
          .jpeg()
          .withExif({ IFD0: { Make: 'PhoneCo' } })
          .toBuffer(),
      ),
    ).toBe(true);
    expect(jpegHasMetadataSegments(await picture().jpeg().withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"/>').toBuffer())).toBe(true);
    expect(jpegHasMetadataSegments(withJpegSegment(jpeg, 0xfe, Buffer.from('owner 0501234567')))).toBe(true);
    expect(jpegHasMetadataSegments(withJpegSegment(jpeg, 0xed, Buffer.from('Photoshop 3.0\0'))), 'APP13').toBe(true);
    expect(jpegHasMetadataSegments(withJpegSegment(jpeg, 0xec, Buffer.from('Ducky'))), 'APP12').toBe(true);
  });

  it('judges APP0, APP2 and APP14 by their identifier: a JFXX thumbnail or an MPF second picture is metadata', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    expect(jpegHasMetadataSegments(withJpegSegment(jpeg, 0xe0, Buffer.from('JFXX\0\x10thumbnail', 'latin1')))).toBe(true);
    expect(jpegHasMetadataSegments(withJpegSegment(jpeg, 0xe2, Buffer.from('MPF\0II*\0', 'latin1')))).toBe(true);
    expect(jpegHasMetadataSegments(withJpegSegment(jpeg, 0xee, Buffer.from('Adobe\0d\0\0\0\0\x01', 'latin1')))).toBe(false);
  });

  it('finds a comment after stray bytes between segments, and reads a cut-short or garbled file without failing', async () => {
    const jpeg = await picture().jpeg().toBuffer();
    const stray = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0x00, 0x00]), withJpegSegment(jpeg, 0xfe, Buffer.from('hidden')).subarray(2)]);
    expect(jpegHasMetadataSegments(stray)).toBe(true);
    for (const bytes of [jpeg.subarray(0, 5), Buffer.from([0xff, 0xd8]), Buffer.alloc(64, 0xff), Buffer.alloc(64, 0)]) {
      expect(jpegHasMetadataSegments(bytes)).toBe(false);
    }
    // A segment that claims no length still moves the scan on.
    expect(
      jpegHasMetadataSegments(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xc4, 0x00, 0x00]), withJpegSegment(jpeg, 0xfe, Buffer.from('x')).subarray(2)])),
    ).toBe(true);
  });
});

describe('a GIF', () => {
  it('as sharp writes it, still or animated, holds no metadata', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 10, height: 10, channels: 3, background } })
        .png()
        .toBuffer();
    const animated = await sharp([await frame('red'), await frame('blue'), await frame('green')], { join: { animated: true } })
      .gif({ loop: 0, delay: 100 })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    expect(animated.includes(Buffer.from('NETSCAPE2.0'))).toBe(true);
    expect(gifHasMetadataBlocks(animated)).toBe(false);
    expect(gifHasMetadataBlocks(await picture().gif().toBuffer())).toBe(false);
  });

  it('with a comment or an XMP application extension holds metadata; its loop count and colour profile are not', async () => {
    const gif = await picture().gif().toBuffer();
    expect(gifHasMetadataBlocks(withGifExtension(gif, 0xfe, Buffer.from('owner 0501234567')))).toBe(true);
    expect(gifHasMetadataBlocks(application(gif, 'XMP DataXMP', Buffer.from('<x:xmpmeta/>')))).toBe(true);
    expect(gifHasMetadataBlocks(application(gif, 'NETSCAPE2.0', Buffer.from([1, 0, 0])))).toBe(false);
    expect(gifHasMetadataBlocks(application(gif, 'ICCRGBG1012', Buffer.from('profile')))).toBe(false);
  });

  it('reads a cut-short or garbled file without failing', async () => {
    const gif = await picture().gif().toBuffer();
    const cut = application(gif, 'XMP DataXMP').subarray(0, gif.length + 5);
    for (const bytes of [cut, gif.subarray(0, 12), Buffer.from('GIF89a'), Buffer.concat([gif.subarray(0, 13), Buffer.alloc(40, 0x21)])]) {
      expect(() => gifHasMetadataBlocks(bytes)).not.toThrow();
    }
    expect(gifHasMetadataBlocks(cut)).toBe(false);
  });
});
