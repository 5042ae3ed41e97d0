/** Reading request bodies under a cap (src/lib/http/endpoint.ts): decoded as they arrive, refused past the cap. */
import { describe, expect, it } from 'vitest';
import { readLimitedBytes, readLimitedText } from '../../src/lib/http/endpoint.ts';

/** A request whose body arrives in the given chunks, without Content-Length. */
const chunkedRequest = (chunks: number[][], headers: Record<string, string> = {}) => new Request('http://localhost/api', {
  method: 'POST', headers, duplex: 'half',
  body: new ReadableStream({ start(controller) { for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk)); controller.close(); } }),
} as RequestInit);

describe('request bodies', () => {
  it('decodes a character split across chunks', async () => {
    const [first, ...rest] = [...new TextEncoder().encode('"é€😀"')];
    expect(await readLimitedText(chunkedRequest([[first!, rest[0]!], rest.slice(1, 4), rest.slice(4)]), 100)).toBe('"é€😀"');
  });

  it('refuses bytes that are not UTF-8, and a body past the cap whatever it declares', async () => {
    await expect(readLimitedText(chunkedRequest([[0x22, 0xc3], [0x28]]), 100)).rejects.toThrow('The request body is not valid UTF-8.');
    await expect(readLimitedText(chunkedRequest([[0x22], [0xe2, 0x82]]), 100)).rejects.toThrow('The request body is not valid UTF-8.');
    await expect(readLimitedText(chunkedRequest([Array(1500).fill(32), Array(1500).fill(32)], { 'content-length': '10' }), 2048))
      .rejects.toThrow('The request body is larger than 2 KB.');
    await expect(readLimitedBytes(chunkedRequest([[1]], { 'content-length': String(2048) }), 1024)).rejects.toThrow('The request body is larger than 1 KB.');
    expect([...await readLimitedBytes(chunkedRequest([[1, 2], [3]]), 3)]).toEqual([1, 2, 3]);
  });
});
