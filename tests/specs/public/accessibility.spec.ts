import { expect, type Page } from '@playwright/test';
import { DEMO, test } from '../../fixtures/accounts';
import { checkScreen, demoIds, signedInState } from '../../fixtures/screens';

/**
 * Every screen, admin's and agent's, in light and dark, on a laptop and on a phone (390×844, touch):
 * axe-core finds no violation, nothing scrolls sideways, and on the phone every tap target is at
 * least 44×44 px (issue #26). One test per screen; the sign-ins are made once, through the API.
 */
const heading = (name: string | RegExp, level = 1) => async (page: Page) => {
  await expect(page.getByRole('heading', { name, level })).toBeVisible();
};
const text = (value: string | RegExp) => async (page: Page) => {
  await expect(page.getByText(value).first()).toBeVisible();
};
const both = (...steps: Array<(page: Page) => Promise<void>>) => async (page: Page) => {
  for (const step of steps) await step(page);
};

type State = Awaited<ReturnType<typeof signedInState>>;
let admin: State;
let agent: State;
let marina: { projectId: number; unitId: number };

test.beforeAll(async ({ baseURL }) => {
  admin = await signedInState(baseURL ?? '', DEMO.admin, 'admin');
  agent = await signedInState(baseURL ?? '', DEMO.super, 'agent');
  marina = await demoIds(baseURL ?? '', 'Marina Heights');
});

test.describe('accessibility and phone layout of every screen', () => {
  test('landing', async ({ browser }) => {
    await checkScreen(browser, undefined, { path: '/', ready: text(/Admin|Agent/) });
  });

  test('admin login', async ({ browser }) => {
    await checkScreen(browser, undefined, { path: '/admin/login', ready: heading('Admin Login') });
  });

  test('agent login', async ({ browser }) => {
    await checkScreen(browser, undefined, { path: '/agent/login', ready: heading('Agent Login') });
  });

  test('admin dashboard: properties', async ({ browser }) => {
    await checkScreen(browser, admin, { path: '/admin/dashboard', ready: both(heading('Admin Dashboard'), text('Marina Heights')) });
  });

  test('admin dashboard: users', async ({ browser }) => {
    await checkScreen(browser, admin, { path: '/admin/dashboard?tab=users', ready: both(heading('User Management', 2), text(DEMO.dubai.name)) });
  });

  test('admin: sold units', async ({ browser }) => {
    await checkScreen(browser, admin, { path: '/admin/sold-units-manager', ready: heading('Admin Dashboard') });
  });

  test('admin: settings', async ({ browser }) => {
    await checkScreen(browser, admin, { path: '/admin/settings', ready: both(heading('Account Settings', 2), text('Danger Zone')) });
  });

  test('admin: project', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      // Every shown unit selected: the checkboxes and the selection bar with its actions.
      also: async (page, size) => {
        if (size === 'phone') await page.getByText('Select all shown units', { exact: true }).tap();
        else await page.getByRole('checkbox', { name: 'Select all shown units' }).check();
        await expect(page.getByRole('region', { name: /units selected$/ })).toBeVisible();
      },
    });
  });

  test('admin: unit', async ({ browser }) => {
    await checkScreen(browser, admin, { path: `/admin/units/${marina.unitId}`, ready: heading(/.+/) });
  });

  test('admin: unit images manager', async ({ browser }) => {
    await checkScreen(browser, admin, { path: `/admin/projects/${marina.projectId}/unit-images`, ready: heading('Marina Heights - Unit Images') });
  });

  test('agent dashboard', async ({ browser }) => {
    await checkScreen(browser, agent, { path: '/agent/dashboard', ready: both(heading('Agent Portal'), text('Marina Heights')) });
  });

  test('agent: project', async ({ browser }) => {
    await checkScreen(browser, agent, {
      path: `/agent/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      // The filters: the sheet on a phone, the Unit Type pop-over on a laptop.
      also: async (page, size) => {
        if (size === 'phone') {
          await page.getByRole('button', { name: 'Filters' }).tap();
          await expect(page.getByRole('dialog', { name: 'Filter units' })).toBeVisible();
        } else {
          await page.getByRole('search', { name: 'Unit filters' }).getByRole('button', { name: 'Unit Type' }).click();
          await expect(page.getByRole('group', { name: 'Unit Type' })).toBeVisible();
        }
      },
    });
  });

  test('agent: unit', async ({ browser }) => {
    await checkScreen(browser, agent, { path: `/agent/units/${marina.unitId}`, ready: heading(/.+/) });
  });

  test('agent: settings', async ({ browser }) => {
    await checkScreen(browser, agent, { path: '/agent/settings', ready: both(heading('Account Settings', 2), text('Danger Zone')) });
  });
});
