import { fireEvent, render, screen } from '@testing-library/react';
import { imageVariantsOf } from '@repo/types';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { ResponsiveImage } from '../responsive-image';

const URL = '/uploads/units/4/1712345678901_living.jpg';

const renderImage = (props: Partial<Parameters<typeof ResponsiveImage>[0]> = {}) =>
  render(
    <AppProvider>
      <ResponsiveImage src={URL} variants={imageVariantsOf(URL)} sizes="72px" alt="Living room" notFoundLabel="Image Not Found" {...props} />
    </AppProvider>,
  );

describe('ResponsiveImage', () => {
  it('offers the variants through srcset and sizes, lazily unless told otherwise', () => {
    renderImage();
    const image = screen.getByRole('img', { name: 'Living room' });
    expect(image.getAttribute('srcset')).toBe(
      '/uploads/units/4/1712345678901_living.w320.webp 320w, /uploads/units/4/1712345678901_living.w800.webp 800w, /uploads/units/4/1712345678901_living.w1600.webp 1600w',
    );
    expect(image.getAttribute('sizes')).toBe('72px');
    expect(image.getAttribute('loading')).toBe('lazy');
    expect(image.getAttribute('fetchpriority')).toBeNull();
  });

  it('is eager with a high priority for the largest paint', () => {
    renderImage({ loading: 'eager', fetchPriority: 'high' });
    const image = screen.getByRole('img', { name: 'Living room' });
    expect(image.getAttribute('loading')).toBe('eager');
    expect(image.getAttribute('fetchpriority')).toBe('high');
  });

  it('falls back to the original when the variants fail, then to the placeholder', () => {
    renderImage();
    fireEvent.error(screen.getByRole('img', { name: 'Living room' }));
    const original = screen.getByRole('img', { name: 'Living room' });
    expect(original.getAttribute('srcset')).toBeNull();
    expect(original.getAttribute('src')).toBe(URL);
    fireEvent.error(original);
    expect(screen.getByRole('img', { name: 'Image Not Found' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'Living room' })).toBeNull();
  });

  it('shows an image without variants as it is', () => {
    renderImage({ src: 'https://example.com/a.jpg', variants: [] });
    const image = screen.getByRole('img', { name: 'Living room' });
    expect(image.getAttribute('srcset')).toBeNull();
    expect(image.getAttribute('sizes')).toBeNull();
  });
});
