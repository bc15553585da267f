import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok } from '@/test/mock-api';
import { CARDS } from './fixtures';

/**
 * The dialog, once it has joined Chakra's layer stack, a frame after it opens. A dialog opened from it
 * before then (the crop dialog or a confirmation, in the same tick in a test; never by a hand) joins
 * first and ends up under its parent, hidden and inert.
 */
const findOpenDialog = async (name: string) => {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog.style.getPropertyValue('--layer-index')).not.toBe(''));
  return dialog;
};

const openForm = async (routes = {}) => {
  const api = mockApi({ 'GET /portal-auth/me': ok(makeProfile()), 'GET /projects': ok({ data: CARDS, meta: {} }), ...routes });
  renderApp('/admin/dashboard');
  fireEvent.click(await screen.findByRole('button', { name: 'Add New Property' }));
  const dialog = await findOpenDialog('Add New Property');
  return { api, dialog };
};

// jsdom loads no images and draws nothing: the test plays the browser's part.
const loadImage = (img: HTMLImageElement, width: number, height: number) => {
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true });
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true });
  fireEvent.load(img);
};

const pickFile = (dialog: HTMLElement, file: File) => fireEvent.change(within(dialog).getByLabelText('Property Image'), { target: { files: [file] } });

describe('property form', () => {
  beforeEach(() => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
  });
  afterEach(() => vi.restoreAllMocks());

  it("requires a name and a location ('Name and Location are required') before sending anything", async () => {
    const { api, dialog } = await openForm();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Property Name/ }), { target: { value: 'Creek Vista' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Property' }));
    expect(await within(dialog).findByText('Name and Location are required')).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('textbox', { name: /Location/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(api.calls('POST /projects')).toHaveLength(0);
  });

  it('crops a picked image, and on submit uploads the crop first, then creates the project with its URL and metadata', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: vi.fn(), fillRect: vi.fn() } as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((callback: BlobCallback, type?: string) => callback(new Blob(['jpeg'], { type })));
    const { api, dialog } = await openForm({
      'POST /projects/property-image': ok({ data: { url: '/uploads/property_images/9_cropped_tower.jpg' } }, 201),
      'POST /projects': ok({ data: { ...CARDS[0], id: 99, name: 'Creek Vista' } }, 201),
    });
    expect(within(dialog).getByText('PNG, JPG, GIF up to 5MB')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Property Name/ }), { target: { value: 'Creek Vista' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Location/ }), { target: { value: 'Dubai Creek Harbour, Dubai' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Dubai' }));
    pickFile(dialog, new File(['png'], 'tower.png', { type: 'image/png' }));

    const crop = await screen.findByRole('dialog', { name: 'Crop and Position Image' });
    loadImage(crop.querySelector('.ReactCrop img') as HTMLImageElement, 1600, 900);
    for (const label of ['Fixed Ratio', 'Free Form', 'Horizontal 16:9', 'Square 1:1', 'Vertical 4:5', 'Top left', 'Center', 'Bottom right']) {
      expect(within(crop).getByRole('button', { name: label })).toBeTruthy();
    }
    expect(within(crop).getByRole('button', { name: 'Horizontal 16:9' }).getAttribute('aria-pressed')).toBe('true');
    // The default fixed-ratio crop: 90% of the width at 16:9, centred (1440x810 at 80,45); Shift+→ moves it 10.
    fireEvent.keyDown(crop.querySelector('.ReactCrop__crop-selection') as HTMLElement, { key: 'ArrowRight', shiftKey: true });
    fireEvent.click(within(crop).getByRole('button', { name: 'Top left' }));
    expect(within(crop).getByRole('img', { name: 'Card preview' })).toBeTruthy();
    fireEvent.click(await within(crop).findByRole('button', { name: 'Apply Crop' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Crop and Position Image' })).toBeNull());
    expect(within(dialog).getByText('cropped_tower.png')).toBeTruthy();
    expect(api.calls('POST /projects/property-image')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Property' }));

    await waitFor(() => expect(api.calls('POST /projects')).toHaveLength(1));
    const uploaded = api.calls('POST /projects/property-image')[0].formData?.get('file') as File;
    expect(uploaded.name).toBe('cropped_tower.png');
    expect(uploaded.type).toBe('image/jpeg');
    expect(api.calls('POST /projects')[0].body).toEqual({
      name: 'Creek Vista',
      location: 'Dubai Creek Harbour, Dubai',
      description: null,
      visibleTo: ['dubai'],
      imageUrl: '/uploads/property_images/9_cropped_tower.jpg',
      imageMetadata: { objectPosition: 'left top', cropMode: 'aspect', cropData: { x: 90, y: 45, width: 1440, height: 810, unit: 'px' } },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add New Property' })).toBeNull());
  });

  it("alerts 'Unable to crop the image. Please try uploading a new image instead.' when the crop cannot be made", async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { dialog } = await openForm();
    pickFile(dialog, new File(['png'], 'villa.png', { type: 'image/png' }));
    const crop = await screen.findByRole('dialog', { name: 'Crop and Position Image' });
    loadImage(crop.querySelector('.ReactCrop img') as HTMLImageElement, 800, 800);
    fireEvent.click(await within(crop).findByRole('button', { name: 'Apply Crop' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Unable to crop the image. Please try uploading a new image instead.'));
  });

  it('keeps the original file when the crop is the whole image, and shows an upload refusal without creating anything', async () => {
    const { api, dialog } = await openForm({ 'POST /projects/property-image': apiError(400, 'Only JPEG, PNG, GIF or WebP images can be uploaded') });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Property Name/ }), { target: { value: 'Creek Vista' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Location/ }), { target: { value: 'Dubai' } });
    pickFile(dialog, new File(['gif'], 'plan.gif', { type: 'image/gif' }));
    const crop = await screen.findByRole('dialog', { name: 'Crop and Position Image' });
    loadImage(crop.querySelector('.ReactCrop img') as HTMLImageElement, 10, 10);
    fireEvent.click(within(crop).getByRole('button', { name: 'Free Form' }));
    fireEvent.click(await within(crop).findByRole('button', { name: 'Apply Crop' }));
    expect(await within(dialog).findByText('plan.gif')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create Property' }));
    expect(await within(dialog).findByText('Only JPEG, PNG, GIF or WebP images can be uploaded')).toBeTruthy();
    expect(api.calls('POST /projects')).toHaveLength(0);
  });

  it("previews the stored cover at a variant's size, not the original", async () => {
    const project = {
      ...CARDS[1],
      imageVariants: [320, 800, 1600].map((width) => ({ width, url: `/uploads/property_images/1_pearl.w${width}.webp` })),
    } as (typeof CARDS)[number];
    mockApi({
      'GET /portal-auth/me': ok(makeProfile()),
      'GET /projects': ok({ data: CARDS, meta: {} }),
      [`GET /projects/${project.id}`]: ok({ data: project }),
      [`GET /projects/${project.id}/units`]: ok({ data: [] }),
    });
    renderApp(`/admin/projects/${project.id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Property' }));
    const dialog = await findOpenDialog('Edit Property');
    const preview = within(dialog).getByRole('img', { name: 'Property Image' });
    expect(preview.getAttribute('srcset')).toContain('/uploads/property_images/1_pearl.w320.webp 320w');
    expect(preview.getAttribute('sizes')).toBeTruthy();
  });

  it("offers 'Delete Property' when editing from the project page: asks with the spec's wording, deletes, and goes back to the dashboard", async () => {
    const api = mockApi({
      'GET /portal-auth/me': ok(makeProfile()),
      'GET /projects': ok({ data: CARDS, meta: {} }),
      [`GET /projects/${CARDS[0].id}`]: ok({ data: CARDS[0] }),
      [`GET /projects/${CARDS[0].id}/units`]: ok({ data: [] }),
      [`DELETE /projects/${CARDS[0].id}`]: { status: 204 },
    });
    renderApp(`/admin/projects/${CARDS[0].id}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Property' }));
    const dialog = await findOpenDialog('Edit Property');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete Property' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Property' });
    expect(
      within(confirm).getByText(
        `Are you sure you want to delete ${CARDS[0].name}? This will also delete all units associated with this property. This action cannot be undone.`,
      ),
    ).toBeTruthy();
    expect(api.calls(`DELETE /projects/${CARDS[0].id}`)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Property' }));
    await waitFor(() => expect(api.calls(`DELETE /projects/${CARDS[0].id}`)).toHaveLength(1));
    expect(await screen.findByRole('button', { name: 'Add New Property' })).toBeTruthy();
  });
});
