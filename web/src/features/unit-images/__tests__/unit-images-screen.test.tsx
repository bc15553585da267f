import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok, pending } from '@/test/mock-api';
import type { ImageUnit } from '../api/types';
import { makeImages, makeImageUnit, PROJECT, row } from './fixtures';

const PATH = '/admin/projects/11/unit-images';

const UNITS: ImageUnit[] = [
  makeImageUnit({ id: 1, unitNumber: '101', unitType: 'Studio', images: makeImages(2, 1), isSourceUnit: true, isImageSource: true }),
  makeImageUnit({ id: 2, unitNumber: '102', unitType: 'Studio', images: makeImages(2, 1), useSharedImages: true, sharedImagesUnitId: '1' }),
  makeImageUnit({ id: 3, unitNumber: '201', unitType: '', bedrooms: null, floor: null }),
  makeImageUnit({ id: 4, unitNumber: '301', unitType: '2 Bedroom', bedrooms: 2, floor: '3', status: 'sold', images: makeImages(1, 4) }),
  makeImageUnit({ id: 5, unitNumber: '302', unitType: '2 Bedroom', bedrooms: 2, floor: '3' }),
];

const open = async (units: ImageUnit[] = UNITS, routes = {}) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(makeProfile()),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/unit-images': ok({ data: units.map(row) }),
    ...routes,
  });
  const view = renderApp(PATH);
  await screen.findByRole('heading', { level: 1, name: 'Marina Heights - Unit Images' });
  return { api, ...view };
};

const group = (type: string) => screen.getByRole('region', { name: `${type} Units` });
const card = (unitNumber: string) => screen.getByRole('button', { name: new RegExp(`^Manage images of unit ${unitNumber}(?!\\d)`) });

describe('unit images screen', () => {
  it("shows 'Loading project details...' while the project loads", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /projects/11': () => pending() });
    renderApp(PATH);
    expect(await screen.findByText('Loading project details...')).toBeTruthy();
  });

  it("shows the error panel with 'Return to Dashboard' when the project cannot be loaded", async () => {
    mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /projects/11': apiError(500, 'Database unavailable') });
    renderApp(PATH);
    expect(await screen.findByText('Could not load project data')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Dashboard' }).getAttribute('href')).toBe('/admin/dashboard');
  });

  it('groups the units by type, alphabetically with Unspecified last, and marks the shared group', async () => {
    await open();
    expect(screen.getByRole('link', { name: /Back to Project/ }).getAttribute('href')).toBe('/admin/projects/11');
    const headings = (await screen.findAllByRole('heading', { level: 2 })).map((heading) => heading.textContent);
    expect(headings).toEqual(['2 Bedroom Units', 'Studio Units', 'Unspecified Units']);
    expect(within(group('Studio')).getByText('Shared Images Enabled')).toBeTruthy();
    expect(within(group('2 Bedroom')).queryByText('Shared Images Enabled')).toBeNull();
    expect(within(card('101')).getByText('Source')).toBeTruthy();
    expect(within(card('102')).getByText('Using shared images')).toBeTruthy();
    expect(within(card('102')).queryByText('Source')).toBeNull();
    expect(within(card('301')).getByText('1 image')).toBeTruthy();
    expect(within(card('301')).getByText('sold')).toBeTruthy();
    expect(within(card('301')).getByText('2 BR · Floor 3')).toBeTruthy();
    expect(within(card('302')).getByText('No images')).toBeTruthy();
    expect(within(card('302')).getByText('No image')).toBeTruthy();
  });

  it("says 'No units found for this project.' for a project without units", async () => {
    await open([]);
    expect(await screen.findByText('No units found for this project.')).toBeTruthy();
  });

  it('selects a card and shows its image manager with the links to the unit', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: /^Manage images of unit 301(?!\d)/ }));
    const panel = screen.getByRole('region', { name: 'Unit 301' });
    expect(card('301').getAttribute('aria-pressed')).toBe('true');
    expect(within(panel).getByRole('link', { name: 'Go to Unit Details' }).getAttribute('href')).toBe('/admin/units/4');
    expect(within(panel).getByRole('link', { name: 'Edit Unit' }).getAttribute('href')).toBe('/admin/units/4?edit=true');
    expect(within(panel).getByText('1/10 images')).toBeTruthy();
  });

  it('links images after a confirmation, then reads the units again', async () => {
    const { api } = await open(UNITS, { 'POST /projects/11/unit-images/link': ok({ changedUnits: 2, groups: [] }) });
    const before = api.calls('GET /projects/11/unit-images').length;
    fireEvent.click(await screen.findByRole('button', { name: 'Link Images' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/the unit with the most images becomes the source/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Link Images' }));
    await waitFor(() => expect(api.calls('POST /projects/11/unit-images/link')).toHaveLength(1));
    await waitFor(() => expect(api.calls('GET /projects/11/unit-images').length).toBeGreaterThan(before));
    expect(await screen.findByText('Linked images for 2 units')).toBeTruthy();
  });

  it('cancelling the confirmation links nothing', async () => {
    const { api } = await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Link Images' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.calls('POST /projects/11/unit-images/link')).toHaveLength(0);
  });

  it("unlinks one type from the menu and reports a failure as 'Failed to unlink unit images: {message}'", async () => {
    const { api } = await open(UNITS, { 'POST /projects/11/unit-images/unlink': apiError(503, 'The database is busy') });
    const trigger = await screen.findByRole('button', { name: /Unlink Images/ });
    // The menu opens from the keyboard as from the pointer.
    trigger.focus();
    fireEvent.keyDown(trigger, { key: 'Enter' });
    const items = (await screen.findAllByRole('menuitem')).map((item) => item.textContent);
    expect(items).toEqual(['Unlink All Units', 'Unlink 2 Bedroom Units', 'Unlink Studio Units', 'Unlink Unspecified Units']);
    const menu = screen.getByRole('menu');
    const highlighted = (name: string) =>
      waitFor(() => expect(screen.getByRole('menuitem', { name }).hasAttribute('data-highlighted')).toBe(true), { timeout: 4000 });
    // Opened from the keyboard, the menu highlights its first item; arrows move on from there.
    await highlighted('Unlink All Units');
    for (const name of ['Unlink 2 Bedroom Units', 'Unlink Studio Units']) {
      fireEvent.keyDown(menu, { key: 'ArrowDown' });
      await highlighted(name);
    }
    fireEvent.keyDown(menu, { key: 'Enter' });
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/Unlink the images of the Studio units\?/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unlink Images' }));
    expect(await screen.findByText('Failed to unlink unit images: The database is busy')).toBeTruthy();
    expect(api.calls('POST /projects/11/unit-images/unlink')[0].body).toEqual({ unitType: 'Studio' });
  });
});
