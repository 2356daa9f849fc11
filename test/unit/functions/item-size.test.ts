import { describe, expect, it } from 'vitest';
import { documentItemSizeBytes, itemSizeBytes, kilobytes, MAX_ITEM_BYTES } from '../../../functions/data/item-size';

/** DynamoDB's "Item sizes and formats" rules, on the wire form and on the document client's plain values. */
describe('the size of a DynamoDB item', () => {
  it('counts a string as the UTF-8 bytes of its name and value, not characters', () => {
    expect(itemSizeBytes({ caption: { S: 'abc' } })).toBe(7 + 3);
    expect(itemSizeBytes({ caption: { S: '😀' } })).toBe(7 + 4);
    expect(itemSizeBytes({ légende: { S: 'é' } })).toBe(8 + 2);
  });

  it('counts a number as 1 byte per two significant digits plus 1, zeros trimmed', () => {
    expect(itemSizeBytes({ n: { N: '7' } })).toBe(1 + 2);
    expect(itemSizeBytes({ n: { N: '12345' } })).toBe(1 + 4);
    expect(itemSizeBytes({ n: { N: '-0.00120' } })).toBe(1 + 2);
    expect(itemSizeBytes({ n: { N: '1700000000000' } })).toBe(1 + 2);
  });

  it('counts binary as raw bytes, null and booleans as 1', () => {
    expect(itemSizeBytes({ b: { B: new Uint8Array(10) } })).toBe(1 + 10);
    expect(itemSizeBytes({ b: { B: Buffer.alloc(10).toString('base64') } as never })).toBe(1 + 10);
    expect(itemSizeBytes({ x: { NULL: true }, y: { BOOL: false } })).toBe(2 + 2);
  });

  it('counts 3 bytes for a list or map plus 1 per element, and a map element its name', () => {
    expect(itemSizeBytes({ l: { L: [] } })).toBe(1 + 3);
    expect(itemSizeBytes({ l: { L: [{ S: 'ab' }, { BOOL: true }] } })).toBe(1 + 3 + (1 + 2) + (1 + 1));
    expect(itemSizeBytes({ m: { M: { k: { S: 'ab' } } } })).toBe(1 + 3 + (1 + 1 + 2));
  });

  it('gives the same size for the plain values the document client marshals', () => {
    const plain = { pk: 'USER#1', n: 12345, ok: true, none: null, l: ['ab', 1], m: { k: 'ab', skipped: undefined }, s: new Set(['a', 'bb']) };
    const wire = {
      pk: { S: 'USER#1' },
      n: { N: '12345' },
      ok: { BOOL: true },
      none: { NULL: true },
      l: { L: [{ S: 'ab' }, { N: '1' }] },
      m: { M: { k: { S: 'ab' } } },
      s: { SS: ['a', 'bb'] },
    };

    expect(documentItemSizeBytes(plain)).toBe(itemSizeBytes(wire));
  });

  it('has the 400 KB limit in binary kilobytes, and rounds a size up', () => {
    expect(MAX_ITEM_BYTES).toBe(409_600);
    expect(kilobytes(MAX_ITEM_BYTES)).toBe(400);
    expect(kilobytes(MAX_ITEM_BYTES + 1)).toBe(401);
  });
});
