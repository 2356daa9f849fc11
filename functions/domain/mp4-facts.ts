import type { VideoFacts } from '@shared/media';

/**
 * A video's length and displayed size read from an MP4/MOV header (ISO BMFF `moov` → `mvhd` for the
 * length, the video track's `tkhd` for the size and rotation), when the header sits in the first
 * bytes of the file ("fast start", as phones and most editors write it). Null when it is not there
 * (the header at the end of a long file) or the bytes are not such a file: the browser's own measure
 * is then all there is. Media confirm prefers these to what the browser said.
 */
export const MP4_HEADER_BYTES = 512 * 1024;

interface Box {
  type: string;
  start: number; // first byte of the payload
  end: number; // one past the last byte
}

function* boxes(view: DataView, from: number, to: number): Generator<Box> {
  let at = from;
  while (at + 8 <= to) {
    let size = view.getUint32(at);
    const type = String.fromCharCode(view.getUint8(at + 4), view.getUint8(at + 5), view.getUint8(at + 6), view.getUint8(at + 7));
    let header = 8;
    if (size === 1) {
      if (at + 16 > to) return;
      const big = view.getBigUint64(at + 8);
      if (big > BigInt(Number.MAX_SAFE_INTEGER)) return;
      size = Number(big);
      header = 16;
    } else if (size === 0) size = to - at;
    if (size < header) return;
    // A box running past what we have is cut off: stop, it cannot be read.
    if (at + size > to) return;
    yield { type, start: at + header, end: at + size };
    at += size;
  }
}

const child = (view: DataView, parent: Box, type: string) => [...boxes(view, parent.start, parent.end)].find((b) => b.type === type);
const fixed16 = (view: DataView, at: number) => view.getInt32(at) / 65536;

export function mp4VideoFacts(bytes: Uint8Array): VideoFacts | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    const moov = [...boxes(view, 0, bytes.byteLength)].find((b) => b.type === 'moov');
    if (!moov) return null;
    const mvhd = child(view, moov, 'mvhd');
    if (!mvhd) return null;
    const v1 = view.getUint8(mvhd.start) === 1;
    const timescale = view.getUint32(mvhd.start + (v1 ? 20 : 12));
    const duration = v1 ? Number(view.getBigUint64(mvhd.start + 24)) : view.getUint32(mvhd.start + 16);
    if (!timescale || !duration) return null;
    for (const trak of boxes(view, moov.start, moov.end)) {
      if (trak.type !== 'trak') continue;
      const tkhd = child(view, trak, 'tkhd');
      if (!tkhd) continue;
      const t1 = view.getUint8(tkhd.start) === 1;
      const matrixAt = tkhd.start + (t1 ? 52 : 40);
      const width = Math.round(fixed16(view, matrixAt + 36));
      const height = Math.round(fixed16(view, matrixAt + 40));
      if (width <= 0 || height <= 0) continue; // an audio track
      // The display matrix turns a phone's 1920×1080 frames into a 1080×1920 picture.
      const [a, b] = [fixed16(view, matrixAt), fixed16(view, matrixAt + 4)];
      const quarterTurn = Math.abs(a) < 0.5 && Math.abs(b) > 0.5;
      return {
        duration_seconds: Math.round((duration / timescale) * 1000) / 1000,
        width: quarterTurn ? height : width,
        height: quarterTurn ? width : height,
      };
    }
    return null;
  } catch {
    return null; // A malformed header reads as no header.
  }
}
