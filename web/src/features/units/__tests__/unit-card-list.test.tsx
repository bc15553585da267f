import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { formatPrice } from '@repo/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/lib/use-is-phone';
import { renderApp } from '@/test/render-app';
import { makeAgent, makeProfile, mockApi, ok } from '@/test/mock-api';
import type { UnitListItem } from '../api/types';
import { makeUnit, manyUnits, PROJECT } from './fixtures';

/** A phone's screen: the one media query the units list asks matches. */
const asPhone = () => {
  const original = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({ ...original(query), matches: query === PHONE_QUERY, media: query }));
};

const open = async (path: string, units: UnitListItem[], profile = makeProfile()) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(profile),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/units': ok({ data: units, meta: { total: units.length } }),
  });
  renderApp(path);
  await screen.findByRole('heading', { name: `Units (${units.length})` });
  return api;
};

const list = () => screen.getByRole('list', { name: 'Units' });
const cards = () => within(list()).getAllByRole('listitem');
const cardNumbers = () => cards().map((card) => card.querySelector('.unit-card-number')?.textContent?.replace(/^Unit /, ''));

describe('units list on a phone', () => {
  beforeEach(asPhone);
  afterEach(() => vi.restoreAllMocks());

  it('shows cards, not the table: number, type, floor, view, area, the whole price and the status, the card a link to the unit', async () => {
    const unit = makeUnit({
      id: 7,
      unitNumber: 'A-1203',
      unitType: 'Penthouse',
      floor: '12',
      view: 'Sea View',
      area: 2450,
      price: 13_241_500,
      status: 'reserved',
    });
    await open('/agent/projects/11', [unit], makeAgent());
    expect(screen.queryByRole('table')).toBeNull();
    const [card] = cards();
    // One link holds the whole card: its number first, then what the card shows, the price included.
    const link = within(card).getByRole('link', { name: /^Unit A-1203\b.*reserved.*Penthouse/ });
    expect(link.getAttribute('href')).toBe('/agent/units/7');
    expect(link.contains(within(card).getByTestId('unit-card-price'))).toBe(true);
    expect(card.textContent).toContain('Penthouse · Floor 12 · Sea View');
    expect(card.textContent).toContain('2,450');
    expect(within(card).getByTestId('unit-card-price').textContent).toBe(formatPrice(13_241_500, PROJECT.visibleTo));
    expect(within(card).getByText('reserved')).toBeTruthy();
    // An agent selects nothing.
    expect(within(card).queryByRole('checkbox')).toBeNull();
  });

  it('windows 5,000 units like the table, in the same order, and sorts and searches them', async () => {
    await open('/agent/projects/11', manyUnits(5000), makeAgent());
    expect(cards().length).toBeLessThan(40);
    expect(cardNumbers().slice(0, 3)).toEqual(['101', '102', '103']);
    expect(cards()[0].getAttribute('aria-setsize')).toBe('5000');

    fireEvent.change(screen.getByRole('combobox', { name: 'Sort by' }), { target: { value: 'price' } });
    const prices = () => cards().map((card) => Number(within(card).getByTestId('unit-card-price').textContent?.replace(/\D/g, '')));
    await waitFor(() => expect(prices()[0]).toBe(500_000));
    fireEvent.click(screen.getByRole('button', { name: 'Ascending: switch to descending' }));
    await waitFor(() => expect(prices()[0]).toBe(1_499_000));

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search units' }), { target: { value: '4917' } });
    await waitFor(() => expect(cardNumbers()).toEqual(['4917']));
  });

  it('filters in a sheet: the same filters as the table, a count of those active, and Reset Filters', async () => {
    await open('/agent/projects/11', manyUnits(200), makeAgent());
    fireEvent.click(screen.getByRole('button', { name: 'Filters' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filter units' });
    fireEvent.click(within(within(sheet).getByRole('group', { name: 'Floor' })).getByRole('checkbox', { name: '2' }));
    fireEvent.click(within(within(sheet).getByRole('group', { name: 'Unit Type' })).getByRole('checkbox', { name: 'Penthouse' }));
    // The sheet says how many units its filters leave; the page behind it is hidden while it is open.
    fireEvent.click(await within(sheet).findByRole('button', { name: 'Show 25 units' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Units (25 of 200)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters (2 active)' })).toBeTruthy();
    expect(cardNumbers().every((number) => number?.startsWith('2'))).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Filters (2 active)' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Reset Filters' }));
    fireEvent.click(await within(again).findByRole('button', { name: 'Show 200 units' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Units (200)' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Filters' })).toBeTruthy();
  });

  it("gives the admin a checkbox on each card, 'select all' over the shown cards, and the same selection bar", async () => {
    await open('/admin/projects/11', manyUnits(30));
    fireEvent.click(within(cards()[1]).getByRole('checkbox', { name: 'Select unit 102' }));
    expect(await screen.findByRole('region', { name: '1 unit selected' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search units' }), { target: { value: '105' } });
    await waitFor(() => expect(cardNumbers()).toEqual(['105']));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all shown units' }));
    expect(await screen.findByRole('region', { name: '2 units selected' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Status' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Selected Units' })).toBeTruthy();
  });
});
