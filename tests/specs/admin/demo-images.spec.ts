import type { Page, Request } from '@playwright/test';
import { DEMO, expect, test } from '../../fixtures/accounts';
import { adminApi } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';

// Issue #26: a first start shows images (the demo seed), and every card and thumbnail asks for a
// WebP variant at its size, never the original (checked on the browser's own requests).

const VARIANT = /\.w(320|800|1600)\.webp$/;
/** A stored original: `{13-digit timestamp}_{name}.{jpg|png|gif|webp}` that is not a variant. */
const isOriginal = (url: string) => /\/(property_images|units\/\d+)\/\d{13,}_[^/]+\.(jpg|png|gif|webp)$/.test(new URL(url).pathname) && !VARIANT.test(url);

interface DemoUnit {
  id: number;
  unitNumber: string;
  images: { url: string; variants?: { url: string }[] }[];
}

const recordImageRequests = (page: Page) => {
  const urls: string[] = [];
  page.on('request', (request: Request) => {
    if (request.resourceType() === 'image' && new URL(request.url()).pathname.startsWith('/uploads/')) urls.push(request.url());
  });
  return urls;
};

/** The source each loaded image shows (after srcset), once all of them have finished loading. */
const loadedSources = async (page: Page, selector: string) => {
  const images = page.locator(selector);
  await expect
    .poll(() => images.evaluateAll((all: HTMLImageElement[]) => all.length > 0 && all.every((img) => img.complete && img.naturalWidth > 0)))
    .toBe(true);
  return images.evaluateAll((all: HTMLImageElement[]) => all.map((img) => img.currentSrc));
};

test.describe('the demo images', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('the dashboard cards show their covers from a variant, never the original', async ({ page }) => {
    const requests = recordImageRequests(page);
    await page.reload();
    // The first cover of a region's first row: projects that earlier specs made without a cover may
    // come first in a region, and fill its first row.
    const first = page.locator('[data-testid="property-card"] img[loading="eager"]').first();
    await expect(first).toBeVisible();
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    const shown = await loadedSources(page, '[data-testid="property-card"] img[loading="eager"]');
    expect(shown.length).toBeGreaterThan(0);
    for (const source of shown) expect(source).toMatch(VARIANT);
    expect(requests.some((url) => VARIANT.test(url))).toBe(true);
    expect(requests.filter(isOriginal)).toEqual([]);
  });

  test("a unit's detail shows a carousel of several images, its thumbnails from the smallest variant", async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    const projects = (await (await api.get('/api/projects')).json()) as { data: { id: number; name: string }[] };
    const project = projects.data.find((candidate) => candidate.name === 'Marina Heights') ?? projects.data[0];
    const units = (await (await api.get(`/api/projects/${project.id}/unit-images`)).json()) as { data: DemoUnit[] };
    await api.dispose();
    const unit = units.data.find((candidate) => candidate.images.length >= 3 && candidate.images.every((image) => image.variants?.length));
    expect(unit, 'a demo unit with three images or more').toBeDefined();
    if (!unit) return;

    const requests = recordImageRequests(page);
    await page.goto(`/admin/units/${unit.id}`);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel).toBeVisible();
    await expect(carousel.getByText(`1 / ${unit.images.length}`)).toBeVisible();
    const thumbnails = carousel.getByRole('button', { name: /^Show image \d+$/ });
    await expect(thumbnails).toHaveCount(unit.images.length);

    const thumbnailSources = await loadedSources(page, '[aria-roledescription="carousel"] button[aria-label^="Show image"] img');
    expect(thumbnailSources).toHaveLength(unit.images.length);
    for (const source of thumbnailSources) expect(source).toMatch(/\.w320\.webp$/);
    const [main] = await loadedSources(page, `[aria-roledescription="carousel"] button[aria-label="View full screen"] img`);
    expect(main).toMatch(VARIANT);

    await thumbnails.nth(1).click();
    await expect(carousel.getByText(`2 / ${unit.images.length}`)).toBeVisible();
    expect(requests.filter(isOriginal)).toEqual([]);
  });
});
