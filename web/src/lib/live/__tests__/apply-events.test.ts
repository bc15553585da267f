import type { ProjectCard, ProjectEvent, SoldUnit, UnitDetail, UnitListItem } from '@repo/types';
import { describe, expect, it } from 'vitest';
import { applyToProjectCards, applyToSoldUnits, applyToUnitDetail, applyToUnitList, collectChanges, type UnitListSnapshot } from '../apply-events';

const unit = (id: number, patch: Partial<UnitListItem> = {}): UnitListItem => ({
  id,
  unitNumber: `U-${id}`,
  name: null,
  unitType: '1 Bedroom',
  floor: '1',
  view: null,
  area: 800,
  size: null,
  price: 1_000_000,
  status: 'available',
  bedrooms: 1,
  bathrooms: 1,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...patch,
});

let sequence = 0;
const unitEvent = (row: UnitListItem): ProjectEvent => ({ type: 'unit', id: String((sequence += 1)), data: { unit: row } });
const removedEvent = (id: number): ProjectEvent => ({ type: 'unit-removed', id: String((sequence += 1)), data: { id } });

const card = (id: number, available: number): ProjectCard => ({
  id,
  name: `Project ${id}`,
  location: null,
  description: null,
  imageUrl: null,
  imageMetadata: null,
  visibleTo: ['dubai'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  projectType: null,
  totalUnits: available,
  unitStatusCounts: { available, sold: 0, reserved: 0, unavailable: 0, occupied: 0 },
});

const snapshot = (...units: UnitListItem[]): UnitListSnapshot => ({ units, etag: 'W/"list-1"' });

describe('collectChanges', () => {
  it('keeps the last word on each unit: changed then removed is removed, removed then changed is back', () => {
    const changes = collectChanges([unitEvent(unit(1, { status: 'sold' })), removedEvent(1), removedEvent(2), unitEvent(unit(2, { status: 'reserved' }))]);
    expect([...changes.removed]).toEqual([1]);
    expect([...changes.upserts.keys()]).toEqual([2]);
    expect(changes.upserts.get(2)?.status).toBe('reserved');
    expect(changes.resync).toBe(false);
  });

  it('notes a resync and the latest card of each project', () => {
    const changes = collectChanges([
      { type: 'project', id: '1', data: { project: card(7, 3) } },
      { type: 'project', id: '2', data: { project: card(7, 2) } },
      { type: 'resync', id: '3', data: { reason: 'bulk' } },
    ]);
    expect(changes.projects.get(7)?.unitStatusCounts.available).toBe(2);
    expect(changes.resync).toBe(true);
  });
});

describe('applyToUnitList', () => {
  it('replaces a changed row where it stands and keeps the ETag the list was read with', () => {
    const list = snapshot(unit(1), unit(2), unit(3));
    const next = applyToUnitList(list, collectChanges([unitEvent(unit(2, { status: 'sold', updatedAt: '2026-01-02T00:00:00.000Z' }))]), true);
    expect(next.units.map((row) => [row.id, row.status])).toEqual([
      [1, 'available'],
      [2, 'sold'],
      [3, 'available'],
    ]);
    expect(next.etag).toBe('W/"list-1"');
    expect(next.units[0]).toBe(list.units[0]);
    expect(list.units[1].status).toBe('available');
  });

  it('drops a removed unit', () => {
    const next = applyToUnitList(snapshot(unit(1), unit(2)), collectChanges([removedEvent(1)]), true);
    expect(next.units.map((row) => row.id)).toEqual([2]);
  });

  it("adds a unit it did not hold only when the changes are known to be this list's project", () => {
    const changes = collectChanges([unitEvent(unit(9))]);
    expect(applyToUnitList(snapshot(unit(1)), changes, true).units.map((row) => row.id)).toEqual([1, 9]);
    const other = snapshot(unit(1));
    expect(applyToUnitList(other, changes, false)).toBe(other);
  });

  it('returns the same snapshot when the batch does not concern it, so memoised work is kept', () => {
    const list = snapshot(unit(1));
    expect(applyToUnitList(list, collectChanges([removedEvent(5)]), true)).toBe(list);
  });

  it('applies a bulk change of 500 units in one pass', () => {
    const rows = Array.from({ length: 1_000 }, (_, index) => unit(index + 1));
    const events = rows.slice(0, 500).map((row) => unitEvent({ ...row, status: 'reserved' }));
    const next = applyToUnitList(snapshot(...rows), collectChanges(events), true);
    expect(next.units).toHaveLength(1_000);
    expect(next.units.filter((row) => row.status === 'reserved')).toHaveLength(500);
    expect(next.units.slice(500).every((row) => row.status === 'available')).toBe(true);
  });
});

describe('applyToUnitDetail', () => {
  it("takes the list fields of the event and keeps the detail's own", () => {
    const detail = { ...unit(4), description: 'Sea view', images: [], revision: 3 } as unknown as UnitDetail;
    const next = applyToUnitDetail(detail, unit(4, { status: 'sold', price: 2_000_000 }));
    expect(next).toMatchObject({ status: 'sold', price: 2_000_000, description: 'Sea view', revision: 3 });
  });
});

describe('applyToProjectCards', () => {
  it("replaces the counts of the projects named and leaves the others' cards as they were", () => {
    const cards = [card(1, 5), card(2, 3)];
    const next = applyToProjectCards(cards, collectChanges([{ type: 'project', id: '1', data: { project: card(2, 1) } }]).projects);
    expect(next.map((entry) => entry.unitStatusCounts.available)).toEqual([5, 1]);
    expect(next[0]).toBe(cards[0]);
  });

  it('keeps the same list when no card it holds changed', () => {
    const cards = [card(1, 5)];
    expect(applyToProjectCards(cards, collectChanges([{ type: 'project', id: '1', data: { project: card(9, 1) } }]).projects)).toBe(cards);
  });
});

describe('applyToSoldUnits', () => {
  const sold = (id: number): SoldUnit => ({
    id,
    unitNumber: `U-${id}`,
    name: null,
    projectId: 1,
    projectName: 'Project 1',
    price: 1_000_000,
    status: 'sold',
    archived: false,
    overdue: false,
    updatedAt: '2026-01-01T00:00:00.000Z',
    revision: 1,
    saleDetails: {} as SoldUnit['saleDetails'],
  });

  it('drops a unit that is no longer sold, or gone, without re-reading the list', () => {
    const result = applyToSoldUnits([sold(1), sold(2), sold(3)], collectChanges([unitEvent(unit(1, { status: 'available' })), removedEvent(3)]));
    expect(result.list.map((row) => row.id)).toEqual([2]);
    expect(result.stale).toBe(false);
  });

  it('asks for a re-read when a unit became sold: its sale details are not in the event', () => {
    const list = [sold(1)];
    const result = applyToSoldUnits(list, collectChanges([unitEvent(unit(8, { status: 'sold' }))]));
    expect(result.list).toBe(list);
    expect(result.stale).toBe(true);
  });

  it('updates a listed sold unit in place and re-reads, since its sale details may have changed too', () => {
    const result = applyToSoldUnits([sold(1)], collectChanges([unitEvent(unit(1, { status: 'sold', price: 9, updatedAt: '2026-02-01T00:00:00.000Z' }))]));
    expect(result.list[0]).toMatchObject({ price: 9, saleDetails: {}, projectName: 'Project 1' });
    expect(result.stale).toBe(true);
  });
});
