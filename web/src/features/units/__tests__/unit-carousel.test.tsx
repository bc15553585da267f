import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { UnitImage } from '@repo/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '../../../lib/theme';
import { UnitCarousel } from '../components/unit-carousel';

const IMAGES: UnitImage[] = [
  { id: 'img_1', url: '/uploads/a.jpg', name: 'a', featured: false, isSourceUnit: false },
  { id: 'img_2', url: '/uploads/b.jpg', name: 'b', featured: true, isSourceUnit: false },
  { id: 'img_3', url: '/uploads/c.jpg', name: 'c', featured: false, isSourceUnit: false },
];

const show = (images = IMAGES) =>
  render(
    <ChakraProvider value={system}>
      <UnitCarousel images={images} title="Unit 101" />
    </ChakraProvider>,
  );
const counter = () => screen.getByText(/^\d+ \/ \d+$/).textContent;

describe('unit carousel', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at the featured image and moves with previous, next and the thumbnails', () => {
    show();
    expect(counter()).toBe('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(counter()).toBe('3 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next image' }));
    expect(counter()).toBe('1 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Previous image' }));
    expect(counter()).toBe('3 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Show image 2' }));
    expect(counter()).toBe('2 / 3');
  });

  it('advances every 5 seconds and pauses while hovered', () => {
    show();
    act(() => void vi.advanceTimersByTime(4999));
    expect(counter()).toBe('2 / 3');
    act(() => void vi.advanceTimersByTime(1));
    expect(counter()).toBe('3 / 3');
    const stage = screen.getByRole('button', { name: 'View full screen' }).parentElement as HTMLElement;
    fireEvent.mouseEnter(stage);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(counter()).toBe('3 / 3');
    fireEvent.mouseLeave(stage);
    act(() => void vi.advanceTimersByTime(5000));
    expect(counter()).toBe('1 / 3');
  });

  it("pauses on touch, and shows 'Image Not Found' for a broken image", () => {
    show();
    const stage = screen.getByRole('button', { name: 'View full screen' }).parentElement as HTMLElement;
    fireEvent.touchStart(stage);
    act(() => void vi.advanceTimersByTime(10_000));
    expect(counter()).toBe('2 / 3');
    fireEvent.error(screen.getByRole('img', { name: 'Unit 101 – 2' }));
    expect(screen.getAllByRole('img', { name: 'Image Not Found' }).length).toBeGreaterThan(0);
  });

  it("says 'No images available' without images", () => {
    show([]);
    expect(screen.getByText('No images available')).toBeTruthy();
  });
});
