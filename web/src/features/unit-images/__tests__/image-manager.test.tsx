import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/test/render-app';
import { apiError, makeProfile, mockApi, ok } from '@/test/mock-api';
import type { ImageUnit } from '../api/types';
import { file, makeImages, makeImageUnit, PROJECT, row } from './fixtures';

const open = async (unit: ImageUnit, routes = {}) => {
  const api = mockApi({
    'GET /portal-auth/me': ok(makeProfile()),
    'GET /projects/11': ok({ data: PROJECT }),
    'GET /projects/11/unit-images': ok({ data: [row(unit)] }),
    ...routes,
  });
  renderApp('/admin/projects/11/unit-images');
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^Manage images of unit ${unit.unitNumber}(?!\\d)`) }));
  return { api, manager: screen.getByRole('region', { name: 'Image manager' }) };
};

const pick = (files: File[]) => fireEvent.change(screen.getByLabelText('Select Images'), { target: { files } });

/** An XMLHttpRequest that reports progress and answers what `answer` gives, for the uploads. */
const fakeXhr = (answer: (index: number) => { status: number; body: unknown }) => {
  const sent: FormData[] = [];
  class FakeXhr {
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    onloadend: (() => void) | null = null;
    open() {}
    setRequestHeader() {}
    abort() {}
    send(form: FormData) {
      const index = sent.push(form) - 1;
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 } as ProgressEvent);
        const { status, body } = answer(index);
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
        this.onloadend?.();
      }, 5);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
};

// jsdom has no blob: URLs; the selection's previews ask for them.
beforeEach(() => {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:preview'), revokeObjectURL: vi.fn() }));
});
afterEach(() => vi.unstubAllGlobals());

describe('image manager', { timeout: 15_000 }, () => {
  it("counts the images, marks the primary one and states what is left: 'n/10 images', 'N remaining'", async () => {
    const { manager } = await open(makeImageUnit({ images: makeImages(3, 1, 1) }));
    expect(within(manager).getByText('3/10 images')).toBeTruthy();
    expect(within(manager).getByText('JPG, PNG or GIF files up to 5MB each. 7 remaining.')).toBeTruthy();
    expect(within(manager).getAllByText('Primary')).toHaveLength(1);
    expect(within(manager).getByRole('button', { name: 'View image 2' }).parentElement?.textContent).toContain('Primary');
  });

  it("shows 'Image Not Found' where a picture cannot be loaded: the unit's card and the image's tile", async () => {
    const { manager } = await open(makeImageUnit({ images: makeImages(2) }));
    const card = screen.getByRole('button', { name: /^Manage images of unit 101(?!\d)/ });
    for (const image of Array.from(document.querySelectorAll('img'))) fireEvent.error(image);
    expect(within(card).getByRole('img', { name: 'Image Not Found' })).toBeTruthy();
    expect(within(manager).getAllByRole('img', { name: 'Image Not Found' })).toHaveLength(2);
    expect(within(manager).getByRole('button', { name: 'View image 2' })).toBeTruthy();
  });

  it('refuses a pick past 10 images, non-image files and files over 5MB before sending anything', async () => {
    const { api } = await open(makeImageUnit({ images: makeImages(8) }));
    pick([file('a.png'), file('b.png'), file('c.png')]);
    expect(await screen.findByText('You can only upload up to 10 images per unit.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Selected images' })).toBeNull();
    pick([file('notes.pdf', 'application/pdf'), file('huge.png', 'image/png', 5 * 1024 * 1024 + 1), file('ok.png')]);
    expect(await screen.findByText('notes.pdf is not an image file')).toBeTruthy();
    expect(screen.getByText('huge.png is larger than 5MB')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'Selected images' })).getAllByRole('listitem')).toHaveLength(1);
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it("uploads the selected files one by one with 'image-manager' as origin, shows each progress, then re-reads the unit", async () => {
    const unit = makeImageUnit({ images: [] });
    const { api } = await open(unit);
    const sent = fakeXhr((index) =>
      index === 1
        ? { status: 413, body: { data: null, error: { status: 413, name: 'PayloadTooLargeError', message: 'The image is larger than 5MB' } } }
        : { status: 201, body: { data: { ...unit, unitId: 1, image: makeImages(1)[0] } } },
    );
    pick([file('one.png'), file('two.png'), file('three.png')]);
    const before = api.calls('GET /projects/11/unit-images').length;
    fireEvent.click(screen.getByRole('button', { name: 'Upload Selected Images' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent.map((form) => [form.get('origin'), (form.get('file') as File).name])).toEqual([
      ['image-manager', 'one.png'],
      ['image-manager', 'two.png'],
      ['image-manager', 'three.png'],
    ]);
    expect(await screen.findByText('Uploaded 2 images')).toBeTruthy();
    expect(screen.getByText('Failed to upload one or more images. Please try again.')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Selected images' });
    expect(within(list).getByText('The image is larger than 5MB')).toBeTruthy();
    expect(within(list).getByRole('progressbar', { name: 'Upload progress of one.png' }).getAttribute('aria-valuenow')).toBe('100');
    await waitFor(() => expect(api.calls('GET /projects/11/unit-images').length).toBeGreaterThan(before));
  });

  it("deletes an image only after 'Are you sure you want to delete this image?'", async () => {
    const { api } = await open(makeImageUnit({ images: makeImages(2) }), {
      'DELETE /units/1/images/img_11': ok({ data: { unitId: 1, images: makeImages(1) } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'View image 2' }));
    const preview = await screen.findByRole('dialog', { name: 'Image preview' });
    fireEvent.click(within(preview).getByRole('button', { name: 'Delete Image' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete this image?')).toBeTruthy();
    expect(api.calls('DELETE /units/1/images/img_11')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete Image' }));
    expect(await screen.findByText('Image deleted successfully')).toBeTruthy();
    expect(api.calls('DELETE /units/1/images/img_11')).toHaveLength(1);
  });

  it("sets the primary image from the preview and reports 'Failed to delete image' when the server refuses a delete", async () => {
    const { api } = await open(makeImageUnit({ images: makeImages(2) }), {
      'PUT /units/1/images/img_11/featured': ok({ data: { unitId: 1, images: makeImages(2, 1, 1) } }),
      'DELETE /units/1/images/img_11': { status: 500, body: 'oops' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'View image 2' }));
    const preview = await screen.findByRole('dialog', { name: 'Image preview' });
    fireEvent.click(within(preview).getByRole('button', { name: 'Set as Primary' }));
    await waitFor(() => expect(api.calls('PUT /units/1/images/img_11/featured')).toHaveLength(1));
    fireEvent.click(within(preview).getByRole('button', { name: 'Delete Image' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete Image' }));
    expect(await screen.findByText('Failed to delete image')).toBeTruthy();
  });

  it("clears all after 'Are you sure you want to delete ALL images? This cannot be undone.' and reports the counts", async () => {
    const { api } = await open(makeImageUnit({ images: makeImages(3) }), {
      'DELETE /units/1/images': ok({ data: { unitId: 1, images: [], deleted: 2, failed: 1, message: '' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Images' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Are you sure you want to delete ALL images? This cannot be undone.')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Clear All Images' }));
    expect(await screen.findByText('Cleared all images (2 deleted, 1 failed)')).toBeTruthy();
    expect(api.calls('DELETE /units/1/images')).toHaveLength(1);
  });

  it("says 'There are no images to clear.' for a unit without images, without asking the server", async () => {
    const { api } = await open(makeImageUnit({ images: [] }), { 'DELETE /units/1/images': apiError(409, 'There are no images to clear.') });
    fireEvent.click(screen.getByRole('button', { name: 'Clear All Images' }));
    expect(await screen.findByText('There are no images to clear.')).toBeTruthy();
    expect(api.calls('DELETE /units/1/images')).toHaveLength(0);
  });

  it("is read-only for a follower: 'Read Only' and 'Shared', no upload or clear, and the preview's actions blocked with the alerts", async () => {
    const { manager, api } = await open(makeImageUnit({ images: makeImages(2), useSharedImages: true, sharedImagesUnitId: '9' }));
    expect(within(manager).getByText('Read Only')).toBeTruthy();
    expect(within(manager).getByText('Shared')).toBeTruthy();
    expect(within(manager).queryByRole('button', { name: 'Clear All Images' })).toBeNull();
    expect(within(manager).queryByRole('button', { name: 'Upload Selected Images' })).toBeNull();
    fireEvent.click(within(manager).getByRole('button', { name: 'View image 1' }));
    const preview = await screen.findByRole('dialog', { name: 'Image preview' });
    fireEvent.click(within(preview).getByRole('button', { name: 'Delete Image' }));
    expect(within(preview).getByText('You cannot delete shared images. Switch to individual image mode first.')).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(api.requests.filter((request) => request.method !== 'GET')).toHaveLength(0);
  });

  it("says 'No shared images found for this unit type.' for a follower without images, and marks a source 'Source Unit'", async () => {
    const { manager } = await open(makeImageUnit({ images: [], useSharedImages: true, sharedImagesUnitId: '9' }));
    expect(within(manager).getByText('No shared images found for this unit type.')).toBeTruthy();
    expect(within(manager).getByText('0/10 images')).toBeTruthy();
  });

  it("marks a source unit's manager 'Source Unit' and 'Shared' and keeps it editable", async () => {
    const { manager } = await open(makeImageUnit({ images: makeImages(1), isSourceUnit: true, isImageSource: true }));
    expect(within(manager).getByText('Source Unit')).toBeTruthy();
    expect(within(manager).getByText('Shared')).toBeTruthy();
    expect(within(manager).getByRole('button', { name: 'Clear All Images' })).toBeTruthy();
  });
});
