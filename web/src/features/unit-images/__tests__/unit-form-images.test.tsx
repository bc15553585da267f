import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { apiUpload } from '@/lib/api/api-upload';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok } from '@/test/mock-api';
import { makeImages, PROJECT } from './fixtures';

vi.mock('@/lib/api/api-upload', () => ({ apiUpload: vi.fn() }));

const detail = (overrides: Record<string, unknown> = {}) => ({
  id: 7,
  unitNumber: '1204',
  name: null,
  unitType: 'Studio',
  floor: '12',
  view: null,
  area: 500,
  size: null,
  price: 900_000,
  status: 'available',
  bedrooms: null,
  bathrooms: null,
  updatedAt: '2026-01-01T00:00:00.000Z',
  projectId: '11',
  description: null,
  features: null,
  available: true,
  visibleTo: ['dubai'],
  isImageSource: false,
  isSourceUnit: false,
  sharedImagesUnitId: null,
  useSharedImages: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  images: makeImages(2, 7),
  project: { id: 11, name: 'Marina Heights', location: 'Dubai Marina, Dubai', visibleTo: ['dubai'] },
  archived: false,
  revision: 3,
  ...overrides,
});

const openEdit = async (unit = detail(), routes = {}) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(makeProfile()),
    'GET /units/7': ok({ data: unit }),
    'GET /units/7/history': ok({ data: [] }),
    'GET /projects/11': ok({ data: PROJECT }),
    ...routes,
  });
  renderApp('/admin/units/7?edit=true');
  return { api, form: await screen.findByRole('form', { name: 'Edit Unit' }) };
};

describe('unit form images', () => {
  it('asks before switching to shared images and puts the individual source back when the server refuses', async () => {
    const { api, form } = await openEdit(detail(), { 'PUT /units/7/shared-images': apiError(400, 'No other units of this type to share images with') });
    expect(within(form).getByText('Individual images')).toBeTruthy();
    fireEvent.click(within(form).getByRole('button', { name: 'Link' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Switch to shared images? This will link this unit with other units of the same type.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('No other units of this type to share images with')).toBeTruthy();
    await waitFor(() => expect(within(form).getByText('Individual images')).toBeTruthy());
    expect(api.calls('PUT /units/7/shared-images')[0].body).toEqual({ enabled: true });
  });

  it("says 'Failed to change image source. Please try again.' on any other failure and keeps the shared source", async () => {
    const { form } = await openEdit(detail({ useSharedImages: true, sharedImagesUnitId: 3 }), { 'PUT /units/7/shared-images': { status: 500, body: 'down' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Unlink' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Switch to individual images? This will unlink this unit from shared images. Continue?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Failed to change image source. Please try again.')).toBeTruthy();
    expect(within(form).getByText('Shared images (same unit type)')).toBeTruthy();
  });

  it('deletes the images marked for deletion only on save, and makes the chosen one featured', async () => {
    const saved = detail({ revision: 4 });
    const { api, form } = await openEdit(detail(), {
      'PUT /units/7': ok({ data: saved }),
      'DELETE /units/7/images/img_70': ok({ data: { unitId: 7, images: makeImages(1, 7) } }),
      'PUT /units/7/images/img_71/featured': ok({ data: { unitId: 7, images: makeImages(1, 7) } }),
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Remove photo-0.png' }));
    expect(within(form).getByText('Will be deleted on save')).toBeTruthy();
    expect(api.calls('DELETE /units/7/images/img_70')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Update Unit' }));
    await waitFor(() => expect(api.calls('DELETE /units/7/images/img_70')).toHaveLength(1));
    await waitFor(() => expect(api.calls('PUT /units/7/images/img_71/featured')).toHaveLength(1));
  });

  it("shows each upload's progress while the form saves its new images, and nothing once done", async () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
    let finish: () => void = () => undefined;
    vi.mocked(apiUpload).mockImplementation((_path, _form, options) => {
      options?.onProgress?.(40);
      return new Promise((resolve) => {
        finish = () => resolve({ unitId: 7, images: makeImages(3, 7), image: makeImages(3, 7)[2] } as never);
      });
    });
    const { api, form } = await openEdit(detail(), { 'PUT /units/7': ok({ data: detail({ revision: 4 }) }) });
    fireEvent.change(within(form).getByLabelText('Add Images'), { target: { files: [new File([new Uint8Array(64)], 'new.png', { type: 'image/png' })] } });
    fireEvent.click(within(form).getByRole('button', { name: 'Update Unit' }));
    expect(await within(form).findByText('Uploading image 1 of 1... 40%')).toBeTruthy();
    expect(api.calls('PUT /units/7')).toHaveLength(1);
    finish();
    await waitFor(() => expect(screen.queryByText(/Uploading image 1 of 1/)).toBeNull());
    expect(vi.mocked(apiUpload).mock.calls[0][0]).toBe('/units/7/images');
    expect((vi.mocked(apiUpload).mock.calls[0][1] as FormData).get('origin')).toBe('unit-form');
  });
});
