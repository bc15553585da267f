import { expect, type Locator, type Page } from '@playwright/test';

/** The project page's stacking plan (issue #28): its switch, its grids and their cells. */
export class StackingPlanPage {
  readonly plan: Locator;
  readonly cells: Locator;

  constructor(readonly page: Page) {
    this.plan = page.getByTestId('stacking-plan');
    this.cells = this.plan.getByRole('gridcell');
  }

  async show() {
    await this.page.getByRole('group', { name: 'Units view' }).getByRole('button', { name: 'Stacking Plan' }).click();
    await expect(this.plan).toBeVisible();
  }

  /** A unit's cell: its accessible name starts 'Unit {number},'. */
  cell(unitNumber: string) {
    const escaped = unitNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.plan.getByRole('gridcell', { name: new RegExp(`^Unit ${escaped},`) });
  }

  /** n of the 'Units (n)' heading. */
  async headingCount() {
    const text = await this.page.getByRole('heading', { name: /^Units \(\d+\)$/ }).textContent();
    return Number(/\((\d+)\)/.exec(text ?? '')?.[1]);
  }

  focused() {
    return this.page.locator(':focus');
  }
}
