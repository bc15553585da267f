import { ChakraProvider } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { UnitImage } from '@repo/types';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { system } from '@/lib/theme';
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

  it('pauses while it holds the keyboard focus, and resumes when the focus leaves it', () => {
    show();
    const next = screen.getByRole('button', { name: 'Next image' });
    fireEvent.focus(next);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(counter()).toBe('2 / 3');
    // Focus moving to another of its buttons keeps it paused.
    fireEvent.blur(next, { relatedTarget: screen.getByRole('button', { name: 'Show image 1' }) });
    fireEvent.focus(screen.getByRole('button', { name: 'Show image 1' }));
    act(() => void vi.advanceTimersByTime(20_000));
    expect(counter()).toBe('2 / 3');
    fireEvent.blur(screen.getByRole('button', { name: 'Show image 1' }), { relatedTarget: document.body });
    act(() => void vi.advanceTimersByTime(5000));
    expect(counter()).toBe('3 / 3');
  });

  it('has a visible pause control that stops the slide show until played again, whatever the pointer does', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: 'Pause slideshow' }));
    const stage = screen.getByRole('button', { name: 'View full screen' }).parentElement as HTMLElement;
    fireEvent.mouseEnter(stage);
    fireEvent.mouseLeave(stage);
    fireEvent.blur(screen.getByRole('button', { name: 'Play slideshow' }), { relatedTarget: document.body });
    act(() => void vi.advanceTimersByTime(20_000));
    expect(counter()).toBe('2 / 3');
    fireEvent.click(screen.getByRole('button', { name: 'Play slideshow' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Pause slideshow' }), { relatedTarget: document.body });
    act(() => void vi.advanceTimersByTime(5000));
    expect(counter()).toBe('3 / 3');
  });

  it('pauses while the pointer is anywhere on it, its thumbnails too', () => {
    show();
    const thumbnails = screen.getByRole('button', { name: 'Show image 1' }).parentElement as HTMLElement;
    fireEvent.mouseEnter(thumbnails);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(counter()).toBe('2 / 3');
    fireEvent.mouseLeave(thumbnails);
    act(() => void vi.advanceTimersByTime(5000));
    expect(counter()).toBe('3 / 3');
  });

  it('is a named region that takes the focus itself, paused there, and answers the arrow keys', () => {
    show();
    const region = screen.getByRole('region', { name: 'Unit 101' });
    expect(region.getAttribute('aria-roledescription')).toBe('carousel');
    expect(region.tabIndex).toBe(0);
    fireEvent.focus(region);
    act(() => void vi.advanceTimersByTime(20_000));
    expect(counter()).toBe('2 / 3');
    fireEvent.keyDown(region, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(region, { key: 'ArrowLeft' });
    expect(counter()).toBe('2 / 3');
  });

  it('moves between the images with the left and right arrow keys', () => {
    show();
    const stage = screen.getByRole('button', { name: 'View full screen' });
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(stage, { key: 'ArrowRight' });
    expect(counter()).toBe('1 / 3');
    fireEvent.keyDown(stage, { key: 'ArrowLeft' });
    expect(counter()).toBe('3 / 3');
    fireEvent.keyDown(stage, { key: 'ArrowUp' });
    expect(counter()).toBe('3 / 3');
  });

  it("says 'No images available' without images", () => {
    show([]);
    expect(screen.getByText('No images available')).toBeTruthy();
  });
});
