import { describe, expect, it } from 'vitest';
import { documentIds } from '../src/db/document-id';

describe('documentIds', () => {
  it('gives distinct ids in the shape of Strapi’s own (24 characters, a letter first)', () => {
    const ids = documentIds(20_000);
    expect(ids).toHaveLength(20_000);
    expect(new Set(ids).size).toBe(20_000);
    expect(ids.every((id) => /^[a-z][a-z0-9]{23}$/.test(id))).toBe(true);
  });

  it('uses every character of the alphabet about equally', () => {
    const counts = new Map<string, number>();
    for (const id of documentIds(5_000)) for (const char of id.slice(1)) counts.set(char, (counts.get(char) ?? 0) + 1);
    const expected = (5_000 * 23) / 36;
    expect(counts.size).toBe(36);
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.1);
  });
});
