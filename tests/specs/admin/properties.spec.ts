import { DEMO, expect, test, uniqueSuffix } from '../../fixtures/accounts';
import { adminApi, createProject } from '../../fixtures/properties';
import { LoginPage } from '../../pages/login-page';
import { PropertiesPage } from '../../pages/properties-page';
import { drawPng, PropertyForm } from '../../pages/property-form';

test.describe('admin Properties tab', () => {
  test.beforeEach(async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('admin');
    await login.signIn(DEMO.admin.email, DEMO.admin.password);
    await expect(page).toHaveURL(/\/admin\/dashboard/);
  });

  test('opens on Properties: the demo projects by region, with counts, badges and the ways in', async ({ page, baseURL }) => {
    // What the database holds for Marina Heights now (earlier specs change its units), which the card must show.
    const api = await adminApi(baseURL ?? '');
    const cards = (await (await api.get('/api/projects')).json()) as { data: { name: string; totalUnits: number; unitStatusCounts: { available: number } }[] };
    await api.dispose();
    const stored = cards.data.find((card) => card.name === 'Marina Heights');
    expect(stored?.totalUnits).toBeGreaterThan(0);
    const properties = new PropertiesPage(page);
    await expect(page.getByRole('tab', { name: 'Properties' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('button', { name: 'Add New Property' })).toBeVisible();
    const dubai = properties.section('Dubai Properties');
    const doha = properties.section('Doha Properties');
    await expect(properties.card('Marina Heights', dubai)).toBeVisible();
    await expect(properties.card('Pearl Bay Residences', doha)).toBeVisible();
    // Visible to both regions: listed in both sections.
    await expect(properties.card('Gulf Horizon Tower', dubai)).toBeVisible();
    await expect(properties.card('Gulf Horizon Tower', doha)).toBeVisible();
    await expect(properties.card('Muscat Hills Estate', properties.section('Other Properties'))).toBeVisible();

    const marina = properties.card('Marina Heights', dubai);
    await expect(marina.getByText('Dubai Marina, Dubai')).toBeVisible();
    await expect(marina.getByText(`Total Units: ${stored?.totalUnits}`, { exact: true })).toBeVisible();
    await expect(marina.getByText(`Available: ${stored?.unitStatusCounts.available}`, { exact: true })).toBeVisible();
    await expect(marina.getByText('Dubai', { exact: true })).toBeVisible();
    await expect(marina.getByRole('button', { name: 'Edit' })).toBeVisible();
    await marina.getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(/\/admin\/projects\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Marina Heights' })).toBeVisible();
  });

  test('adds a property with a cropped, positioned image', async ({ page, baseURL }) => {
    const properties = new PropertiesPage(page);
    const form = new PropertyForm(page, 'Add New Property');
    const name = `Skyline ${uniqueSuffix()}`;
    await page.getByRole('button', { name: 'Add New Property' }).click();
    await expect(form.dialog.getByText('PNG, JPG, GIF up to 5MB')).toBeVisible();
    await form.submit('Create Property');
    await expect(form.dialog.getByText('Name and Location are required')).toBeVisible();

    await form.fill({ name, location: 'Dubai Hills Estate, Dubai', description: 'Low-rise homes by the park.', visibleTo: ['Dubai'] });
    await form.pickImage({ name: 'skyline.png', mimeType: 'image/png', buffer: await drawPng(page, 800, 450) });
    for (const label of ['Fixed Ratio', 'Free Form', 'Horizontal 16:9', 'Square 1:1', 'Vertical 4:5']) {
      await expect(form.crop.getByRole('button', { name: label })).toBeVisible();
    }
    await form.crop.getByRole('button', { name: 'Square 1:1' }).click();
    await expect(form.crop.getByRole('button', { name: 'Square 1:1' })).toHaveAttribute('aria-pressed', 'true');
    // The square default crop (405x405, centred at x 197.5) nudged right: Shift 10, then Ctrl 100 (stopping at the edge).
    await form.cropSelection().focus();
    await page.keyboard.press('Shift+ArrowRight');
    await page.keyboard.press('Control+ArrowRight');
    await page.keyboard.press('Control+ArrowRight');
    await form.crop.getByRole('button', { name: 'Top left' }).click();
    await form.crop.getByRole('button', { name: 'Expand' }).click();
    await form.crop.getByRole('button', { name: 'Exit Full Size' }).click();
    await form.crop.getByRole('button', { name: 'Apply Crop' }).click();
    await expect(form.crop).toBeHidden();
    await expect(form.dialog.getByText('cropped_skyline.png')).toBeVisible();
    await expect(form.dialog.getByRole('button', { name: 'Edit Image' })).toBeVisible();
    await expect(form.dialog.getByRole('button', { name: 'Replace' })).toBeVisible();
    await expect(form.dialog.getByRole('button', { name: 'Remove' })).toBeVisible();

    await form.submit('Create Property');
    await expect(form.dialog).toBeHidden();
    const card = properties.card(name, properties.section('Dubai Properties'));
    const image = card.getByRole('img', { name });
    await expect(image).toHaveAttribute('src', /^\/uploads\/property_images\/\d+_cropped_skyline\.jpg$/);
    // The stored original is the 405 px crop; the card itself shows one of its variants (srcset).
    await expect
      .poll(() =>
        image.evaluate(async (element: HTMLImageElement) => {
          const original = new Image();
          original.src = element.getAttribute('src') ?? '';
          await original.decode();
          return original.naturalWidth;
        }),
      )
      .toBe(405);
    await expect(image).toHaveCSS('object-position', '0% 0%');

    const api = await adminApi(baseURL ?? '');
    const projects = (await (await api.get('/api/projects')).json()) as { data: Array<{ name: string; imageMetadata: Record<string, unknown> }> };
    await api.dispose();
    const saved = projects.data.find((project) => project.name === name);
    expect(saved?.imageMetadata).toEqual({
      objectPosition: 'left top',
      cropMode: 'aspect',
      cropData: { x: 395, y: 22.5, width: 405, height: 405, unit: 'px' },
    });
  });

  test('edits a property and deletes it after the exact confirmation', async ({ page, baseURL }) => {
    const api = await adminApi(baseURL ?? '');
    const project = await createProject(api, { visibleTo: ['doha'], location: 'West Bay, Doha' });
    await api.dispose();
    const properties = new PropertiesPage(page);
    await page.reload();
    const card = properties.card(project.name, properties.section('Doha Properties'));
    await card.getByRole('button', { name: 'Edit' }).click();
    const form = new PropertyForm(page, 'Edit Property');
    await expect(form.dialog.getByLabel(/^Property Name/)).toHaveValue(project.name);
    await form.dialog.getByLabel(/^Location/).fill('');
    await form.submit('Update Property');
    await expect(form.dialog.getByText('Name and Location are required')).toBeVisible();
    const renamed = `${project.name} II`;
    await form.fill({ name: renamed, location: 'Lusail, Doha', visibleTo: ['Dubai'] });
    await form.submit('Update Property');
    await expect(form.dialog).toBeHidden();
    const moved = properties.card(renamed, properties.section('Dubai Properties'));
    await expect(moved.getByText('Lusail, Doha')).toBeVisible();
    await expect(properties.card(renamed, properties.section('Doha Properties'))).toBeVisible();

    await moved.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Property' });
    await expect(
      confirm.getByText(
        `Are you sure you want to delete ${renamed}? This will also delete all units associated with this property. This action cannot be undone.`,
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(moved).toBeVisible();
    await moved.getByRole('button', { name: 'Delete' }).click();
    await confirm.getByRole('button', { name: 'Delete Property' }).click();
    await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
  });

  test('a first visit asks for the session and the projects once each, as the page loads, not after its code has run', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/')) requests.push(`${request.method()} ${path}`);
    });
    await page.reload();
    await expect(new PropertiesPage(page).card('Marina Heights')).toBeVisible();
    expect(requests.filter((request) => request === 'GET /api/portal-auth/me')).toHaveLength(1);
    expect(requests.filter((request) => request === 'GET /api/projects')).toHaveLength(1);
    // Sent by the main chunk's first module, before the document's DOMContentLoaded (module scripts
    // run before it); the app itself asks once React has rendered, after it.
    const timing = await page.evaluate(() => ({
      domContentLoaded: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).domContentLoadedEventStart,
      sent: performance
        .getEntriesByType('resource')
        .filter((entry) => /\/api\/(projects|portal-auth\/me)$/.test(entry.name))
        .map((entry) => entry.startTime),
    }));
    expect(timing.sent).toHaveLength(2);
    for (const sent of timing.sent) expect(sent).toBeLessThan(timing.domContentLoaded);
  });
});
