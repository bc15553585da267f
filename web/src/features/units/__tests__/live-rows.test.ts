import { describe, expect, it } from 'vitest';
import { describeChanges, unitChangesSince } from '../utils/unit-changes';
import { changedRowIds, steadyRows } from '../utils/steady-rows';
import { makeDetail, makeUnit } from './fixtures';

const byId = (...units: ReturnType<typeof makeUnit>[]) => new Map(units.map((unit) => [unit.id, unit]));

describe('steadyRows', () => {
  const a = makeUnit({ id: 1, unitNumber: 'A' });
  const b = makeUnit({ id: 2, unitNumber: 'B' });
  const c = makeUnit({ id: 3, unitNumber: 'C' });

  it('keeps a removed unit in its place, greyed as gone, while the viewer reads the table', () => {
    const view = steadyRows([1, 2, 3], [a, c], byId(a, c), byId(a, b, c));
    expect(view.rows.map((row) => [row.unit.unitNumber, row.state])).toEqual([
      ['A', 'current'],
      ['B', 'gone'],
      ['C', 'current'],
    ]);
    expect(view.pending).toBe(0);
  });

  it('shows a changed unit at its latest version where it stands, even if the sort would move it', () => {
    const soldB = { ...b, status: 'sold' as const, updatedAt: '2026-02-01T00:00:00.000Z' };
    const view = steadyRows([1, 2, 3], [soldB, a, c], byId(a, soldB, c), byId(a, b, c));
    expect(view.rows.map((row) => row.unit)).toEqual([a, soldB, c]);
  });

  it('marks a unit a filter no longer shows as moved, with its new state, and holds new units back', () => {
    const reservedB = { ...b, status: 'reserved' as const };
    const d = makeUnit({ id: 4, unitNumber: 'D' });
    const view = steadyRows([1, 2], [a, d], byId(a, reservedB, d), byId(a, b));
    expect(view.rows.map((row) => [row.unit.status, row.state])).toEqual([
      ['available', 'current'],
      ['reserved', 'moved'],
    ]);
    expect(view.pending).toBe(1);
  });
});

describe('changedRowIds', () => {
  it('names the rows whose version moved and the new ones, not the unchanged', () => {
    const before = new Map([
      [1, '2026-01-01T00:00:00.000Z'],
      [2, '2026-01-01T00:00:00.000Z'],
    ]);
    const after = [makeUnit({ id: 1 }), makeUnit({ id: 2, updatedAt: '2026-03-01T00:00:00.000Z' }), makeUnit({ id: 3 })];
    expect(changedRowIds(before, after)).toEqual([2, 3]);
  });
});

describe('unitChangesSince', () => {
  it('lists the changed fields in the words of the form, with the currency of the project', () => {
    const base = makeDetail({ revision: 4 });
    const current = { ...base, status: 'sold' as const, price: 2_000_000, revision: 5 };
    const { changed, fields } = unitChangesSince(base, current);
    expect(changed).toBe(true);
    expect(fields.map((field) => field.field)).toEqual(['status', 'price']);
    expect(describeChanges(fields)).toMatch(/^Status: Available → Sold; Price: \S+ 1,200,000 → \S+ 2,000,000$/);
  });

  it('notices a change it cannot name (a new revision) and nothing when the unit is as read', () => {
    const base = makeDetail({ revision: 4 });
    expect(unitChangesSince(base, { ...base })).toEqual({ changed: false, fields: [] });
    const moved = unitChangesSince(base, { ...base, revision: 5 });
    expect(moved).toEqual({ changed: true, fields: [] });
    expect(describeChanges(moved.fields)).toBe('its images or other details');
  });
});
