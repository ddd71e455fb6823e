import { describe, expect, it } from 'vitest';
import { detached, wholeCharacters } from './sheet-reader.ts';

describe('wholeCharacters (chunks handed to ExcelJS end on a character boundary)', () => {
  it('never cuts a 1-, 2-, 3- or 4-byte UTF-8 character, wherever the chunk ends', () => {
    const text = 'a£€😀中文 mixed ÅÄÖ 𝄞 end';
    const bytes = Buffer.from(text, 'utf8');
    for (let end = 0; end <= bytes.length; end++) {
      const cut = wholeCharacters(bytes.subarray(0, end));
      expect(cut).toBeLessThanOrEqual(end);
      expect(end - cut).toBeLessThan(4);
      // What is handed over decodes without a replacement character, and with the rest it is the text.
      const head = bytes.subarray(0, cut).toString('utf8');
      expect(head.includes('\ufffd'), `end ${end}`).toBe(false);
      expect(head + bytes.subarray(cut).toString('utf8')).toBe(text);
    }
  });

  it('keeps a chunk of plain ASCII whole', () => {
    expect(wholeCharacters(Buffer.from('<row r="1">'))).toBe(11);
    expect(wholeCharacters(Buffer.alloc(0))).toBe(0);
  });
});

describe('detached', () => {
  it('returns the same text', () => {
    const long = `${'x'.repeat(20)}订单`;
    expect(detached(long)).toBe(long);
    expect(detached('short')).toBe('short');
  });
});
