import { describe, expect, it } from 'vitest';
import { notificationAgentType, notificationAgentTypes, notificationTemplateParams, renderImportSummaryEmail, renderNotificationEmail } from './notifications';

// The e-mails are compared whole: an agent reads every line, so a lost label, separator or link is a
// visible defect, not a detail.
const project = { id: 5, name: 'Gulf Horizon', location: 'West Bay, Doha', description: 'Towers by the bay', visibleTo: ['doha'] };

describe('renderNotificationEmail: one unit', () => {
  const email = renderNotificationEmail({ email: 'omar@example.test', displayName: '  ' }, project, [
    { id: 11, unitNumber: 'G-1', name: ' ', price: 1250000.5 },
  ]);

  it('greets by address when the name is blank, says "A new property", and lists the unit with the project description', () => {
    expect(email.subject).toBe('New Property Available: G-1 in Gulf Horizon');
    expect(email.text).toBe(
      [
        'Hello omar@example.test,',
        '',
        'A new property is available in Gulf Horizon.',
        '',
        'Unit: G-1',
        'Project: Gulf Horizon',
        'Location: West Bay, Doha',
        'Price: QAR 1,250,000.50',
        'Description: Towers by the bay',
        'Unit ID: 11',
        'Project ID: 5',
        '',
      ].join('\n'),
    );
    expect(email.html).toBe(
      '<p>Hello omar@example.test,</p><p>A new property is available in Gulf Horizon.</p><table>' +
        '<tr><th align="left">Unit</th><td>G-1</td></tr>' +
        '<tr><th align="left">Project</th><td>Gulf Horizon</td></tr>' +
        '<tr><th align="left">Location</th><td>West Bay, Doha</td></tr>' +
        '<tr><th align="left">Price</th><td>QAR 1,250,000.50</td></tr>' +
        '<tr><th align="left">Description</th><td>Towers by the bay</td></tr>' +
        '<tr><th align="left">Unit ID</th><td>11</td></tr>' +
        '<tr><th align="left">Project ID</th><td>5</td></tr>' +
        '</table>',
    );
  });
});

describe('renderNotificationEmail: several units, with a portal link', () => {
  const email = renderNotificationEmail(
    { email: 'layla@example.test', displayName: ' Layla ' },
    { id: 7, name: 'Pearl', visibleTo: [] },
    [
      { id: 1, unitNumber: 'P-1', name: ' Sky Suite ', price: 0, description: ' Corner ' },
      { id: 2, unitNumber: 'P-2' },
    ],
    'https://portal.example.test//',
  );

  it('counts the units in the intro, links each unit once without doubled slashes, and separates the units', () => {
    expect(email.text).toBe(
      [
        'Hello Layla,',
        '',
        '2 new properties are available in Pearl.',
        '',
        'Unit: Sky Suite',
        'Project: Pearl',
        'Location: N/A',
        'Price: AED 0',
        'Description: Corner',
        'Unit ID: 1',
        'Project ID: 7',
        'View: https://portal.example.test/agent/units/1',
        '',
        'Unit: P-2',
        'Project: Pearl',
        'Location: N/A',
        'Price: Price on Request',
        'Description: -',
        'Unit ID: 2',
        'Project ID: 7',
        'View: https://portal.example.test/agent/units/2',
        '',
      ].join('\n'),
    );
    expect(email.html.split('<hr>')).toHaveLength(2);
    expect(email.html).toContain('<tr><th align="left">View</th><td>https://portal.example.test/agent/units/2</td></tr></table>');
  });

  it('has no View line without a portal address', () => {
    const plain = renderNotificationEmail({ email: 'a@b.test' }, project, [{ id: 3, unitNumber: 'X' }]);
    expect(plain.text).not.toContain('View');
    expect(plain.text).toContain('Hello a@b.test,');
  });

  it('still renders a subject when there is no unit', () => {
    expect(renderNotificationEmail({ email: 'a@b.test' }, project, []).subject).toBe('New Property Available:  in Gulf Horizon');
  });
});

describe('notificationTemplateParams', () => {
  it('falls back from the unit description to the project’s, and to nothing', () => {
    const params = (unit: { description?: string | null }, description?: string | null) =>
      notificationTemplateParams({ email: 'e@x.test' }, { id: 1, name: 'P', description }, { id: 2, unitNumber: 'U', ...unit }, 's').description;
    expect(params({ description: ' Own ' }, 'Project')).toBe('Own');
    expect(params({ description: '  ' }, ' Project ')).toBe('Project');
    expect(params({ description: null }, null)).toBe('');
  });
});

describe('notification agent types', () => {
  it('reads a role and an agent type loosely, and treats a missing role as nobody', () => {
    expect(notificationAgentType({ role: ' Admin ', agentType: ' Doha ' })).toBe('doha');
    expect(notificationAgentType({ role: 'AGENT', agentType: 'super' })).toBe('super');
    expect(notificationAgentType({ role: null, agentType: 'super' })).toBeNull();
    expect(notificationAgentType({ role: 'admin', agentType: null })).toBeNull();
  });

  it('ignores entries of visibleTo that are not text, and a missing visibleTo', () => {
    expect(notificationAgentTypes([42, null, 'dubai'] as unknown as string[], 'select')).toEqual(['super', 'dubai']);
    expect(notificationAgentTypes(null, 'select')).toEqual(['super']);
    expect(notificationAgentTypes(undefined, 'all')).toEqual(['super']);
  });
});

describe('renderImportSummaryEmail', () => {
  const units = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index + 1, unitNumber: `U-${index + 1}`, price: 1000 * (index + 1) }));

  it('words one unit in the singular, with the unit in the subject and the project link', () => {
    const email = renderImportSummaryEmail({ id: 3, name: 'Pearl', location: null, visibleTo: ['doha'] }, units(1), 'https://portal.example.test/');
    expect(email.subject).toBe('New Property Available: U-1 in Pearl');
    expect(email.text).toBe(['A new unit is available in Pearl (N/A).', '', 'U-1: QAR 1,000', '', 'https://portal.example.test/agent/projects/3'].join('\n'));
    expect(email.html).toBe(
      '<p>A new unit is available in Pearl (N/A).</p><ul><li>U-1: QAR 1,000</li></ul><p>https://portal.example.test/agent/projects/3</p>',
    );
  });

  it('lists exactly `listed` units with no "more" line when that is all of them, and counts the rest when not', () => {
    const all = renderImportSummaryEmail({ id: 3, name: 'Pearl', visibleTo: [] }, units(2), null, 2);
    expect(all.text).toBe(['2 new units are available in Pearl (N/A).', '', 'U-1: AED 1,000', 'U-2: AED 2,000'].join('\n'));
    expect(all.html).toBe('<p>2 new units are available in Pearl (N/A).</p><ul><li>U-1: AED 1,000</li><li>U-2: AED 2,000</li></ul>');

    const more = renderImportSummaryEmail({ id: 3, name: 'Pearl', visibleTo: [] }, units(3), null, 2);
    expect(more.text.split('\n').slice(-1)).toEqual(['... and 1 more.']);
    expect(more.html).toMatch(/<\/ul><p>\.\.\. and 1 more\.<\/p>$/);
  });

  it('still has a subject for an empty import', () => {
    expect(renderImportSummaryEmail({ id: 3, name: 'Pearl' }, [], null).subject).toBe('New Properties Available: 0 units in Pearl');
  });
});
