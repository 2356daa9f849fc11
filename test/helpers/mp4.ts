/** A minimal fast-start MP4 (ftyp, then moov with mvhd and one or two tracks' tkhd), for the header reader. */
function box(type: string, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
}

function matrix(rotate90: boolean): Buffer {
  const m = Buffer.alloc(36);
  const one = 0x10000;
  // a b u / c d v / x y w, 16.16 except u, v, w (2.30).
  const values = rotate90 ? [0, one, 0, -one, 0, 0, 0, 0, 0x40000000] : [one, 0, 0, 0, one, 0, 0, 0, 0x40000000];
  values.forEach((v, i) => m.writeInt32BE(v, i * 4));
  return m;
}

function tkhd(version: 0 | 1, width: number, height: number, rotate90: boolean): Buffer {
  const times = Buffer.alloc(version === 1 ? 32 : 20); // creation, modification, track id, reserved, duration
  const rest = Buffer.alloc(16); // reserved 8, layer, alternate group, volume, reserved
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width * 0x10000, 0);
  size.writeUInt32BE(height * 0x10000, 4);
  return box('tkhd', Buffer.from([version, 0, 0, 3]), times, rest, matrix(rotate90), size);
}

export function aFastStartMp4(o: { seconds: number; width: number; height: number; rotate90?: boolean; version?: 0 | 1; audioFirst?: boolean }): Buffer {
  const version = o.version ?? 0;
  const timescale = 1000;
  const duration = Math.round(o.seconds * timescale);
  const mvhdBody =
    version === 1
      ? Buffer.concat([
          Buffer.alloc(16),
          (() => {
            const b = Buffer.alloc(12);
            b.writeUInt32BE(timescale, 0);
            b.writeBigUInt64BE(BigInt(duration), 4);
            return b;
          })(),
        ])
      : (() => {
          const b = Buffer.alloc(16);
          b.writeUInt32BE(timescale, 8);
          b.writeUInt32BE(duration, 12);
          return b;
        })();
  const mvhd = box('mvhd', Buffer.from([version, 0, 0, 0]), mvhdBody, Buffer.alloc(80));
  const video = box('trak', tkhd(version, o.width, o.height, !!o.rotate90));
  const audio = box('trak', tkhd(version, 0, 0, false));
  const ftyp = box('ftyp', Buffer.from('isom'), Buffer.alloc(4), Buffer.from('isomiso2'));
  const moov = box('moov', mvhd, ...(o.audioFirst ? [audio, video] : [video]));
  return Buffer.concat([ftyp, moov, box('mdat', Buffer.alloc(64))]);
}
