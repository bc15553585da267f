import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/projects/{id} and /agent/projects/{id}: the information, the filters and the virtualised table. */
export class ProjectPage {
  readonly info: Locator;
  readonly table: Locator;
  readonly filters: Locator;
  readonly search: Locator;
  readonly selectionBar: Locator;

  constructor(readonly page: Page) {
    this.info = page.getByRole('region', { name: 'Property Information' });
    this.table = page.getByRole('table');
    this.filters = page.getByRole('search', { name: 'Unit filters' });
    this.search = page.getByPlaceholder('Search units...');
    this.selectionBar = page.getByRole('region', { name: /units? selected$/ });
  }

  async goto(userType: 'admin' | 'agent', projectId: number, name: string) {
    await this.page.goto(`/${userType}/projects/${projectId}`);
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  unitsHeading(count: number) {
    return this.page.getByRole('heading', { name: `Units (${count})` });
  }

  /** The body rows in the DOM (a window of the list, not the whole list). */
  rows() {
    return this.table.locator('tbody tr[aria-rowindex]');
  }

  /** The row of a unit, by the text of its Unit Number cell. */
  row(unitNumber: string) {
    const escaped = unitNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.rows().filter({ has: this.page.locator('td:nth-of-type(2)', { hasText: new RegExp(`^${escaped}$`) }) });
  }

  /** The unit numbers of the rows in the DOM, top to bottom. */
  async unitNumbers() {
    return this.rows().evaluateAll((rows) => rows.map((row) => row.querySelector('td:nth-of-type(2)')?.textContent ?? ''));
  }

  sortBy(column: string) {
    return this.table
      .getByRole('columnheader')
      .getByRole('button', { name: new RegExp(`^${column}`) })
      .click();
  }

  async filter(label: 'Unit Type' | 'Floor' | 'View' | 'Status', option: string) {
    await this.filters.getByRole('button', { name: new RegExp(`^${label}`) }).click();
    await this.page.getByRole('group', { name: label }).getByText(option, { exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** At a phone's size: the units as cards (a list of links), windowed like the table. */
  cardList() {
    return this.page.getByRole('list', { name: 'Units' });
  }

  /** The card of a unit, by its number (its link, the whole card, reads 'Unit 101 available …'). */
  card(unitNumber: string) {
    const number = unitNumber.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    return this.cardList()
      .getByRole('listitem')
      .filter({ has: this.page.getByRole('link', { name: new RegExp(`^Unit ${number}(\\s|$)`) }) });
  }

  displayed() {
    return this.info.getByTestId('displayed-units');
  }
}
