import { expect, type Page } from '@playwright/test';
import { DEMO, test } from '../../fixtures/accounts';
import { checkScreen, demoIds, signedInState, type SizeName } from '../../fixtures/screens';
import { drawPng, PropertyForm } from '../../pages/property-form';
import { StackingPlanPage } from '../../pages/stacking-plan';

/**
 * Every screen, admin's and agent's, in light and dark, on a laptop and on a phone (390×844, touch):
 * axe-core finds no violation, nothing scrolls sideways, and on the phone every tap target is at
 * least 44×44 px (issue #26). One test per screen; the sign-ins are made once, through the API.
 */
const heading =
  (name: string | RegExp, level = 1) =>
  async (page: Page) => {
    await expect(page.getByRole('heading', { name, level })).toBeVisible();
  };
const text = (value: string | RegExp) => async (page: Page) => {
  await expect(page.getByText(value).first()).toBeVisible();
};
const both =
  (...steps: Array<(page: Page) => Promise<void>>) =>
  async (page: Page) => {
    for (const step of steps) await step(page);
  };
/** Presses a control: a tap on the phone, a click on the laptop. */
const press = async (page: Page, size: SizeName, name: string | RegExp, within = page.locator('body')) => {
  const button = within.getByRole('button', { name, exact: typeof name === 'string' });
  if (size === 'phone') await button.tap();
  else await button.click();
};
/** The project page with every shown unit selected: the selection bar and its actions. */
const selectAllUnits = async (page: Page, size: SizeName) => {
  if (size === 'phone') await page.getByText('Select all shown units', { exact: true }).tap();
  else await page.getByRole('checkbox', { name: 'Select all shown units' }).check();
  const bar = page.getByRole('region', { name: /units selected$/ });
  await expect(bar).toBeVisible();
  return bar;
};
/** A dialog (or alert dialog) by its name, visible. */
const dialog = async (page: Page, name: string, role: 'dialog' | 'alertdialog' = 'dialog') => {
  await expect(page.getByRole(role, { name })).toBeVisible();
};

type State = Awaited<ReturnType<typeof signedInState>>;
let admin: State;
let agent: State;
let marina: Awaited<ReturnType<typeof demoIds>>;

test.beforeAll(async ({ baseURL }) => {
  admin = await signedInState(baseURL ?? '', DEMO.admin, 'admin');
  agent = await signedInState(baseURL ?? '', DEMO.super, 'agent');
  marina = await demoIds(baseURL ?? '', 'Marina Heights');
});

test.describe('accessibility and phone layout of every screen', () => {
  // Four looks at a screen (two sizes, two themes), eight with a dialog opened: axe-core takes its time.
  test.describe.configure({ timeout: 180_000 });

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
    await checkScreen(browser, admin, {
      path: '/admin/sold-units-manager',
      // Every sold unit, as the admin first sees them: by this point of a run the other specs have
      // sold thousands, and the list holds a window of them in its DOM.
      ready: both(heading('Admin Dashboard'), async (page) => {
        await expect(page.getByRole('listbox', { name: 'Sold units' }).getByRole('option').first()).toBeVisible();
      }),
    });
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
        await selectAllUnits(page, size);
      },
    });
  });

  test('admin dashboard: insights', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: '/admin/dashboard?tab=insights',
      ready: both(heading('Admin Dashboard'), async (page) => {
        await expect(page.getByRole('region', { name: 'Sell-through by project' }).locator('svg.recharts-surface').first()).toBeVisible();
      }),
      // A chart's table put on screen in place of the drawing.
      also: async (page, size) => {
        const weekly = page.getByRole('region', { name: 'Sold and reserved per week' });
        await press(page, size, 'Show table', weekly);
        await expect(weekly.getByRole('table', { name: 'Sold and reserved per week' })).toBeVisible();
      },
    });
  });

  test('admin: project, stacking plan', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}?view=stack`,
      ready: both(heading('Marina Heights'), async (page) => {
        await expect(new StackingPlanPage(page).cells.first()).toBeVisible();
      }),
      // A cell focused (its card shown) and selected: the selection bar.
      also: async (page) => {
        const plan = new StackingPlanPage(page);
        await plan.cells.first().focus();
        await expect(page.getByRole('tooltip')).toBeVisible();
        await page.keyboard.press('Space');
        await expect(page.getByRole('region', { name: /unit selected$/ })).toBeVisible();
      },
    });
  });

  test('admin: add new unit', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      // The modal after an empty submit (its field errors), in Batch Create mode.
      also: async (page, size) => {
        await press(page, size, 'Add New Unit');
        const modal = page.getByRole('dialog', { name: 'Add New Unit' });
        await expect(modal).toBeVisible();
        await press(page, size, 'Add Unit', modal);
        await expect(modal.getByText('Unit number is required')).toBeVisible();
        await modal.getByText('Batch Create', { exact: true }).click();
        await expect(modal.getByLabel('Number of Units')).toBeVisible();
      },
    });
  });

  test('admin: edit property', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      also: async (page, size) => {
        await press(page, size, 'Edit Property');
        await expect(new PropertyForm(page, 'Edit Property').dialog.getByLabel(/^Property Name/)).toHaveValue('Marina Heights');
      },
    });
  });

  test('admin: add new property, its errors', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: '/admin/dashboard',
      ready: both(heading('Admin Dashboard'), text('Marina Heights')),
      also: async (page, size) => {
        await press(page, size, 'Add New Property');
        const form = new PropertyForm(page, 'Add New Property');
        await expect(form.dialog).toBeVisible();
        await form.submit('Create Property');
        await expect(form.dialog.getByText('Name and Location are required')).toBeVisible();
      },
    });
  });

  test('admin: crop and position dialog', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: '/admin/dashboard',
      ready: both(heading('Admin Dashboard'), text('Marina Heights')),
      also: async (page, size) => {
        await press(page, size, 'Add New Property');
        const form = new PropertyForm(page, 'Add New Property');
        await form.pickImage({ name: 'wide.png', mimeType: 'image/png', buffer: await drawPng(page, 800, 450) });
      },
    });
  });

  test('admin: send email notification', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      also: async (page, size) => {
        const bar = await selectAllUnits(page, size);
        await press(page, size, 'Send Email Notification', bar);
        // To all eligible agents, with the e-mail's preview shown.
        const modal = page.getByRole('dialog', { name: 'Send Email Notification' });
        await modal.getByText('All eligible agents', { exact: true }).click();
        await expect(modal.getByText(/^The notification goes to \d+ eligible agents?\.$/)).toBeVisible();
        await press(page, size, 'Preview Email', modal);
        await expect(modal.getByText(/^Subject:/)).toBeVisible();
      },
    });
  });

  test('admin: change status confirmation', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      also: async (page, size) => {
        const bar = await selectAllUnits(page, size);
        await bar.getByRole('combobox', { name: 'New status' }).selectOption('reserved');
        await press(page, size, 'Change Status', bar);
        await dialog(page, 'Change Status', 'alertdialog');
      },
    });
  });

  test('admin: delete selected units confirmation', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      also: async (page, size) => {
        const bar = await selectAllUnits(page, size);
        await press(page, size, 'Delete Selected Units', bar);
        await dialog(page, 'Delete Selected Units', 'alertdialog');
      },
    });
  });

  test('admin: unit', async ({ browser }) => {
    await checkScreen(browser, admin, { path: `/admin/units/${marina.unitId}`, ready: heading(/.+/) });
  });

  test('admin: edit unit', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/units/${marina.imaged.id}`,
      ready: heading(`Unit ${marina.imaged.unitNumber}`),
      also: async (page, size) => {
        await press(page, size, 'Edit Unit');
        await expect(page.getByRole('form', { name: 'Edit Unit' })).toBeVisible();
      },
    });
  });

  test('admin: delete unit confirmation', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/units/${marina.unitId}`,
      ready: heading(/.+/),
      also: async (page, size) => {
        await press(page, size, 'Delete Unit');
        await dialog(page, 'Confirm Deletion', 'alertdialog');
      },
    });
  });

  test('admin: unit images, full screen', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/units/${marina.imaged.id}`,
      ready: both(heading(`Unit ${marina.imaged.unitNumber}`), async (page) => {
        await expect(page.getByRole('button', { name: 'View full screen' })).toBeVisible();
      }),
      also: async (page, size) => {
        await press(page, size, 'View full screen');
        await expect(page.getByRole('button', { name: 'Close full screen' })).toBeVisible();
      },
    });
  });

  test('admin: unit images manager', async ({ browser }) => {
    await checkScreen(browser, admin, { path: `/admin/projects/${marina.projectId}/unit-images`, ready: heading('Marina Heights - Unit Images') });
  });

  test('admin: unit images manager, image preview', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}/unit-images`,
      ready: heading('Marina Heights - Unit Images'),
      also: async (page, size) => {
        await press(page, size, new RegExp(`^Manage images of unit ${marina.imaged.unitNumber}(?!\\d)`));
        const manager = page.getByRole('region', { name: 'Image manager' });
        await press(page, size, 'View image 1', manager);
        await dialog(page, 'Image preview');
      },
    });
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

  test('agent: project, stacking plan', async ({ browser }) => {
    await checkScreen(browser, agent, {
      path: `/agent/projects/${marina.projectId}?view=stack`,
      ready: both(heading('Marina Heights'), async (page) => {
        await expect(new StackingPlanPage(page).cells.first()).toBeVisible();
      }),
      // A cell focused: its card.
      also: async (page) => {
        await new StackingPlanPage(page).cells.first().focus();
        await expect(page.getByRole('tooltip')).toBeVisible();
      },
    });
  });

  test('agent: unit', async ({ browser }) => {
    await checkScreen(browser, agent, { path: `/agent/units/${marina.unitId}`, ready: heading(/.+/) });
  });

  test('agent: settings', async ({ browser }) => {
    await checkScreen(browser, agent, { path: '/agent/settings', ready: both(heading('Account Settings', 2), text('Danger Zone')) });
  });

  test('reset password: a link with a code', async ({ browser }) => {
    await checkScreen(browser, undefined, {
      path: '/reset-password?code=e2e-not-a-real-code&userType=agent',
      ready: heading('Choose a New Password'),
      // The field errors of passwords that are too short and do not match (checked before any request).
      also: async (page, size) => {
        await page.getByLabel(/^New Password\*?$/).fill('short');
        await page.getByLabel(/^Confirm New Password\*?$/).fill('other');
        await press(page, size, 'Reset Password');
        await expect(page.getByText('Passwords do not match')).toBeVisible();
      },
    });
  });

  test('reset password: an invalid link', async ({ browser }) => {
    await checkScreen(browser, undefined, {
      path: '/reset-password?userType=admin',
      ready: both(heading('Reset Your Password'), text('This password reset link is invalid or has expired.')),
    });
  });
});
