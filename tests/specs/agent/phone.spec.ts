import { DEMO, expect, test } from '../../fixtures/accounts';
import { createProjectWithUnit } from '../../fixtures/inventory';
import { SIZES, sidewaysOverflow, smallTapTargets } from '../../fixtures/screens';
import { LoginPage } from '../../pages/login-page';
import { ProjectPage } from '../../pages/project-page';
import { PropertiesPage } from '../../pages/properties-page';

// A phone held upright: 390×844 CSS px, touch.
test.use(SIZES.phone);

test.describe("an agent's phone", () => {
  test("finds a unit's whole price and status without scrolling sideways, opens it with a tap on its card, and goes back", async ({ page, baseURL }) => {
    const seeded = await createProjectWithUnit(baseURL ?? '', { price: 13_241_500, status: 'reserved' });

    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.dubai.email, DEMO.dubai.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    expect((await sidewaysOverflow(page)).overflow).toBe(0);

    const properties = new PropertiesPage(page);
    await properties.card(seeded.projectName).getByRole('link', { name: 'View Details' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: seeded.projectName })).toBeVisible();

    const project = new ProjectPage(page);
    // Cards, not a table that hides the price behind a sideways swipe.
    await expect(project.table).toHaveCount(0);
    const card = project.card(seeded.unitNumber);
    await expect(card).toBeVisible();
    const price = card.getByText('AED 13,241,500', { exact: true });
    const status = card.getByText('reserved', { exact: true });
    await expect(price).toBeInViewport({ ratio: 1 });
    await expect(status).toBeInViewport({ ratio: 1 });
    // The whole price is shown: nothing of it is clipped or ellipsised.
    expect(await price.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const viewport = page.viewportSize()?.width ?? 0;
    for (const box of [await price.boundingBox(), await status.boundingBox()]) expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(viewport);
    expect((await sidewaysOverflow(page)).overflow).toBe(0);

    // The card itself is the link: a tap on its price (not on the number) opens the unit.
    const cardBox = await card.boundingBox();
    expect(cardBox?.height ?? 0).toBeGreaterThanOrEqual(44);
    // Tapped as a user's finger would: Playwright checks that the price itself receives the tap.
    await price.tap();
    await expect(page).toHaveURL(new RegExp(`/agent/units/${seeded.unitId}$`));
    await expect(page.getByRole('heading', { level: 1, name: new RegExp(seeded.unitNumber) })).toBeVisible();
    expect((await sidewaysOverflow(page)).overflow).toBe(0);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/agent/projects/${seeded.projectId}$`));
    await expect(project.card(seeded.unitNumber).getByText('AED 13,241,500', { exact: true })).toBeInViewport();
  });
});

// The same phone held sideways: 844×390, wider than the md breakpoint, still a phone.
test.describe("an agent's phone held sideways", () => {
  test.use({ ...SIZES.phone, viewport: { width: 844, height: 390 } });

  test('still shows the units as cards, every control a finger hits at least 44×44 px, nothing scrolling sideways', async ({ page, baseURL }) => {
    const seeded = await createProjectWithUnit(baseURL ?? '', { price: 13_241_500, status: 'reserved' });
    const login = new LoginPage(page);
    await login.goto('agent');
    await login.signIn(DEMO.dubai.email, DEMO.dubai.password);
    await expect(page).toHaveURL(/\/agent\/dashboard/);
    expect(await smallTapTargets(page)).toEqual([]);

    await page.goto(`/agent/projects/${seeded.projectId}`);
    const project = new ProjectPage(page);
    await expect(project.card(seeded.unitNumber)).toBeVisible();
    await expect(project.table).toHaveCount(0);
    expect(await smallTapTargets(page)).toEqual([]);
    expect((await sidewaysOverflow(page)).overflow).toBe(0);
  });
});
