import { expect, type Page } from '@playwright/test';
import { createTwoFactorAgent, DEMO, test, uniquePhone, type TestUser } from '../../fixtures/accounts';
import { checkScreen, demoIds, signedInState, type SizeName } from '../../fixtures/screens';
import { drawPng, PropertyForm } from '../../pages/property-form';
import { ProjectPage } from '../../pages/project-page';
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
/** Follows a link: a tap on the phone, a click on the laptop. */
const follow = async (page: Page, size: SizeName, name: string) => {
  const link = page.getByRole('link', { name, exact: true });
  if (size === 'phone') await link.tap();
  else await link.click();
};
/** The filters: the sheet on a phone, the Unit Type pop-over on a laptop. */
const openFilters = async (page: Page, size: SizeName) => {
  if (size === 'phone') {
    await page.getByRole('button', { name: 'Filters' }).tap();
    await expect(page.getByRole('dialog', { name: 'Filter units' })).toBeVisible();
  } else {
    await page.getByRole('search', { name: 'Unit filters' }).getByRole('button', { name: 'Unit Type' }).click();
    await expect(page.getByRole('group', { name: 'Unit Type' })).toBeVisible();
  }
};
/** The reset request answered as the server answers one it sent (204): the server allows 3 an hour per account, 10 per client. */
const stubResetRequest = async (page: Page) => {
  await page.route('**/api/portal-auth/forgot-password', (route) => route.fulfill({ status: 204 }));
};
/** The login form's 'Forgot password?': the reset view (?view=forgot-password). */
const openForgotPassword = async (page: Page, size: SizeName) => {
  await follow(page, size, 'Forgot password?');
  await expect(page).toHaveURL(/\?view=forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset Your Password', level: 1 })).toBeVisible();
};
/** The reset view's request sent: 'Password Reset Email Sent'. */
const sendResetLink = (email: () => string) => async (page: Page, size: SizeName) => {
  await page.getByRole('textbox', { name: 'Email address' }).fill(email());
  await press(page, size, 'Send Reset Link');
  await expect(page.getByRole('heading', { name: 'Password Reset Email Sent', level: 1 })).toBeVisible();
};
/**
 * Leaves the signed-in screens' code unloadable: every script the start page did not load is refused,
 * as on a connection that drops while a screen's chunk downloads. The router shows its error screen.
 */
const failScreenCode = async (page: Page) => {
  const loaded = new Set<string>();
  const record = (request: { url: () => string; resourceType: () => string }) => {
    if (request.resourceType() === 'script') loaded.add(request.url());
  };
  page.on('request', record);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Property Portal', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  page.off('request', record);
  await page.route(/\.m?js(\?.*)?$/, (route) => (loaded.has(route.request().url()) ? route.continue() : route.abort('internetdisconnected')));
};

type State = Awaited<ReturnType<typeof signedInState>>;
let admin: State;
let agent: State;
let marina: Awaited<ReturnType<typeof demoIds>>;
/**
 * An agent of this run with SMS two-factor on, one for each size: its sign-in reaches the code step.
 * The sizes are looked at side by side, and a second sign-in ends the first one's challenge.
 */
let twoFactorAgents: Record<SizeName, TestUser>;

test.beforeAll(async ({ baseURL }) => {
  admin = await signedInState(baseURL ?? '', DEMO.admin, 'admin');
  agent = await signedInState(baseURL ?? '', DEMO.super, 'agent');
  marina = await demoIds(baseURL ?? '', 'Marina Heights');
  twoFactorAgents = { desktop: await createTwoFactorAgent(baseURL ?? ''), phone: await createTwoFactorAgent(baseURL ?? '') };
});

test.describe('accessibility and phone layout of every screen', () => {
  // Four looks at a screen (two sizes, two themes), eight with a dialog opened: axe-core takes its time.
  test.describe.configure({ timeout: 180_000 });

  test('landing', async ({ browser }) => {
    await checkScreen(browser, undefined, { path: '/', ready: text(/Admin|Agent/) });
  });

  test('admin login, forgot password', async ({ browser }) => {
    await checkScreen(browser, undefined, {
      path: '/admin/login',
      ready: heading('Admin Login'),
      prepare: stubResetRequest,
      also: { 'forgot password': openForgotPassword, 'reset e-mail sent': sendResetLink(() => DEMO.admin.email) },
    });
  });

  test('agent login, two-factor code, forgot password', async ({ browser }) => {
    await checkScreen(browser, undefined, {
      path: '/agent/login',
      ready: heading('Agent Login'),
      prepare: stubResetRequest,
      also: {
        // A real sign-in of an agent with SMS two-factor on: the code step once its code is texted.
        'two-factor code': async (page, size) => {
          await page.getByRole('textbox', { name: 'Email address' }).fill(twoFactorAgents[size].email);
          await page.getByLabel(/^Password\*?$/).fill(twoFactorAgents[size].password);
          await press(page, size, 'Log in');
          await expect(page.getByPlaceholder('Enter 6-digit code')).toBeVisible();
          await expect(page.getByText(/^A verification code was sent to/)).toBeVisible();
        },
        // Cancel leads back to the form, and on to the reset view.
        'forgot password': async (page, size) => {
          await press(page, size, 'Cancel');
          await openForgotPassword(page, size);
        },
        'reset e-mail sent': sendResetLink(() => twoFactorAgents.desktop.email),
      },
    });
  });

  test('admin dashboard: properties, delete property confirmation', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: '/admin/dashboard',
      ready: both(heading('Admin Dashboard'), text('Marina Heights')),
      also: async (page, size) => {
        await press(page, size, 'Delete', page.getByRole('article', { name: 'Marina Heights' }));
        await dialog(page, 'Delete Property', 'alertdialog');
      },
    });
  });

  test('admin dashboard: users, edit agent and its confirmations', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: '/admin/dashboard?tab=users',
      ready: both(heading('User Management', 2), text(DEMO.dubai.name)),
      // Nothing is saved or deleted: each confirmation is only opened.
      also: {
        'edit agent': async (page, size) => {
          await press(page, size, 'Edit', page.getByRole('listitem').filter({ hasText: DEMO.dubai.email }));
          // Its projects loaded: the region headings of the Project Access list.
          await expect(page.getByRole('dialog', { name: 'Edit Agent' }).getByRole('heading', { name: 'Dubai', level: 3 })).toBeVisible();
        },
        'no project access confirmation': async (page, size) => {
          const edit = page.getByRole('dialog', { name: 'Edit Agent' });
          // Every ticked project unticked (a project of both regions is listed, and ticked, twice).
          const ticked = edit.locator('label').filter({ has: page.getByRole('checkbox', { checked: true }) });
          while ((await ticked.count()) > 0) await ticked.first().click();
          await press(page, size, 'Save Changes', edit);
          await dialog(page, 'Remove all project access?', 'alertdialog');
        },
        'delete user confirmation': async (page, size) => {
          await press(page, size, 'Cancel', page.getByRole('alertdialog', { name: 'Remove all project access?' }));
          await press(page, size, 'Delete User', page.getByRole('dialog', { name: 'Edit Agent' }));
          await dialog(page, 'Delete User', 'alertdialog');
        },
      },
    });
  });

  test('admin: sold units', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: '/admin/sold-units-manager',
      // Every sold unit, as the admin first sees them: by this point of a run the other specs have
      // sold thousands, and the list holds a window of them in its DOM.
      ready: both(heading('Admin Dashboard'), async (page) => {
        await expect(page.getByRole('listbox', { name: 'Sold units' }).getByRole('option').first()).toBeVisible();
      }),
      // A sold unit chosen: its panel and its sale details form.
      also: async (page, size) => {
        const first = page.getByRole('listbox', { name: 'Sold units' }).getByRole('option').first();
        if (size === 'phone') await first.tap();
        else await first.click();
        await expect(page.getByRole('form', { name: /^Sale details of unit / }).getByLabel('Total Amount')).toBeVisible();
      },
    });
  });

  test('admin: settings', async ({ browser }) => {
    await checkScreen(browser, admin, { path: '/admin/settings', ready: both(heading('Account Settings', 2), text('Danger Zone')) });
  });

  test('admin: project, filters', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      also: {
        // Every shown unit selected: the checkboxes and the selection bar with its actions.
        'all units selected': async (page, size) => {
          await selectAllUnits(page, size);
        },
        // The filters: the sheet on a phone, the Unit Type pop-over on a laptop.
        filters: openFilters,
      },
    });
  });

  test('admin: import/export units, the preview of a file', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}`,
      ready: both(heading('Marina Heights'), heading(/^Units \(\d+\)$/, 2)),
      plainCheckedBy: 'admin: project, filters',
      also: {
        'import/export': async (page, size) => {
          await press(page, size, 'Import/Export');
          await dialog(page, 'Import/Export Units');
        },
        // A file with a row to create, a unit number the project has, and a row missing its floor: both tables and the warning.
        preview: async (page) => {
          const modal = page.getByRole('dialog', { name: 'Import/Export Units' });
          await modal.getByTestId('csv-file-input').setInputFiles({
            name: 'units.csv',
            mimeType: 'text/csv',
            buffer: Buffer.from(
              [
                'unitNumber,unitType,floor,price,area,bedrooms,bathrooms,view,description,status,features',
                'A11Y-1,2 Bedroom,3,1500000,1100,2,2.5,City View,"Corner, bright",available,"Balcony, Storage"',
                `${marina.imaged.unitNumber},Studio,1,1,1,,,,,,`,
                'A11Y-2,Studio,,1,1,,,,,,',
              ].join('\n'),
              'utf8',
            ),
          });
          await expect(modal.getByRole('table', { name: 'Rows to create' })).toBeVisible();
          await expect(modal.getByRole('table', { name: 'Rows with errors' })).toBeVisible();
        },
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

  test('admin: edit unit, image source confirmation', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/units/${marina.imaged.id}`,
      ready: heading(`Unit ${marina.imaged.unitNumber}`),
      also: {
        'edit unit': async (page, size) => {
          await press(page, size, 'Edit Unit');
          await expect(page.getByRole('form', { name: 'Edit Unit' })).toBeVisible();
        },
        // The Image Source selector's switch, asked before it is saved (not confirmed here).
        'image source confirmation': async (page, size) => {
          await press(page, size, /^(Link|Unlink)$/, page.getByRole('form', { name: 'Edit Unit' }));
          await dialog(page, 'Change Image Source', 'alertdialog');
        },
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

  test('admin: unit images manager, link and unlink', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}/unit-images`,
      ready: heading('Marina Heights - Unit Images'),
      // Each confirmation opened and cancelled: nothing is linked or unlinked.
      also: {
        'link confirmation': async (page, size) => {
          await press(page, size, 'Link Images');
          await dialog(page, 'Link Images', 'alertdialog');
        },
        'unlink menu': async (page, size) => {
          await press(page, size, 'Cancel', page.getByRole('alertdialog', { name: 'Link Images' }));
          // Gone before the menu opens (while it closes it already reads 'Unlink Images').
          await expect(page.getByRole('alertdialog')).toBeHidden();
          await press(page, size, /^Unlink Images/);
          await expect(page.getByRole('menuitem', { name: 'Unlink All Units' })).toBeVisible();
        },
        'unlink confirmation': async (page, size) => {
          const item = page.getByRole('menuitem', { name: 'Unlink All Units' });
          if (size === 'phone') await item.tap();
          else await item.click();
          await dialog(page, 'Unlink Images', 'alertdialog');
        },
      },
    });
  });

  test('admin: unit images manager, image preview and the confirmations', async ({ browser }) => {
    await checkScreen(browser, admin, {
      path: `/admin/projects/${marina.projectId}/unit-images`,
      ready: heading('Marina Heights - Unit Images'),
      also: {
        'image preview': async (page, size) => {
          await press(page, size, new RegExp(`^Manage images of unit ${marina.imaged.unitNumber}(?!\\d)`));
          const manager = page.getByRole('region', { name: 'Image manager' });
          await press(page, size, 'View image 1', manager);
          await dialog(page, 'Image preview');
        },
        // Asked, not done: Cancel after each.
        'delete image confirmation': async (page, size) => {
          await press(page, size, 'Delete Image', page.getByRole('dialog', { name: 'Image preview' }));
          await dialog(page, 'Delete Image', 'alertdialog');
        },
        'clear all images confirmation': async (page, size) => {
          await press(page, size, 'Cancel', page.getByRole('alertdialog', { name: 'Delete Image' }));
          await press(page, size, 'Close', page.getByRole('dialog', { name: 'Image preview' }));
          await expect(page.getByRole('dialog', { name: 'Image preview' })).toBeHidden();
          await press(page, size, 'Clear All Images', page.getByRole('region', { name: 'Image manager' }));
          await dialog(page, 'Clear All Images', 'alertdialog');
        },
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
      also: openFilters,
    });
  });

  test('agent: project, stacking plan', async ({ browser }) => {
    await checkScreen(browser, agent, {
      path: `/agent/projects/${marina.projectId}?view=stack`,
      ready: both(heading('Marina Heights'), async (page) => {
        await expect(new StackingPlanPage(page).cells.first()).toBeVisible();
      }),
      also: {
        // A cell focused: its card.
        'a cell focused': async (page) => {
          await new StackingPlanPage(page).cells.first().focus();
          await expect(page.getByRole('tooltip')).toBeVisible();
        },
        // A search that leaves most units out: they stand back, their text still readable.
        'narrowed by a search': async (page) => {
          await new ProjectPage(page).search.fill(marina.imaged.unitNumber);
          await expect(page.locator('[data-cell][data-dim]').first()).toBeVisible();
        },
      },
    });
  });

  test('agent: unit with images, full screen', async ({ browser }) => {
    await checkScreen(browser, agent, {
      path: `/agent/units/${marina.imaged.id}`,
      // The carousel, its first image loaded.
      ready: both(heading(`Unit ${marina.imaged.unitNumber}`), async (page) => {
        await expect(page.getByRole('button', { name: 'View full screen' }).getByRole('img')).toHaveJSProperty('complete', true);
      }),
      also: async (page, size) => {
        await press(page, size, 'View full screen');
        await expect(page.getByRole('button', { name: 'Close full screen' })).toBeVisible();
      },
    });
  });

  test('agent: unit whose picture is missing', async ({ browser }) => {
    await checkScreen(browser, agent, {
      path: `/agent/units/${marina.broken.id}`,
      ready: both(heading(`Unit ${marina.broken.unitNumber}`), async (page) => {
        await expect(page.getByRole('img', { name: 'Image Not Found' }).first()).toBeVisible();
      }),
    });
  });

  test('agent: settings, two-factor setup, delete account confirmation', async ({ browser }) => {
    await checkScreen(browser, agent, {
      path: '/agent/settings',
      ready: both(heading('Account Settings', 2), text('Danger Zone')),
      // The setup's start answered as the server answers it: a real one is refused again within 60 s (so in the next look).
      prepare: async (page) => {
        await page.route('**/api/portal-auth/two-factor/start', (route) =>
          route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({
              challengeId: 'a11y-check',
              maskedPhone: '******4567',
              resendAvailableAt: new Date(Date.now() + 60_000).toISOString(),
              expiresAt: new Date(Date.now() + 600_000).toISOString(),
            }),
          }),
        );
      },
      also: {
        'two-factor code step': async (page, size) => {
          const twoFactor = page.getByRole('region', { name: 'SMS Two-Factor Authentication' });
          await twoFactor.getByRole('textbox', { name: 'Phone Number' }).fill(uniquePhone());
          await press(page, size, 'Send Verification Code', twoFactor);
          await expect(twoFactor.getByPlaceholder('Enter 6-digit code')).toBeVisible();
        },
        // Asked, not done.
        'delete account confirmation': async (page, size) => {
          const danger = page.getByRole('region', { name: 'Danger Zone' });
          await danger.getByLabel('Password', { exact: true }).fill('not-sent-anywhere');
          await press(page, size, 'Delete Account', danger);
          await dialog(page, 'Delete Account', 'alertdialog');
        },
      },
    });
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

  test('route error: a screen whose code does not load', async ({ browser }) => {
    await checkScreen(browser, agent, {
      path: `/agent/units/${marina.imaged.id}`,
      prepare: failScreenCode,
      ready: heading('Unexpected Application Error!'),
    });
  });

  test('agent: project not found', async ({ browser }) => {
    await checkScreen(browser, agent, { path: '/agent/projects/999999999', ready: heading('Project Not Found') });
  });

  test('admin: unit not found', async ({ browser }) => {
    await checkScreen(browser, admin, { path: '/admin/units/999999999', ready: text('Unit not found') });
  });

  test('reset password: an invalid link', async ({ browser }) => {
    await checkScreen(browser, undefined, {
      path: '/reset-password?userType=admin',
      ready: both(heading('Reset Your Password'), text('This password reset link is invalid or has expired.')),
    });
  });
});
